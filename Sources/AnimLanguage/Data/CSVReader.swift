/// Reads comma-separated values (RFC 4180) from UTF-8 bytes: the first
/// record is the header, each other one a row of cells (SPEC §23.1).
///
/// - Records end at `\r\n`, `\n` or a bare `\r`; a completely empty line is
///   skipped, as is a byte-order mark at the start.
/// - A field that starts with `"` is quoted: it ends at the next `"` not
///   doubled (`""` is one quote), and may hold commas and line breaks. Only
///   `,` or the end of the record may follow its closing quote.
/// - A `"` anywhere in an unquoted field, a quoted field that never ends, a
///   row with another number of cells than the header and a name the header
///   gives twice are errors at their line and column (`DataError`).
/// - A cell is a number when its text (quotes removed, spaces and tabs
///   around it ignored) is a finite decimal number (`12`, `-3.5`, `1e3`,
///   `.5`); any other cell, the empty one included, is its text.
/// - Invalid UTF-8 in a cell is replaced by U+FFFD.
struct CSVReader {
  /// One cell as read.
  enum Cell {
    case number(Double)
    case text(String)
  }

  private let bytes: [UInt8]
  private var index = 0
  /// Whether cells are made at all (`anim check` only validates).
  private let keepsCells: Bool

  private init(_ bytes: [UInt8], keepsCells: Bool) {
    self.bytes = bytes
    self.keepsCells = keepsCells
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  /// The header and the rows of `bytes`, each cell made by `make`.
  static func read<Made>(_ bytes: [UInt8], _ make: (Cell) -> Made) throws(DataError) -> (
    header: [String], rows: [[Made]]
  ) {
    var reader = CSVReader(bytes, keepsCells: true)
    var rows: [[Made]] = []
    let header = try reader.records { cells in rows.append(cells.map(make)) }
    return (header, rows)
  }

  /// Checks `bytes` as `read` would read them, making no cells; the header.
  static func check(_ bytes: [UInt8]) throws(DataError) -> [String] {
    var reader = CSVReader(bytes, keepsCells: false)
    return try reader.records { _ in }
  }

  /// Reads every record, handing each row's cells to `row`; the header.
  private mutating func records(_ row: ([Cell]) -> Void) throws(DataError) -> [String] {
    var header: [String] = []
    var headerRead = false
    var cells: [Cell] = []
    while index < bytes.count {
      if skipLineEnd() { continue }  // an empty line
      cells.removeAll(keepingCapacity: true)
      var starts: [Int] = []
      while true {
        let fieldStart = index
        if !headerRead { starts.append(fieldStart) }
        let cell = try field(typed: headerRead)
        if headerRead, cells.count == header.count {
          throw DataError(
            "this row has more cells than the header's \(header.count)", at: fieldStart,
            in: bytes)
        }
        cells.append(cell)
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
          index += 1
          continue
        }
        break
      }
      let rowEnd = index
      _ = skipLineEnd()
      if !headerRead {
        header = try names(cells, at: starts)
        headerRead = true
        cells.reserveCapacity(header.count)
        continue
      }
      if cells.count < header.count {
        throw DataError(
          "this row has \(cells.count) cell\(cells.count == 1 ? "" : "s") and the header \(header.count)",
          at: rowEnd, in: bytes)
      }
      row(cells)
    }
    return header
  }

  /// Skips one line end (`\r\n`, `\n` or `\r`) at `index`; false when none is there.
  private mutating func skipLineEnd() -> Bool {
    guard index < bytes.count else { return false }
    if bytes[index] == 10 {
      index += 1
      return true
    }
    if bytes[index] == 13 {
      index += 1
      if index < bytes.count, bytes[index] == 10 { index += 1 }
      return true
    }
    return false
  }

  /// The header's names: each cell's text (`starts` where each is); no
  /// name twice.
  private func names(_ cells: [Cell], at starts: [Int]) throws(DataError) -> [String] {
    var names: [String] = []
    var seen: Set<String> = []
    for (cell, start) in zip(cells, starts) {
      guard case .text(let name) = cell else { continue }
      if !seen.insert(name).inserted {
        throw DataError("the header names '\(name)' twice", at: start, in: bytes)
      }
      names.append(name)
    }
    return names
  }

  /// One field from `index`, leaving `index` at the `,` or line end after it.
  /// A header's fields are always text (`typed` false).
  private mutating func field(typed: Bool) throws(DataError) -> Cell {
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { return try quoted(typed: typed) }
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ",") || byte == 10 || byte == 13 { break }
      if byte == UInt8(ascii: "\"") {
        throw DataError(
          "a quote inside an unquoted field; quote the whole field and double each quote in it",
          at: index, in: bytes)
      }
      index += 1
    }
    return cell(start..<index, typed: typed)
  }

  /// A quoted field from its opening quote at `index`.
  private mutating func quoted(typed: Bool) throws(DataError) -> Cell {
    let opening = index
    index += 1
    // The text so far, made only once a doubled quote (`""`) is met.
    var text: [UInt8] = []
    var doubled = false
    var runStart = index
    while true {
      guard index < bytes.count else {
        throw DataError("this quoted field is never closed", at: opening, in: bytes)
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        index += 1
        continue
      }
      guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else { break }
      doubled = true
      if keepsCells { text.append(contentsOf: bytes[runStart...index]) }
      index += 2
      runStart = index
    }
    let closing = index
    index += 1
    if index < bytes.count {
      let next = bytes[index]
      if next != UInt8(ascii: ","), next != 10, next != 13 {
        throw DataError(
          "expected ',' or the end of the line after the closing quote", at: index, in: bytes)
      }
    }
    if !doubled { return cell(runStart..<closing, typed: typed) }
    guard keepsCells else { return .text("") }
    text.append(contentsOf: bytes[runStart..<closing])
    return cell(text, typed: typed)
  }

  /// The cell `bytes[range]` holds.
  private func cell(_ range: Range<Int>, typed: Bool) -> Cell {
    if typed, let number = Self.number(bytes, range) { return .number(number) }
    guard keepsCells || !typed else { return .text("") }
    return .text(String(decoding: bytes[range], as: UTF8.self))
  }

  /// The cell a quoted field's text (its `""` undone) holds.
  private func cell(_ text: [UInt8], typed: Bool) -> Cell {
    if typed, let number = Self.number(text, 0..<text.count) { return .number(number) }
    return .text(String(decoding: text, as: UTF8.self))
  }

  /// The finite number a cell's text spells, spaces and tabs around it
  /// ignored; nil for any other text.
  private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
    var start = range.lowerBound
    var end = range.upperBound
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard start < end else { return nil }
    // Most text cells are told from numbers by their first byte.
    let first = bytes[start]
    guard
      first &- 48 < 10 || first == UInt8(ascii: "-") || first == UInt8(ascii: "+")
        || first == UInt8(ascii: ".")
    else { return nil }
    guard let value = NumberParsing.double(bytes, start..<end), value.isFinite else { return nil }
    return value
  }
}
