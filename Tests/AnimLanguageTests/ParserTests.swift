import AnimLanguage
import XCTest

final class ParserTests: XCTestCase {
  private func parse(_ text: String) -> ParseResult {
    Parser.parse(SourceFile(path: "test.anim", text: text))
  }

  /// The S-expressions of the statements, failing if there is any diagnostic.
  private func trees(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> [String]
  {
    let result = parse(text)
    XCTAssertEqual(result.diagnostics.map(\.description), [], file: file, line: line)
    return result.statements.map(\.description)
  }

  private func tree(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let all = trees(text, file: file, line: line)
    XCTAssertEqual(all.count, 1, "\(all)", file: file, line: line)
    return all.first ?? ""
  }

  /// `line:column: severity: message` of every diagnostic.
  private func errors(_ text: String) -> [String] {
    parse(text).diagnostics.map(\.description)
  }

  // MARK: - The design example and precedence

  func testDesignExampleOnOneLine() {
    XCTAssertEqual(
      trees("blink = fade(out, 1) + fade(in, 1); run blink * 100"),
      [
        "(assign blink (binary + (call fade out 1) (call fade in 1)))",
        "(run (binary * blink 100))",
      ])
  }

  func testPrecedenceFromLoosestToTightest() {
    XCTAssertEqual(
      tree("a on b | c + d * -e.f(1)[2]"),
      "(binary on a (binary | b (binary + c (binary * d (negate (index (call (member e f) 1) 2))))))"
    )
  }

  func testBinaryOperatorsAreLeftAssociative() {
    XCTAssertEqual(tree("x = a - b + c"), "(assign x (binary + (binary - a b) c))")
    XCTAssertEqual(tree("x = a + b + c"), "(assign x (binary + a b c))")
    XCTAssertEqual(tree("x = a | b | c + d + e"), "(assign x (binary | a b (binary + c d e)))")
    XCTAssertEqual(tree("x = a + b - c + d"), "(assign x (binary + (binary - (binary + a b) c) d))")
    XCTAssertEqual(tree("x = a | b | c"), "(assign x (binary | a b c))")
    XCTAssertEqual(tree("x = m on a on b"), "(assign x (binary on (binary on m a) b))")
    XCTAssertEqual(tree("x = a / b % c * d"), "(assign x (binary * (binary % (binary / a b) c) d))")
  }

  func testComparisonAndRangeAreLoosest() {
    XCTAssertEqual(tree("expect a + 1 == b"), "(expect (binary == (binary + a 1) b))")
    XCTAssertEqual(tree("x = 0..<n + 1"), "(assign x (binary ..< 0 (binary + n 1)))")
    XCTAssertEqual(tree("x = a == 1...3"), "(assign x (binary == a (binary ... 1 3)))")
    XCTAssertEqual(tree("x = a..<b on c"), "(assign x (binary ..< a (binary on b c)))")
  }

  func testComparisonsDoNotChain() {
    XCTAssertEqual(
      errors("expect a < b < c"), ["1:14: error: comparison operators cannot be chained"])
    XCTAssertEqual(errors("x = 1..<2..<3"), ["1:10: error: range operators cannot be chained"])
  }

  func testParenthesesGroupAndCommasMakePoints() {
    XCTAssertEqual(tree("x = (a + b) * 2"), "(assign x (binary * (binary + a b) 2))")
    XCTAssertEqual(tree("x = (1, -2)"), "(assign x (point 1 (negate 2)))")
    XCTAssertEqual(tree("x = (1, 2, 3)"), "(assign x (tuple 1 2 3))")
  }

  func testListsAllowATrailingCommaAndSpanLines() {
    XCTAssertEqual(tree("group g = [\n  a,\n  b,\n]"), "(group g (list a b))")
    XCTAssertEqual(tree("x = []"), "(assign x (list))")
  }

  func testLiterals() {
    XCTAssertEqual(
      tree("print 300ms, 1rad, .5, \"a\\n\", true, false"),
      "(print (number 0.3 ms) (number 57.29577951308232 rad) 0.5 \"a\\n\" true false)")
  }

  // MARK: - Calls and contextual keywords

  func testKeywordInIsAnOrdinaryArgument() {
    XCTAssertEqual(tree("fade(in, 1)"), "(call fade in 1)")
  }

  func testLabelledArguments() {
    XCTAssertEqual(
      tree("m = move(to: (100, 0), 1, ease: outQuad)"),
      "(assign m (call move to:(point 100 0) 1 ease:outQuad))")
    XCTAssertEqual(tree("m = fade(out, 1, on: box)"), "(assign m (call fade out 1 on:box))")
  }

  func testArgumentsMaySpanLines() {
    XCTAssertEqual(
      tree("s = stagger(g,\n  fadeIn(0.3),\n  sort: radial(middle),\n  each: 0.05)"),
      "(assign s (call stagger g (call fadeIn 0.3) sort:(call radial middle) each:0.05))")
  }

  func testNewlineAfterOnContinuesTheExpression() {
    XCTAssertEqual(tree("run m on\n  box"), "(run (binary on m box))")
  }

  func testStatementKeywordFollowedByEqualsIsAnAssignment() {
    XCTAssertEqual(tree("pool = 3"), "(assign pool 3)")
    XCTAssertEqual(tree("step = 2"), "(assign step 2)")
    XCTAssertEqual(tree("run = fade(in, 1)"), "(assign run (call fade in 1))")
    XCTAssertEqual(tree("time = 2"), "(assign time 2)")
    XCTAssertEqual(tree("pool"), "(pool)")
  }

  func testViewIsADeclarationOnlyBeforeAName() {
    XCTAssertEqual(tree("view box"), "(view box)")
    XCTAssertEqual(tree("view.alpha = 0.5"), "(assign (member view alpha) 0.5)")
    XCTAssertEqual(tree("run fade(out, 1) on view"), "(run (binary on (call fade out 1) view))")
    XCTAssertEqual(tree("view = 1"), "(assign view 1)")
  }

  func testAssignmentTargets() {
    XCTAssertEqual(tree("tiles[3].x = 10"), "(assign (member (index tiles 3) x) 10)")
    XCTAssertEqual(tree("h = run m"), "(assign h (run m))")
    XCTAssertEqual(tree("let h = run m * 2 as first"), "(let h (run (binary * m 2) as first))")
    XCTAssertEqual(
      errors("f(x) = 1"),
      ["1:1: error: cannot assign to this expression"])
  }

  // MARK: - Every statement form

  func testEveryStatementForm() {
    let cases: [(String, String)] = [
      ("view box", "(view box)"),
      ("view box(x: 10, y: 20, color: red)", "(view box x:10 y:20 color:red)"),
      (
        "grid tiles(cols: 5, rows: 5, size: 100, gap: 0)",
        "(grid tiles cols:5 rows:5 size:100 gap:0)"
      ),
      ("group g = [a, b, c]", "(group g (list a b c))"),
      ("let x = 1", "(let x 1)"),
      ("x = 1", "(assign x 1)"),
      ("view.alpha = 0.5", "(assign (member view alpha) 0.5)"),
      ("def twice(m, n) = m * n", "(def twice (m n) (binary * m n))"),
      ("def one() = 1", "(def one () 1)"),
      ("for v in g { print v }", "(for v g (block (print v)))"),
      (
        "for i in 0..<3 {\n  run fade(in, 1) on g[i]\n  step 1\n}",
        "(for i (binary ..< 0 3) (block (run (binary on (call fade in 1) (index g i))) (step 1)))"
      ),
      ("import \"other.anim\"", "(import \"other.anim\")"),
      ("print", "(print)"),
      ("print view.alpha, \"done\"", "(print (member view alpha) \"done\")"),
      (
        "trace v.alpha, v.x every 0.25 for 1",
        "(trace ((member v alpha) (member v x)) every 0.25 for 1)"
      ),
      ("expect view.alpha == 0.5", "(expect (binary == (member view alpha) 0.5))"),
      ("expect view.x ~= 10 within 0.1", "(expect (binary ~= (member view x) 10) within 0.1)"),
      ("seed 42", "(seed 42)"),
      ("reset", "(reset)"),
      ("fps 30", "(fps 30)"),
      ("step 1.5", "(step 1.5)"),
      ("step 3 frames", "(step 3 frames)"),
      ("step 1 frame", "(step 1 frames)"),
      ("tick", "(tick)"),
      ("step to 2", "(step to 2)"),
      ("step until h", "(step until h)"),
      ("settle", "(settle)"),
      ("clear h", "(clear h)"),
      ("clear all", "(clear all)"),
      ("cancel all", "(cancel all)"),
      ("cancel h", "(cancel h)"),
      ("finish h", "(finish h)"),
      ("finish all", "(finish all)"),
      ("pause h", "(pause h)"),
      ("resume h", "(resume h)"),
      ("restart h", "(restart h)"),
      ("flush", "(flush)"),
      ("pool", "(pool)"),
      ("on h done { print 1 }", "(on h done (block (print 1)))"),
      ("on h start {\n}", "(on h start (block))"),
      ("on h repeat { print 1; print 2 }", "(on h repeat (block (print 1) (print 2)))"),
      ("on h mark \"half\" { run m }", "(on h mark \"half\" (block (run m)))"),
      ("on h done\n{\n  tick\n}", "(on h done (block (tick)))"),
      ("run m", "(run m)"),
      ("run m as h", "(run m as h)"),
      ("fade(in, 1)", "(call fade in 1)"),
    ]
    for (source, expected) in cases {
      XCTAssertEqual(tree(source), expected, source)
    }
  }

  func testWordsAreOnlyKeywordsWhereExpected() {
    XCTAssertEqual(tree("step to"), "(step to)")
    XCTAssertEqual(tree("clear all + x"), "(clear (binary + all x))")
    XCTAssertEqual(tree("print in, every, frames"), "(print in every frames)")
  }

  func testNestedBlocks() {
    XCTAssertEqual(
      tree("for v in g {\n  h = run fade(out, 1) on v\n  on h done {\n    print v\n  }\n}"),
      "(for v g (block (assign h (run (binary on (call fade out 1) v))) (on h done (block (print v)))))"
    )
  }

  // MARK: - Ranges

  func testStatementAndExpressionRanges() {
    let result = parse("x = 1\n  expect view.alpha == 0.5 within 0.1\n")
    XCTAssertEqual(result.statements.count, 2)
    let expect = result.statements[1]
    XCTAssertEqual(expect.range.line, 2)
    XCTAssertEqual(expect.range.column, 3)
    XCTAssertEqual(expect.range.end, 43)
    guard case .expect(let condition, _) = expect.kind,
      case .binary(_, let left, let right) = condition.kind
    else { return XCTFail("not an expect") }
    XCTAssertEqual(left.range.column, 10)
    XCTAssertEqual(left.range.length, 10)
    XCTAssertEqual(right.range.column, 24)
  }

  // MARK: - Errors and recovery

  func testThreeBadLinesGiveThreeErrorsAndTheGoodLinesParse() {
    let result = parse(
      """
      view box
      let x 3
      run fade(out 1)
      print 1
      on box dne { print 2 }
      step 1
      """)
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      [
        "2:7: error: expected '=' after name in 'let', found '3'",
        "3:14: error: expected ')' after arguments, found '1'",
        "5:8: error: unknown handler event 'dne'; expected done, start, repeat or mark",
      ])
    XCTAssertEqual(result.statements.map(\.description), ["(view box)", "(print 1)", "(step 1)"])
    XCTAssertFalse(result.isIncomplete)
  }

