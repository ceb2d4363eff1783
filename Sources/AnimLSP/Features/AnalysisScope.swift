import AnimLanguage

/// The names a document's analysis sees at a cursor, for the completion
/// engine: the parameters and loop variables around it, the file's names,
/// then those of the files it imports.
struct AnalysisScope: CompletionScope {
  let analysis: Analysis
  let offset: Int

  /// Every declaration visible at the cursor whose name matches `prefix`.
  /// A file's top-level names are unique in its table, so only the few
  /// scoped names and the imports need checking against the others.
  func names(matching prefix: String, limit: Int) -> [CompletionName] {
    let prefix = Array(prefix.utf8)
    func matches(_ name: String) -> Bool {
      var index = 0
      for byte in name.utf8 {
        if index == prefix.count { return true }
        if byte | 0x20 != prefix[index] | 0x20 { return false }
        index += 1
      }
      return index == prefix.count
    }
    let table = analysis.table
    let around = table.scoped(at: offset).filter { matches($0.name) }
    var shadowed = Set(around.map(\.name))
    var result = around
    for d in table.globals where matches(d.name) && !shadowed.contains(d.name) {
      if result.count >= limit { return result.map(Self.name) }
      result.append(d)
    }
    for imported in analysis.importedTables {
      for d in imported.globals where matches(d.name) {
        if !table.declares(d.name), shadowed.insert(d.name).inserted { result.append(d) }
      }
    }
    return result.map(Self.name)
  }

  private static func name(_ d: Declaration) -> CompletionName {
    let kind: CompletionName.Kind
    switch d.kind {
    case .view: kind = .view
    case .family, .grid: kind = .grid
    case .group: kind = .group
    case .runHandle: kind = .runHandle
    case .function: kind = .function
    case .sound, .variable, .parameter, .loopVariable: kind = .unknown
    }
    return CompletionName(name: d.name, kind: kind, detail: d.kind.description)
  }

  /// An indexed view (`tiles[2]`) and `view` are views; a declared name has
  /// the members of its kind; anything else is not known.
  func owner(of base: String) -> MemberOwner? {
    if base == "view" { return .view(.view) }
    if let open = base.firstIndex(of: "[") {
      let name = String(base[..<open])
      let declaration = analysis.lookup(name, at: offset)
      if declaration?.kind == .variable, let fields = probe.itemFields(of: declaration!) {
        // `rows[0].`: the fields of a list's records (SPEC §23.1).
        return .record(fields)
      }
      // A grid's tiles are plain views; a group's members may be of any kind.
      return .view(declaration?.kind == .grid ? .view : nil)
    }
    let declaration = analysis.lookup(base, at: offset)
    switch declaration?.kind {
    case .view?: return .view(nil)
    case .family?, .grid?, .group?: return .group
    case .runHandle?: return .handle
    case .variable?:
      // `r.`: a record's fields, from its literal or the file it is read from.
      return probe.fields(of: declaration!).map(MemberOwner.record)
    default: return nil
    }
  }

  /// Finds what bindings hold, for the fields of records.
  private var probe: RecordProbe { RecordProbe(analysis: analysis, files: analysis.files) }
}
