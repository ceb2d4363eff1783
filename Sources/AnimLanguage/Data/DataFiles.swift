import AnimFiles

/// The data files a script reads (SPEC §23.1): `csv("sales.csv")`, a list of
/// records keyed by the header, and `json("data.json")`, the JSON value.
public enum DataFormat: String, Sendable {
  case csv, json

  /// The format a builtin's name reads.
  public init?(builtin name: String) { self.init(rawValue: name) }
}

/// A data file's problem as diagnostics: the error in the data file (its
/// line and column) and a note at the script's call that read it.
public struct DataFileProblem: Error {
  /// The error, in the data file (or, when it could not be read, at the
  /// call).
  public var error: Diagnostic
  /// The file the error is in.
  public var file: SourceFile
  /// The note at the call, when the error is in the data file.
  public var note: (Diagnostic, SourceFile)?
}

/// Reading and checking data files, for the interpreter and the checker alike.
public enum DataFiles {
  /// The header of a CSV file's bytes (the names its rows are keyed by), or
  /// nil when it is not valid CSV (SPEC §23.1).
  public static func csvHeader(_ bytes: [UInt8]) -> [String]? {
    try? CSVReader.check(bytes)
  }

  /// Reads the data file `name` (relative to the script at `script`, as
  /// written at `pathRange`; `call` is the whole call) and builds its value
  /// with `build`; a problem as diagnostics of `kind`.
  static func read<Result>(
    _ name: String, _ format: DataFormat, from script: SourceFile, pathRange: SourceRange,
    call: SourceRange, kind: Diagnostic.Kind, readFile: (String) throws -> [UInt8],
    build: ([UInt8]) throws(DataError) -> Result
  ) -> Swift.Result<Result, DataFileProblem> {
    let full = FilePaths.resolve(name, from: script.path)
    let bytes: [UInt8]
    do {
      if let reason = FileBytes.notRegular(full) { throw FileError(path: full, reason: reason) }
      bytes = try readFile(full)
    } catch {
      let reason =
        switch error {
        case let tooLarge as ScriptRunner.FileTooLarge: tooLarge.description
        case let failed as FileError:
          failed.reason.prefix(1).lowercased() + failed.reason.dropFirst()
        default: "no such file"
        }
      return .failure(
        DataFileProblem(
          error: .error(
            "cannot read \(SyntaxFormat.quoted(name)): \(reason)", at: pathRange,
            hint:
              "looked for \(FilePaths.beside(name, of: script.path)): a data file's path is relative to the script's folder",
            kind: kind),
          file: script, note: nil))
    }
    do throws(DataError) {
      return .success(try build(bytes))
    } catch {
      let data = SourceFile(path: FilePaths.beside(name, of: script.path), bytes: bytes)
      let range = data.range(from: error.offset, to: error.offset)
      return .failure(
        DataFileProblem(
          error: .error(error.message, at: range, kind: kind), file: data,
          note: (
            .note(
              "\(format.rawValue)() read \(SyntaxFormat.quoted(name)) here", at: call, kind: kind),
            script
          )))
    }
  }
}

extension DataFiles {
  /// The problems of the data files `checker` saw named (`csv("…")`), each
  /// read and checked as it would be when the script runs, with the
  /// diagnostics of a name error: found before running (exit 65).
  static func problems(
    of checker: NameChecker, in script: SourceFile, readFile: (String) throws -> [UInt8]
  ) -> [(Diagnostic, SourceFile)] {
    var found: [(Diagnostic, SourceFile)] = []
    var seen: Set<String> = []
    for read in checker.dataReads where !checker.isBound(read.format.rawValue) {
      guard seen.insert("\(read.format.rawValue):\(read.path)").inserted else { continue }
      let result = Self.read(
        read.path, read.format, from: script, pathRange: read.pathRange, call: read.call,
        kind: .name, readFile: readFile
      ) { bytes throws(DataError) in
        switch read.format {
        case .csv: _ = try CSVReader.check(bytes)
        case .json: _ = try JSONReader.read(bytes, into: DataCheck())
        }
      }
      if case .failure(let problem) = result {
        found.append((problem.error, problem.file))
        if let note = problem.note { found.append(note) }
      }
    }
    return found
  }
}

