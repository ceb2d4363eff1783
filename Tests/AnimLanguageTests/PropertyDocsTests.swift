import AnimEngine
import Foundation
import XCTest

/// docs/language.md lists every property and documented alias of the
/// table with its one-line summary, so the docs cannot fall behind it.
final class PropertyDocsTests: XCTestCase {
  func testLanguageDocsListEveryPropertyWithItsSummary() throws {
    let url = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/language.md")
    let docs = try String(contentsOf: url, encoding: .utf8)
    for d in PropertyTable.standard.declarations {
      XCTAssertTrue(docs.contains("| `\(d.name)` |"), d.name)
      XCTAssertTrue(docs.contains("| \(d.summary) |"), d.summary)
    }
    for alias in PropertyTable.standard.aliases where alias.isDocumented {
      XCTAssertTrue(docs.contains("| `\(alias.name)` | \(alias.summary) |"), alias.name)
    }
  }
}
