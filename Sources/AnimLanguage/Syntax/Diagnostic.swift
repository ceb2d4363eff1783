/// A message about a place in a script: a syntax error, an unknown name, a
/// runtime failure, an I/O problem, or a note or warning attached to one.
///
/// Errors are values: the lexer, parser and interpreter return them rather than
/// printing them, and `DiagnosticRenderer` turns them into text for the host.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable, Hashable {
    /// The script cannot go on (or cannot start).
    case error
    /// Something is probably wrong but the script goes on.
    case warning
    /// Extra information, such as "too many errors".
    case note
  }

  /// What part of the pipeline found the problem; callers map it to an exit code.
  public enum Kind: String, Sendable, Hashable {
    /// A lexical or grammatical error (exit code 65).
    case syntax
    /// An unknown or misused name found before running (exit code 65).
    case name
    /// A failure while running (exit code 70).
    case runtime
    /// A file could not be read or written (exit code 74).
    case io
  }

  /// How serious it is.
  public var severity: Severity
  /// The message, lower case, without a final period: `expected ')' after arguments`.
  public var message: String
  /// Where it applies; the renderer puts its caret at `range.column` and
  /// underlines the rest of the range on that line.
  public var range: SourceRange
  /// An optional suggestion, rendered on its own line as `= hint: ...`.
  public var hint: String?
  /// What found it.
  public var kind: Kind

  /// Creates a diagnostic.
  public init(
    _ severity: Severity, _ message: String, at range: SourceRange, hint: String? = nil,
    kind: Kind = .syntax
  ) {
    self.severity = severity
    self.message = message
    self.range = range
    self.hint = hint
    self.kind = kind
  }

  /// An error diagnostic.
  public static func error(
    _ message: String, at range: SourceRange, hint: String? = nil, kind: Kind = .syntax
  ) -> Diagnostic {
    Diagnostic(.error, message, at: range, hint: hint, kind: kind)
  }

  /// A note diagnostic.
  public static func note(_ message: String, at range: SourceRange, kind: Kind = .syntax)
    -> Diagnostic
  {
    Diagnostic(.note, message, at: range, kind: kind)
  }

  /// `line:column: severity: message`, without the file name or source excerpt.
  public var description: String {
    "\(range.line):\(range.column): \(severity.rawValue): \(message)"
  }
}
