import AnimFiles
import AnimLanguage

/// The fields of the records a binding holds (SPEC §23.1), for completion
/// after `r.` and `rows[0].`: read from a record literal, from the header of
/// the CSV file a `csv("…")` reads, or else from the value a `ValueProbe`
/// finds (a `json("…")`, a list built by a comprehension).
struct RecordProbe {
  let analysis: Analysis
  let files: FileProvider

  /// The fields of the record `d` binds, when they can be known.
  func fields(of d: Declaration) -> [String]? {
    if let value = Self.value(of: d.statement), case .record(let fields) = value.kind {
      return fields.map(\.name.name)
    }
    if case .record(let record)? = probed(d) { return record.shape.names }
    return nil
  }

  /// The fields of the records in the list `d` binds (its first record's).
  func itemFields(of d: Declaration) -> [String]? {
    if let value = Self.value(of: d.statement) {
      switch value.kind {
      case .call(let callee, let arguments):
        // A CSV file's rows are keyed by its header: read only the header.
        if case .identifier("csv") = callee.kind, let path = arguments.first,
          case .string(let name) = path.value.kind,
          let bytes = try? files.read(FilePaths.resolve(name, from: d.file.path))
        {
          return DataFiles.csvHeader(bytes)
        }
      case .list(let items):
        for item in items {
          if case .record(let fields) = item.kind { return fields.map(\.name.name) }
        }
      default:
        break
      }
    }
    guard case .list(let items)? = probed(d) else { return nil }
    for item in items {
      if case .record(let record) = item { return record.shape.names }
    }
    return nil
  }

  /// What the probe finds `d` holds.
  private func probed(_ d: Declaration) -> Value? {
    ValueProbe(analysis: analysis, files: files).value(of: d)
  }

  /// The expression a `let` or an assignment binds.
  private static func value(of s: Stmt) -> Expr? {
    switch s.kind {
    case .letBinding(_, let value), .assignment(_, let value): return value
    default: return nil
    }
  }
}
