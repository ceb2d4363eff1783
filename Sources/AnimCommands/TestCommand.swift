import AnimConsole
import AnimLanguage
import AnimTestRunner
import ArgumentParser
import Foundation

/// `anim test [PATH...]`: script-based tests (SPEC §9).
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test", abstract: "Run script-based tests (every .anim file under PATH).")

  @ArgumentParser.Argument(help: "Files or folders (default: tests/).", completion: .file())
  var paths: [String] = []

  @Option(help: "Write a JUnit XML report to FILE.")
  var junit: String?

  @Flag(help: "Print TAP instead of one line per file.")
  var tap = false

  @Option(help: "Run only files whose path contains TEXT.")
  var filter: String?

  @Flag(help: "Rewrite each file's '# expect:' lines from its actual output.")
  var update = false

  @Option(help: "Files to run at once (default: the number of processors).")
  var jobs: Int?

  @Flag(help: "Run again whenever a test file or a file it imports changes (until Ctrl-C).")
  var watch = false

  @OptionGroup var limits: WorkLimitOption

  func run() throws {
    guard watch else {
      let code = runOnce(recorder: nil)
      if code != 0 { throw ExitCode(code) }
      return
    }
    Watcher.run { reads in
      // The test files and every file they import are watched.
      _ = runOnce(recorder: reads)
    }
  }

  /// Runs the tests once; returns the exit code.
  private func runOnce(recorder: FileReads?) -> Int32 {
    var options = TestOptions(
      paths: paths.isEmpty ? ["tests"] : paths, filter: filter, update: update,
      format: tap ? .tap : .plain, junitPath: junit)
    if let jobs { options.jobs = max(1, jobs) }
    let runner = TestRunner(
      executor: ScriptTestExecutor(workLimit: limits.workLimit, recorder: recorder),
      options: options)
    let report = runner.run(
      output: TestOutput(
        standardOutput: {
          Terminal.writeLine($0); Terminal.flush()
        },
        standardError: { Terminal.writeError($0) }))
    Terminal.flush()
    return report.exitCode
  }
}

/// Runs one test script in this process and reports what it did.
struct ScriptTestExecutor: ScriptExecutor {
  /// The work each file may do (`--work-limit`).
  var workLimit = Interpreter.defaultWorkLimit
  /// Where to note the files scripts import (`--watch`), if anywhere.
  var recorder: FileReads?

  func execute(path: String) -> ScriptOutcome {
    recorder?.record(path)
    guard let bytes = try? ScriptRunner.readFile(path) else {
      return ScriptOutcome(
        stdout: "", errors: [.init(kind: .io, line: 0, column: 0, message: "cannot read \(path)")],
        exitCode: ExitStatus.noInput)
    }
    let source = SourceFile(path: path, bytes: bytes)
    var lines: [String] = []
    // The line each top-level statement ends on, for the output it prints.
    var origin = 0
    var origins: [Int] = []
    let recorder = self.recorder
    let result = ScriptRunner.run(
      source,
      output: {
        lines.append($0)
        origins += repeatElement(origin, count: ScriptOutcome.outputLineCount($0))
      },
      readFile: { path in
        recorder?.record(path)
        return try ScriptRunner.readFile(path)
      }, workLimit: workLimit,
      willRun: { statement in
        origin =
          source.location(ofOffset: max(statement.range.end - 1, statement.range.start))
          .line
      })
    var errors: [ScriptOutcome.Failure] = []
    for (index, (diagnostic, file)) in result.errors.enumerated() where diagnostic.severity != .note
    {
      // An error in a data file (SPEC §23.1) is placed at the script's line
      // that read it, which the note after it names.
      var at = diagnostic.range
      if file.path != source.path, index + 1 < result.errors.count,
        result.errors[index + 1].0.severity == .note, result.errors[index + 1].1.path == source.path
      {
        at = result.errors[index + 1].0.range
      }
      errors.append(
        ScriptOutcome.Failure(
          kind: diagnostic.kind == .runtime ? .runtime : diagnostic.kind == .io ? .io : .compile,
          line: at.line, column: at.column, message: diagnostic.message))
    }
    let expectations = result.failedExpectations.map {
      ScriptOutcome.FailedExpectation(
        line: $0.range.line, column: $0.range.column, message: $0.message)
    }
    var outcome = ScriptOutcome(
      stdout: lines.map { $0 + "\n" }.joined(), errors: errors, failedExpectations: expectations,
      exitCode: result.exitCode)
    outcome.outputOrigins = origins
    return outcome
  }
}
