import AnimLanguage
import XCTest

/// `shadow: (x, y, blur, colour)` sets the four shadow properties at once
/// (SPEC §21.2): in declarations, assignments and tweens, checked part by
/// part.
final class ShadowAliasTests: XCTestCase {
  private func run(_ text: String) -> (printed: [String], error: String?, line: Int?) {
    var printed: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { printed.append($0) })
    let error = result.errors.first?.0
    return (printed, error?.message, error?.range.line)
  }

  private func checkError(_ text: String) -> String? {
    ScriptRunner.check(SourceFile(path: "t.anim", text: text)).errors.first?.0.message
  }

  func testADeclarationSetsTheFourPartsAsTheirOwnSettingsWould() {
    let alias = run(
      "rect a(width: 10, height: 10, shadow: (4, 6, 5, \"#00000080\"))\nprint a\nprint a.shadow\n")
    let parts = run(
      "rect a(width: 10, height: 10, shadowX: 4, shadowY: 6, shadowBlur: 5, shadowColor: \"#00000080\")\nprint a\n"
    )
    XCTAssertNil(alias.error)
    XCTAssertEqual(alias.printed.first, parts.printed.first)
    XCTAssertEqual(alias.printed.last, "[4, 6, 5, #00000080]")
  }

  func testAssignmentsTakeATupleOrAListWithANamedColour() {
    let found = run(
      "rect a\na.shadow = (1, -2, 3, red)\nprint a.shadow\na.shadow = [0, 0, 0, \"#000\"]\nprint a.shadow\n"
    )
    XCTAssertNil(found.error)
    XCTAssertEqual(found.printed, ["[1, -2, 3, #ff0000]", "[0, 0, 0, #000000]"])
  }

  func testATweenMovesAllFour() {
    let found = run(
      "rect a(shadow: (0, 4, 6, \"#00000080\"))\nrun tween(shadow: (8, 12, 10, \"#00000080\"), 1) on a\n"
        + "step 0.5\nprint a.shadowX, a.shadowY, a.shadowBlur, a.shadowColor\n")
    XCTAssertNil(found.error)
    XCTAssertEqual(found.printed, ["4 8 8 #00000080"])
  }

  func testTheCheckerFindsWrongShapesAndPartsOutOfRange() {
    XCTAssertEqual(
      checkError("rect z(shadow: 3)\n"), "shadow must be (x, y, blur, color), not number")
    XCTAssertEqual(
      checkError("rect z(shadow: (1, 2))\n"),
      "shadow must be (x, y, blur, color), not a tuple of 2 items")
    XCTAssertEqual(
      checkError("rect z(shadow: (1, 2, 3, 4))\n"),
      "shadow must be (x, y, blur, color), not four numbers")
    XCTAssertEqual(
      checkError("rect z(shadow: (1, 2, -3, \"#000\"))\n"),
      "shadowBlur must be a number from 0 to 250, got -3")
    XCTAssertEqual(
      checkError("rect z\nz.shadow = (1, 2, 300, \"#000\")\n"),
      "shadowBlur must be a number from 0 to 250, got 300")
  }

  func testTheRunFindsWhatTheCheckerCannot() {
    let numbers = run("s = (1, 2, 3, 4)\nrect z(shadow: s)\n")
    XCTAssertEqual(numbers.error, "shadow must be (x, y, blur, color), not four numbers")
    XCTAssertEqual(
      run("rect z(shadow: (1, 2, \"x\", \"#000\"))\n").error,
      "shadow's blur must be a number, not string")
    XCTAssertEqual(
      run("rect z(shadow: (1, 2, 3, \"nope\"))\n").error,
      "\"nope\" is not a colour; expected #rgb, #rrggbb or #rrggbbaa")
    XCTAssertEqual(
      run("rect z\nz.shadow = [1, 2, 3]\n").error,
      "shadow must be (x, y, blur, color), not a list of 3 items")
    XCTAssertEqual(
      run("rect z\nrun tween(shadow: 3, 1) on z\n").error,
      "shadow must be (x, y, blur, color), not number")
    XCTAssertEqual(
      run("rect z\nrun tween(shadow: (1, 2, 300, \"#000\"), 1) on z\n").error,
      "shadowBlur must be a number from 0 to 250, got 300")
    XCTAssertEqual(
      run("rect z(shadow: (1e308 * 10, 2, 3, \"#000\"))\n").error,
      "1e+308 * 10 is not a finite number")
    XCTAssertEqual(
      run("rect z(shadow: (1e-320, -1e308, 0, \"#000\"))\nprint z.shadow\n").printed,
      ["[9.99989e-321, -1e+308, 0, #000000]"])
  }

  /// Four numbers are still corner radii; a colour among them is not.
  func testCornerRadiiAreUnchanged() {
    XCTAssertEqual(
      run("rect c(cornerRadius: (1, 2, 3, 4))\nprint c.cornerTopRight, c.cornerBottomLeft\n")
        .printed,
      ["2 4"])
    XCTAssertEqual(
      run("rect c(cornerRadius: (1, 2, 3, \"#000\"))\n").error,
      "bottom-left radius must be a number, not string")
    XCTAssertEqual(
      run("rect c\nrun tween(cornerRadius: (1, 2, 3, red), 1) on c\n").error,
      "bottom-left radius must be a number, not color")
    XCTAssertEqual(
      run("rect c(cornerRadius: (1, \"a\", 3, 4))\n").error,
      "top-right radius must be a number, not string")
  }
}
