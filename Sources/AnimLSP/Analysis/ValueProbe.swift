import AnimEngine
import AnimLanguage
import Foundation

/// Finds what a binding holds without running the script: it runs, in a
/// fresh interpreter, only the declarations the binding depends on (the
/// views, groups, lets and defs its value names, and theirs), never a
/// `step`, a handler or a loop, within a small work limit.
struct ValueProbe {
  /// The most statements a probe runs.
  static let maximumStatements = 5000
  /// The work one probe may do (`Interpreter.workLimit`): a thousandth of a
  /// script's, some milliseconds at most.
  static let workLimit = 100_000

  let analysis: Analysis
  let files: FileProvider

  /// The value `declaration` binds, or nil when it cannot be known this way.
  func value(of declaration: Declaration) -> Value? {
    // A family's members are declared by the loop around them, not run here.
    guard declaration.scope == nil, declaration.kind != .parameter,
      declaration.kind != .loopVariable, declaration.kind != .runHandle,
      declaration.kind != .family
    else { return nil }
    var needed: [Int: (Stmt, SourceFile)] = [:]
    var order: [(file: String, start: Int)] = []
    var queue: [(Stmt, SourceFile)] = [(declaration.statement, declaration.file)]
    while let (statement, file) = queue.popLast() {
      let key = Self.key(statement, file)
      guard needed[key] == nil, needed.count < Self.maximumStatements else { continue }
      needed[key] = (statement, file)
      order.append((file.path, statement.range.start))
      for name in Self.names(usedBy: statement) {
        guard let d = lookup(name, before: statement, in: file), d.scope == nil,
          Self.isDefinition(d.statement)
        else { continue }
        queue.append((d.statement, d.file))
      }
    }
    let interpreter = Interpreter(file: analysis.source, output: { _ in })
    interpreter.readFile = files.read
    interpreter.workLimit = Self.workLimit
    // Imported files first (they ran at their import), then this file, in source order.
    let statements = needed.values.sorted { a, b in
      let aMain = a.1.path == analysis.source.path
      let bMain = b.1.path == analysis.source.path
      if aMain != bMain { return !aMain }
      if a.1.path != b.1.path { return a.1.path < b.1.path }
      return a.0.range.start < b.0.range.start
    }
    for (statement, file) in statements {
      try? interpreter.execute([statement], in: file)
    }
    let name = Expr(.identifier(declaration.name), range: declaration.nameRange)
    return try? interpreter.evaluate(name, in: analysis.source)
  }

  private static func key(_ s: Stmt, _ file: SourceFile) -> Int {
    s.range.start &* 31 &+ file.path.hashValue
  }

  private func lookup(_ name: String, before s: Stmt, in file: SourceFile) -> Declaration? {
    if file.path == analysis.source.path { return analysis.lookup(name, at: s.range.start) }
    for table in analysis.importedTables where table.all.first?.file.path == file.path {
      if let d = table.lookup(name, at: s.range.start) { return d }
    }
    return analysis.lookup(name, at: Int.max)
  }

  /// Whether running the statement only binds a name (no clock, no runs, no output).
  private static func isDefinition(_ s: Stmt) -> Bool {
    switch s.kind {
    case .viewDeclaration, .gridDeclaration, .soundDeclaration, .groupDeclaration,
      .functionDefinition:
      return true
    case .letBinding(_, let value), .assignment(_, let value): return !value.isRun
    default: return false
    }
  }

  /// The names a statement reads.
  static func names(usedBy s: Stmt) -> Set<String> {
    var names: Set<String> = []
    func visit(_ e: Expr) {
      switch e.kind {
      case .identifier(let name): names.insert(name)
      case .tuple(let items), .list(let items), .chain(_, let items): items.forEach(visit)
      case .call(let callee, let arguments):
        visit(callee)
        arguments.forEach { visit($0.value) }
      case .member(let base, _): visit(base)
      case .index(let base, let index):
        visit(base)
        visit(index)
      case .negate(let operand), .not(let operand): visit(operand)
      case .binary(_, let left, let right):
        visit(left)
        visit(right)
      case .run(let motion, _): visit(motion)
      case .interpolation(let parts):
        for case .value(let value) in parts { visit(value) }
      case .record(let fields): fields.forEach { visit($0.value) }
      case .comprehension(let variable, let sequence, let condition, let body):
        visit(sequence)
        let bound = names.contains(variable.name)
        condition.map(visit)
        visit(body)
        if !bound { names.remove(variable.name) }
      case .number, .string, .bool: break
      }
    }
    switch s.kind {
    case .viewDeclaration(_, _, let index, let arguments, _):
      index.map(visit)
      arguments.forEach { visit($0.value) }
    case .gridDeclaration(_, let arguments):
      arguments.forEach { visit($0.value) }
    case .groupDeclaration(_, let value), .letBinding(_, let value): visit(value)
    case .assignment(let target, let value):
      if case .identifier = target.kind {} else { visit(target) }
      visit(value)
    case .functionDefinition(_, let parameters, let body):
      visit(body)
      for p in parameters { names.remove(p.name) }
    default: break
    }
    return names
  }

  /// A number as anim prints it: SPEC §3's one formatter (`-0` prints `0`).
  static func number(_ value: Double) -> String { NumberText.format(value) }
}
