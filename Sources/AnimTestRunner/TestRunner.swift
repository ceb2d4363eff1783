import Dispatch
import Foundation

/// Runs script-based tests: `anim test` (SPEC §9).
///
/// It finds the `.anim` files under the paths (see `TestDiscovery`), runs them in
/// parallel through a `ScriptExecutor`, judges each against the directives in its
/// comments (see `Directive` and `Difference`), prints one result per file in
/// sorted path order, then the summary line `N passed, N failed[, N skipped]`, and
/// gives the exit code:
///
/// - 0 when nothing failed, 1 when a file failed;
/// - 66 when a path does not exist: `anim: PATH: no such file or directory` goes to
///   standard error and nothing runs or is printed, not even the summary;
/// - 74 when a directory cannot be read (nothing runs either), or a JUnit report or a
///   file `--update` rewrites cannot be written (the summary is still printed).
///
/// - 66 when `--filter` selects no file: `anim: --filter TEXT selects no test file
///   under PATHS` goes to standard error, and nothing is printed.
///
/// No file found without a filter is not an error: the summary is `0 passed,
/// 0 failed` and the exit 0.
public struct TestRunner: Sendable {
  /// What runs each script.
  public var executor: any ScriptExecutor
  /// The command line's options.
  public var options: TestOptions

  /// Creates a runner that runs scripts with `executor`.
  public init(executor: any ScriptExecutor, options: TestOptions = TestOptions()) {
    self.executor = executor
    self.options = options
  }

  /// Runs the tests, printing through `output`, and reports what happened.
  public func run(output: TestOutput) -> TestReport {
    let clock = ContinuousClock()
    let start = clock.now
    let files: [String]
    do {
      files = try TestDiscovery(paths: options.paths, filter: options.filter).files()
    } catch {
      var report = TestReport(results: [])
      switch error {
      case .missing(let path):
        output.standardError("anim: \(path): no such file or directory")
        report.exitCode = 66
      case .unreadable(let path, let reason):
        output.standardError("anim: \(path): cannot read directory: \(reason)")
        report.exitCode = 74
      }
      return report
    }
    if let filter = options.filter, files.isEmpty {
      output.standardError(
        "anim: --filter \(filter) selects no test file under \(options.paths.joined(separator: " "))"
      )
      var report = TestReport(results: [])
      report.exitCode = 66
      return report
    }

    let writer = options.format.writer
    writer.header(fileCount: files.count).forEach(output.standardOutput)
    let collector = ResultCollector(count: files.count, writer: writer, output: output)
    let executor = self.executor
    let update = options.update
    runInParallel(workers: max(1, min(options.jobs, files.count))) {
      while let index = collector.takeNextFile() {
        let begin = clock.now
        var checked = TestCase(path: files[index]).check(with: executor, update: update)
        checked.result.duration = seconds(clock.now - begin)
        collector.deliver(checked.result, at: index, writeFailed: checked.writeFailed)
      }
    }

    var report = TestReport(results: collector.results, duration: seconds(clock.now - start))
    if collector.anyWriteFailed { report.exitCode = 74 }
    if let junitPath = options.junitPath {
      do {
        try JUnitWriter().write(report, to: junitPath)
      } catch {
        output.standardError("error: cannot write JUnit report \(junitPath): \(error.reason)")
        report.exitCode = 74
      }
    }
    output.standardOutput(writer.summary(report.summaryLine))
    return report
  }
}

/// A duration in seconds.
private func seconds(_ duration: Duration) -> Double {
  let (whole, attoseconds) = duration.components
  return Double(whole) + Double(attoseconds) / 1e18
}

/// The stack each worker thread gets: 16 MiB, twice the main thread's 8 MiB on Linux
/// and macOS, so a script that runs under `anim run` does not overflow under
/// `anim test` (Dispatch's own worker threads get only 512 KiB on macOS).
private let workerStackSize = 16 << 20

/// Runs `work` on `workers` new threads at once and waits until all are done.
private func runInParallel(workers: Int, _ work: @escaping @Sendable () -> Void) {
  let group = DispatchGroup()
  for _ in 0..<workers {
    group.enter()
    let thread = Thread {
      work()
      group.leave()
    }
    thread.stackSize = workerStackSize
    thread.start()
  }
  group.wait()
}
