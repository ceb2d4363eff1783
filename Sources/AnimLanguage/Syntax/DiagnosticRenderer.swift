/// Turns diagnostics into the GNU form used on the command line and in the REPL:
///
/// ```
/// blink.anim:3:26: error: expected ')' after arguments
/// 3 | run fade(out, 1 + wait(2)
///   |                          ^
///   = hint: the '(' at 3:9 is not closed
/// ```
///
/// The first line is `path:line:column: severity: message`. Then the source
/// line behind a gutter holding its number, and a caret under the column; when
/// the range covers more of that line, the rest is underlined with `~`. A hint,
/// when there is one, follows on a line of its own starting with `=` under the
/// gutter bar, as rustc does. Every rendered line ends with `\n`.
///
/// With `useColor`, the location and message are bold, the severity and caret
/// coloured (error red, warning magenta, note cyan), using ANSI escapes; the
/// caller decides, usually with `shouldUseColor(isTerminal:environment:)`.
/// Every style is closed before the newline that ends its line.
public struct DiagnosticRenderer: Sendable {
  /// Whether to emit ANSI colour and bold escapes.
  public var useColor: Bool

  /// Creates a renderer; colour is off unless asked for.
  public init(useColor: Bool = false) {
    self.useColor = useColor
  }

  /// Whether diagnostics should be coloured: only on a terminal, never when
  /// `NO_COLOR` is set to a non-empty value (the no-color.org convention), and
  /// never for `TERM=dumb`.
  public static func shouldUseColor(isTerminal: Bool, environment: [String: String]) -> Bool {
    guard isTerminal else { return false }
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
    if environment["TERM"] == "dumb" { return false }
    return true
  }

  /// Renders one diagnostic about `source`: the header line, the source line
  /// with its caret, and the hint line if any. Without `showingSeverity` the
  /// header is `path:line:column: message`, the form SPEC §7 gives a failed
  /// expectation (`...: expectation failed: view.alpha is 0.25, ...`).
  public func render(_ diagnostic: Diagnostic, in source: SourceFile, showingSeverity: Bool = true)
    -> String
  {
    let range = diagnostic.range
    var output = ""
    output += style(bold, "\(source.path):\(range.line):\(range.column):")
    output += " "
    if showingSeverity {
      output += style(bold + color(of: diagnostic.severity), "\(diagnostic.severity.rawValue):")
      output += " "
    }
    output += style(bold, Self.shortened(diagnostic.message))
    output += "\n"

    let lineNumber = String(range.line)
    let gutter = String(repeating: " ", count: lineNumber.count)
    let (lineText, column) = Self.excerpt(of: source.lineText(range.line), around: range.column)
    output += lineText.isEmpty ? "\(lineNumber) |\n" : "\(lineNumber) | \(lineText)\n"
    output += "\(gutter) | "
    output += caretPadding(lineText, column: column)
    let room = max(
      1, DisplayWidth.of(lineText) + 1 - DisplayWidth.of(caretPadding(lineText, column: column)))
    output += style(
      bold + color(of: diagnostic.severity), marker(for: range, in: source, atMost: room))
    output += "\n"
    if let hint = diagnostic.hint {
      output += "\(gutter) = " + style(bold, "hint:") + " \(hint)\n"
    }
    return output
  }

  /// Renders several diagnostics about the same source, one after another.
  public func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
    diagnostics.map { render($0, in: source) }.joined()
  }

  // MARK: - Pieces

  /// The blanks before the caret: as many columns as the text before
  /// `column` (a scalar count) takes on a terminal (`DisplayWidth`: a wide
  /// CJK character or emoji takes two, a combining accent none), keeping tabs
  /// as tabs so the caret lines up however the terminal expands them.
  private func caretPadding(_ lineText: String, column: Int) -> String {
    let scalars = lineText.unicodeScalars
    let before = min(max(column - 1, 0), scalars.count)
    let prefix = String(String.UnicodeScalarView(scalars.prefix(before)))
    var padding = ""
    for character in prefix {
      padding +=
        character == "\t" ? "\t" : String(repeating: " ", count: DisplayWidth.of(character))
    }
    if column - 1 > before { padding += String(repeating: " ", count: column - 1 - before) }
    return padding
  }

  /// Source lines longer than this many scalars are shown as an excerpt of
  /// this length around the column, so that a diagnostic about a 100 MB line
  /// is a few lines long rather than twice that size.
  public static let maximumShownLineLength = 160

  /// Messages longer than this many characters are cut (a message may quote
  /// a name or a value of any length).
  public static let maximumMessageLength = 1000

  /// `line` if it is short enough; else the `maximumShownLineLength` scalars
  /// around `column`, with `…` where the line was cut, and the column within
  /// that excerpt.
  static func excerpt(of line: String, around column: Int) -> (text: String, column: Int) {
    let scalars = line.unicodeScalars
    let limit = maximumShownLineLength
    let count = scalars.count
    guard count > limit else { return (line, column) }
    let target = min(max(column - 1, 0), count)
    let start = max(0, min(target - limit / 2, count - limit))
    let from = scalars.index(scalars.startIndex, offsetBy: start)
    let to = scalars.index(from, offsetBy: limit)
    var text = String(String.UnicodeScalarView(scalars[from..<to]))
    var shownColumn = column - start
    if start > 0 {
      text = "…" + text
      shownColumn += 1
    }
    if start + limit < count { text += "…" }
    return (text, shownColumn)
  }

  /// `message`, cut to `maximumMessageLength` characters with a `…`.
  static func shortened(_ message: String) -> String {
    guard message.utf8.count > maximumMessageLength, message.count > maximumMessageLength else {
      return message
    }
    return message.prefix(maximumMessageLength) + "…"
  }

  /// `^` followed by one `~` for each further terminal column the range
  /// takes on its first line, `atMost` marks in all.
  private func marker(for range: SourceRange, in source: SourceFile, atMost limit: Int) -> String {
    let end = source.location(ofOffset: range.end)
    let line = source.lineText(range.line).unicodeScalars
    let from = min(max(range.column - 1, 0), line.count)
    var to = from + 1
    if range.end > range.start {
      to = end.line == range.line ? max(from + 1, end.column - 1) : line.count
    }
    to = min(to, line.count)
    let covered = String(String.UnicodeScalarView(line.dropFirst(from).prefix(max(0, to - from))))
    let width = max(1, DisplayWidth.of(covered))
    return "^" + String(repeating: "~", count: min(width, max(limit, 1)) - 1)
  }

  private var bold: String { "\u{1B}[1m" }

  private func color(of severity: Diagnostic.Severity) -> String {
    switch severity {
    case .error: "\u{1B}[31m"
    case .warning: "\u{1B}[35m"
    case .note: "\u{1B}[36m"
    }
  }

  /// `text` in a style, closed before every newline in it and opened again
  /// after it (a message may quote a string with newlines): no line ends
  /// inside a style, and none starts with a reset.
  private func style(_ escape: String, _ text: String) -> String {
    guard useColor else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.isEmpty ? "" : escape + $0 + "\u{1B}[0m"
    }.joined(separator: "\n")
  }
}
