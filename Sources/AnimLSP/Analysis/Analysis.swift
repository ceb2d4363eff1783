import AnimFiles
import AnimLanguage

/// What the language server knows about one version of a document: its
/// syntax tree and diagnostics (from the same front end as `anim check`),
/// and, computed when first asked for, its declarations and those of the
/// files it imports.
final class Analysis {
  let source: SourceFile
  let program: Program
  let files: FileProvider
  private var cachedTable: DeclarationTable?
  private var cachedImports: [DeclarationTable]?

  init(source: SourceFile, files: FileProvider) {
    self.source = source
    self.files = files
    program = Program(source: source, readFile: files.read)
  }

  /// The top-level statements that parsed.
  var statements: [Stmt] { program.statements }

  /// This file's declarations.
  var table: DeclarationTable {
    if let cachedTable { return cachedTable }
    let table = DeclarationTable(program.statements, file: source)
    cachedTable = table
    return table
  }

  /// The declarations of every file imported, directly or not (each once).
  var importedTables: [DeclarationTable] {
    if let cachedImports { return cachedImports }
    var tables: [DeclarationTable] = []
    var seen: Set<String> = [FilePaths.canonical(source.path)]
    var queue = table.imports.map(\.resolved)
    while let path = queue.first {
      queue.removeFirst()
      guard seen.insert(path).inserted, let file = files.source(path) else { continue }
      let imported = DeclarationTable(Parser.parse(file).statements, file: file)
      tables.append(imported)
      queue += imported.imports.map(\.resolved)
    }
    cachedImports = tables
    return tables
  }

  /// The declaration `name` means at `offset`: in this file, else in an import.
  func lookup(_ name: String, at offset: Int) -> Declaration? {
    if let local = table.lookup(name, at: offset) { return local }
    for imported in importedTables {
      if let d = imported.lookup(name, at: Int.max) { return d }
    }
    return nil
  }

  /// The diagnostics `anim check` reports for this text (its errors and
  /// warnings), as LSP diagnostics. An error in an imported file is shown
  /// at the `import` that brings it in, one in a data file (SPEC §23.1) at
  /// the call that reads it (the note after it), each with its own place as
  /// related information.
  var lspDiagnostics: [JSON] {
    let mainPath = FilePaths.canonical(source.path)
    let all = program.diagnostics
    return all.indices.filter { all[$0].0.severity != .note }.map { index in
      let (diagnostic, file) = all[index]
      let sameFile = file.path == source.path || FilePaths.canonical(file.path) == mainPath
      var related: [JSON] = []
      var range = source.lspRange(diagnostic.range)
      var message = diagnostic.message
      if !sameFile {
        let location = diagnostic.range.location
        let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
        message = "\(name):\(location.line):\(location.column): \(diagnostic.message)"
        let note = index + 1 < all.count && all[index + 1].0.severity == .note
        range = source.lspRange(
          note
            ? all[index + 1].0.range
            : importStatement(leadingTo: file.path)?.range ?? diagnostic.range.startOnly)
        related.append([
          "location": [
            "uri": .string(DocumentURI.uri(of: file.path)),
            "range": file.lspRange(diagnostic.range),
          ],
          "message": .string(diagnostic.message),
        ])
      }
      if let hint = diagnostic.hint {
        related.append([
          "location": ["uri": .string(DocumentURI.uri(of: source.path)), "range": range],
          "message": .string("hint: \(hint)"),
        ])
      }
      var object: [String: JSON] = [
        "range": range, "severity": .int(diagnostic.severity == .warning ? 2 : 1),
        "source": "anim", "message": .string(message),
        "code": .string(diagnostic.kind.rawValue),
      ]
      if !related.isEmpty { object["relatedInformation"] = .array(related) }
      return .object(object)
    }
  }

  /// The main file's `import` through which `path` is reached, if any.
  private func importStatement(leadingTo path: String) -> Stmt? {
    let target = FilePaths.canonical(path)
    for entry in table.imports {
      var seen: Set<String> = []
      var queue = [entry.resolved]
      while let next = queue.popLast() {
        if next == target { return entry.statement }
        guard seen.insert(next).inserted, let file = files.source(next) else { continue }
        queue += DeclarationTable(Parser.parse(file).statements, file: file).imports.map(\.resolved)
      }
    }
    return table.imports.first?.statement
  }
}
