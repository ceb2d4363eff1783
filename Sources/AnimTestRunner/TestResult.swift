/// How one test file fared.
public struct TestResult: Sendable, Equatable {
  /// Passed, failed (with why) or skipped (with why).
  public enum Status: Sendable, Equatable {
    /// The file ran as it expects.
    case passed
    /// The file differs from what it expects; the first difference is the one
    /// reported, the rest are kept for the JUnit report. Never empty.
    case failed(differences: [String])
    /// The file has a `# skip: REASON` directive and was not run.
    case skipped(reason: String)
  }

  /// The file's path as discovered, such as `tests/motions/fade.anim`.
  public var path: String
  /// How it fared.
  public var status: Status
  /// Whether `--update` rewrote its `# expect:` lines.
  public var updated: Bool
  /// How long it took to check, in seconds.
  public var duration: Double
  /// Whether it failed on an error nobody expected (a compile, runtime or I/O
  /// error), rather than on a difference from what it expects.
  public var isError = false
  /// What the script wrote to standard output (for the JUnit `<system-out>`).
  public var output = ""

  /// Creates a result.
  public init(path: String, status: Status, updated: Bool = false, duration: Double = 0) {
    self.path = path
    self.status = status
    self.updated = updated
    self.duration = duration
  }
}
