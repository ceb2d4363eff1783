import AnimEngine

/// More of what the text shows to be wrong before anything runs (SPEC
/// §23.3): a grid's settings and kind, a literal out of a property's
/// accepted range, a `parent:` declared further down, and `m on a | m2 on
/// b`, which reads as `m on (a | m2) on b`.
extension NameChecker {
  /// A grid's settings: the kind named, and each label a setting the grid
  /// takes or a property of its kind (`grid has no setting 'colr'`), with
  /// values of the kind the property holds (SPEC §20).
  mutating func checkGridSettings(_ arguments: [Argument]) {
    var kind = ViewKind.view
    if let given = arguments.first(where: { $0.label?.name == "kind" }) {
      switch given.value.kind {
      case .identifier(let word), .string(let word):
        if let (message, hint) = Interpreter.gridKindProblem(word) {
          settingErrors.append(
            (nil, .error(message, at: given.value.range, hint: hint, kind: .name)))
          return
        }
        kind = ViewKind.named(word)!
      default:
        break
      }
    }
    for argument in arguments {
      guard let label = argument.label else { continue }
      if let (message, hint) = Interpreter.gridSettingProblem(label.name, kind: kind) {
        settingErrors.append((nil, .error(message, at: label.range, hint: hint, kind: .name)))
        continue
      }
      guard !Interpreter.gridLayoutSettings.contains(label.name) else { continue }
      checkViewSetting(argument, kind: kind)
    }
  }

  /// A literal number the text gives a property, outside the values it
  /// accepts (`alpha: 2`, `width: -1`, a text's `size: 0`): the error
  /// setting it would throw.
  static func rangeProblem(_ name: String, _ value: Expr) -> (message: String, hint: String?)? {
    rangeProblem(name, value, property: PropertyTable.standard.property(named: name))
  }

  /// The same, for a caller that has looked up the property `name` names.
  static func rangeProblem(_ name: String, _ value: Expr, property: Property?) -> (
    message: String, hint: String?
  )? {
    if property == .dash, case .list(let items) = value.kind {
      return dashProblem(items)
    }
    // `shadow: (x, y, blur, colour)`: each literal part against its own range.
    if property == nil, let alias = PropertyTable.standard.alias(named: name),
      alias.form == .parts, case .tuple(let items) = value.kind, items.count == alias.parts.count
    {
      for (part, item) in zip(alias.parts, items) {
        if let problem = rangeProblem(part.name, item, property: part) { return problem }
      }
      return nil
    }
    guard let property, property.declaration.type == .number, let v = literal(value)
    else { return nil }
    return Interpreter.rangeProblem(of: property, v, as: name)
  }

  /// What is wrong with a literal dash list (`dash: [4, -2]`), checked as
  /// the interpreter checks it (``DashPattern/make(_:)``); nil when an item
  /// is not a number literal (then it is checked when it runs).
  static func dashProblem(_ items: [Expr]) -> (message: String, hint: String?)? {
    var numbers: [Double] = []
    for item in items {
      guard let v = literal(item) else { return nil }
      numbers.append(v)
    }
    do {
      _ = try DashPattern.make(numbers)
      return nil
    } catch {
      return (error.message, Interpreter.dashHint)
    }
  }

  /// The number a literal (maybe negated) spells.
  static func literal(_ e: Expr) -> Double? {
    switch e.kind {
    case .number(let v, unit: nil): return v
    case .negate(let inner): return literal(inner).map { -$0 }
    default: return nil
    }
  }

  /// `parent: NAME` where NAME is bound nowhere above but declared further
  /// down: at run time the parent does not exist yet (SPEC §17).
  mutating func checkParentOrder(_ argument: Argument, of child: Identifier) {
    guard !inDeferredBody, case .identifier(let name) = argument.value.kind,
      !knows(name, .boundSoFar)
    else { return }
    // Whether a later statement declares it is known once all are collected.
    laterParents.append((name, argument.value.range, child.name))
  }

  /// The `parent:`s that name a view some later statement declares.
  func laterParentErrors() -> [Diagnostic] {
    laterParents.filter { isBound($0.name) }.map {
      .error(
        "parent '\($0.name)' is not a declared view", at: $0.range,
        hint: "declare '\($0.name)' before '\($0.child)': a parent comes before its children",
        kind: .name)
    }
  }

  /// `m on a | m2 on b`: `|` binds tighter than `on`, so this reads as
  /// `m on (a | m2) on b`, a parallel of a view and a motion; `m on a + m2
  /// on b` likewise reads as `m on (a + m2) on b`. The error says so and
  /// shows the brackets meant (SPEC §23.3). `right` is what an `on` binds
  /// to; `inner` whether that `on` is itself bound again (`whole` is then
  /// the outer one), where a bare `+` can only be this mistake: elsewhere
  /// `on a + b` may join two lists of views.
  mutating func checkBoundOperator(_ right: Expr, whole: Expr, inner: Bool) {
    guard let op = Self.bareOperator(right), op == .parallel || (inner && op == .add),
      reportedParallels.insert(right.range.start).inserted
    else { return }
    settingErrors.append(
      (
        nil,
        .error(
          "'\(op.spelling)' binds tighter than 'on': this binds a motion to '\(describe(right))'",
          at: right.range, hint: bracketHint(whole, op), kind: .name)
      ))
  }

  /// The operator of `e` when it is `a | b` or `a + b` (or a longer chain)
  /// written without brackets around it: `m on (a | b)` says what it
  /// means, and is left to run.
  static func bareOperator(_ e: Expr) -> BinaryOperator? {
    switch e.kind {
    case .binary(let op, let a, _) where op == .parallel || op == .add:
      return e.range.start == a.range.start ? op : nil
    case .chain(let op, let items) where op == .parallel || op == .add:
      return e.range.start == items[0].range.start ? op : nil
    default: return nil
    }
  }

  /// The source text of `e`, when the checker has the source; else a word.
  private func describe(_ e: Expr) -> String {
    guard let source else { return "a parallel" }
    let text = source.text(in: e.range)
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }

  /// `(m on a) | (m2 on b)` for `m on a | m2 on b` (or `+` for `|`), read
  /// from the source.
  private func bracketHint(_ whole: Expr, _ op: BinaryOperator) -> String {
    let o = op.spelling
    let general = "bracket each bound motion: (fade(out, 1) on a) \(o) (fade(out, 1) on b)"
    guard let source else { return general }
    // `m on a | m2 on b` parses as ((m on (a | m2)) on b).
    guard case .binary(.on, let inner, let last) = whole.kind,
      case .binary(.on, let first, let middle) = inner.kind,
      case .binary(op, let target, let second) = middle.kind
    else { return general }
    let text = { (e: Expr) in source.text(in: e.range) }
    return
      "bracket each bound motion: (\(text(first)) on \(text(target))) \(o) (\(text(second)) on \(text(last)))"
  }
}
