import AnimEngine
import Foundation
import XCTest

@testable import AnimLanguage

/// Input no one would write on purpose: 100 MB lines, names and values at the
/// edge of what doubles hold, values that outlive their interpreter. Each must
/// end in a short diagnostic or a success, in bounded time and memory. (The
/// scripts of `tests/hostile/` cover the rest, through `anim test`.)
final class HostileInputTests: XCTestCase {
  /// The size of the longest generated lines: 100 MB.
  private let hugeSize = 100_000_000
  /// The size of the other long lines: 10 MB shows the same and runs faster.
  private let largeSize = 10_000_000

  /// A fresh temporary directory for the generated scripts.
  private var directory = ""

  override func setUpWithError() throws {
    directory = NSTemporaryDirectory() + "anim-hostile-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Writes `prefix`, `count` copies of `unit` and `suffix` to a file in the
  /// temporary directory, and reads it back as a script.
  private func hugeScript(
    _ name: String, _ prefix: String, repeating unit: String, count: Int, _ suffix: String
  ) throws -> SourceFile {
    // Doubling a block keeps this to a few dozen appends, fast even unoptimised.
    var block = Array(unit.utf8)
    var remaining = count
    var bytes = Array(prefix.utf8)
    bytes.reserveCapacity(bytes.count + block.count * count + suffix.utf8.count)
    while remaining > 0 {
      let copies = block.count / unit.utf8.count
      if copies <= remaining {
        bytes.append(contentsOf: block)
        remaining -= copies
        block.append(contentsOf: block)
      } else {
        block = Array(unit.utf8)
      }
    }
    bytes.append(contentsOf: suffix.utf8)
    let path = directory + "/" + name
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return SourceFile(path: path, bytes: try ScriptRunner.readFile(path))
  }

  private func run(_ source: SourceFile) -> (output: [String], result: ScriptResult) {
    var lines: [String] = []
    let result = ScriptRunner.run(source, output: { lines.append($0) })
    return (lines, result)
  }

  private func run(_ text: String) -> (output: [String], result: ScriptResult) {
    run(SourceFile(path: "t.anim", text: text))
  }

  // MARK: 100 MB lines

  func testHundredMegabyteStringLiteralIsPrinted() throws {
    let source = try hugeScript("string.anim", "print \"", repeating: "a", count: hugeSize, "\"\n")
    let (output, result) = run(source)
    XCTAssertEqual(result.outcome, .completed)
    XCTAssertEqual(output.count, 1)
    XCTAssertEqual(output.first?.utf8.count, hugeSize)
  }

  func testHundredMegabyteOperatorChainStopsAtTheNestingLimit() throws {
    // `-` does not chain flat (only `+` and `|` do, SPEC §14.5): each one is a
    // level of the tree.
    let source = try hugeScript("chain.anim", "x = 1", repeating: " - 1", count: hugeSize / 4, "\n")
    let result = ScriptRunner.check(source)
    XCTAssertEqual(result.outcome, .rejected)
    XCTAssertEqual(result.errors.count, 1)
    XCTAssertEqual(
      result.errors.first?.0.message,
      "expression nested too deeply (limit \(Parser.maximumNestingDepth))")
  }

  func testHundredThousandTermSequenceRuns() throws {
    // SPEC §14.5: a flat chain of 100 000 parts parses, checks and runs.
    let source = try hugeScript(
      "sequence.anim", "m = fade(out, 0.001)", repeating: " + fade(in, 0.001) + fade(out, 0.001)",
      count: 49_999,
      "+ fade(in, 0.001)\nh = run m\nprint h.duration\nstep 50.0005\nprint view.alpha\nsettle\nprint view.alpha, h.state\n"
    )
    let (output, result) = run(source)
    XCTAssertEqual(result.outcome, .completed, "\(result.errors.map(\.0.message))")
    XCTAssertEqual(output, ["100", "0.5", "1 finished"])
  }

  func testHundredThousandTermParallelRuns() throws {
    // Every part starts at 0 on x; at one start the rightmost part wins.
    let source = try hugeScript(
      "parallel.anim", "m = move(to: (0, 0), 1)", repeating: " | move(to: (1, 0), 2)",
      count: 99_998, " | move(to: (100, 0), 4)\nh = run m\nprint h.duration\nstep 1\nprint view.x\n"
    )
    let (output, result) = run(source)
    XCTAssertEqual(result.outcome, .completed, "\(result.errors.map(\.0.message))")
    XCTAssertEqual(output, ["4", "25"])
  }

  func testTenMegabyteUnterminatedStringGivesAShortDiagnostic() throws {
    let source = try hugeScript("open.anim", "print \"", repeating: "a", count: largeSize, "\n")
    let result = ScriptRunner.check(source)
    XCTAssertEqual(result.outcome, .rejected)
    let diagnostic = try XCTUnwrap(result.errors.first?.0)
    XCTAssertEqual(diagnostic.message, "unterminated string")
    let rendered = DiagnosticRenderer().render(diagnostic, in: source)
    XCTAssertLessThan(rendered.utf8.count, 1000)
    XCTAssertTrue(rendered.contains("1 | print \"aaaa"), rendered)
  }

  func testErrorAtTheEndOfATenMegabyteLineShowsItsEnd() throws {
    let source = try hugeScript("end.anim", "x = 1", repeating: " ", count: largeSize, "@\n")
    let result = ScriptRunner.check(source)
    let diagnostic = try XCTUnwrap(result.errors.first?.0)
    XCTAssertEqual(diagnostic.range.column, largeSize + 6)
    let rendered = DiagnosticRenderer().render(diagnostic, in: source)
    XCTAssertLessThan(rendered.utf8.count, 1000)
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The excerpt ends at the '@', and the caret stands under it.
    let shown = try XCTUnwrap(lines.dropFirst().first)
    let caret = try XCTUnwrap(lines.dropFirst(2).first)
    XCTAssertTrue(shown.hasSuffix("@"), shown)
    XCTAssertEqual(caret.unicodeScalars.count, shown.unicodeScalars.count)
    XCTAssertTrue(caret.hasSuffix("^"), caret)
  }

  func testTenMegabyteCommentIsSkipped() throws {
    let source = try hugeScript(
      "comment.anim", "# ", repeating: "é", count: largeSize / 2, "\nprint 1\n")
    let (output, result) = run(source)
    XCTAssertEqual(result.outcome, .completed)
    XCTAssertEqual(output, ["1"])
  }

  func testTenMegabyteNameIsReportedQuickly() throws {
    // An unknown function whose name is 10 MB long: the spelling hint must
    // not compare it letter by letter with every builtin.
    let source = try hugeScript("name.anim", "run ", repeating: "q", count: largeSize, "(1)\n")
    let result = ScriptRunner.check(source)
    XCTAssertEqual(result.outcome, .rejected)
    let diagnostic = try XCTUnwrap(result.errors.first?.0)
    XCTAssertTrue(diagnostic.message.hasPrefix("unknown function 'qqq"))
    XCTAssertNil(diagnostic.hint)
    XCTAssertLessThan(DiagnosticRenderer().render(diagnostic, in: source).utf8.count, 2000)
  }

  // MARK: Values

  func testExpectationOfMismatchedTypesNamesTheTypes() {
    let (_, result) = run("expect view.alpha == \"1\"\nexpect 1 ~= \"1\"\n")
    XCTAssertEqual(result.outcome, .failedExpectations)
    XCTAssertEqual(
      result.failedExpectations.map(\.message),
      [
        "expectation failed: view.alpha is 1 (a number), expected 1 (a string) (t=0)",
        "expectation failed: 1 is 1 (a number), expected ~= 1 (a string) (t=0)",
      ])
  }

  func testExpectationOfPointAgainstNumberFails() {
    let (_, result) = run("expect (1, 2) == 1\n")
    XCTAssertEqual(result.outcome, .failedExpectations)
    XCTAssertEqual(
      result.failedExpectations.first?.message,
      "expectation failed: (1, 2) is (1, 2) (a point), expected 1 (a number) (t=0)")
  }

  func testRandomBetweenTheLargestBoundsIsFinite() {
    let (output, result) = run(
      "for i in 0..<100 { x = random(-1.7e308, 1.7e308); print x * 0.5 }\n")
    XCTAssertEqual(result.outcome, .completed)
    XCTAssertEqual(output.count, 100)
  }

  // MARK: Stack

  /// Runs `text` on a new thread with a stack of `stackSize` bytes.
  private func run(_ text: String, stackSize: Int) -> ScriptResult {
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: ScriptResult?
    let thread = Thread {
      result = ScriptRunner.run(SourceFile(path: "t.anim", text: text), output: { _ in })
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return result!
  }

  func testDeepRecursionStopsBeforeTheStackOnAnyThread() {
    // 256 calls of a body 200 operators deep: far more stack than a thread has.
    let deep = "def f(n) = " + String(repeating: "- ", count: 200) + "f(n)\nprint f(1)\n"
    // A handler that finishes its own restarted run, inside itself.
    let handlers = "h = run fade(out, 1)\non h done {\n  restart h\n  finish h\n}\nfinish h\n"
    for stackSize in [8 << 20, 16 << 20, 64 << 20] {
      let result = run(deep, stackSize: stackSize)
      XCTAssertEqual(result.outcome, .runtimeError, "stack \(stackSize)")
      XCTAssertTrue(
        result.errors.first?.0.message.hasPrefix("recursion") ?? false,
        "\(result.errors.first?.0.message ?? "no error")")
      let nested = run(handlers, stackSize: stackSize)
      XCTAssertEqual(
        nested.errors.first?.0.message,
        "handlers nested more than \(Interpreter.maximumHandlerNesting) deep: a finish or cancel here fires the next handler inside this one"
      )
    }
  }

  // MARK: Lifetime

  func testValuesAreFreedWithTheirInterpreter() throws {
    // A def closes over the scope that binds it, and a handler over the scope
    // holding its handle: both are cycles the interpreter breaks when it goes.
    weak var handle: RunHandle?
    weak var function: Function?
    do {
      let source = SourceFile(
        path: "t.anim",
        text: "def f(x) = x\nh = run fade(out, 1)\non h done { print f(1), h }\nstep 2\n")
      var lines: [String] = []
      let interpreter = Interpreter(file: source, output: { lines.append($0) })
      try interpreter.execute(Parser.parse(source).statements, in: source)
      XCTAssertEqual(lines, ["1 #1"])
      guard case .handle(let h) = interpreter.globals.lookup("h"),
        case .function(let f) = interpreter.globals.lookup("f")
      else { return XCTFail("h and f should be bound") }
      handle = h
      function = f
    }
    XCTAssertNil(handle)
    XCTAssertNil(function)
  }
}
