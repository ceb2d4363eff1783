import AnimLanguage

/// A name a script binds, where, and as what.
struct Declaration {
  /// What a declaration binds.
  enum Kind: String {
    case view, grid, group, variable, function, parameter, loopVariable, runHandle

    /// How hover names the kind.
    var description: String {
      switch self {
      case .view: "view"
      case .grid: "grid"
      case .group: "group"
      case .variable: "variable"
      case .function: "function"
      case .parameter: "parameter"
      case .loopVariable: "loop variable"
      case .runHandle: "run handle"
      }
    }
  }

  var name: String
  var kind: Kind
  /// The name as written in the declaration.
  var nameRange: SourceRange
  /// The whole declaring statement.
  var statement: Stmt
  /// Where the name is visible: nil for the whole file, else a `def`'s or a
  /// block's range.
  var scope: SourceRange?
  /// The file it is in.
  var file: SourceFile
}

/// The declarations of one file's syntax tree.
struct DeclarationTable {
  private(set) var all: [Declaration] = []
  /// `import` statements: the path as written, resolved, and the statement.
  private(set) var imports: [(path: String, resolved: String, statement: Stmt)] = []

  init(_ statements: [Stmt], file: SourceFile) {
    for s in statements { collect(s, scope: nil, file: file) }
  }

  private mutating func add(
    _ name: Identifier, _ kind: Declaration.Kind, _ s: Stmt, _ scope: SourceRange?,
    _ file: SourceFile
  ) {
    all.append(
      Declaration(
        name: name.name, kind: kind, nameRange: name.range, statement: s, scope: scope, file: file))
  }

  private mutating func collect(_ s: Stmt, scope: SourceRange?, file: SourceFile) {
    switch s.kind {
    case .viewDeclaration(let name, _): add(name, .view, s, scope, file)
    case .gridDeclaration(let name, _): add(name, .grid, s, scope, file)
    case .groupDeclaration(let name, _): add(name, .group, s, scope, file)
    case .letBinding(let name, let value):
      if case .run(_, let alias?) = value.kind { add(alias, .runHandle, s, scope, file) }
      add(name, value.isRun ? .runHandle : .variable, s, scope, file)
    case .assignment(let target, let value):
      if case .run(_, let alias?) = value.kind { add(alias, .runHandle, s, scope, file) }
      if case .identifier(let name) = target.kind {
        add(
          Identifier(name, range: target.range), value.isRun ? .runHandle : .variable, s, scope,
          file)
      }
    case .functionDefinition(let name, let parameters, _):
      add(name, .function, s, scope, file)
      for p in parameters { add(p, .parameter, s, s.range, file) }
    case .forLoop(let variable, _, let body):
      add(variable, .loopVariable, s, s.range, file)
      for b in body { collect(b, scope: s.range, file: file) }
    case .handler(_, _, let body):
      for b in body { collect(b, scope: s.range, file: file) }
    case .run(_, let alias?):
      add(alias, .runHandle, s, scope, file)
    case .importFile(let path) where scope == nil:
      imports.append((path, FileProvider.resolve(path, from: file.path), s))
    default: break
    }
  }

  /// The declaration `name` means at byte `offset`: the innermost scoped
  /// one around the offset, else the last global one before it, else the
  /// first global one after it (a handler may use a name bound later).
  func lookup(_ name: String, at offset: Int) -> Declaration? {
    var scoped: Declaration?
    var before: Declaration?
    var after: Declaration?
    for d in all where d.name == name {
      if let scope = d.scope {
        guard scope.start <= offset, offset <= scope.end else { continue }
        if scoped == nil || scope.start >= scoped!.scope!.start { scoped = d }
      } else if d.statement.range.start <= offset {
        before = d
      } else if after == nil {
        after = d
      }
    }
    return scoped ?? before ?? after
  }

  /// Names visible at `offset`: every global one and the scoped ones around it.
  func names(at offset: Int) -> [Declaration] {
    var seen: Set<String> = []
    var result: [Declaration] = []
    for d in all.reversed() {
      if let scope = d.scope, !(scope.start <= offset && offset <= scope.end) { continue }
      if seen.insert(d.name).inserted { result.append(d) }
    }
    return result
  }
}

extension Expr {
  /// Whether the expression is `run m` (its value a run handle).
  var isRun: Bool {
    if case .run = kind { return true }
    return false
  }
}