/// Checks a JSON text as `DataValues` reads it, building nothing.
struct DataCheck: JSONBuilder {
  func null() {}
  func bool(_ value: Bool) {}
  func number(_ value: Double) {}
  func string(_ value: String) {}
  func array(_ items: [Void]) {}
  func object(_ keys: [String], _ values: [Void], keyOffsets: [Int], in bytes: [UInt8])
    throws(DataError)
  {
    try DataValues.checkKeys(keys, keyOffsets, in: bytes)
  }
}

extension Interpreter {
  /// `csv(name)` or `json(name)`: the file's value, read once per script
  /// (a later call of the same file gives the same value).
  func readData(
    _ name: String, _ format: DataFormat, pathRange: SourceRange, call: SourceRange
  ) throws -> Value {
    let key = "\(format.rawValue):\(FilePaths.resolve(name, from: file.path))"
    if let value = dataFiles[key] { return value }
    let result = DataFiles.read(
      name, format, from: file, pathRange: pathRange, call: call, kind: .runtime,
      readFile: readFile
    ) { bytes throws(DataError) in
      switch format {
      case .csv: return try DataValues.csv(bytes)
      case .json: return try JSONReader.read(bytes, into: DataValues())
      }
    }
    switch result {
    case .success(let value):
      if case .list(let list) = value { try spend(list.size / 100, at: call) }
      dataFiles[key] = value
      return value
    case .failure(let problem):
      var error = RuntimeError(
        problem.error.message, at: problem.error.range, hint: problem.error.hint,
        file: problem.file)
      if let note = problem.note { error.notes = [note] }
      throw error
    }
  }
}

/// Builds a script's values from a data file: CSV rows as records sharing
/// the header's names, JSON objects as records, arrays as lists, `null` as
/// `none`.
struct DataValues: JSONBuilder {
  func null() -> Value { .none }
  func bool(_ value: Bool) -> Value { .bool(value) }
  func number(_ value: Double) -> Value { .number(value) }
  func string(_ value: String) -> Value { .string(value) }

  func array(_ items: [Value]) throws(DataError) -> Value {
    guard let list = ValueList(items) else { throw Self.tooLarge() }
    return .list(list)
  }

  func object(_ keys: [String], _ values: [Value], keyOffsets: [Int], in bytes: [UInt8])
    throws(DataError) -> Value
  {
    try Self.checkKeys(keys, keyOffsets, in: bytes)
    guard let record = ValueRecord(shape: RecordShape(keys), values: values) else {
      throw Self.tooLarge()
    }
    return .record(record)
  }

  /// An object's keys: none given twice (a record has one field of a name).
  static func checkKeys(_ keys: [String], _ keyOffsets: [Int], in bytes: [UInt8])
    throws(DataError)
  {
    guard keys.count > 1 else { return }
    var seen: [String: Int] = [:]
    for (key, offset) in zip(keys, keyOffsets) {
      if let first = seen[key] {
        let (line, column) = DataError.location(of: first, in: bytes)
        throw DataError(
          "the key \(SyntaxFormat.quoted(key)) is given twice (first at \(line):\(column))",
          at: offset, in: bytes)
      }
      seen[key] = offset
    }
  }

  private static func tooLarge() -> DataError {
    DataError(
      "the data holds more than \(ValueList.maximumSize) items in all", at: 0, in: [])
  }

  /// A CSV file's rows as a list of records.
  static func csv(_ bytes: [UInt8]) throws(DataError) -> Value {
    let (header, rows) = try CSVReader.read(bytes) { cell -> Value in
      switch cell {
      case .number(let v): .number(v)
      case .text(let s): .string(s)
      }
    }
    guard (header.count + 1) * rows.count <= ValueList.maximumSize else { throw tooLarge() }
    let shape = RecordShape(header)
    var records: [Value] = []
    records.reserveCapacity(rows.count)
    for row in rows {
      // Flat cells: always within the limits.
      records.append(.record(ValueRecord(shape: shape, values: row)!))
    }
    return .list(ValueList(records)!)
  }
}
