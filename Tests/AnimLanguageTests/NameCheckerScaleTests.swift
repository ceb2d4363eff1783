import XCTest

@testable import AnimLanguage

/// The name checker with thousands of names bound (its set of names is a
/// `Set<String>`): every use of a bound name passes, a misspelled one still
/// gets its hint, however long the names.
final class NameCheckerScaleTests: XCTestCase {
  func testCheckingAScriptWithThousandsOfNames() {
    // Every name is bound; the one misspelled use still gets its hint.
    var text = (0..<3_000).map { "card\($0) = \($0)\nprint card\($0).x\n" }.joined()
    XCTAssertEqual(ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors.count, 0)
    text += "print crad2999.x\n"
    let errors = ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors
    XCTAssertEqual(errors.map(\.0.message), ["unknown name 'crad2999'"])
    XCTAssertEqual(errors.first?.0.hint, "did you mean 'card2999'?")
  }

  func testNamesOfEveryLengthAreToldApart() {
    // Names that share their first 8, 16, ... bytes and differ after them.
    let names = (1...40).map { String(repeating: "a", count: $0) + "_b" }
    let text = names.map { "\($0) = 1\nprint \($0).x\n" }.joined()
    XCTAssertEqual(ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors.count, 0)
    let errors = ScriptRunner.check(
      SourceFile(path: "t.anim", text: text + "print \(String(repeating: "a", count: 41)).x\n")
    ).errors
    XCTAssertEqual(errors.map(\.0.message), ["unknown name '\(String(repeating: "a", count: 41))'"])
  }
}
