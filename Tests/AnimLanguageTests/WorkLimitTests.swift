import AnimEngine
import XCTest

@testable import AnimLanguage

/// The work limit: loops nested inside each other and handlers that restart
/// their own run for ever stop with a runtime error after a known number of
/// steps, with the state they reached intact.
final class WorkLimitTests: XCTestCase {
  private func run(_ text: String, limit: Int) -> (output: [String], result: ScriptResult) {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { lines.append($0) }, workLimit: limit)
    return (lines, result)
  }

  func testTheDefaultIsTenMillionSteps() {
    XCTAssertEqual(Interpreter.defaultWorkLimit, 10_000_000)
    let interpreter = Interpreter(file: SourceFile(path: "t.anim", text: ""), output: { _ in })
    XCTAssertEqual(interpreter.workLimit, 10_000_000)
  }

  /// `n = 0` is step 1, the loop statement step 2; each iteration then costs
  /// 2 (the iteration, its statement): iteration k's own step is 2 + 2k − 1,
  /// so with a limit of 102 iteration 51 is refused and n stays 50.
  func testALoopStopsAtTheExactStep() throws {
    let script = "n = 0\nfor i in 0..<1e6 { n = n + 1 }\n"
    let interpreter = Interpreter(file: SourceFile(path: "t.anim", text: script), output: { _ in })
    interpreter.workLimit = 102
    let program = Program(source: SourceFile(path: "t.anim", text: script), readFile: { _ in [] })
    XCTAssertThrowsError(try interpreter.execute(program.statements, in: program.source)) { error in
      let error = error as! RuntimeError
      XCTAssertEqual(error.message, "work limit reached: more than 102 steps")
      XCTAssertEqual(
        error.hint,
        "a loop, a chain of handlers or a repeat of very short plays that does not end? --work-limit N raises the limit"
      )
      XCTAssertEqual(error.range.line, 2)
      XCTAssertEqual(error.range.column, 10)
    }
    let query = Program(
      source: SourceFile(path: "q.anim", text: "n\n"), knownNames: ["n"], readFile: { _ in [] })
    guard case .expression(let n) = try XCTUnwrap(query.statements.first).kind else {
      return XCTFail("expected an expression")
    }
    XCTAssertEqual(interpreter.describe(try interpreter.evaluate(n, in: query.source)), "50")
  }

  func testNestedLoopsEachWithinTheirLengthStop() {
    let (_, result) = run("for i in 0..<1e7 {\n  for j in 0..<1e7 { }\n}\n", limit: 100_000)
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(result.errors.first?.0.message, "work limit reached: more than 100000 steps")
    XCTAssertEqual(result.errors.first?.0.range.line, 2)
  }

  /// A done handler that restarts its own run never ends on its own; each
  /// handler run costs 10 steps, its `restart` 1 and the new run's track 1.
  func testAHandlerThatRestartsItsRunForEverStops() {
    let script = """
      n = 0
      h = run fade(out, 0.001)
      on h done {
        n = n + 1
        restart h
      }
      step 1e6
      """
    let (output, result) = run(script + "\n", limit: 10_000)
    XCTAssertEqual(output, [])
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(result.errors.first?.0.message, "work limit reached: more than 10000 steps")
  }

  func testRepeatHandlersOfARunThatNeverEndsStop() {
    let script =
      "h = run (fade(out, 0.001) + fade(in, 0.001)) * forever\non h repeat { }\nstep 1e6\n"
    let (_, result) = run(script, limit: 10_000)
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(result.errors.first?.0.range.line, 2)
  }

  /// Joined and printed text counts by its length: 1 step per 1 000 bytes.
  func testLongTextCountsByItsLength() {
    let script = """
      s = "0123456789"
      for i in 0..<16 { s = s + s }
      print s
      """
    // 10·2^16 = 655 360 bytes: the last join costs 655 steps, printing it 655.
    XCTAssertEqual(run(script, limit: 3_000).result.outcome, .completed)
    XCTAssertEqual(run(script, limit: 1_500).result.outcome, .runtimeError)
  }

  /// Plays the clock walks one by one count too: a repeat beside a part of
  /// the same property still to start, and a repeat of plays shorter than the clock can tell apart,
  /// stop inside one `step` instead of walking it for hours.
  func testPlaysTheClockWalksOneByOneStopInsideAStep() {
    // Plays of 1e-17 s all lie within the clock's tolerance of the run's
    // start (1e-12 s), so that one stops at `run` already.
    for (motion, line) in [
      ("fade(in, 1) * forever | wait(1e10) + fade(0.5, 1)", 3),
      ("fade(out, 1e-17) * forever", 2),
    ] {
      let (_, result) = run("n = 1\nrun \(motion)\nstep 1e9\nprint n\n", limit: 10_000)
      XCTAssertEqual(result.outcome, .runtimeError, motion)
      XCTAssertEqual(result.errors.first?.0.message, "work limit reached: more than 10000 steps")
      XCTAssertEqual(result.errors.first?.0.range.line, line, motion)
    }
  }

  /// The REPL and `anim bench` start each entry or frame with the whole
  /// limit, the clock's share included.
  func testResettingTheWorkGivesTheClockTheWholeLimitAgain() throws {
    let script = "run fade(in, 1) * forever | wait(1e10) + fade(0.5, 1)\n"
    let interpreter = Interpreter(file: SourceFile(path: "t.anim", text: script), output: { _ in })
    interpreter.workLimit = 1_000
    let program = Program(source: SourceFile(path: "t.anim", text: script), readFile: { _ in [] })
    try interpreter.execute(program.statements, in: program.source)
    for _ in 0..<5 {
      interpreter.resetWork()
      try interpreter.clock.advance(by: 1_000)
    }
    XCTAssertThrowsError(try interpreter.clock.advance(by: 1e6)) { error in
      XCTAssertEqual(error as? EngineError, .workLimitReached)
    }
  }

  /// A run is charged its motion's parts before the clock projects them,
  /// so a run too big for what is left is refused before the work.
  func testARunTooBigForTheWorkLeftIsRefusedBeforeItStarts() {
    let script = "grid g(cols: 100, rows: 100)\nrun stagger(g, fade(out, 1))\nprint 1\n"
    let (output, result) = run(script, limit: 5_000)
    XCTAssertEqual(output, [])
    XCTAssertEqual(result.errors.first?.0.message, "work limit reached: more than 5000 steps")
    XCTAssertEqual(result.errors.first?.0.range.line, 2)
    XCTAssertEqual(run(script, limit: 50_000).output, ["1"])
  }

  /// Scripts within the limit are untouched by it: the design example.
  func testOrdinaryScriptsAreFarBelowTheDefault() {
    let (output, result) = run(
      "blink = fade(out, 1) + fade(in, 1); run blink * 100\nstep 150\nprint view.alpha\n",
      limit: 50)
    XCTAssertEqual(output, ["1"])
    XCTAssertEqual(result.outcome, .completed)
  }
}
