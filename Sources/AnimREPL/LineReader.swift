/// What one read from the user gives.
public enum LineInput: Equatable, Sendable {
  /// A line, without its newline.
  case line(String)
  /// Ctrl-C: the line being typed is dropped.
  case interrupted
  /// Ctrl-D on an empty line, or the end of piped input.
  case endOfInput
}

/// Where the REPL gets its lines: a terminal with editing, a pipe, or a test's
/// script. The session never touches the terminal itself, so it runs the same
/// behind any of them.
public protocol LineReader: AnyObject {
  /// Shows `prompt` (when the reader shows prompts) and reads one line.
  func readLine(prompt: String) -> LineInput
  /// Offers `line` to the reader's own history (up-arrow recall); the session
  /// keeps the history file itself.
  func remember(_ line: String)
}

extension LineReader {
  /// Readers without editing keep no history of their own.
  public func remember(_ line: String) {}
}
