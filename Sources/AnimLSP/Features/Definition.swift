import AnimLanguage

extension LanguageServer {
  /// `textDocument/definition`: where the name under the cursor is bound (in
  /// this file or an imported one), or the file an `import` names.
  func definition(_ params: JSON) throws -> JSON {
    let (document, offset) = try documentAndOffset(params)
    let analysis = analysis(of: document)
    for entry in analysis.table.imports
    where entry.statement.range.start <= offset && offset <= entry.statement.range.end {
      guard files.source(entry.resolved) != nil else { return .null }
      let start = Position(line: 0, character: 0).json
      return [
        "uri": .string(uri(of: entry.resolved, in: document)),
        "range": ["start": start, "end": start],
      ]
    }
    let cursor = TextAtCursor(source: document.source, offset: offset)
    guard let word = cursor.identifier,
      let declaration = analysis.lookup(word.name, at: offset)
    else { return .null }
    return [
      "uri": .string(uri(of: declaration.file.path, in: document)),
      "range": declaration.file.lspRange(declaration.nameRange),
    ]
  }

  /// The URI of a file: the document's own for its path, else a `file:` URI.
  func uri(of path: String, in document: Document) -> String {
    if path == document.source.path { return document.uri }
    return DocumentURI.uri(of: path)
  }
}
