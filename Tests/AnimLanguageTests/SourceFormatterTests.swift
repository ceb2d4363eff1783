import AnimLanguage
import XCTest

/// `anim fmt`'s layout, rule by rule.
final class SourceFormatterTests: XCTestCase {
  private func format(_ text: String) throws -> String {
    try SourceFormatter.format(SourceFile(path: "t.anim", text: text))
  }

  func testSpacesAroundOperatorsAndAfterCommas() throws {
    XCTAssertEqual(
      try format("blink=fade(out,1)+fade( in ,1);run blink*100\n"),
      "blink = fade(out, 1) + fade(in, 1); run blink * 100\n")
    XCTAssertEqual(
      try format("expect view.alpha~=0.5 within 1e-3\nx=a|b-c/d%e\n"),
      "expect view.alpha ~= 0.5 within 1e-3\nx = a | b - c / d % e\n")
  }

  func testUnaryMinusSticksToItsOperand() throws {
    XCTAssertEqual(
      try format("x = - 1\nprint - x, (- 2) * - 3\nstep 1 ; y = 2 - -1\nmove(by: (- 10, 0), 1)\n"),
      "x = -1\nprint -x, (-2) * -3\nstep 1; y = 2 - -1\nmove(by: (-10, 0), 1)\n")
  }

  func testNamedArgumentsMembersIndexesAndRanges() throws {
    XCTAssertEqual(
      try format(
        "view box(x : 10,y:20)\nprint tiles [ 2 ] . alpha\nfor i in 0 ..< 3 { print i }\n"),
      "view box(x: 10, y: 20)\nprint tiles[2].alpha\nfor i in 0..<3 { print i }\n")
  }

  func testAKeywordKeepsASpaceBeforeABracket() throws {
    XCTAssertEqual(
      try format("run(fade(out,1)+fade(in,1))*3 on box\nprint[1,2]\n"),
      "run (fade(out, 1) + fade(in, 1)) * 3 on box\nprint [1, 2]\n")
  }

  func testIfBlocksAndLogicOperators() throws {
    XCTAssertEqual(
      try format(
        "if x>3 and not(y<2) or z {print 1}  else  if x<1{\nprint 2\n}\nelse {\nprint 3\n}\n"),
      "if x > 3 and not (y < 2) or z { print 1 } else if x < 1 {\n  print 2\n}\nelse {\n  print 3\n}\n"
    )
    // A line that ends in `and` or `or` goes on, one level in; `not -x` keeps its unary minus.
    XCTAssertEqual(
      try format("ok = a and\nb or\nnot -x == 1\n"), "ok = a and\n  b or\n  not -x == 1\n")
  }

  func testUnitsAndNumbersAndStringsAreKeptAsWritten() throws {
    XCTAssertEqual(
      try format("run fade(out,300ms)+wait(.5)\nprint \"a  b\\n\",1e3\n"),
      "run fade(out, 300ms) + wait(.5)\nprint \"a  b\\n\", 1e3\n")
  }

  func testBlocksAreIndentedTwoSpacesPerLevel() throws {
    XCTAssertEqual(
      try format("on h done {\nprint 1\n    on k done {\n print 2\n        }\n}\n"),
      "on h done {\n  print 1\n  on k done {\n    print 2\n  }\n}\n")
  }

  func testContinuationLinesAreKeptAndIndentedOnce() throws {
    XCTAssertEqual(
      try format("m = fade(out,\n         1) +\n    fade(in, 1)\ng = [\na,\n   b\n    ]\n"),
      "m = fade(out,\n  1) +\n  fade(in, 1)\ng = [\n  a,\n  b\n]\n")
    // A line that opens several brackets indents the next by one level.
    XCTAssertEqual(
      try format("run stagger(g, fade(out,\n1), each: 0.1)\n"),
      "run stagger(g, fade(out,\n  1), each: 0.1)\n")
  }

  func testBlankLinesCollapseToOneAndNoneAtTheEnds() throws {
    XCTAssertEqual(try format("\n\n\nstep 1\n\n\n\nstep 2\n\n\n"), "step 1\n\nstep 2\n")
    XCTAssertEqual(try format(""), "")
    XCTAssertEqual(try format("\n  \n"), "")
  }

  func testCommentsStayInPlace() throws {
    XCTAssertEqual(
      try format(
        "# head   \nstep 1      # one\n   # alone\non h done {\n# inside\nprint 1 # two\n}\n"),
      "# head\nstep 1  # one\n# alone\non h done {\n  # inside\n  print 1  # two\n}\n")
    XCTAssertEqual(
      try format("step 1 # no newline at the end"), "step 1  # no newline at the end\n")
  }

  func testLineEndingsFollowTheFileAndAByteOrderMarkStays() throws {
    XCTAssertEqual(try format("step  1\r\nprint 2\r\n"), "step 1\r\nprint 2\r\n")
    XCTAssertEqual(try format("\u{FEFF}print  1\n"), "\u{FEFF}print 1\n")
    XCTAssertEqual(try format("step  1\rprint 2"), "step 1\rprint 2\r")
  }

  func testASyntaxErrorIsRefused() {
    XCTAssertThrowsError(try format("run fade(out, 1\nstep 1\n")) { error in
      guard case .syntaxErrors(let diagnostics) = error as? SourceFormatter.Failure else {
        return XCTFail("unexpected \(error)")
      }
      XCTAssertEqual(diagnostics.first?.message, "expected ')' after arguments")
    }
  }

  func testFormattingIsIdempotent() throws {
    let messy =
      "view  v( x:1 )\n\n\nh=run fade(out,1)*forever on v   # go\non h repeat{print time;step 0}\n"
    let once = try format(messy)
    XCTAssertEqual(try format(once), once)
  }
}
