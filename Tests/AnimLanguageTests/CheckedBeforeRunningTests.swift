import AnimLanguage
import XCTest

/// Errors the text shows are name errors found before anything runs (exit 65
/// from `anim check` and `anim run` alike), each with the hint the runtime
/// would give: targets of a motion, run handles, view settings, options.
final class CheckedBeforeRunningTests: XCTestCase {
  private func rejected(_ text: String) -> (output: [String], errors: [Diagnostic]) {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { lines.append($0) })
    XCTAssertEqual(result.outcome, .rejected, text)
    return (lines, result.errors.map(\.0))
  }

  func testAnUnknownViewAfterOnIsANameErrorNamingTheClosestView() {
    let (output, errors) = rejected(
      "print 1\nview box(x: 0)\ngrid tiles(cols: 2, rows: 2, size: 1)\nrun fade(out, 1) on bx\n")
    XCTAssertEqual(output, [])
    XCTAssertEqual(errors.map(\.message), ["unknown view 'bx'"])
    XCTAssertEqual(errors.first?.hint, "did you mean 'box'?")
    XCTAssertEqual(errors.first?.kind, .name)
    XCTAssertEqual(errors.first?.range.line, 4)
    XCTAssertEqual(errors.first?.range.column, 21)
  }

  func testTheHintNamesAGroupAndNeverABuiltin() {
    let (_, errors) = rejected("grid tiles(cols: 2, rows: 2, size: 1)\nrun fadeIn(1) on tils\n")
    XCTAssertEqual(errors.first?.hint, "did you mean 'tiles'?")
    // `fade` is a builtin, never a view: no hint rather than a wrong one.
    let (_, far) = rejected("run fadeIn(1) on fad\n")
    XCTAssertEqual(far.map(\.message), ["unknown view 'fad'"])
    XCTAssertNil(far.first?.hint)
  }

  func testEveryUnknownTargetIsReported() {
    let (_, errors) = rejected(
      "view a(x: 0)\nrun fade(out, 1, on: b) | stagger(c, fadeIn(1))\nrun wait(1) on [a, d]\n")
    XCTAssertEqual(
      errors.map(\.message), ["unknown view 'b'", "unknown view 'c'", "unknown view 'd'"])
  }

  func testAnUnknownHandleNamesTheClosestHandle() {
    let (_, errors) = rejected("hop = run fade(out, 1)\nseek hp to 0.5\n")
    XCTAssertEqual(errors.map(\.message), ["unknown run handle 'hp'"])
    XCTAssertEqual(errors.first?.hint, "did you mean 'hop'?")
  }

  func testABuiltinIsNeverARunHandle() {
    let (_, errors) = rejected("fader = run fade(out, 1)\ncancel fade\n")
    XCTAssertEqual(errors.map(\.message), ["unknown run handle 'fade'"])
    XCTAssertEqual(errors.first?.hint, "did you mean 'fader'?")
  }

  func testAnUnknownOptionPointsAtItsLabelWithTheOneMeant() {
    let (_, errors) = rejected("view v(x: 0)\nrun fade(out, 1, eas: outQuad) on v\n")
    XCTAssertEqual(errors.map(\.message), ["fade has no parameter 'eas'"])
    XCTAssertEqual(errors.first?.hint, "did you mean 'ease:'?")
    XCTAssertEqual(errors.first?.range.column, 18)
  }

  func testAViewSettingTheTextShowsWrongIsFoundBeforeRunning() {
    XCTAssertEqual(
      rejected("view t(txt: \"Hello\")\n").errors.map(\.message), ["views have no property 'txt'"])
    XCTAssertEqual(rejected("view t(alpah: 1)\n").errors.first?.hint, "did you mean 'alpha'?")
    XCTAssertEqual(
      rejected("view t(x: (1, 2))\n").errors.map(\.message), ["x must be a number, not point"])
    XCTAssertEqual(
      rejected("view t(color: true)\n").errors.map(\.message),
      ["expected a colour or a gradient, not bool"])
  }

  func testNamesAndSettingsAreReportedInSourceOrder() {
    let (_, errors) = rejected("view t(colr: red)\nrun fade(out, 1) on q\nview u(wdth: 1)\n")
    XCTAssertEqual(
      errors.map(\.range.line), [1, 2, 3])
  }
}
