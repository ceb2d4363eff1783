/// What running one script produced: its output, its errors, its failed `expect`
/// statements and its exit code.
///
/// The test runner judges a file from this value alone, so the interpreter and the
/// runner never meet: the CLI runs the script and fills one of these in.
public struct ScriptOutcome: Sendable {
  /// The kind of an error that stopped a script, each with its exit code (SPEC §8).
  public enum ErrorKind: Sendable {
    /// A syntax or name error found before the script ran (exit 65).
    case compile
    /// An error that stopped the script while it ran (exit 70).
    case runtime
    /// A file could not be read or written, such as a missing import (exit 74).
    case io
  }

  /// One error the script reported, at a 1-based line and column of the file.
  ///
  /// A line of 0 or less means the error has no place in the file.
  public struct Failure: Sendable {
    /// Which kind of error this is.
    public var kind: ErrorKind
    /// The 1-based line the error is reported at.
    public var line: Int
    /// The 1-based column the error is reported at.
    public var column: Int
    /// The diagnostic's message, without the `file:line:col: error: ` prefix.
    public var message: String

    /// Creates an error report.
    public init(kind: ErrorKind, line: Int, column: Int, message: String) {
      self.kind = kind
      self.line = line
      self.column = column
      self.message = message
    }
  }

  /// One `expect` statement that did not hold; the script went on after it.
  public struct FailedExpectation: Sendable {
    /// The 1-based line of the `expect` statement.
    public var line: Int
    /// The 1-based column of the `expect` statement.
    public var column: Int
    /// The full message, such as
    /// `expectation failed: view.alpha is 0.25, expected 0.5 (t=1.5)`.
    public var message: String

    /// Creates a failed expectation.
    public init(line: Int, column: Int, message: String) {
      self.line = line
      self.column = column
      self.message = message
    }
  }

  /// Everything the script printed (`print`, `trace`, ...), as `"\n"`-terminated lines.
  public var stdout: String
  /// Where each line of `stdout` was printed, as `# expect:` counts lines
  /// (see `outputLineCount`): the 1-based line of the file on which the
  /// top-level statement running then ends (a handler's `print` counts for
  /// the `step` that fired it, a loop's for the loop). Empty when not known;
  /// `--update` writes new `# expect:` lines after those statements.
  public var outputOrigins: [Int] = []
  /// The compile errors (there may be several) or the one runtime error that stopped
  /// the script; empty when it ran to its end.
  public var errors: [Failure]
  /// The `expect` statements that did not hold, in the order they failed.
  public var failedExpectations: [FailedExpectation]
  /// The exit code `anim run` would give: 0, 1, 65, 66, 70 or 74.
  public var exitCode: Int32

  /// Creates an outcome; every part but the output defaults to a clean run.
  public init(
    stdout: String, errors: [Failure] = [], failedExpectations: [FailedExpectation] = [],
    exitCode: Int32 = 0
  ) {
    self.stdout = stdout
    self.errors = errors
    self.failedExpectations = failedExpectations
    self.exitCode = exitCode
  }

  /// How many lines of output one printed line makes for `# expect:`: one,
  /// plus one for each line break inside it (`"\n"`, `"\r\n"` or `"\r"`).
  public static func outputLineCount(_ printed: String) -> Int {
    SourceLine.split(printed + "\n").count
  }
}
