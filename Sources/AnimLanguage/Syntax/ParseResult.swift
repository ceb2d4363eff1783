/// What `Parser.parse(_:)` found: the statements it could parse, the
/// diagnostics, and whether the input merely stopped too early.
public struct ParseResult: Sendable {
  /// The statements parsed without error, in source order. A statement with an
  /// error is left out; the statements around it are kept.
  public var statements: [Stmt]
  /// Lexical and syntax errors in source order, at most
  /// `Parser.maximumErrorCount`, possibly followed by a "too many errors" note.
  public var diagnostics: [Diagnostic]
  /// Whether more input could complete the text: the first error was found at
  /// the end of the input (an unclosed `(`, `[` or `{`, a trailing operator or
  /// comma, `on h done` with no `{` yet, ...). The REPL then reads another line
  /// with its `...>` prompt instead of reporting the error, as Lua's REPL does
  /// for a syntax error at `<eof>`.
  ///
  /// Give the REPL's lines to the parser each ending in `\n`: then `let` alone
  /// is an error at once (a newline ends the statement), while `a +`, `f(a,`
  /// and `for v in g {` ask for more. A string cannot span lines, so an
  /// unterminated string is an error, never incomplete.
  public var isIncomplete: Bool

  /// Creates a result.
  public init(statements: [Stmt], diagnostics: [Diagnostic], isIncomplete: Bool) {
    self.statements = statements
    self.diagnostics = diagnostics
    self.isIncomplete = isIncomplete
  }

  /// Whether any diagnostic is an error (the script must not run).
  public var hasErrors: Bool {
    diagnostics.contains { $0.severity == .error }
  }
}
