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
    _ kind: ViewKind, _ name: Identifier, index: Expr? = nil, _ arguments: [Argument],
    children: [Stmt] = [], blockParent: ViewID? = nil, in env: Environment
  ) throws {
    // `rect bar[i](…)`: the member `bar[i]` of the family `bar` (SPEC §23.1).
    var member: Int?
    if let index {
      try checkFamilyName(name, in: env)
      member = try familyIndex(index, in: env)
    }
    let viewName = member.map { "\(name.name)[\($0)]" } ?? name.name
    var state = ViewState()
    if kind.outline == .none {
      // A layer's box defaults to 0 × 0 (SPEC §16.1): its children sit at its position.
      state[.width] = 0
      state[.height] = 0
    }
    var shape = ShapeSettings()
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
      if kind == .image, label.name == Property.src.name {
        let (src, image) = try imageFile(argument, in: env)
        imageSource = (image, argument.range)
        state[object: .src] = .string(src)
        continue
      }
      if kind.outline == .path, try takeShapeSetting(argument, label.name, into: &shape, in: env) {
        continue
      }
      let value = try evaluate(argument.value, in: env)
      try setProperty(&state, kind: kind, label.name, value, at: argument.range)
    }
    try checkGeometry(of: kind, state, at: name.range)
    var path: ShapePath?
    if kind.outline == .path {
      path = try shapePath(shape, &state, name: name)
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
      try checkText(&state, at: font?.range ?? name.range, name: name.name)
    }
    let existing = scene.view(named: viewName)
    if let existing {
      try checkSameParent(existing, parent, name: Identifier(viewName, range: name.range))
    }
    let id = scene.declare(viewName, kind: kind, state: state)
    viewDeclared?(id, name.range, file)
    declarationSites.note(id, at: name.range, in: file)
    scene.setPath(path, of: id)
    scene.setImage(imageSource?.image, of: id)
    noteUse(of: .view(id))
    if let member {
      declareMember(name.name, member, id, in: env)
    } else {
      // A view is the scene's: declared in a block (a loop's, a handler's),
      // its name is seen after it, as a family's is.
      (env.lookup(name.name) != nil ? env : globals).assign(name.name, .view(id))
    }
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
        case .viewDeclaration(
          let childKind, let childName, let childIndex, let childArguments, let grandchildren) =
          child.kind
      else { continue }
      try spend(1, at: child.range)
      try declareView(
        childKind, childName, index: childIndex, childArguments, children: grandchildren,
        blockParent: id, in: env)
    }
  }

  /// The view a `parent:` argument names: a view declared before this one.
  func parentView(_ argument: Argument, of child: Identifier, in env: Environment) throws
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
  func checkSameParent(
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
        ImageFiles.notAString, at: argument.range,
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

  /// Bad geometry as an error at the declaration (SPEC §16.1): a polygon's
  /// `sides` and a star's `points` whole and ≥ 3, its `innerRadius` in (0, 1].
  func checkGeometry(of kind: ViewKind, _ state: ViewState, at range: SourceRange) throws {
    for property in [Property.sides, .points, .innerRadius] where kind.has(property) {
      if let (message, hint) = GeometrySettings.problem(
        number: property.name, state[property], kind: kind)
      {
        throw RuntimeError(message, at: range, hint: hint)
      }
    }
  }

  /// The group a value names: a group, a view, or a list of views and groups.
  func groupValue(_ value: Value, named name: String, at range: SourceRange) throws -> ViewGroup {
    switch value {
    case .group(let g): return ViewGroup(name: name, members: g.members)
    case .view(let v): return ViewGroup(name: name, members: [v])
    case .list(let items):
      guard let members = try viewsOfList(items, at: range) else {
        let other = items.first { item in
          switch item {
          case .view, .group: return false
          default: return true
          }
        }
        throw RuntimeError("a group holds views, not \(other?.typeName ?? "list")", at: range)
      }
      return ViewGroup(name: name, members: members)
    default:
      throw RuntimeError("a group is a list of views, not \(value.typeName)", at: range)
    }
  }

  /// `target = value`: a name, a view's property (`view.alpha = 0.5`), an
  /// item of a list or a field of a record (`xs[0] = 9`, `r.sales = 3`).
  func assign(_ target: Expr, _ value: Value, in env: Environment) throws {
    switch target.kind {
    case .identifier(let name):
      env.assign(name, value)
    case .index(let base, _):
      if try assignInPlace(target, value, in: env) { return }
      let owner = try evaluate(base, in: env)
      throw RuntimeError(
        "cannot set an item of \(Self.article(owner.typeName)) \(owner.typeName)", at: target.range,
        hint: owner.typeName == "group"
          ? "a group's members are views: set a property, as in g[0].x = 10" : nil)
    case .member(let base, let member):
      if try assignInPlace(target, value, in: env) { return }
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
      let kind = scene.kind(of: id)
      if PropertyTable.standard.alias(named: member.name, for: kind)?.form == .pointList {
        try assignPoints(id, value, at: target.range)
        return
      }
      var state = scene.state(of: id)
      try setProperty(&state, kind: kind, member.name, value, at: target.range)
      if kind == .text { try checkText(&state, at: target.range, name: scene.name(of: id)) }
      scene.set(id, state)
    default:
      throw RuntimeError("cannot assign to this expression", at: target.range)
    }
  }
}
