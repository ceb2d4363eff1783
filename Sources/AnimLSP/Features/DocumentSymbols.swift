import AnimLanguage

extension LanguageServer {
  /// `textDocument/documentSymbol`: the views, grids, groups, bindings,
  /// functions, run handles and imports of a document, with the handlers and
  /// loops that hold declarations as parents of theirs.
  func documentSymbols(_ params: JSON) throws -> JSON {
    let document = try self.document(params)
    let analysis = analysis(of: document)
    return .array(analysis.statements.flatMap { symbols($0, document.source) })
  }

  private func symbols(_ s: Stmt, _ file: SourceFile) -> [JSON] {
    func symbol(
      _ name: String, _ kind: Int, _ selection: SourceRange, detail: String? = nil,
      children: [JSON] = []
    ) -> JSON {
      var object: [String: JSON] = [
        "name": .string(name), "kind": .int(kind), "range": file.lspRange(s.range),
        "selectionRange": file.lspRange(selection),
      ]
      if let detail { object["detail"] = .string(detail) }
      if !children.isEmpty { object["children"] = .array(children) }
      return .object(object)
    }
    switch s.kind {
    case .viewDeclaration(let kind, let name, _, _, let children):
      return [
        symbol(
          name.name, 19, name.range, detail: kind.name,
          children: children.flatMap { symbols($0, file) })
      ]
    case .gridDeclaration(let name, _): return [symbol(name.name, 18, name.range, detail: "grid")]
    case .soundDeclaration(let name, let path, _):
      return [symbol(name.name, 14, name.range, detail: "sound \"\(path)\"")]
    case .groupDeclaration(let name, _): return [symbol(name.name, 18, name.range, detail: "group")]
    case .letBinding(let name, let value):
      return [symbol(name.name, 13, name.range, detail: value.isRun ? "run handle" : "let")]
    case .assignment(let target, let value):
      guard case .identifier(let name) = target.kind else { return [] }
      return [symbol(name, 13, target.range, detail: value.isRun ? "run handle" : nil)]
    case .functionDefinition(let name, let parameters, _):
      let detail = "(" + parameters.map(\.name).joined(separator: ", ") + ")"
      return [symbol(name.name, 12, name.range, detail: detail)]
    case .run(_, let alias?): return [symbol(alias.name, 24, alias.range, detail: "run handle")]
    case .importFile(let path): return [symbol(path, 2, s.range, detail: "import")]
    case .forLoop(let variable, _, let body):
      let children = body.flatMap { symbols($0, file) }
      return [symbol("for \(variable.name)", 3, variable.range, children: children)]
    case .conditional(let branches, let otherwise):
      let children = (branches.flatMap(\.body) + (otherwise ?? [])).flatMap { symbols($0, file) }
      guard !children.isEmpty, let first = branches.first else { return [] }
      let name = "if \(file.text(in: first.condition.range))"
      return [symbol(name, 3, first.condition.range, children: children)]
    case .handler(let run, let event, let body):
      let children = body.flatMap { symbols($0, file) }
      let name = "on \(file.text(in: run.range)) \(event)"
      return [symbol(name, 24, run.range, children: children)]
    default: return []
    }
  }
}
