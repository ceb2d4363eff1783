import XCTest

@testable import AnimImport

/// `tests/import/badge.anim` is what `anim import tests/import/badge.json`
/// writes: the recipe of docs/testing.md tests the importer's real output.
final class ImportRecipeTests: XCTestCase {
  func testTheCommittedBadgeScriptIsTheImportOfBadgeJSON() throws {
    let folder = URLPath.repository + "/tests/import/"
    let json = try XCTUnwrap(FileManager.default.contents(atPath: folder + "badge.json"))
    let script = try XCTUnwrap(FileManager.default.contents(atPath: folder + "badge.anim"))
    let result = try LottieImporter.importScript(Array(json), source: "badge.json")
    XCTAssertEqual(result.script, String(decoding: script, as: UTF8.self))
    XCTAssertEqual(result.notes, [])
  }
}

enum URLPath {
  /// The repository's root, from this file's path.
  static let repository: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
  }()
}
