import AnimFiles
import AnimLanguage

/// A name a script binds, where, and as what. A class: a script of 1 MB
/// has 25 000 of them, and completion passes them around in lists.
final class Declaration {
  /// What a declaration binds.
  enum Kind: String {
    case view, family, grid, group, sound, variable, function, parameter, loopVariable, runHandle

    /// How hover names the kind.
    var description: String {
      switch self {
      case .view: "view"
      case .family: "family"
      case .grid: "grid"
      case .group: "group"
      case .sound: "sound"
      case .variable: "variable"
      case .function: "function"
      case .parameter: "parameter"
      case .loopVariable: "loop variable"
      case .runHandle: "run handle"
      }
    }
  }

  let name: String
  let kind: Kind
  /// The name as written in the declaration.
  let nameRange: SourceRange
  /// The whole declaring statement.
  let statement: Stmt
  /// Where the name is visible: nil for the whole file, else a `def`'s or a
  /// block's range.
  let scope: SourceRange?
  /// The file it is in.
  let file: SourceFile

  init(
    name: String, kind: Kind, nameRange: SourceRange, statement: Stmt, scope: SourceRange?,
    file: SourceFile
  ) {
    self.name = name
    self.kind = kind
    self.nameRange = nameRange
    self.statement = statement
    self.scope = scope
    self.file = file
  }
}

/// The declarations of one file's syntax tree.
struct DeclarationTable {
  private(set) var all: [Declaration] = []
  /// `import` statements: the path as written, resolved, and the statement.
  private(set) var imports: [(path: String, resolved: String, statement: Stmt)] = []

  /// Where a name's declarations are: its first in `all` (the others
  /// follow through `next`), its last, and its place in `globals` (-1 when
  /// it is declared only in scopes). One dictionary entry per name, no
  /// array per name: a 1 MB script declares 25 000 names.
  private struct Entry {
    var first: Int
    var last: Int
    var global: Int
  }
  private var byName: [String: Entry] = [:]
  /// The next declaration of the same name in `all`, or -1.
  private var next: [Int] = []
  /// Each name declared at the top level once (its last declaration), in
  /// the order they were first declared.
  private(set) var globals: [Declaration] = []
  /// The declarations visible only inside a `def`, a loop or a handler.
  private var scoped: [Declaration] = []

  init(_ statements: [Stmt], file: SourceFile) {
    for s in statements { collect(s, scope: nil, file: file) }
    next = [Int](repeating: -1, count: all.count)
    byName.reserveCapacity(all.count)
    for (index, d) in all.enumerated() {
      var entry = byName[d.name] ?? Entry(first: index, last: index, global: -1)
      if entry.last != index { next[entry.last] = index }
      entry.last = index
      if d.scope != nil {
        scoped.append(d)
      } else if entry.global >= 0 {
        globals[entry.global] = d
      } else {
        entry.global = globals.count
        globals.append(d)
      }
      byName[d.name] = entry
    }
  }

  /// Whether a view or family of this name is declared already.
  private func declaresView(_ name: String) -> Bool {
    all.contains { $0.name == name && ($0.kind == .view || $0.kind == .family) }
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
    case .viewDeclaration(_, let name, let index, _, let children):
      // A view is the scene's: declared in a loop's or a handler's block,
      // it is seen after it, and so is a family (`rect bar[i]`, SPEC §23.1);
      // the first declaration of a name declares it.
      if scope == nil || !declaresView(name.name) {
        add(name, index == nil ? .view : .family, s, nil, file)
      }
      // A block's views are bound where their parent is (SPEC §17).
      for child in children { collect(child, scope: scope, file: file) }
    case .gridDeclaration(let name, _): add(name, .grid, s, scope, file)
    case .soundDeclaration(let name, _, _): add(name, .sound, s, scope, file)
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
    case .conditional(let branches, let otherwise):
      for b in branches.flatMap(\.body) + (otherwise ?? []) {
        collect(b, scope: s.range, file: file)
      }
    case .run(_, let alias?):
      add(alias, .runHandle, s, scope, file)
    case .importFile(let path) where scope == nil:
      imports.append((path, FilePaths.resolve(path, from: file.path), s))
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
    var index = byName[name]?.first ?? -1
    while index >= 0 {
      let d = all[index]
      index = next[index]
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

  /// Whether the file declares `name` anywhere.
  func declares(_ name: String) -> Bool { byName[name] != nil }

  /// The scoped declarations whose scope holds `offset`, innermost first.
  func scoped(at offset: Int) -> [Declaration] {
    scoped.reversed().filter { $0.scope!.start <= offset && offset <= $0.scope!.end }
  }

  /// Names visible at `offset`: the scoped ones around it, then every global one.
  func names(at offset: Int) -> [Declaration] {
    let around = scoped.reversed().filter { $0.scope!.start <= offset && offset <= $0.scope!.end }
    return around + globals
  }
}

extension Expr {
  /// Whether the expression is `run m` (its value a run handle).
  var isRun: Bool {
    if case .run = kind { return true }
    return false
  }
}
