/// A failure while running a script: a message, the source range it points at
/// and, where it helps, a hint. Reported as `file:line:col: error: message`,
/// exit code 70.
public struct RuntimeError: Error {
  public var message: String
  public var range: SourceRange
  public var hint: String?
  /// The file the range belongs to (an imported file, a handler's file).
  public var file: SourceFile?
  /// `.runtime` (exit 70) unless the error is really a compile error found
  /// late (a syntax error in a file imported from the REPL).
  public var kind: Diagnostic.Kind
  /// Notes shown after the error, each in its file: an error in a data file
  /// (`csv()`, SPEC §23.1) notes where the script read it.
  public var notes: [(Diagnostic, SourceFile)] = []

  public init(
    _ message: String, at range: SourceRange, hint: String? = nil, file: SourceFile? = nil,
    kind: Diagnostic.Kind = .runtime
  ) {
    self.message = message
    self.range = range
    self.hint = hint
    self.file = file
    self.kind = kind
  }

  /// The error as a diagnostic.
  public var diagnostic: Diagnostic {
    .error(message, at: range, hint: hint, kind: kind)
  }
}
