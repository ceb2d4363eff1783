/// The canonical layout of a script's lines (see `SourceFormatter`):
/// indentation, the spaces between tokens, blank lines and comments.
struct FormatLayout {
  let lines: [FormatLine]

  /// One level of indentation.
  static let indent = "  "

  /// Words after which `(` and `[` start an operand rather than a call or an
  /// index, and after which `-` is a unary minus: the statement keywords and
  /// the keyword operators that take an expression.
  static let keywords: Set<String> = [
    "run", "print", "expect", "step", "to", "within", "every", "for", "in", "on", "as",
    "until", "trace", "fps", "seed", "let", "return", "import", "if", "else", "not", "and", "or",
  ]

  /// The whole script in the layout, ending in one newline (empty for a
  /// script without tokens or comments).
  func render() -> String {
    var rendered: [(code: String, comment: String?)] = []
    var blankBefore: [Bool] = []
    // The brackets open at the start of the current line; each remembers
    // whether it indents the lines inside it.
    var open: [(kind: TokenKind, indents: Bool)] = []
    var continues = false
    for line in lines {
      let leadingClosers = line.items.prefix { Self.isCloser($0.token.kind) }.count
      let kept = open.dropLast(min(leadingClosers, open.count))
      var level = kept.filter(\.indents).count
      let insideBrackets = kept.last.map { $0.kind != .leftBrace } ?? false
      if continues && !insideBrackets && leadingClosers == 0 { level += 1 }

      var code = ""
      var previous: FormatLine.Item?
      // The depth the stack falls to on this line: the brackets above it at
      // the end of the line are the ones this line opened and left open.
      var lowest = open.count
      for item in line.items {
        if let previous {
          code += Self.space(between: previous, and: item)
        }
        code += item.text
        previous = item
        switch item.token.kind {
        case .leftBrace where item.isRecordBrace:
          // A record's braces indent as brackets do.
          open.append((.leftBracket, false))
        case .leftParen, .leftBracket, .leftBrace:
          open.append((item.token.kind, false))
        case .rightParen, .rightBracket, .rightBrace:
          if !open.isEmpty { open.removeLast() }
          lowest = min(lowest, open.count)
        default: break
        }
      }
      // Of the brackets this line opened and left open, the outermost indents.
      if open.count > lowest { open[lowest].indents = true }
      if let last = line.items.last {
        continues = Self.continuesStatement(last)
      }
      let prefix = code.isEmpty ? "" : String(repeating: Self.indent, count: level)
      let indentOnly = String(repeating: Self.indent, count: level)
      rendered.append((code.isEmpty ? indentOnly : prefix + code, line.comment))
      blankBefore.append(line.blankBefore)
    }
    return Self.join(rendered, blankBefore: blankBefore)
  }

  /// The lines with their comments: a comment alone on its line follows the
  /// indentation; a trailing comment comes two spaces after the code.
  static func join(_ lines: [(code: String, comment: String?)], blankBefore: [Bool]) -> String {
    var output = ""
    for (index, line) in lines.enumerated() {
      if blankBefore[index] && !output.isEmpty { output += "\n" }
      output += line.code
      if let comment = line.comment {
        if !line.code.allSatisfy({ $0 == " " }) { output += "  " }
        output += comment
      }
      output += "\n"
    }
    return output
  }

  static func isCloser(_ kind: TokenKind) -> Bool {
    kind == .rightParen || kind == .rightBracket || kind == .rightBrace
  }

  /// Whether a line ending in `item` goes on on the next line: after an
  /// operator, `,`, `=`, `.`, `:` or a keyword operator (`on`, `and`, `or`).
  static func continuesStatement(_ item: FormatLine.Item) -> Bool {
    switch item.token.kind {
    case .identifier:
      return ["on", "and", "or"].contains(item.token.text) && !item.startsStatement
    case .number, .string, .rightParen, .rightBracket, .rightBrace, .error, .newline,
      .endOfFile, .semicolon, .leftParen, .leftBracket, .leftBrace:
      return false
    default: return true
    }
  }

  /// Whether a `-` after `previous` (nil at a statement's start) is a unary minus.
  static func isUnaryMinus(after previous: Token?) -> Bool {
    guard let previous else { return true }
    switch previous.kind {
    case .identifier: return keywords.contains(previous.text)
    case .number, .string, .rightParen, .rightBracket, .rightBrace: return false
    default: return true
    }
  }

  /// The blanks between two tokens on one line.
  static func space(between left: FormatLine.Item, and right: FormatLine.Item) -> String {
    let a = left.token.kind
    let b = right.token.kind
    switch b {
    case .comma, .semicolon, .rightParen, .rightBracket, .colon, .dot: return ""
    case .halfOpenRange, .closedRange: return ""
    case .rightBrace where right.isRecordBrace: return ""
    default: break
    }
    switch a {
    case .leftParen, .leftBracket, .dot, .halfOpenRange, .closedRange: return ""
    case .leftBrace where left.isRecordBrace: return ""
    case .minus:
      if left.isUnaryMinus { return "" }  // a unary minus sticks to its operand
    default: break
    }
    if b == .leftParen || b == .leftBracket {
      switch a {
      case .identifier: return keywords.contains(left.token.text) ? " " : ""
      case .rightParen, .rightBracket, .string: return ""
      default: return " "
      }
    }
    return " "
  }
}
