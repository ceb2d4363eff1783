/// Finds names that can never mean anything before a script runs: a call of a
/// function nothing defines, a member of a name nothing binds (`vew.alpha`).
///
/// Bare words are symbols when unbound (`fade(in, 1)`), so only names used as
/// functions, as member or index bases, or as run handles are checked.
struct NameChecker {
  /// Every name some statement of the program binds (in any order: a handler
  /// may use a name bound later in the file), and the names the host knows;
  /// the builtins are defined too, looked up in their own table.
  private(set) var defined: Set<String>
  /// Uses of names not (yet) defined, in source order: a later statement may
  /// still bind them (`resolve()` decides).
  private var pending: [(name: String, range: SourceRange, message: String)] = []

  init(known: Set<String> = []) {
    // The builtins are not copied in (hashing a hundred names again for each
    // script was a tenth of a one-line script's own work): see `isDefined`.
    defined = known.union(["view", "time"])
  }

  private func isDefined(_ name: String) -> Bool {
    defined.contains(name) || Builtins.all[name] != nil
  }

  /// Records the names `statements` bind.
  mutating func collect(_ statements: [Stmt]) {
    for s in statements { collect(s) }
  }

  /// Records the names one statement binds.
  mutating func collect(_ s: Stmt) {
    switch s.kind {
    case .viewDeclaration(_, let name, _), .gridDeclaration(let name, _),
      .groupDeclaration(let name, _),
      .letBinding(let name, _):
      defined.insert(name.name)
      if case .letBinding(_, let value) = s.kind { collect(value) }
    case .assignment(let target, let value):
      if case .identifier(let name) = target.kind { defined.insert(name) }
      collect(value)
    case .functionDefinition(let name, let parameters, _):
      defined.insert(name.name)
      for parameter in parameters { defined.insert(parameter.name) }
    case .forLoop(let variable, _, let body):
      defined.insert(variable.name)
      collect(body)
    case .handler(_, _, let body):
      collect(body)
    case .run(_, let alias):
      if let alias { defined.insert(alias.name) }
    default:
      break
    }
  }

  private mutating func collect(_ e: Expr) {
    if case .run(_, let alias?) = e.kind { defined.insert(alias.name) }
  }

  /// Checks every use in `statements`.
  mutating func check(_ statements: [Stmt]) {
    for s in statements { check(s) }
  }

  /// Checks every use in one statement.
  mutating func check(_ s: Stmt) {
    switch s.kind {
    case .viewDeclaration(_, _, let args), .gridDeclaration(_, let args), .stage(let args):
      for a in args { check(a.value) }
    case .groupDeclaration(_, let e), .letBinding(_, let e), .seed(let e), .fps(let e),
      .step(let e),
      .stepFrames(let e), .stepTo(let e), .expression(let e):
      check(e)
    case .stepUntil(let e), .restart(let e), .reverse(let e):
      checkHandle(e)
    case .seek(let run, let time):
      checkHandle(run)
      check(time)
    case .clear(let t), .cancel(let t), .finish(let t), .pause(let t), .resume(let t):
      if case .run(let e) = t { checkHandle(e) }
    case .assignment(let target, let value):
      if case .identifier = target.kind {} else { check(target) }
      check(value)
    case .functionDefinition(_, _, let body):
      check(body)
    case .forLoop(_, let sequence, let body):
      check(sequence)
      check(body)
    case .print(let values):
      for v in values { check(v) }
    case .trace(let values, let interval, let duration):
      for v in values { check(v) }
      check(interval)
      check(duration)
    case .expect(let condition, let tolerance):
      check(condition)
      if let tolerance { check(tolerance) }
    case .handler(let run, _, let body):
      checkHandle(run)
      check(body)
    case .run(let motion, _):
      check(motion)
    case .importFile, .reset, .tick, .settle, .flush, .pool:
      break
    }
  }

  private mutating func checkHandle(_ e: Expr) {
    if case .identifier(let name) = e.kind {
      requireDefined(name, e.range, "unknown run handle")
    } else {
      check(e)
    }
  }

  private mutating func check(_ e: Expr) {
    switch e.kind {
    case .number, .string, .bool, .identifier:
      break
    case .tuple(let items), .list(let items):
      for i in items { check(i) }
    case .call(let callee, let arguments):
      if case .identifier(let name) = callee.kind {
        requireDefined(name, callee.range, "unknown function")
      } else {
        check(callee)
      }
      for a in arguments { check(a.value) }
    case .member(let base, _):
      if case .identifier(let name) = base.kind {
        requireDefined(name, base.range, "unknown name")
      } else {
        check(base)
      }
    case .index(let base, let index):
      if case .identifier(let name) = base.kind {
        requireDefined(name, base.range, "unknown name")
      } else {
        check(base)
      }
      check(index)
    case .negate(let operand):
      check(operand)
    case .binary(_, let left, let right):
      check(left)
      check(right)
    case .chain(_, let operands):
      for operand in operands { check(operand) }
    case .run(let motion, _):
      check(motion)
    }
  }

  private mutating func requireDefined(_ name: String, _ range: SourceRange, _ message: String) {
    if isDefined(name) { return }
    pending.append((name, range, message))
  }

  /// The uses whose names nothing in the program binds, as diagnostics.
  func resolve() -> [Diagnostic] {
    let unresolved = pending.filter { !isDefined($0.name) }
    // Sorting every name (100 000 in a big script) is only worth it for a hint.
    guard !unresolved.isEmpty else { return [] }
    let candidates = defined.union(Builtins.all.keys).sorted()
    return unresolved.map { use in
      let hint = Spelling.closest(to: use.name, among: candidates).map { "did you mean '\($0)'?" }
      return .error("\(use.message) '\(use.name)'", at: use.range, hint: hint, kind: .name)
    }
  }
}
