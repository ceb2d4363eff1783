import XCTest

@testable import AnimTestRunner

final class DirectiveTests: XCTestCase {
  private func kind(_ line: String) -> Directive.Kind? {
    Directive.parse(Substring(line))?.kind
  }

  func testWholeLineExpect() {
    XCTAssertEqual(kind("# expect: 0.5"), .output("0.5"))
    XCTAssertEqual(Directive.parse("# expect: 0.5")?.isWholeLine, true)
  }

  func testIndentedExpectIsWholeLine() {
    XCTAssertEqual(Directive.parse("    # expect: 1")?.isWholeLine, true)
  }

  func testTrailingExpectAfterCode() {
    let directive = Directive.parse("print view.alpha  # expect: 0.5")
    XCTAssertEqual(directive?.kind, .output("0.5"))
    XCTAssertEqual(directive?.isWholeLine, false)
  }

  func testExpectTextLosesOneLeadingSpaceAndTrailingWhitespace() {
    XCTAssertEqual(kind("# expect:   indented  \t"), .output("  indented"))
  }

  func testExpectWithoutSpaceAfterColon() {
    XCTAssertEqual(kind("#expect:x"), .output("x"))
  }

  func testEmptyExpectIsAnEmptyLine() {
    XCTAssertEqual(kind("# expect:"), .output(""))
    XCTAssertEqual(kind("# expect:   "), .output(""))
  }

  func testHashInsideStringIsNotAComment() {
    XCTAssertEqual(kind(##"c = "#ff0000"  # expect: #ff0000"##), .output("#ff0000"))
  }

  func testDirectiveInsideStringIsIgnored() {
    XCTAssertNil(Directive.parse(##"print "# expect: x""##))
  }

  func testEscapedQuoteDoesNotEndString() {
    XCTAssertNil(Directive.parse(##"print "a\"# expect: x""##))
    XCTAssertEqual(kind(#"print "a\\" # expect: a\"#), .output(#"a\"#))
  }

  func testOrdinaryCommentIsNotADirective() {
    XCTAssertNil(Directive.parse("print view.alpha          # 0.5"))
    XCTAssertNil(Directive.parse("# note: see # expect: x"))
    XCTAssertNil(Directive.parse("# expect view.alpha == 0.5"))
    XCTAssertNil(Directive.parse("expect view.alpha == 0.5"))
  }

  func testCompileError() {
    XCTAssertEqual(
      kind("run fade(out, 1 + wait(2)  # expect error: expected ')'"),
      .error(.compile, line: nil, message: "expected ')'"))
  }

  func testCompileErrorAtLine() {
    XCTAssertEqual(
      kind("# expect error line 12: unknown name 'fdae'"),
      .error(.compile, line: 12, message: "unknown name 'fdae'"))
  }

  func testRuntimeError() {
    XCTAssertEqual(
      kind("cancel h  # expect runtime error: stale handle"),
      .error(.runtime, line: nil, message: "stale handle"))
  }

  func testRuntimeErrorAtLine() {
    XCTAssertEqual(
      kind("# expect runtime error line 3: too deep"),
      .error(.runtime, line: 3, message: "too deep"))
  }

  func testMalformedErrorLine() {
    let expected = Directive.Kind.malformed(
      ##"malformed directive, expected "# expect error line N: MESSAGE""##)
    XCTAssertEqual(kind("# expect error line x: oops"), expected)
    XCTAssertEqual(kind("# expect error line 0: oops"), expected)
    XCTAssertEqual(kind("# expect error line 4 oops"), expected)
  }

  func testSkip() {
    XCTAssertEqual(kind("# skip: needs springs  "), .skip("needs springs"))
  }

  func testExpectationsCollectEveryDirectiveInOrder() {
    let source = """
      # skip: slow
      print 1  # expect: 1
      # expect: 2
      oops  # expect error: unknown name
      # expect error line 9: late
      # expect runtime error: boom
      # skip: second reason is ignored
      # expect error line q: bad
      """
    let expectations = Expectations(source: source)
    XCTAssertEqual(
      expectations.outputs, [.init(line: 2, text: "1"), .init(line: 3, text: "2")])
    XCTAssertEqual(
      expectations.errors,
      [
        ExpectedError(kind: .compile, directiveLine: 4, line: 4, message: "unknown name"),
        ExpectedError(kind: .compile, directiveLine: 5, line: 9, message: "late"),
        ExpectedError(kind: .runtime, directiveLine: 6, line: 6, message: "boom"),
      ])
    XCTAssertEqual(expectations.skipReason, "slow")
    XCTAssertEqual(expectations.problems.map(\.line), [8])
  }

  func testCarriageReturnLineBreaks() {
    let expectations = Expectations(source: "print 1 # expect: 1\r\n# expect: 2\r\n")
    XCTAssertEqual(expectations.outputs.map(\.text), ["1", "2"])
    XCTAssertEqual(expectations.outputs.map(\.line), [1, 2])
  }
}
