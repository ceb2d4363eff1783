import AnimLanguage
import XCTest

/// A name that is not bound becomes a symbol; where a symbol cannot be meant,
/// the error says which name was probably meant.
final class MisspeltNameTests: XCTestCase {
  private func error(_ text: String) -> (message: String, hint: String?, column: Int)? {
    let result = ScriptRunner.run(SourceFile(path: "t.anim", text: text), output: { _ in })
    return result.errors.first.map { ($0.0.message, $0.0.hint, $0.0.range.column) }
  }

  func testAnOperatorOnAMisspeltName() {
    let found = error("blink = fade(out, 1) + fade(in, 1)\nrun blnk * 3\n")
    XCTAssertEqual(found?.message, "cannot '*' a symbol and a number")
    XCTAssertEqual(
      found?.hint, "'blnk' is not defined (so it is the symbol blnk); did you mean 'blink'?")
  }

  func testRunningAMisspeltName() {
    XCTAssertEqual(
      error("blink = fade(out, 1)\nrun blnk\n")?.hint,
      "'blnk' is not defined (so it is the symbol blnk); did you mean 'blink'?")
  }

  func testAMisspeltArgument() {
    let found = error("dur = 1\nrun fade(out, dru)\n")
    XCTAssertEqual(found?.message, "duration must be a number, not symbol")
    XCTAssertEqual(
      found?.hint, "'dru' is not defined (so it is the symbol dru); did you mean 'dur'?")
  }

  func testASymbolMeantAsOneGetsNoHint() {
    XCTAssertEqual(error("out = 3\nrun fade(in, 1) * 2\n")?.message, nil)
    XCTAssertNil(error("run fade(out, zzzzzz)\n")?.hint)
  }

  /// A misspelt option: the caret under the label, and the label meant.
  func testAMisspeltOptionNamePointsAtTheLabel() {
    let found = error("run fade(out, 1, eas: outQuad)\n")
    XCTAssertEqual(found?.message, "fade has no parameter 'eas'")
    XCTAssertEqual(found?.column, 18)
    XCTAssertEqual(found?.hint, "did you mean 'ease:'?")
  }
}
