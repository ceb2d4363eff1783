/// The results of one `anim test` run, in sorted path order, and the exit code.
public struct TestReport: Sendable, Equatable {
  /// One result per file, in the order the files were reported.
  public var results: [TestResult]
  /// The run's wall-clock time in seconds (files run in parallel, so it is less than
  /// the sum of their durations).
  public var duration: Double
  /// The exit code of the run: 0 only when nothing failed, 1 when a file failed,
  /// 66 when a path given does not exist (nothing is run then), 74 when the runner
  /// could not read a directory or write a file it had to (a JUnit report, an
  /// updated test).
  public var exitCode: Int32

  /// Creates a report; its exit code is 1 when a file failed, otherwise 0.
  public init(results: [TestResult], duration: Double = 0) {
    self.results = results
    self.duration = duration
    self.exitCode = 0
    self.exitCode = failed > 0 ? 1 : 0
  }

  /// How many files passed.
  public var passed: Int { results.count { $0.status == .passed } }

  /// How many files failed.
  public var failed: Int {
    results.count { if case .failed = $0.status { true } else { false } }
  }

  /// How many files were skipped.
  public var skipped: Int {
    results.count { if case .skipped = $0.status { true } else { false } }
  }

  /// The last line of every run, which CI reads: `3 passed, 1 failed`, with
  /// `, 2 skipped` appended when any were skipped.
  public var summaryLine: String {
    let line = "\(passed) passed, \(failed) failed"
    return skipped > 0 ? line + ", \(skipped) skipped" : line
  }
}
