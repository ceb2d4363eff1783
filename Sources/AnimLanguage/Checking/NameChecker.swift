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
  /// What the checker knows of each name, in one table so that a name is
  /// hashed once per statement rather than once per fact: whether some
  /// statement of the program binds it (in any order: a handler may use a
  /// name bound later in the file) or the host knows it; whether it is
  /// declared as a `text` view or bound another way (a name only declared
  /// as a text is a text wherever it is used, SPEC §18); whether it is
  /// declared as a view without an index or bound another way (a name only
  /// the first is a view wherever it is used); and whether the statements
  /// checked so far bind it (a `parent:` must name a view declared above,
  /// SPEC §17). The builtins are defined too, looked up in their own table.
  private(set) var names = NameTable<NameFacts>()
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
  /// Families found missing so far: past `Program.maximumErrors` no more
  /// are looked up (each costs a fontconfig match and a ranking of its
  /// families, and only the first errors are reported).
  var missingFamilies = 0
  /// The checked script's path: a text's `font:` path is found relative to
  /// its folder, as the interpreter finds it (nil: fonts are not checked).
  var scriptPath: String?
  /// Things probably wrong that do not stop the script (SPEC §23.1: a view
  /// declared without an index in a loop's body), in source order.
  var warnings: [Diagnostic] = []
  /// The loop variables of the `for` loops being checked, innermost last.
  private var loops: [String] = []
  /// The file checked, for hints that quote it (`m on a | m2 on b`).
  var source: SourceFile?
  /// Whether the walk is in a `def`'s or a handler's body, which run later.
  var inDeferredBody = false
  /// `parent:`s naming what nothing above binds (see `checkParentOrder`).
  var laterParents: [(name: String, range: SourceRange, child: String)] = []
  /// Where `m on a | m2` was reported (an outer `on` reports it first).
  var reportedParallels: Set<Int> = []
  /// The data files the text names (`csv("sales.csv")`), for the program
  /// to read and check before anything runs (SPEC §23.1).
  var dataReads: [(format: DataFormat, path: String, pathRange: SourceRange, call: SourceRange)] =
    []

  init(known: Set<String> = [], source: SourceFile? = nil) {
    self.source = source
    // The builtins are not copied in (hashing a hundred names again for each
    // script was a tenth of a one-line script's own work): see `isDefined`.
    names.reserveCapacity(known.count + 2)
    for name in known { names[name, default: []] = [.defined, .other, .boundSoFar] }
    names["view", default: []].formUnion([.defined, .boundSoFar])
    names["time", default: []].formUnion(.defined)
  }

  /// Makes room for `count` names.
  mutating func reserveNames(_ count: Int) { names.reserveCapacity(names.count + count) }

  /// Adds `facts` to what is known of `name` (one hash).
  @inline(__always)
  mutating func note(_ name: String, _ facts: NameFacts) {
    names[name, default: []].formUnion(facts)
  }

  /// Whether `name` has every one of `facts`.
  @inline(__always)
  func knows(_ name: String, _ facts: NameFacts) -> Bool {
    names[name]?.isSuperset(of: facts) ?? false
  }

  /// Whether a statement of the program binds `name` or the host knows it.
  func isBound(_ name: String) -> Bool { knows(name, .defined) }

  /// Every name the program binds or the host knows.
  var definedNames: [String] {
    names.entries.compactMap { $0.value.contains(.defined) ? $0.name : nil }
  }

  private func isDefined(_ name: String) -> Bool {
    isBound(name) || Builtins.all[name] != nil
  }

  /// Records the names `statements` bind.
  mutating func collect(_ statements: [Stmt]) {
    for s in statements { collect(s) }
  }

  /// Records the names one statement binds.
  mutating func collect(_ s: Stmt) {
    switch s.kind {
    case .viewDeclaration(let kind, let name, let index, _, let children):
      note(
        name.name,
        [.defined, kind == .text ? .text : .other, index == nil ? .view : .value])
      collect(children)
    case .gridDeclaration(let name, _), .soundDeclaration(let name, _, _),
      .groupDeclaration(let name, _),
      .letBinding(let name, _):
      note(name.name, [.defined, .other, .value])
      if case .letBinding(_, let value) = s.kind { collect(value) }
    case .assignment(let target, let value):
      if case .identifier(let name) = target.kind { note(name, [.defined, .other, .value]) }
      collect(value)
    case .functionDefinition(let name, let parameters, _):
      note(name.name, [.defined, .other, .value])
      for parameter in parameters { note(parameter.name, [.defined, .other, .value]) }
    case .forLoop(let variable, _, let body):
      note(variable.name, [.defined, .other, .value])
      collect(body)
    case .handler(_, _, let body):
      collect(body)
    case .conditional(let branches, let otherwise):
      for branch in branches { collect(branch.body) }
      if let otherwise { collect(otherwise) }
    case .run(_, let alias):
      if let alias { note(alias.name, [.defined, .other]) }
    default:
      break
    }
  }

  private mutating func collect(_ e: Expr) {
    switch e.kind {
    case .run(_, let alias?):
      note(alias.name, [.defined, .other])
    default:
      break
    }
  }

  /// Checks every use in `statements`.
  mutating func check(_ statements: [Stmt]) {
    for s in statements { check(s) }
  }

  /// Checks every use in one statement.
  mutating func check(_ s: Stmt) {
    switch s.kind {
    case .viewDeclaration(let kind, let name, let index, let args, let children):
      if let index {
        check(index)
      } else if let variable = loops.last {
        warnings.append(
          Diagnostic(
            .warning,
            "'\(name.name)' is declared in a loop: each pass declares the same view again",
            at: name.range,
            hint:
              "to declare one view per pass, give it an index: \(kind.name) \(name.name)[\(variable)](…)",
            kind: .name))
      }
      if kind.outline == .path
        && !args.contains(where: { $0.label?.name == "d" || $0.label?.name == "points" })
      {
        settingErrors.append(
          (
            nil,
            .error(
              "a shape needs its outline as path data or points", at: name.range,
              hint:
                "shape \(name.name)(d: \"M0 0 L100 0 L50 100 Z\", viewBox: (0, 0, 100, 100)), or shape \(name.name)(points: [(0, 0), (50, 40)])",
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
          checkParentOrder(a, of: name)
          continue
        }
        checkViewSetting(a, kind: kind)
        check(a.value)
      }
      note(name.name, .boundSoFar)
      for child in children {
        if case .viewDeclaration(_, _, _, let childArgs, _) = child.kind {
          for a in childArgs where a.label?.name == Interpreter.parentLabel {
            checkParent(a, inBlock: true)
          }
        }
        check(child)
      }
    case .stage(let args):
      checkStageSettings(args)
      for a in args { check(a.value) }
    case .gridDeclaration(let name, let args):
      checkGridSettings(args)
      for a in args {
        if a.label?.name == Interpreter.parentLabel { checkParentOrder(a, of: name) }
        if a.label?.name != "kind" { check(a.value) }
      }
      note(name.name, .boundSoFar)
    case .groupDeclaration(let name, let e), .letBinding(let name, let e):
      check(e)
      note(name.name, .boundSoFar)
    case .seed(let e), .fps(let e), .step(let e), .stepFrames(let e), .stepTo(let e),
      .expression(let e):
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
      checkAssignedRange(target, value)
      check(value)
      if case .identifier(let name) = target.kind { note(name, .boundSoFar) }
    case .functionDefinition(let name, _, let body):
      note(name.name, .boundSoFar)
      let deferred = inDeferredBody
      inDeferredBody = true
      check(body)
      inDeferredBody = deferred
    case .forLoop(let variable, let sequence, let body):
      check(sequence)
      loops.append(variable.name)
      note(variable.name, .boundSoFar)
      check(body)
      loops.removeLast()
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
      let deferred = inDeferredBody
      inDeferredBody = true
      check(body)
      inDeferredBody = deferred
    case .run(let motion, let alias):
      check(motion)
      if let alias { note(alias.name, .boundSoFar) }
    case .importFile, .soundDeclaration, .reset, .tick, .settle, .flush, .pool:
      break
    }
  }

  private mutating func checkHandle(_ e: Expr) {
    if case .identifier(let name) = e.kind {
      // A builtin is never a run handle: only the script's names count,
      // and the hint names the closest of them.
      if !isBound(name) { pending.append((name, e.range, "unknown run handle", false)) }
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
    case .interpolation(let parts):
      for case .value(let e) in parts { check(e) }
    case .record(let fields):
      for field in fields { check(field.value) }
    case .comprehension(let variable, let sequence, let condition, let body):
      check(sequence)
      // The variable is bound inside the brackets only.
      let added = !isBound(variable.name)
      note(variable.name, .defined)
      if let condition { check(condition) }
      check(body)
      if added { names[variable.name, default: []].remove(.defined) }
    case .call(let callee, let arguments):
      var staggered = false
      if case .identifier(let name) = callee.kind {
        requireDefined(name, callee.range, "unknown function")
        // `stagger`'s first argument is the group it staggers (unless a
        // binding of the script took the name over).
        staggered = name == "stagger" && !isBound(name)
        checkLabels(of: name, arguments)
        noteDataRead(name, arguments, at: e.range)
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
      if case .binary(.on, _, let inner) = left.kind {
        checkBoundOperator(inner, whole: e, inner: true)
      }
      checkBoundOperator(right, whole: e, inner: false)
      check(left)
      checkTextResize(left, on: right)
      checkPlayTarget(left)
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
      if !isBound(name) { pending.append((name, e.range, "unknown view", false)) }
    case .list(let items):
      for item in items { checkTarget(item) }
    default:
      check(e)
    }
  }

  private mutating func requireDefined(_ name: String, _ range: SourceRange, _ message: String) {
    // One hash for a name seen before: whether it is a builtin is noted in
    // its facts the first time it is asked.
    if Self.definedOrBuiltin(name, &names[name, default: []]) { return }
    pending.append((name, range, message, true))
  }

  private static func definedOrBuiltin(_ name: String, _ facts: inout NameFacts) -> Bool {
    if !facts.isDisjoint(with: [.defined, .builtin]) { return true }
    if facts.contains(.notBuiltin) { return false }
    let builtin = Builtins.all[name] != nil
    facts.insert(builtin ? .builtin : .notBuiltin)
    return builtin
  }

  /// `csv("…")` or `json("…")` with the path written out: the program reads
  /// the file before anything runs (unless a binding of the script took
  /// the name over: `resolve()` is too late for that, so `Program` asks
  /// `defined` again).
  private mutating func noteDataRead(
    _ callee: String, _ arguments: [Argument], at range: SourceRange
  ) {
    guard let format = DataFormat(builtin: callee),
      let path = arguments.first(where: { $0.label == nil || $0.label?.name == "path" }),
      case .string(let text) = path.value.kind
    else { return }
    dataReads.append((format, text, path.value.range, range))
  }

  /// The uses whose names nothing in the program binds, as diagnostics.
  func resolve() -> [Diagnostic] {
    let settings =
      settingErrors.filter { $0.callee.map { !isBound($0) } ?? true }.map(\.diagnostic)
      + laterParentErrors()
    let names = resolveNames()
    if settings.isEmpty { return names }
    // In source order, as the parser reports.
    return (names + settings).sorted { $0.range.start < $1.range.start }
  }

  private func resolveNames() -> [Diagnostic] {
    let unresolved = pending.filter {
      $0.builtinsCount ? !isDefined($0.name) : !isBound($0.name)
    }
    // Sorting every name (100 000 in a big script) is only worth it for a hint.
    guard !unresolved.isEmpty else { return [] }
    let defined = definedNames
    let bound = defined.sorted()
    let candidates = Set(defined).union(Builtins.all.keys).sorted()
    return unresolved.map { use in
      // A view is never a builtin, so its hint names only what the script binds.
      let hint = Spelling.closest(to: use.name, among: use.builtinsCount ? candidates : bound).map {
        "did you mean '\($0)'?"
      }
      return .error("\(use.message) '\(use.name)'", at: use.range, hint: hint, kind: .name)
    }
  }
}

/// What the name checker knows of a name (see `NameChecker.names`).
struct NameFacts: OptionSet {
  let rawValue: UInt8
  /// A statement of the program binds it, or the host knows it.
  static let defined = NameFacts(rawValue: 1)
  /// Declared as a `text` view.
  static let text = NameFacts(rawValue: 2)
  /// Bound some way other than as a `text` view.
  static let other = NameFacts(rawValue: 4)
  /// Declared as a view without an index.
  static let view = NameFacts(rawValue: 8)
  /// Bound some way other than a view's declaration without an index.
  static let value = NameFacts(rawValue: 16)
  /// Bound by the statements checked so far.
  static let boundSoFar = NameFacts(rawValue: 32)
  /// A builtin's name, or not (noted the first time a use asks).
  static let builtin = NameFacts(rawValue: 64)
  static let notBuiltin = NameFacts(rawValue: 128)
}
