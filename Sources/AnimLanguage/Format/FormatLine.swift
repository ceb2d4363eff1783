/// One line of a script as the formatter sees it: its tokens, written as in
/// the source, and the comment that ends it, if any.
struct FormatLine {
  /// One token of the line.
  struct Item {
    /// The token.
    var token: Token
    /// Its text exactly as written (`300ms`, `"a\n"`, `.5`).
    var text: String
    /// Whether it is the first token of a statement (the file's first token,
    /// or the first after a statement-ending newline).
    var startsStatement: Bool
    /// Whether it is a `-` that negates what follows (rather than subtracts).
    var isUnaryMinus = false
    /// Whether it is a `{` or `}` of a record literal (SPEC §23.1), laid out
    /// as a bracket (`{month: "Jan"}`), not as a block.
    var isRecordBrace = false
  }

  var items: [Item] = []
  /// The comment's text from its `#`, without trailing blanks.
  var comment: String?
  /// Whether one or more blank lines come before this line.
  var blankBefore = false

  var isEmpty: Bool { items.isEmpty && comment == nil }

  /// The lines of `source`, given its tokens (`Lexer.tokens(of:)`): the bytes
  /// between two tokens hold only blanks, line breaks (`\n`, `\r\n`, `\r`) and
  /// comments.
  static func split(_ source: SourceFile, tokens: [Token]) -> [FormatLine] {
    let bytes = source.bytes
    var lines: [FormatLine] = []
    var current = FormatLine()
    var pendingBlank = false

    func endLine() {
      if current.isEmpty {
        pendingBlank = !lines.isEmpty
      } else {
        current.blankBefore = pendingBlank
        lines.append(current)
        pendingBlank = false
      }
      current = FormatLine()
    }

    /// Reads the trivia in `start..<end`.
    func scanTrivia(from start: Int, to end: Int) {
      var index = start
      while index < end {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
          endLine()
          index += 1
        } else if byte == UInt8(ascii: "\r") {
          endLine()
          index += 1
          if index < end, bytes[index] == UInt8(ascii: "\n") { index += 1 }
        } else if byte == UInt8(ascii: "#") {
          var stop = index
          while stop < end, bytes[stop] != UInt8(ascii: "\n"), bytes[stop] != UInt8(ascii: "\r") {
            stop += 1
          }
          var text = String(decoding: bytes[index..<stop], as: UTF8.self)
          while let last = text.last, last == " " || last == "\t" { text.removeLast() }
          current.comment = text
          index = stop
        } else {
          index += 1  // a blank (or the byte-order mark, which is dropped)
        }
      }
    }

    var position = 0
    var afterStatementEnd = true
    var previous: Token?
    // The braces open, each true for a record's (the lexer's rule).
    var braces: [Bool] = []
    for token in tokens {
      switch token.kind {
      case .newline:
        afterStatementEnd = true
        continue
      case .endOfFile:
        continue
      default:
        break
      }
      scanTrivia(from: position, to: token.range.start)
      var item = Item(
        token: token, text: source.text(in: token.range), startsStatement: afterStatementEnd)
      item.isUnaryMinus =
        token.kind == .minus
        && FormatLayout.isUnaryMinus(after: afterStatementEnd ? nil : previous)
      if token.kind == .leftBrace {
        let before = afterStatementEnd ? nil : previous
        let record =
          before.map {
            $0.kind.expectsOperand || ($0.kind == .identifier && Lexer.opensRecord(after: $0.text))
          } ?? false
        braces.append(record)
        item.isRecordBrace = record
      } else if token.kind == .rightBrace {
        item.isRecordBrace = braces.popLast() ?? false
      }
      current.items.append(item)
      afterStatementEnd = false
      previous = token
      position = token.range.end
    }
    scanTrivia(from: position, to: bytes.count)
    endLine()
    return lines
  }
}
