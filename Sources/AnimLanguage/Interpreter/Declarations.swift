import AnimEngine

extension Interpreter {
  /// `view NAME(x: 10, ...)`, `rect NAME(...)`: declares (or redeclares) a
  /// view of `kind` and binds NAME.
  func declareView(
    _ kind: ViewKind, _ name: Identifier, _ arguments: [Argument], in env: Environment
  ) throws {
    var state = ViewState()
    for (i, argument) in arguments.enumerated() {
      guard let label = argument.label else {
        // `text title("Hello", …)`: the string first, unlabelled.
        if kind == .text && i == 0 {
          let value = try evaluate(argument.value, in: env)
          try setProperty(&state, kind: kind, Property.text.name, value, at: argument.range)
          continue
        }
        throw RuntimeError(
          kind == .text
            ? "a text's properties after its string need labels, such as size: 32"
            : "view properties need labels, such as x: 10", at: argument.range)
      }
      let value = try evaluate(argument.value, in: env)
      try setProperty(&state, kind: kind, label.name, value, at: argument.range)
    }
    if kind == .text {
      // A font that cannot be found is reported where it is named.
      let font = arguments.first { $0.label?.name == "font" }
      try checkText(&state, at: font?.range ?? name.range)
    }
    let id = scene.declare(name.name, kind: kind, state: state)
    noteUse(of: .view(id))
    env.assign(name.name, .view(id))
  }

  /// `grid NAME(cols:, rows:, size:, gap:)`: a group of cols·rows views laid
  /// out row-major, y growing downwards.
  func declareGrid(_ name: Identifier, _ arguments: [Argument], in env: Environment) throws {
    var cols = 5.0, rows = 5.0, size = 100.0, gap = 0.0
    for argument in arguments {
      guard let label = argument.label else {
        throw RuntimeError("grid settings need labels, such as cols: 5", at: argument.range)
      }
      let v = try number(argument.value, in: env, label.name)
      switch label.name {
      case "cols": cols = v
      case "rows": rows = v
      case "size": size = v
      case "gap": gap = v
      default:
        let hint = Spelling.closest(to: label.name, among: ["cols", "rows", "size", "gap"])
        throw RuntimeError(
          "grid has no setting '\(label.name)'", at: label.range,
          hint: hint.map { "did you mean '\($0)'?" })
      }
    }
    for (what, v) in [("cols", cols), ("rows", rows)] where v < 1 || v.rounded() != v {
      throw RuntimeError(
        "grid \(what) must be a whole number ≥ 1, got \(NumberText.format(v))", at: name.range)
    }
    if size < 0 || gap < 0 {
      throw RuntimeError("grid size and gap must not be negative", at: name.range)
    }
    if cols * rows > Double(Scene.maximumViews - scene.count) {
      throw RuntimeError(
        "grid of \(Formatting.count(cols * rows)) views exceeds the limit of \(Scene.maximumViews) views",
        at: name.range)
    }
    // The far corner's centre is the largest coordinate the grid makes.
    let far = (max(cols, rows) - 0.5) * size + (max(cols, rows) - 1) * gap
    if !far.isFinite {
      throw RuntimeError(
        "grid of size \(NumberText.format(size)) and gap \(NumberText.format(gap)) puts views past the largest number",
        at: name.range)
    }
    var members: [ViewID] = []
    for r in 0..<Int(rows) {
      for c in 0..<Int(cols) {
        var state = ViewState()
        state[.x] = (Double(c) + 0.5) * size + Double(c) * gap
        state[.y] = (Double(r) + 0.5) * size + Double(r) * gap
        state[.width] = size
        state[.height] = size
        members.append(scene.declare("\(name.name)[\(members.count)]", state: state))
      }
    }
    env.assign(name.name, .group(ViewGroup(name: name.name, members: members)))
  }

  /// The group a value names: a group, a view, or a list of views and groups.
  func groupValue(_ value: Value, named name: String, at range: SourceRange) throws -> ViewGroup {
    switch value {
    case .group(let g): return ViewGroup(name: name, members: g.members)
    case .view(let v): return ViewGroup(name: name, members: [v])
    case .list(let items):
      var members: [ViewID] = []
      for item in items {
        switch item {
        case .view(let v): members.append(v)
        case .group(let g): members += g.members
        default: throw RuntimeError("a group holds views, not \(item.typeName)", at: range)
        }
        // Groups of groups repeat members: `[g, g]` in a loop doubles them.
        if members.count > Scene.maximumViews {
          throw RuntimeError(
            "a group may hold at most \(Scene.maximumViews) views (a view counts each time it is listed)",
            at: range)
        }
      }
      return ViewGroup(name: name, members: members)
    default:
      throw RuntimeError("a group is a list of views, not \(value.typeName)", at: range)
    }
  }

  /// `target = value`: a name, or a view's property (`view.alpha = 0.5`).
  func assign(_ target: Expr, _ value: Value, in env: Environment) throws {
    switch target.kind {
    case .identifier(let name):
      env.assign(name, value)
    case .member(let base, let member):
      let owner = try evaluate(base, in: env)
      if case .handle(let h) = owner, member.name == "speed" {
        // `h.speed = k` (SPEC §14.2).
        guard case .number(let k) = value else {
          throw RuntimeError("speed must be a number, not \(value.typeName)", at: target.range)
        }
        try clocked(target.range) { try self.clock.setSpeed(h, k) }
        return
      }
      guard case .view(let id) = owner else {
        throw RuntimeError("cannot set '\(member.name)' of a \(owner.typeName)", at: target.range)
      }
      var state = scene.state(of: id)
      let kind = scene.kind(of: id)
      try setProperty(&state, kind: kind, member.name, value, at: target.range)
      if kind == .text { try checkText(&state, at: target.range) }
      scene.set(id, state)
    default:
      throw RuntimeError("cannot assign to this expression", at: target.range)
    }
  }
}
