import AnimEngine
import AnimFiles

extension Interpreter {
  /// The label that names a view's parent at its declaration (SPEC §17).
  static let parentLabel = "parent"

  /// `view NAME(x: 10, ...)`, `rect NAME(...)`: declares (or redeclares) a
  /// view of `kind` and binds NAME; then the views of its block, each a
  /// child of it (SPEC §17). `blockParent` is the view whose block this
  /// declaration is in.
  func declareView(
    _ kind: ViewKind, _ name: Identifier, _ arguments: [Argument], children: [Stmt] = [],
    blockParent: ViewID? = nil, in env: Environment
  ) throws {
    var state = ViewState()
    if kind.outline == .none {
      // A layer's box defaults to 0 × 0 (SPEC §16.1): its children sit at its position.
      state[.width] = 0
      state[.height] = 0
    }
    var pathData: (text: String, range: SourceRange)?
    var viewBox: (corner: [Double], range: SourceRange)?
    var imageSource: (image: ImageSource, range: SourceRange)?
    var parent = blockParent.map { (id: $0, range: name.range) }
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
      if label.name == Self.parentLabel {
        if blockParent != nil {
          throw RuntimeError(
            "a view declared in a block already has its parent", at: argument.range,
            hint: "remove 'parent:' or declare the view outside the block")
        }
        parent = (try parentView(argument, of: name, in: env), argument.range)
        continue
      }
      if kind.outline == .path, label.name == "d" {
        guard case .string(let text) = try evaluate(argument.value, in: env) else {
          throw RuntimeError(
            "d must be a string of SVG path data, such as \"M0 0 L10 10\"", at: argument.range)
        }
        pathData = (text, argument.range)
        state[object: Self.pathDataProperty] = .string(text)
        continue
      }
      if kind == .image, label.name == Property.src.name {
        let (src, image) = try imageFile(argument, in: env)
        imageSource = (image, argument.range)
        state[object: .src] = .string(src)
        continue
      }
      if kind.outline == .path, label.name == "viewBox" {
        viewBox = (try viewBoxNumbers(argument, in: env), argument.range)
        continue
      }
      let value = try evaluate(argument.value, in: env)
      try setProperty(&state, kind: kind, label.name, value, at: argument.range)
    }
    try checkGeometry(of: kind, state, at: name.range)
    var path: ShapePath?
    if kind.outline == .path {
      guard let pathData else {
        throw RuntimeError(
          "a shape needs its outline as path data", at: name.range,
          hint: "shape \(name.name)(d: \"M0 0 L100 0 L50 100 Z\", viewBox: (0, 0, 100, 100))")
      }
      if let (message, hint) = GeometrySettings.problem(pathData: pathData.text) {
        throw RuntimeError(message, at: pathData.range, hint: hint)
      }
      let corner = viewBox?.corner ?? [0, 0, abs(state[.width]), abs(state[.height])]
      if let (message, hint) = GeometrySettings.problem(viewBox: corner) {
        throw RuntimeError(message, at: viewBox?.range ?? name.range, hint: hint)
      }
      // Both were checked just above.
      guard let outline = try? PathDataParser.parse(pathData.text),
        let box = try? ViewBox(x: corner[0], y: corner[1], width: corner[2], height: corner[3])
      else { throw RuntimeError("bad path data or viewBox", at: pathData.range) }
      path = ShapePath(outline: outline, viewBox: box)
    }
    if kind == .image {
      guard let imageSource else {
        throw RuntimeError(
          "an image needs its file as src:", at: name.range,
          hint: "image \(name.name)(src: \"logo.png\") (relative to the script's folder)",
          kind: .name)
      }
      // Its own size unless the script gives one (SPEC §21.4).
      let labels = Set(arguments.compactMap { $0.label?.name })
      if !labels.contains(Property.width.name) { state[.width] = imageSource.image.width }
      if !labels.contains(Property.height.name) { state[.height] = imageSource.image.height }
    }
    if kind == .text {
      // `align` sets the default anchorX (SPEC §18), as SVG's text-anchor:
      // a left-aligned counter keeps its left edge at x.
      let labels = Set(arguments.compactMap { $0.label?.name })
      if labels.isDisjoint(with: ["anchorX", "anchor"]) {
        state[.anchorX] = TextView.alignment(state[.align])
      }
      // A font that cannot be found is reported where it is named.
      let font = arguments.first { $0.label?.name == "font" }
      try checkText(&state, at: font?.range ?? name.range)
    }
    let existing = scene.view(named: name.name)
    if let existing {
      try checkSameParent(existing, parent, name: name)
    }
    let id = scene.declare(name.name, kind: kind, state: state)
    scene.setPath(path, of: id)
    scene.setImage(imageSource?.image, of: id)
    noteUse(of: .view(id))
    env.assign(name.name, .view(id))
    if existing == nil, let parent {
      do {
        try scene.setParent(parent.id, of: id)
      } catch {
        throw RuntimeError(
          error.message, at: parent.range,
          hint: "a deeper tree is refused so that players and exported files can draw it")
      }
    }
    for child in children {
      guard
        case .viewDeclaration(let childKind, let childName, let childArguments, let grandchildren) =
          child.kind
      else { continue }
      try spend(1, at: child.range)
      try declareView(
        childKind, childName, childArguments, children: grandchildren, blockParent: id, in: env)
    }
  }

  /// The view a `parent:` argument names: a view declared before this one.
  private func parentView(_ argument: Argument, of child: Identifier, in env: Environment) throws
    -> ViewID
  {
    let value = try evaluate(argument.value, in: env)
    switch value {
    case .view(let id):
      return id
    case .symbol(let word):
      // An unbound word is a symbol: the parent is declared later, or never.
      throw RuntimeError(
        "parent '\(word)' is not a declared view", at: argument.value.range,
        hint: "declare '\(word)' before '\(child.name)': a parent comes before its children")
    default:
      throw RuntimeError(
        "parent must be a view, not \(value.typeName)", at: argument.value.range,
        hint: "parent: car, where car is declared before this view")
    }
  }

  /// A redeclaration keeps its view's place in the tree: naming another
  /// parent (or one for a view at the root) would re-parent it (SPEC §17).
  private func checkSameParent(
    _ id: ViewID, _ parent: (id: ViewID, range: SourceRange)?, name: Identifier
  ) throws {
    guard let parent, scene.parent(of: id) != parent.id else { return }
    let now =
      scene.parent(of: id).map { "its parent is '\(scene.name(of: $0))'" } ?? "it has no parent"
    throw RuntimeError(
      "cannot re-parent '\(name.name)' to '\(scene.name(of: parent.id))': \(now)",
      at: parent.range,
      hint: "a view keeps the parent it was first declared with; declare a new view instead")
  }

  /// An image's `src:` read and decoded (SPEC §21.4): an error at the
  /// argument, as `anim check` reports it (exit 65), when it cannot be.
  private func imageFile(_ argument: Argument, in env: Environment) throws -> (
    String, ImageSource
  ) {
    guard case .string(let src) = try evaluate(argument.value, in: env) else {
      throw RuntimeError(
        "src must be a string naming a PNG, JPEG or SVG file", at: argument.range,
        hint: "src: \"logo.png\"")
    }
    // Watched by a host that reloads (`anim preview`), found or not.
    noteFileRead?(FilePaths.resolve(src, from: file.path))
    switch ImageFiles.load(src, from: file.path) {
    case .success(let image): return (src, image)
    case .failure(let problem):
      throw RuntimeError(
        problem.message, at: argument.range, hint: problem.hint,
        kind: problem.isMissingLibrary ? .runtime : .name)
    }
  }

  /// The property holding a shape's path data text (`d`).
  static let pathDataProperty = Property.named("d")!

  /// `viewBox: (x, y, w, h)`: four numbers.
  private func viewBoxNumbers(_ argument: Argument, in env: Environment) throws -> [Double] {
    guard case .tuple(let items) = argument.value.kind, items.count == 4 else {
      throw RuntimeError(
        "viewBox must be four numbers (x, y, width, height)", at: argument.range,
        hint: "viewBox: (0, 0, 24, 24)")
    }
    return try items.map { try number($0, in: env, "viewBox") }
  }

  /// Bad geometry as an error at the declaration (SPEC §16.1): a polygon's
  /// `sides` and a star's `points` whole and ≥ 3, its `innerRadius` in (0, 1].
  private func checkGeometry(of kind: ViewKind, _ state: ViewState, at range: SourceRange) throws {
    for property in [Property.sides, .points, .innerRadius] where kind.has(property) {
      if let (message, hint) = GeometrySettings.problem(
        number: property.name, state[property], kind: kind)
      {
        throw RuntimeError(message, at: range, hint: hint)
      }
    }
  }

  /// `grid NAME(cols:, rows:, size:, gap:, …)`: a group of cols·rows views
  /// laid out row-major, y growing downwards. Any view property (`color: red`,
  /// `alpha: 0`) is given to every member after the layout, through the same
  /// `setProperty` a view declaration uses (SPEC §20).
  func declareGrid(_ name: Identifier, _ arguments: [Argument], in env: Environment) throws {
    var cols = 5.0, rows = 5.0, size = 100.0, gap = 0.0
    var properties: [(name: String, value: Value, range: SourceRange)] = []
    var parent: (id: ViewID, range: SourceRange)?
    // Checked once here, before any member exists, so a bad value is one error.
    var probe = ViewState()
    for argument in arguments {
      guard let label = argument.label else {
        throw RuntimeError("grid settings need labels, such as cols: 5", at: argument.range)
      }
      switch label.name {
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
      case let property where Self.isViewProperty(property):
        let value = try evaluate(argument.value, in: env)
        try setProperty(&probe, kind: .view, property, value, at: argument.range)
        properties.append((property, value, argument.range))
      default:
        let hint = Spelling.closest(to: label.name, among: Self.gridSettingNames)
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
        for property in properties {
          try setProperty(&state, kind: .view, property.name, property.value, at: property.range)
        }
        let memberName = "\(name.name)[\(members.count)]"
        let existing = scene.view(named: memberName)
        if let existing {
          try checkSameParent(existing, parent, name: Identifier(memberName, range: name.range))
        }
        let id = scene.declare(memberName, state: state)
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

  /// Whether `name` is a property a view declaration takes (`scale` sets both scales).
  static func isViewProperty(_ name: String) -> Bool {
    PropertyTable.standard.settableNames(of: .view).contains(name)
  }

  /// What a grid takes, the view properties first: a misspelt `colr` is
  /// nearer `color` than `cols` for a reader, and ties go to the first.
  static let gridSettingNames =
    PropertyTable.standard.settableNames(of: .view) + ["cols", "rows", "size", "gap", parentLabel]

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
