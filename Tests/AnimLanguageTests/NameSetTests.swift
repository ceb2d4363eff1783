import XCTest

@testable import AnimLanguage

/// The name checker's set of names: exact membership through many growths of
/// its table, for short, long and non-ASCII names.
final class NameSetTests: XCTestCase {
  func testHoldsEveryNameThroughManyGrowths() {
    var set = NameSet()
    for index in 0..<10_000 { set.insert("name\(index)") }
    for index in stride(from: 0, to: 10_000, by: 7) { set.insert("name\(index)") }
    XCTAssertEqual(set.count, 10_000)
    XCTAssertTrue((0..<10_000).allSatisfy { set.contains("name\($0)") })
    XCTAssertFalse(set.contains("name10000"))
    XCTAssertFalse(set.contains("name"))
    XCTAssertEqual(set.names.prefix(3), ["name0", "name1", "name2"])
  }

  func testNamesOfEveryLengthAndNonASCIINames() {
    // Lengths around the 8-byte words the hash reads, and beyond a small string.
    let names = (0...40).map { String(repeating: "a", count: $0) } + ["é", "ée", "日本語", "a\u{301}"]
    let set = NameSet(names)
    XCTAssertEqual(set.count, names.count)
    XCTAssertTrue(names.allSatisfy(set.contains))
    XCTAssertFalse(set.contains(String(repeating: "a", count: 41)))
    XCTAssertFalse(set.contains("b"))
  }

  func testCheckingAScriptWithThousandsOfNames() {
    // Every name is bound; the one misspelled use still gets its hint.
    var text = (0..<3_000).map { "card\($0) = \($0)\nprint card\($0).x\n" }.joined()
    XCTAssertEqual(ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors.count, 0)
    text += "print crad2999.x\n"
    let errors = ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors
    XCTAssertEqual(errors.map(\.0.message), ["unknown name 'crad2999'"])
    XCTAssertEqual(errors.first?.0.hint, "did you mean 'card2999'?")
  }
}
