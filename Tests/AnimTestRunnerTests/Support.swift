import Foundation
import XCTest

@testable import AnimTestRunner

/// A `ScriptExecutor` that returns canned outcomes per path and records its calls.
final class FakeExecutor: ScriptExecutor, @unchecked Sendable {
  private let lock = NSLock()
  private let outcomes: [String: ScriptOutcome]
  private var calls: [String] = []

  /// `outcomes` by path; a path without one prints nothing and exits 0.
  init(_ outcomes: [String: ScriptOutcome] = [:]) {
    self.outcomes = outcomes
  }

  func execute(path: String) -> ScriptOutcome {
    lock.withLock { calls.append(path) }
    return outcomes[path] ?? ScriptOutcome(stdout: "")
  }

  /// The paths executed, sorted (they run in parallel).
  var executedPaths: [String] { lock.withLock { calls.sorted() } }
}

/// A `TestOutput` that keeps every line.
final class CapturedOutput: @unchecked Sendable {
  private let lock = NSLock()
  private var out: [String] = []
  private var err: [String] = []

  var sink: TestOutput {
    TestOutput(
      standardOutput: { line in self.lock.withLock { self.out.append(line) } },
      standardError: { line in self.lock.withLock { self.err.append(line) } })
  }

  var standardOutput: [String] { lock.withLock { out } }
  var standardError: [String] { lock.withLock { err } }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
  let path: String

  init() throws {
    path = NSTemporaryDirectory() + "anim-testrunner-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `text` to `relative` (creating directories) and returns its full path.
  @discardableResult
  func write(_ relative: String, _ text: String = "") throws -> String {
    let full = path + "/" + relative
    let directory = (full as NSString).deletingLastPathComponent
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try text.write(toFile: full, atomically: false, encoding: .utf8)
    return full
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// A test case that works in a temporary directory, which is also the current one.
class TemporaryDirectoryTestCase: XCTestCase {
  var directory: TemporaryDirectory!
  private var previousDirectory = ""

  override func setUpWithError() throws {
    directory = try TemporaryDirectory()
    previousDirectory = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
  }

  override func tearDown() {
    _ = FileManager.default.changeCurrentDirectoryPath(previousDirectory)
    directory.remove()
  }

  /// Runs the runner over the temporary directory with `options` and the fake outcomes.
  func run(
    _ options: TestOptions = TestOptions(), _ outcomes: [String: ScriptOutcome] = [:]
  ) -> (report: TestReport, output: CapturedOutput) {
    let output = CapturedOutput()
    let runner = TestRunner(executor: FakeExecutor(outcomes), options: options)
    return (runner.run(output: output.sink), output)
  }
}

/// A compile error reported at `line:column`.
func compileError(_ line: Int, _ column: Int, _ message: String) -> ScriptOutcome.Failure {
  ScriptOutcome.Failure(kind: .compile, line: line, column: column, message: message)
}

/// A runtime error reported at `line:column`.
func runtimeError(_ line: Int, _ column: Int, _ message: String) -> ScriptOutcome.Failure {
  ScriptOutcome.Failure(kind: .runtime, line: line, column: column, message: message)
}

extension XCTestCase {
  /// A new empty directory under the system's temporary one, named
  /// `prefix-UUID`, removed when the test ends.
  func temporaryDirectory(_ prefix: String) throws -> String {
    let path = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
  }
}
