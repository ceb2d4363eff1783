import AnimEngine

/// Finds names that can never mean anything before a script runs: a call of a
/// function nothing defines, a member of a name nothing binds (`vew.alpha`),
/// a view or group nothing declares where a motion is bound (`m on bx`,
/// `on: bx`, `stagger(bx, …)`), a run handle nothing binds (`on h done`,
/// `seek`, `cancel`, …).
///
/// Bare words are symbols when unbound (`fade(in, 1)`), so only names used as
/// functions, as member or index bases, as targets of a motion, or as run
/// handles are checked. What else the text alone shows to be wrong (a
/// builtin's unknown option, a view's unknown property; SPEC §20) is checked
/// in the same walk (`NameChecker+Settings.swift`), so `anim check` and
/// `anim run` report it before anything runs.
struct NameChecker {
  /// Every name some statement of the program binds (in any order: a handler
  /// may use a name bound later in the file), and the names the host knows;
  /// the builtins are defined too, looked up in their own table.
  private(set) var defined: Set<String>
  /// Uses of names not (yet) defined, in source order: a later statement may
  /// still bind them (`resolve()` decides). Where `builtinsCount` is false
  /// (a view, a run handle) a builtin's name does not do, and the hint names
  /// only the script's own names.
  private var pending: [(name: String, range: SourceRange, message: String, builtinsCount: Bool)] =
    []

  /// What the text shows to be wrong in a builtin call's labels or a view
  /// declaration's settings (SPEC §20), found before running. A call's
  /// problem names its callee: a binding of that name anywhere in the script
  /// (a `def fade`) makes the call the script's own, and `resolve()` drops it.
  var settingErrors: [(callee: String?, diagnostic: Diagnostic)] = []
  /// Names declared as `text` views, and names bound any other way: a
  /// name only in the first is a text wherever it is used (SPEC §18).
  var textNames: Set<String> = []
  var otherNames: Set<String> = []
  /// Families found missing so far: past `Program.maximumErrors` no more
  /// are looked up (each costs a fontconfig match and a ranking of its
  /// families, and only the first errors are reported).
  var missingFamilies = 0
  /// The file whose statements are checked: an image's `src:` is read
  /// relative to it (SPEC §21.4). Nil: no image file is looked at.
  var sourcePath: String?