  func testUnclosedParenthesisDoesNotSwallowTheNextLines() {
    let result = parse("run fade(out, 1\nstep 1\nx = )\n")
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      [
        "1:16: error: expected ')' after arguments",
        "3:5: error: expected expression, found ')'",
      ])
  }

  func testRecoveryIsTheSameWhereverABatchOfTokensEnds() {
    // The parser reads tokens a few hundred at a time; recovering from the
    // unclosed '(' must close the same groups whichever token ends a batch.
    for padding in 0..<600 {
      let separators = String(repeating: ";", count: padding)
      let result = parse(separators + "\nrun fade(out, 1\nstep 1\nx = )\n")
      XCTAssertEqual(
        result.diagnostics.map(\.description),
        [
          "2:16: error: expected ')' after arguments",
          "4:5: error: expected expression, found ')'",
        ], "after \(padding) separators")
    }
  }

  func testErrorInsideABlockRecoversInsideTheBlock() {
    let result = parse("for v in g {\n  print v +\n  x = ]\n  print 2\n}\nprint 3")
    XCTAssertEqual(
      result.diagnostics.map(\.description), ["3:5: error: expected end of statement, found '='"])
    XCTAssertEqual(
      result.statements.map(\.description), ["(for v g (block (print 2)))", "(print 3)"])
  }

  func testErrorInAHeaderSkipsItsBlock() {
    let result = parse("for v g {\n  print v\n}\nprint 3")
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      ["1:7: error: expected 'in' after loop variable, found 'g'"])
    XCTAssertEqual(result.statements.map(\.description), ["(print 3)"])
  }

  func testLexicalErrorIsReportedOncePerStatement() {
    XCTAssertEqual(
      errors("x = \"a\\qb\" +\nprint 1"),
      [
        #"1:7: error: unknown escape sequence '\q' in string; valid escapes are \n, \t, \", \\ and \(…)"#
      ])
    XCTAssertEqual(errors("x = 1 @ 2\ny = 2"), ["1:7: error: unexpected character '@'"])
  }

  func testUnterminatedString() {
    let result = parse("print \"hello\nprint 2\n")
    XCTAssertEqual(result.diagnostics.map(\.description), ["1:7: error: unterminated string"])
    XCTAssertEqual(result.statements.map(\.description), ["(print 2)"])
    XCTAssertFalse(result.isIncomplete)
  }

  func testInvalidUTF8IsReportedWithItsPosition() {
    let bytes = Array("print 1\nprint \"a".utf8) + [0xFE] + Array("\"\n".utf8)
    let result = Parser.parse(SourceFile(path: "t", bytes: bytes))
    XCTAssertEqual(result.diagnostics.map(\.description), ["2:9: error: invalid UTF-8 in source"])
  }

  func testMessagesForCommonMistakes() {
    XCTAssertEqual(
      errors("on h done print 1"), ["1:11: error: expected '{' after handler event, found 'print'"])
    XCTAssertEqual(
      errors("on h {}"),
      ["1:6: error: expected handler event (done, start, repeat or mark), found '{'"])
    XCTAssertEqual(errors("run blink 100"), ["1:11: error: expected end of statement, found '100'"])
    XCTAssertEqual(errors("}"), ["1:1: error: unexpected '}' with no open '{'"])
    XCTAssertEqual(
      errors("import other"),
      ["1:8: error: expected a file path string after 'import', found 'other'"])
    XCTAssertEqual(
      errors("trace x for 1"), ["1:9: error: expected 'every' after traced values, found 'for'"])
    XCTAssertEqual(errors("def f(a, a) = a"), ["1:10: error: duplicate parameter 'a'"])
    XCTAssertEqual(
      errors("view box(10)"),
      ["1:10: error: expected a property label such as 'x:' in view declaration, found '10'"])
    XCTAssertEqual(errors("restart all"), ["1:9: error: 'restart' takes one run handle, not 'all'"])
    XCTAssertEqual(errors("let x\nprint 1"), ["1:6: error: expected '=' after name in 'let'"])
  }

  func testALineStartingWithAnOperatorGetsAHint() {
    let result = parse("blink = fade(out, 1)\n  + fade(in, 1)")
    XCTAssertEqual(
      result.diagnostics.map(\.description), ["2:3: error: expected expression, found '+'"])
    XCTAssertEqual(
      result.diagnostics.first?.hint,
      "to continue the previous line, end it with the operator instead of starting this one")
  }

  func testErrorHints() {
    let result = parse("m = move(to = (1, 2), 1)")
    XCTAssertEqual(
      result.diagnostics.first?.hint, "labels are written with ':', as in 'to: (100, 0)'")
    XCTAssertEqual(parse("on h strat {}").diagnostics.first?.hint, "did you mean 'start'?")
  }

  func testTooManyErrorsStopsWithANote() {
    let result = parse(String(repeating: "x = )\n", count: 30))
    XCTAssertEqual(result.diagnostics.count, 21)
    XCTAssertEqual(result.diagnostics.filter { $0.severity == .error }.count, 20)
    XCTAssertEqual(result.diagnostics.last?.severity, .note)
    XCTAssertEqual(
      result.diagnostics.last?.description, "21:5: note: too many errors (20); stopping here")
  }

  // MARK: - Nesting limit

  func testTenThousandNestedParenthesesAreAnErrorNotACrash() {
    let text =
      "x = " + String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
    let result = parse(text)
    XCTAssertEqual(result.diagnostics.map(\.message), ["expression nested too deeply (limit 256)"])
    XCTAssertFalse(result.isIncomplete)
  }

  func testFlatChainsAreNotNesting() {
    // SPEC §14.5: the length of a `+` or `|` chain is not nesting.
    for op in ["+", "|"] {
      let result = parse("x = 1" + String(repeating: " \(op) 1", count: 100_000))
      XCTAssertEqual(result.diagnostics.map(\.message), [], op)
    }
  }

  func testOtherDeepNestingIsAnErrorNotACrash() {
    let deep = [
      "x = " + String(repeating: "[", count: 10_000),
      "x = " + String(repeating: "-", count: 10_000) + "1",
      "x = " + String(repeating: "f(", count: 10_000),
      "x = a" + String(repeating: ".b", count: 10_000),
      "x = 1" + String(repeating: " - 1", count: 10_000),
      "x = 1" + String(repeating: " + 1 - 1", count: 10_000),
      String(repeating: "for v in g {\n", count: 10_000),
    ]
    for text in deep {
      XCTAssertEqual(
        parse(text).diagnostics.map(\.message), ["expression nested too deeply (limit 256)"],
        String(text.prefix(20)))
    }
  }

  func testModerateNestingIsFine() {
    let text =
      "x = " + String(repeating: "(", count: 200) + "1" + String(repeating: ")", count: 200)
    XCTAssertEqual(tree(text), "(assign x 1)")
  }

  // MARK: - Incomplete input (the REPL's continuation prompt)

  func testIncompleteInput() {
    for text in [
      "run fade(out, 1\n", "x = [1, 2,\n", "x = 1 +\n", "print a,\n", "for v in g {\n",
      "for v in g {\n  print v\n", "on h done\n", "on h mark \"x\" {", "def f(a) =\n", "run m on\n",
      "view box(x: 1,\n", "x = (1,\n", "trace v.x every",
    ] {
      let result = parse(text)
      XCTAssertTrue(result.isIncomplete, text)
      XCTAssertTrue(result.hasErrors, text)
    }
  }

  func testCompleteOrWrongInputIsNotIncomplete() {
    for text in [
      "x = 1\n", "x = )\n", "let\n", "print \"abc\n", "run fade(out, 1 +) +\n", "on h\n",
      "x = ((((" + String(repeating: "(", count: 300) + "\n", "}\n", "x = 1 @\n",
    ] {
      XCTAssertFalse(parse(text).isIncomplete, text)
    }
  }

  // MARK: - parseExpression

  func testParseExpressionForTheREPL() {
    let (expression, diagnostics) = Parser.parseExpression(
      SourceFile(path: "<repl>", text: "fade(out, 1) + fade(in, 1)\n"))
    XCTAssertEqual(expression?.description, "(binary + (call fade out 1) (call fade in 1))")
    XCTAssertEqual(diagnostics, [])

    let (bad, errors) = Parser.parseExpression(SourceFile(path: "<repl>", text: "a b"))
    XCTAssertNil(bad)
    XCTAssertEqual(errors.map(\.description), ["1:3: error: expected end of expression, found 'b'"])
  }

  // MARK: - Data (SPEC §23.1)

  func testInterpolationReadsTheExpressionsOutOfTheString() {
    XCTAssertEqual(
      tree(#"print "a\(n + 1)b\("c\(d)")\n""#),
      #"(print (interpolate "a" (binary + n 1) "b" (interpolate "c" d) "\n"))"#)
  }

  func testInterpolationErrorsPointIntoTheString() {
    XCTAssertEqual(errors(#"print "éé\(1 +)""#), ["1:15: error: expected expression, found ')'"])
    XCTAssertEqual(
      errors(#"print "\(a b)""#),
      ["1:12: error: expected ')' to end the interpolation '\\(…)', found 'b'"])
    XCTAssertEqual(errors(#"print "\(1"#), ["1:7: error: unterminated string"])
  }

  func testRecordsAcrossLinesAndComprehensions() {
    XCTAssertEqual(
      trees("let r = {\n  a: 1,\n  \"b c\": [for x in xs if x > 0: x * 2],\n}\nprint {a: 1}.a"),
      [
        "(let r (record a:1 b c:(comprehension x xs if (binary > x 0) (binary * x 2))))",
        "(print (member (record a:1) a))",
      ])
    XCTAssertEqual(trees("for v in g {\n  print v\n}"), ["(for v g (block (print v)))"])
  }

  func testFamilyMemberDeclaration() {
    XCTAssertEqual(
      tree("for i in 0..<3 { rect bar[i](x: 40 * i) }"),
      "(for i (binary ..< 0 3) (block (rect (index bar i) x:(binary * 40 i))))")
  }
}
