import Foundation

/// How `anim test` runs: the command line's options, as values.
public struct TestOptions: Sendable {
  /// What the runner prints.
  public enum Format: Sendable {
    /// `PASS path` / `FAIL path` / `SKIP path` lines (see `PlainWriter`).
    case plain
    /// TAP version 13, `--tap` (see `TAPWriter`).
    case tap
  }

  /// Files and directories to test; a directory is searched recursively for
  /// `.anim` files. Default `["tests"]`.
  public var paths: [String]
  /// `--filter TEXT`: only paths containing this text (case-sensitive) are tested.
  public var filter: String?
  /// `--update`: rewrite each file's `# expect:` lines from its output
  /// (see `ExpectationUpdater`).
  public var update: Bool
  /// Plain or TAP.
  public var format: Format
  /// `--junit FILE`: where to write a JUnit XML report, written atomically.
  public var junitPath: String?
  /// How many files run at once, each on its own thread; a value below 1 counts
  /// as 1. Default: the active processor count.
  public var jobs: Int

  /// Creates options; every one has the command line's default.
  public init(
    paths: [String] = ["tests"], filter: String? = nil, update: Bool = false,
    format: Format = .plain, junitPath: String? = nil,
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.paths = paths
    self.filter = filter
    self.update = update
    self.format = format
    self.junitPath = junitPath
    self.jobs = jobs
  }
}