  init(known: Set<String> = []) {
    // The builtins are not copied in (hashing a hundred names again for each
    // script was a tenth of a one-line script's own work): see `isDefined`.
    defined = known.union(["view", "time"])
    otherNames = known
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
    case .viewDeclaration(let kind, let name, _, let children):
      defined.insert(name.name)
      if kind == .text { textNames.insert(name.name) } else { otherNames.insert(name.name) }
      collect(children)
    case .gridDeclaration(let name, _),
      .groupDeclaration(let name, _),
      .letBinding(let name, _):
      defined.insert(name.name)
      otherNames.insert(name.name)
      if case .letBinding(_, let value) = s.kind { collect(value) }
    case .assignment(let target, let value):
      if case .identifier(let name) = target.kind {
        defined.insert(name)
        otherNames.insert(name)
      }
      collect(value)
    case .functionDefinition(let name, let parameters, _):
      defined.insert(name.name)
      otherNames.insert(name.name)
      for parameter in parameters {
        defined.insert(parameter.name)
        otherNames.insert(parameter.name)
      }
    case .forLoop(let variable, _, let body):
      defined.insert(variable.name)
      otherNames.insert(variable.name)
      collect(body)
    case .handler(_, _, let body):
      collect(body)
    case .conditional(let branches, let otherwise):
      for branch in branches { collect(branch.body) }
      if let otherwise { collect(otherwise) }
    case .run(_, let alias):
      if let alias {
        defined.insert(alias.name)
        otherNames.insert(alias.name)
      }
    default:
      break
    }
  }

  private mutating func collect(_ e: Expr) {
    if case .run(_, let alias?) = e.kind {
      defined.insert(alias.name)
      otherNames.insert(alias.name)
    }
  }

  /// Checks every use in `statements`.
  mutating func check(_ statements: [Stmt]) {
    for s in statements { check(s) }
  }

  /// Checks every use in one statement.
  mutating func check(_ s: Stmt) {
    switch s.kind {
    case .viewDeclaration(let kind, let name, let args, let children):
      if kind.outline == .path && !args.contains(where: { $0.label?.name == "d" }) {
        settingErrors.append(
          (
            nil,
            .error(
              "a shape needs its outline as path data", at: name.range,
              hint: "shape \(name.name)(d: \"M0 0 L100 0 L50 100 Z\", viewBox: (0, 0, 100, 100))",
              kind: .name)
          ))
      }
      if kind == .image && !args.contains(where: { $0.label?.name == Property.src.name }) {
        settingErrors.append(
          (
            nil,
            .error(
              "an image needs its file as src:", at: name.range,
              hint: "image \(name.name)(src: \"logo.png\") (relative to the script's folder)",
              kind: .name)
          ))
      }
      for a in args {
        if a.label?.name == Interpreter.parentLabel {
          checkParent(a, inBlock: false)
          continue
        }
        checkViewSetting(a, kind: kind)
        check(a.value)
      }
      for child in children {
        if case .viewDeclaration(_, _, let childArgs, _) = child.kind {
          for a in childArgs where a.label?.name == Interpreter.parentLabel {
            checkParent(a, inBlock: true)
          }
        }
        check(child)
      }
    case .stage(let args):
      checkStageSettings(args)
      for a in args { check(a.value) }
    case .gridDeclaration(_, let args):
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
      checkTextAssignment(target)
      checkFontAssignment(target, value)
      check(value)
    case .functionDefinition(_, _, let body):
      check(body)
    case .forLoop(_, let sequence, let body):
      check(sequence)
      check(body)
    case .conditional(let branches, let otherwise):
      for branch in branches {
        check(branch.condition)
        check(branch.body)
      }
      if let otherwise { check(otherwise) }
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
      // A builtin is never a run handle: only the script's names count,
      // and the hint names the closest of them.
      if !defined.contains(name) { pending.append((name, e.range, "unknown run handle", false)) }
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
      var staggered = false
      if case .identifier(let name) = callee.kind {
        requireDefined(name, callee.range, "unknown function")
        // `stagger`'s first argument is the group it staggers (unless a
        // binding of the script took the name over).
        staggered = name == "stagger" && !defined.contains(name)
        checkLabels(of: name, arguments)
      } else {
        check(callee)
      }
      for (i, a) in arguments.enumerated() {
        if a.label?.name == "on" || (staggered && i == 0 && a.label == nil) {
          if a.label?.name == "on" { checkTextResize(e, on: a.value) }
          checkTarget(a.value)
        } else {
          check(a.value)
        }
      }
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
    case .negate(let operand), .not(let operand):
      check(operand)
    case .binary(.on, let left, let right):
      check(left)
      checkTextResize(left, on: right)
      checkTarget(right)
    case .binary(_, let left, let right):
      check(left)
      check(right)
    case .chain(_, let operands):
      for operand in operands { check(operand) }
    case .run(let motion, _):
      check(motion)
    }
  }

  /// The views a motion is bound to (`m on t`, `on: t`, `stagger(t, …)`): a
  /// bare name there must be declared (a view, a grid, a group) or bound, as
  /// a word nothing binds is a symbol and never a view. A list is a group of
  /// its items.
  mutating func checkTarget(_ e: Expr) {
    switch e.kind {
    case .identifier(let name):
      if !defined.contains(name) { pending.append((name, e.range, "unknown view", false)) }
    case .list(let items):
      for item in items { checkTarget(item) }
    default:
      check(e)
    }
  }

  private mutating func requireDefined(_ name: String, _ range: SourceRange, _ message: String) {
    if isDefined(name) { return }
    pending.append((name, range, message, true))
  }

  /// The uses whose names nothing in the program binds, as diagnostics.
  func resolve() -> [Diagnostic] {
    let settings = settingErrors.filter { $0.callee.map { !defined.contains($0) } ?? true }.map(
      \.diagnostic)
    let names = resolveNames()
    if settings.isEmpty { return names }
    // In source order, as the parser reports.
    return (names + settings).sorted { $0.range.start < $1.range.start }
  }

  private func resolveNames() -> [Diagnostic] {
    let unresolved = pending.filter {
      $0.builtinsCount ? !isDefined($0.name) : !defined.contains($0.name)
    }
    // Sorting every name (100 000 in a big script) is only worth it for a hint.
    guard !unresolved.isEmpty else { return [] }
    let bound = defined.sorted()
    let candidates = defined.union(Builtins.all.keys).sorted()
    return unresolved.map { use in
      // A view is never a builtin, so its hint names only what the script binds.
      let hint = Spelling.closest(to: use.name, among: use.builtinsCount ? candidates : bound).map {
        "did you mean '\($0)'?"
      }
      return .error("\(use.message) '\(use.name)'", at: use.range, hint: hint, kind: .name)
    }
  }
}
