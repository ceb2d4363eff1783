import AnimLanguage
import XCTest

/// SPEC §20's booleans, `and`, `or`, `not` and `if`: how they parse (tree
/// shapes, precedence, contextual keywords) and what they do.
final class LogicTests: XCTestCase {
  private func parse(_ text: String) -> ParseResult {
    Parser.parse(SourceFile(path: "t.anim", text: text))
  }

  /// The S-expression of the only statement, failing on any diagnostic.
  private func tree(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    let result = parse(text)
    XCTAssertEqual(result.diagnostics.map(\.description), [], file: file, line: line)
    XCTAssertEqual(result.statements.count, 1, file: file, line: line)
    return result.statements.first?.description ?? ""
  }

  private func errors(_ text: String) -> [String] {
    parse(text).diagnostics.map(\.description)
  }

  private func run(_ text: String) -> (output: [String], result: ScriptResult) {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { lines.append($0) })
    return (lines, result)
  }

  // MARK: - Parsing

  func testOrIsLoosestThenAndThenNotThenComparisons() {
    XCTAssertEqual(
      tree("x = a or b and not c == d"),
      "(assign x (binary or a (binary and b (not (binary == c d)))))")
    XCTAssertEqual(
      tree("x = not a and b or c"), "(assign x (binary or (binary and (not a) b) c))")
    XCTAssertEqual(tree("x = not not a"), "(assign x (not (not a)))")
    XCTAssertEqual(
      tree("x = a + 1 < b on c and d"),
      "(assign x (binary and (binary < (binary + a 1) (binary on b c)) d))")
  }

  func testAndAndOrAreLeftAssociative() {
    XCTAssertEqual(tree("x = a and b and c"), "(assign x (binary and (binary and a b) c))")
    XCTAssertEqual(tree("x = a or b or c"), "(assign x (binary or (binary or a b) c))")
  }

  func testANewlineAfterAndOrContinuesTheLine() {
    XCTAssertEqual(tree("x = a and\n  b or\n\n c"), "(assign x (binary or (binary and a b) c))")
  }

  func testNotIsANameWhenNoExpressionFollows() {
    XCTAssertEqual(tree("print not, and, or, if"), "(print not and or if)")
    XCTAssertEqual(tree("f(not)"), "(call f not)")
    XCTAssertEqual(tree("x = not"), "(assign x not)")
  }

  func testNotCannotStartAnOperandOfATighterOperator() {
    XCTAssertEqual(
      errors("x = a == not b"), ["1:10: error: 'not' cannot start an operand of an operator"])
    XCTAssertEqual(tree("x = a == (not b)"), "(assign x (binary == a (not b)))")
  }

  func testComparisonsStillDoNotChainUnderLogic() {
    XCTAssertEqual(
      errors("x = not a < b < c"), ["1:15: error: comparison operators cannot be chained"])
    XCTAssertEqual(
      errors("x = a and b == c == d"), ["1:18: error: comparison operators cannot be chained"])
  }

  func testIfElseIfElse() {
    XCTAssertEqual(tree("if a { print 1 }"), "(if a (block (print 1)))")
    XCTAssertEqual(
      tree("if a { print 1 } else if b and c { print 2 } else { print 3 }"),
      "(if a (block (print 1)) (binary and b c) (block (print 2)) else (block (print 3)))")
    XCTAssertEqual(
      tree("if a {\n  print 1\n}\nelse {\n  print 2\n}"),
      "(if a (block (print 1)) else (block (print 2)))")
  }

  func testIfIsAStatementKeywordOnlyWhereOneIs() {
    XCTAssertEqual(tree("if = 3"), "(assign if 3)")
    XCTAssertEqual(tree("print if"), "(print if)")
  }

  func testIfErrors() {
    XCTAssertEqual(
      errors("if a print 1"), ["1:6: error: expected '{' after the if condition, found 'print'"])
    XCTAssertEqual(
      errors("if a { } else print 1"),
      ["1:15: error: expected '{' or 'if' after 'else', found 'print'"])
    XCTAssertEqual(errors("else { print 1 }"), ["1:1: error: 'else' without 'if'"])
    XCTAssertEqual(
      errors("x = a\nor b"), ["2:1: error: a statement cannot start with 'or'"])
    XCTAssertEqual(tree("or = 1"), "(assign or 1)")
    XCTAssertTrue(parse("if a {\n  print 1\n").isIncomplete)
    XCTAssertTrue(parse("if a").isIncomplete)
    XCTAssertTrue(parse("x = a and").isIncomplete)
  }

  // MARK: - Running

  func testBooleansPrintAndCombine() {
    let (output, result) = run(
      """
      print true, false, not true, true and false, false or true
      print 1 < 2 and 2 < 3, not 1 == 1 or 2 == 2
      """)
    XCTAssertEqual(output, ["true false false false true", "true true"])
    XCTAssertEqual(result.outcome, .completed)
  }

  func testShortCircuitSkipsTheRightOperand() {
    let (output, result) = run(
      """
      print false and 1 / 0 == 1, true or 1 / 0 == 1
      print true or 5
      """)
    XCTAssertEqual(output, ["false true", "true"])
    XCTAssertEqual(result.outcome, .completed)
  }

  func testComparisonsAgreeWithEqualsTolerance() {
    let (output, _) = run(
      """
      a = 0.1 + 0.2
      print a == 0.3, a < 0.3, a <= 0.3, a > 0.3, a >= 0.3
      print 1 < 1 + 1e-6, 1 <= 0.999, 5e-324 > 0
      """)
    XCTAssertEqual(output, ["true false true false true", "true false false"])
  }

  func testWithinWidensTheOrderedComparisonsToo() {
    let (_, held) = run("expect 0.95 >= 1 within 0.1\nexpect 1.05 <= 1 within 0.1\n")
    XCTAssertEqual(held.outcome, .completed)
    let (_, failed) = run("expect 0.95 < 1 within 0.1\n")
    XCTAssertEqual(
      failed.failedExpectations.map(\.message),
      [
        "expectation failed: 0.95 is 0.95, expected < 1 within 0.1 (t=0)"
      ])
  }

  func testExpectTakesAnyBoolean() {
    let (_, result) = run("expect true\nexpect 1 == 1 and not false\nexpect 1 == 2 or false\n")
    XCTAssertEqual(
      result.failedExpectations.map(\.message),
      ["expectation failed: 1 == 2 or false is false (t=0)"])
    XCTAssertEqual(result.failedExpectations.first?.range.line, 3)
  }

  func testWithinAfterLogicIsAnError() {
    let (_, result) = run("expect 1 == 1 and 2 == 2 within 0.1\n")
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(
      result.errors.first?.0.message,
      "'within' needs a comparison, such as view.x == 100 within 0.5, at the top of expect")
  }

  func testIfRunsOneBlockEachItsOwnScope() {
    let (output, result) = run(
      """
      let x = 5
      let y = 0
      if x > 10 { print "big" } else if x > 4 {
        let local = 1
        y = 2
        print "middle", local
      } else if x > 3 {
        print "not reached: an earlier branch ran"
      } else {
        print "small"
      }
      print local, y
      if false { print "no" }
      if x < 0 { print "no" } else { print "else" }
      """)
    XCTAssertEqual(output, ["middle 1", "local 2", "else"])
    XCTAssertEqual(result.outcome, .completed)
  }

  func testLaterConditionsAreNotEvaluatedOnceOneHolds() {
    let (output, result) = run("if true { print 1 } else if 1 / 0 == 1 { print 2 }\n")
    XCTAssertEqual(output, ["1"])
    XCTAssertEqual(result.outcome, .completed)
  }

  func testIfInsideLoopsAndHandlers() {
    let (output, _) = run(
      """
      for i in 0..<4 { if i % 2 == 0 { print i, "even" } else { print i, "odd" } }
      h = run fade(out, 1)
      on h done { if h.state == finished and view.alpha == 0 { print "faded at", time } }
      settle
      """)
    XCTAssertEqual(output, ["0 even", "1 odd", "2 even", "3 odd", "faded at 1"])
  }

  func testConditionsThatAreNotBooleansNameTheirType() {
    let cases: [(String, String)] = [
      ("if 1 { print 1 }", "an if condition needs a boolean, not a number"),
      ("else_ = 0\nif x { print 1 }", "an if condition needs a boolean, not a symbol"),
      ("print 1 and true", "'and' needs a boolean, not a number"),
      ("print false or \"yes\"", "'or' needs a boolean, not a string"),
      ("print not fade(out, 1)", "'not' needs a boolean, not a motion"),
      ("if false { } else if (1, 2) { }", "an if condition needs a boolean, not a point"),
    ]
    for (text, message) in cases {
      let (_, result) = run(text)
      XCTAssertEqual(result.outcome, .runtimeError, text)
      XCTAssertEqual(result.errors.first?.0.message, message, text)
    }
  }

  func testAMisspeltConditionNamesTheBindingMeant() {
    let (_, misspelt) = run("flag = true\nif flg { print 1 }\n")
    XCTAssertEqual(
      misspelt.errors.first?.0.message, "an if condition needs a boolean, not a symbol")
    XCTAssertEqual(
      misspelt.errors.first?.0.hint,
      "'flg' is not defined (so it is the symbol flg); did you mean 'flag'?")
    let (_, number) = run("print not 1\n")
    XCTAssertEqual(number.errors.first?.0.hint, "compare it, as in x > 0 or h.state == finished")
  }

  func testNameCheckerLooksInsideIfBlocks() {
    let (output, result) = run("if true { print 1 } else { fdae(out, 1) }\n")
    XCTAssertEqual(output, [])
    XCTAssertEqual(result.outcome, .rejected)
    XCTAssertEqual(result.errors.first?.0.message, "unknown function 'fdae'")
  }
}
