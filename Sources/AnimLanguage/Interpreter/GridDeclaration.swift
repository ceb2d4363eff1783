import AnimEngine

extension Interpreter {
  /// What a grid takes besides view properties.
  static let gridLayoutSettings = ["cols", "rows", "size", "gap", "kind", "origin", parentLabel]

  /// `grid NAME(cols:, rows:, size:, gap:, kind:, origin:, …)`: a group of
  /// cols·rows views of `kind` (default `view`) laid out row-major, y growing
  /// downwards, the top-left member's centre at `origin` (default (size/2,
  /// size/2)). Any property of the kind (`color: red`, `alpha: 0`, a star's
  /// `points:`) is given to every member after the layout, through the same
  /// `setProperty` a view declaration uses (SPEC §20).
  func declareGrid(_ name: Identifier, _ arguments: [Argument], in env: Environment) throws {
    var cols = 5.0, rows = 5.0, size = 100.0, gap = 0.0
    var origin: (x: Double, y: Double)?
    var properties: [(name: String, value: Value, range: SourceRange)] = []
    var parent: (id: ViewID, range: SourceRange)?
    var shape = ShapeSettings()
    // The kind first: the other settings are checked against it.
    let kind = try arguments.first { $0.label?.name == "kind" }.map(gridKind) ?? .view
    // Checked once here, before any member exists, so a bad value is one error.
    var probe = ViewState()
    for argument in arguments {
      guard let label = argument.label else {
        throw RuntimeError("grid settings need labels, such as cols: 5", at: argument.range)
      }
      switch label.name {
      case "kind":
        continue
      case Self.parentLabel:
        // Every member is a child of the view named (SPEC §17).
        parent = (try parentView(argument, of: name, in: env), argument.range)
      case "cols", "rows", "size", "gap":
        let v = try number(argument.value, in: env, label.name)
        switch label.name {
        case "cols": cols = v
        case "rows": rows = v
        case "size": size = v
        default: gap = v
        }
      case "origin":
        let value = try evaluate(argument.value, in: env)
        guard case .point(let x, let y) = value else {
          throw RuntimeError(
            "origin must be a point (x, y), not \(value.typeName)", at: argument.range,
            hint: "origin: (40, 40) puts the top-left member's centre there")
        }
        origin = (x, y)
      case let setting
      where kind.outline == .path && ViewSettings.declarationOnly(of: kind).contains(setting):
        _ = try takeShapeSetting(argument, setting, into: &shape, in: env)
      default:
        if let (message, hint) = Self.gridSettingProblem(label.name, kind: kind) {
          throw RuntimeError(message, at: label.range, hint: hint)
        }
        let value = try evaluate(argument.value, in: env)
        try setProperty(&probe, kind: kind, label.name, value, at: argument.range)
        properties.append((label.name, value, argument.range))
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
    let first = origin ?? (size / 2, size / 2)
    // The far corner's centre is the largest coordinate the grid makes.
    let span = (max(cols, rows) - 1) * (size + gap)
    let far = max(abs(first.x), abs(first.y)) + span
    if !far.isFinite || far > .greatestFiniteMagnitude {
      throw RuntimeError(
        "grid of size \(NumberText.format(size)) and gap \(NumberText.format(gap)) puts views past the largest number",
        at: name.range)
    }
    var template = ViewState()
    template[.width] = size
    template[.height] = size
    for property in properties {
      try setProperty(&template, kind: kind, property.name, property.value, at: property.range)
    }
    try checkGeometry(of: kind, template, at: name.range)
    let path = kind.outline == .path ? try shapePath(shape, &template, name: name) : nil
    var members: [ViewID] = []
    for r in 0..<Int(rows) {
      for c in 0..<Int(cols) {
        var state = ViewState()
        state[.x] = first.x + Double(c) * (size + gap)
        state[.y] = first.y + Double(r) * (size + gap)
        state[.width] = size
        state[.height] = size
        if origin == nil {
          // As before `origin:`: the same sums, so the same last bits.
          state[.x] = (Double(c) + 0.5) * size + Double(c) * gap
          state[.y] = (Double(r) + 0.5) * size + Double(r) * gap
        }
        for property in properties {
          try setProperty(&state, kind: kind, property.name, property.value, at: property.range)
        }
        state[object: Self.pathDataProperty] = template[object: Self.pathDataProperty]
        let memberName = "\(name.name)[\(members.count)]"
        let existing = scene.view(named: memberName)
        if let existing {
          try checkSameParent(existing, parent, name: Identifier(memberName, range: name.range))
        }
        let id = scene.declare(memberName, kind: kind, state: state)
        viewDeclared?(id, name.range, file)
        declarationSites.note(id, at: name.range, in: file)
        if let path { scene.setPath(path, of: id) }
        if existing == nil, let parent {
          do {
            try scene.setParent(parent.id, of: id)
          } catch {
            throw RuntimeError(error.message, at: parent.range)
          }
        }
        members.append(id)
      }
    }
    env.assign(name.name, .group(ViewGroup(name: name.name, members: members)))
  }

  /// `kind: ellipse`: a kind of view a grid's members may be (any but
  /// `text`, whose box is its laid-out string).
  private func gridKind(_ argument: Argument) throws -> ViewKind {
    let word: String
    switch argument.value.kind {
    case .identifier(let name): word = name
    case .string(let text): word = text
    default:
      throw RuntimeError(
        "kind must be a kind of view, such as ellipse", at: argument.value.range,
        hint: Self.gridKindHint)
    }
    if let problem = Self.gridKindProblem(word) {
      throw RuntimeError(problem.message, at: argument.value.range, hint: problem.hint)
    }
    return ViewKind.named(word)!
  }

  /// The kinds a grid's members may be.
  static var gridKinds: [String] { ViewKind.allCases.filter { $0 != .text }.map(\.name) }

  static var gridKindHint: String { "a grid's kind is one of \(gridKinds.joined(separator: ", "))" }

  /// Why `word` is no kind a grid takes, or nil.
  static func gridKindProblem(_ word: String) -> (message: String, hint: String)? {
    if word == "text" {
      return (
        "a grid's members cannot be texts",
        "declare a family instead: for i in 0..<n { text label[i](\"…\", x: 40 * i) }"
      )
    }
    guard ViewKind.named(word) == nil else { return nil }
    return (
      "unknown kind of view '\(word)'",
      Spelling.closest(to: word, among: gridKinds).map { "did you mean '\($0)'?" } ?? gridKindHint
    )
  }

  /// Why a grid of `kind` cannot take the setting `label`, or nil: a word
  /// that is no setting and no property is "grid has no setting" with a
  /// hint (SPEC §20), a property the kind lacks is the view declaration's
  /// error.
  static func gridSettingProblem(_ label: String, kind: ViewKind) -> (
    message: String, hint: String?
  )? {
    if gridLayoutSettings.contains(label) { return nil }
    if ViewSettings.declarationOnly(of: kind).contains(label) { return nil }
    guard let problem = ViewSettings.problem(with: label, kind: kind) else { return nil }
    let table = PropertyTable.standard
    if table.property(named: label) == nil, table.alias(named: label) == nil {
      // What a grid takes, the view properties first: a misspelt `colr` is
      // nearer `color` than `cols` for a reader, and ties go to the first.
      let names = ViewSettings.names(of: kind) + gridLayoutSettings
      return (
        "grid has no setting '\(label)'",
        Spelling.closest(to: label, among: names).map { "did you mean '\($0)'?" }
      )
    }
    return problem
  }
}
