/// Where the test runner writes: it never prints itself, so the CLI decides.
///
/// Each call gets one line without its line break. The runner calls the two
/// closures from its worker threads, one call at a time, in the order the lines
/// belong in.
public struct TestOutput: Sendable {
  /// The report: result lines, then the summary line, always last.
  public var standardOutput: @Sendable (String) -> Void
  /// Diagnostics about the run itself, such as a path that does not exist.
  public var standardError: @Sendable (String) -> Void

  /// Creates a sink from the two closures.
  public init(
    standardOutput: @escaping @Sendable (String) -> Void,
    standardError: @escaping @Sendable (String) -> Void
  ) {
    self.standardOutput = standardOutput
    self.standardError = standardError
  }
}
