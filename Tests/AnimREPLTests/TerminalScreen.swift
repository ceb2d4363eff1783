/// What a terminal shows after some output: just enough of an xterm to
/// replay libedit's drawing (printable characters with automatic margins,
/// `\r`, `\n`, backspace, and the CSI cursor moves and erases it uses), so a
/// test can look at the rows a user would see rather than at raw bytes.
struct TerminalScreen {
  /// The screen's width.
  let columns: Int
  private(set) var rows: [[Character]] = [[]]
  private var row = 0
  private var column = 0
  /// The cursor is past the last column: the next character wraps first.
  private var pendingWrap = false

  init(columns: Int) { self.columns = columns }

  /// The rows as text, trailing blanks dropped.
  var lines: [String] {
    rows.map { String($0).replacingOccurrences(of: " +$", with: "", options: .regularExpression) }
  }

  /// Replays `output`.
  mutating func feed(_ output: String) {
    var characters = Array(output)[...]
    while let c = characters.popFirst() {
      switch c {
      case "\r": column = 0; pendingWrap = false
      case "\n", "\r\n":
        if c == "\r\n" { column = 0 }
        moveTo(row: row + 1)
        pendingWrap = false
      case "\u{08}": column = max(0, column - 1); pendingWrap = false
      case "\u{07}": break
      case "\u{1B}":
        guard characters.first == "[" else {
          characters = characters.dropFirst()
          continue
        }
        characters = characters.dropFirst()
        var parameters = ""
        while let p = characters.first, p.isNumber || p == ";" || p == "?" {
          parameters.append(p)
          characters = characters.dropFirst()
        }
        guard let command = characters.popFirst() else { return }
        control(command, Int(parameters.split(separator: ";").first ?? "") ?? 1)
      default:
        if pendingWrap {
          column = 0
          moveTo(row: row + 1)
          pendingWrap = false
        }
        put(c)
        if column == columns - 1 { pendingWrap = true } else { column += 1 }
      }
    }
  }

  private mutating func control(_ command: Character, _ n: Int) {
    pendingWrap = false
    switch command {
    case "A": row = max(0, row - n)
    case "B": moveTo(row: row + n)
    case "C": column = min(columns - 1, column + n)
    case "D": column = max(0, column - n)
    case "G": column = min(columns - 1, max(0, n - 1))
    case "K": if rows[row].count > column { rows[row].removeSubrange(column...) }
    case "J":
      if rows[row].count > column { rows[row].removeSubrange(column...) }
      rows.removeSubrange((row + 1)...)
    default: break
    }
  }

  private mutating func moveTo(row newRow: Int) {
    row = newRow
    while rows.count <= row { rows.append([]) }
  }

  private mutating func put(_ c: Character) {
    while rows[row].count <= column { rows[row].append(" ") }
    rows[row][column] = c
  }
}
