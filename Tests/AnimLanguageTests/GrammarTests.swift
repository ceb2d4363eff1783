import AnimLanguage
import Foundation
import XCTest

/// Every example program in `grammar/anim.ebnf` (each between a line
/// `(* example *)` and a line `(* end *)`) must parse without a diagnostic, so
/// the grammar and the parser cannot drift apart.
final class GrammarTests: XCTestCase {
  /// `grammar/anim.ebnf` at the package root, two levels above this file's folder.
  private static let grammarURL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("grammar/anim.ebnf")

  private func examples() throws -> [(line: Int, text: String)] {
    let grammar = try String(contentsOf: GrammarTests.grammarURL, encoding: .utf8)
    var examples: [(line: Int, text: String)] = []
    var current: [String]?
    var startLine = 0
    for (index, line) in grammar.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "(* example *)" {
        current = []
        startLine = index + 2
      } else if trimmed == "(* end *)", let lines = current {
        examples.append((startLine, lines.joined(separator: "\n") + "\n"))
        current = nil
      } else {
        current?.append(String(line))
      }
    }
    XCTAssertNil(current, "an example is not closed by (* end *)")
    return examples
  }

  func testGrammarHasExamples() throws {
    XCTAssertGreaterThanOrEqual(try examples().count, 5)
  }

  func testEveryGrammarExampleParsesWithoutDiagnostics() throws {
    for example in try examples() {
      let source = SourceFile(path: "anim.ebnf:\(example.line)", text: example.text)
      let result = Parser.parse(source)
      XCTAssertEqual(
        result.diagnostics.map(\.description), [],
        "example starting at line \(example.line) of anim.ebnf")
      XCTAssertFalse(result.statements.isEmpty, "example at line \(example.line) is empty")
    }
  }
}
