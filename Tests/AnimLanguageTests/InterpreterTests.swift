import AnimEngine
import Foundation
import XCTest

@testable import AnimLanguage

/// The interpreter through its public entry points: whole scripts, output,
/// expectations, errors with their exit codes and locations.
final class InterpreterTests: XCTestCase {
  private func run(_ text: String) -> (output: [String], result: ScriptResult) {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { lines.append($0) })
    return (lines, result)
  }

  func testDesignExamplePrintsHalf() {
    let (output, result) = run(
      "blink = fade(out, 1) + fade(in, 1); run blink * 100\nstep 1.5\nprint view.alpha\n")
    XCTAssertEqual(output, ["0.5"])
    XCTAssertEqual(result.outcome, .completed)
  }

  func testFailedExpectationGoesOnAndExitsOne() {
    let (output, result) = run(
      "run fade(out, 2)\nstep 1.5\nexpect view.alpha == 0.5\nprint \"after\"\n")
    XCTAssertEqual(output, ["after"])
    XCTAssertEqual(result.outcome, .failedExpectations)
    XCTAssertEqual(result.failedExpectations.count, 1)
    XCTAssertEqual(
      result.failedExpectations[0].message,
      "expectation failed: view.alpha is 0.25, expected 0.5 (t=1.5)")
    XCTAssertEqual(result.failedExpectations[0].range.line, 3)
    XCTAssertEqual(result.failedExpectations[0].range.column, 8)
  }

  func testSyntaxErrorIsExit65AndNothingRuns() {
    let (output, result) = run("print 1\nrun fade(out 1)\n")
    XCTAssertEqual(output, [])
    XCTAssertEqual(result.outcome, .rejected)
    XCTAssertEqual(result.errors.first?.0.range.line, 2)
  }

  func testUnknownFunctionIsANameErrorWithAHint() {
    let (_, result) = run("run fdae(out, 1)\n")
    XCTAssertEqual(result.outcome, .rejected)
    XCTAssertEqual(result.errors.first?.0.message, "unknown function 'fdae'")
    XCTAssertEqual(result.errors.first?.0.hint, "did you mean 'fade'?")
    XCTAssertEqual(result.errors.first?.0.kind, .name)
  }

  func testRuntimeErrorStopsTheScriptWithExit70AtItsLine() {
    let (output, result) = run("print 1\nx = 1 / 0\nprint 2\n")
    XCTAssertEqual(output, ["1"])
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(result.errors.first?.0.message, "division by zero")
    XCTAssertEqual(result.errors.first?.0.range.line, 2)
    XCTAssertEqual(result.errors.first?.0.range.column, 5)
  }

  /// An error in the body of a `def` from an imported file points into that
  /// file, and its hint names the call; the same inside one file.
  func testAnErrorInADefBodyPointsIntoItsFileAndNamesTheCall() throws {
    let files = ["/p/lib.anim": "# lib\n\ndef f(x) = x / 0\n"]
    let result = ScriptRunner.run(
      SourceFile(path: "/p/main.anim", text: "import \"lib.anim\"\nprint f(1)\n"), output: { _ in },
      readFile: { path in
        guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return Array(text.utf8)
      })
    XCTAssertEqual(result.outcome, .runtimeError)
    let (diagnostic, file) = try XCTUnwrap(result.errors.first)
    XCTAssertEqual(file.path, "/p/lib.anim")
    XCTAssertEqual(diagnostic.message, "division by zero")
    XCTAssertEqual(diagnostic.range.line, 3)
    XCTAssertEqual(diagnostic.range.column, 12)
    XCTAssertEqual(diagnostic.hint, "in 'f', called at /p/main.anim:2:7")

    let (_, local) = run("def g(x) = x / 0\nprint 1\nprint g(2)\n")
    XCTAssertEqual(local.errors.first?.0.range.line, 1)
    XCTAssertEqual(local.errors.first?.0.hint, "in 'g', called at line 3, column 7")
  }

  func testHandlerErrorPointsInsideTheHandler() {
    let (_, result) = run("h = run fade(out, 1)\non h done {\n  print view.nope\n}\nstep 2\n")
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(result.errors.first?.0.range.line, 3)
  }

  func testBareWordsAreSymbolsUnlessBound() throws {
    let source = SourceFile(path: "t.anim", text: "in = 5\n")
    let interpreter = Interpreter(file: source, output: { _ in })
    try interpreter.execute(Parser.parse(source).statements, in: source)
    let probe = SourceFile(path: "p", text: "in\n")
    guard case .expression(let e) = Parser.parse(probe).statements[0].kind else { return XCTFail() }
    XCTAssertEqual(interpreter.describe(try interpreter.evaluate(e, in: probe)), "5")
    let other = SourceFile(path: "q", text: "out\n")
    guard case .expression(let f) = Parser.parse(other).statements[0].kind else { return XCTFail() }
    XCTAssertEqual(interpreter.describe(try interpreter.evaluate(f, in: other)), "out")
  }

  func testNumbersPrintInShortestSixDigitForm() {
    let (output, _) = run("print 1, 0.5, 1/3, -12.25, 1000000, 1e-7, 123456789\n")
    XCTAssertEqual(output, ["1 0.5 0.333333 -12.25 1e+06 1e-07 1.23457e+08"])
  }

  func testGridLayoutFollowsTheSpecFormula() {
    let (output, _) = run(
      "grid g(cols: 3, rows: 2, size: 10, gap: 5)\nprint g[5].x, g[5].y, g.count\n")
    XCTAssertEqual(output, ["35 20 6"])
  }

  func testStaggerDefaultSortOffsetsMembersInOrder() {
    let (output, _) = run(
      "grid g(cols: 4, rows: 1, size: 10)\nrun stagger(g, fade(out, 1), sort: default, each: 0.5)\nstep 1\nprint g[0].alpha, g[1].alpha, g[2].alpha, g[3].alpha\n"
    )
    XCTAssertEqual(output, ["0 0.5 1 1"])
  }
}
