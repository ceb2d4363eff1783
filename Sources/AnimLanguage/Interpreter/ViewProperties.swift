import AnimEngine

// Reading and setting a view's properties from scripts, through the
// property table (`PropertyTable.standard`): the table says what each name
// is, its type, which kinds of view have it and what values it accepts.

extension Interpreter {
  /// `v.name`: a property, an alias (`scale`, `position`), or the view's name.
  func viewProperty(_ id: ViewID, _ name: Identifier) throws -> Value {
    let state = scene.state(of: id)
    let table = PropertyTable.standard
    if let property = table.property(named: name.name),
      property.declaration.access.contains(.readable), scene.kind(of: id).has(property)
    {
      if property == .shown, state[.shown] >= Double(TextView.allLetters) {
        // "All" reads as how many letters it has (SPEC §23.2).
        return .number(Double(try letterCount(of: id, at: name.range)))
      }
      return try finiteRead(Self.value(of: property, in: state), of: id, name.name, at: name.range)
    }
    if let alias = table.alias(named: name.name, for: scene.kind(of: id)) {
      let value: Value
      switch alias.form {
      case .shared: value = Self.value(of: alias.parts[0], in: state)
      case .point: value = .point(state[alias.parts[0]], state[alias.parts[1]])
      case .pointList: value = try shapePoints(of: id, at: name.range)
      case .parts:
        value =
          ValueList(alias.parts.map { Self.value(of: $0, in: state) }).map { .list($0) } ?? .none
      }
      return try finiteRead(value, of: id, name.name, at: name.range)
    }
    if name.name == Vocabulary.viewNameMember { return .string(scene.name(of: id)) }
    if name.name == TreeMember.letters.rawValue, scene.kind(of: id) == .text {
      do {
        return .group(
          ViewGroup(name: "\(scene.name(of: id)).letters", members: try scene.letters(of: id)))
      } catch {
        throw RuntimeError(error.message, at: name.range)
      }
    }
    if let member = TreeMember(rawValue: name.name) {
      guard member.belongs(to: scene.kind(of: id)) else {
        let kind = scene.kind(of: id).name
        throw RuntimeError(
          "\(ViewSettings.article(kind)) \(kind) has no '\(name.name)'", at: name.range,
          hint: "only a text has letters")
      }
      return try finiteRead(treeValue(member, of: id), of: id, name.name, at: name.range)
    }
    throw unknownProperty(name.name, name.range, kind: scene.kind(of: id))
  }

  /// What a view tells of its place in the tree (SPEC §17).
  func treeValue(_ member: TreeMember, of id: ViewID) -> Value {
    switch member {
    case .parent:
      return scene.parent(of: id).map { .view($0) } ?? .none
    case .children:
      return .group(
        ViewGroup(name: "\(scene.name(of: id)).children", members: scene.children(of: id)))
    case .worldX, .worldY:
      let state = scene.state(of: id)
      let outer = scene.parent(of: id).map { scene.world(of: $0).transform } ?? .identity
      let p = outer.apply(state[.x], state[.y])
      return .number(member == .worldX ? p.x : p.y)
    case .worldRotation:
      return .number(scene.worldRotation(of: id))
    case .worldAlpha:
      return .number(scene.world(of: id).alpha)
    case .letters:
      // Only texts have letters; `viewProperty` reads them (they can throw).
      return .group(ViewGroup(name: "\(scene.name(of: id)).letters", members: []))
    }
  }

  /// The script value of one property of `state`.
  static func value(of property: Property, in state: ViewState) -> Value {
    switch property.declaration.type {
    case .number: return .number(state[property])
    case .color: return .color(state[color: property])
    case .paint:
      switch Paint(state[value: property]) {
      case .color(let c): return .color(c)
      case .gradient(let g): return .gradient(g)
      }
    case .choice(let cases) where cases == ["false", "true"]:
      return .bool(state[property] != 0)
    case .choice(let cases):
      let i = Int(state[property])
      return .symbol(cases.indices.contains(i) ? cases[i] : cases[0])
    case .boolean: return .bool(state[property] != 0)
    case .string where property == .text:
      return .string(TextView.unscrambled(state).shown)
    case .string where property == .face:
      return .string(TextView(state).face)
    case .string:
      if case .string(let s) = state[object: property] { return .string(s) }
      return .none
    case .outline:
      return MorphedOutlines.name(of: state[value: property]).map { .string($0) } ?? .none
    case .dash:
      let written = DashPatterns.pattern(state[property])?.written ?? []
      return ValueList(written.map { .number($0) }).map { .list($0) } ?? .none
    }
  }

  /// Sets one property (or a settable alias) of a view state of `kind` from
  /// a script value, checking what the table accepts.
  func setProperty(
    _ state: inout ViewState, kind: ViewKind, _ name: String, _ value: Value,
    at range: SourceRange
  ) throws {
    if let (message, hint) = ViewSettings.problem(with: name, kind: kind) {
      throw RuntimeError(message, at: range, hint: hint)
    }
    let table = PropertyTable.standard
    if let alias = table.alias(named: name, for: kind) {
      guard alias.isSettable else {
        throw RuntimeError("a view's '\(name)' can be read but not set", at: range)
      }
      switch (alias.form, value) {
      case (.shared, .number(let v)):
        for part in alias.parts { try setNumber(&state, part, v, as: name, at: range) }
      case (.shared, .corners(let c)) where alias.parts.count == 4:
        for (part, v) in zip(alias.parts, c.all) {
          try setNumber(&state, part, v, as: name, at: range)
        }
      case (.point, .point(let a, let b)):
        try setNumber(&state, alias.parts[0], a, as: name, at: range)
        try setNumber(&state, alias.parts[1], b, as: name, at: range)
      case (.shared, _) where alias.parts.count == 4:
        if let (message, hint) = Self.radiiProblem(value) {
          throw RuntimeError(message, at: range, hint: hint)
        }
        throw RuntimeError(
          "\(name) must be a number or four radii (tl, tr, br, bl), not \(value.typeName)",
          at: range)
      case (.shared, _):
        throw RuntimeError("\(name) must be a number, not \(value.typeName)", at: range)
      case (.point, _):
        throw RuntimeError("\(name) must be a point (x, y), not \(value.typeName)", at: range)
      case (.parts, .list(let items)) where items.count == alias.parts.count:
        for (part, item) in zip(alias.parts, items.items) {
          try setProperty(&state, kind: kind, part.name, item, at: range)
        }
      case (.parts, _):
        throw RuntimeError(Self.partsMismatch(alias, value), at: range)
      case (.pointList, _):
        // Given at the declaration (`takeShapeSetting`) or set on the view
        // (`assignPoints`), never through a state alone.
        throw RuntimeError(
          "a shape's points are given where it is declared", at: range,
          hint: "shape s(points: [(0, 0), (50, 40)]); then s.points = … or tween(points: …)")
      }
      return
    }
    guard let property = table.property(named: name) else { return }
    switch property.declaration.type {
    case .number where !property.declaration.namedValues.isEmpty:
      // A number or one of its words (`weight: bold`), as a word or a string.
      let named = property.declaration.namedValues
      let number: Double
      switch value {
      case .number(let v): number = v
      case .symbol(let w), .string(let w):
        guard let found = named.first(where: { $0.word == w }) else {
          throw RuntimeError(
            "\(name) must be \(Self.acceptedText(property)), not \(Formatting.debug(value, scene: scene))",
            at: range, hint: Self.namedValuesHint(property))
        }
        number = found.value
      default:
        throw RuntimeError(
          "\(name) must be \(Self.acceptedText(property)), not \(value.typeName)", at: range,
          hint: Self.namedValuesHint(property))
      }
      try setNumber(&state, property, number, as: name, at: range)
    case .number:
      guard case .number(let v) = value else {
        throw RuntimeError("\(name) must be a number, not \(value.typeName)", at: range)
      }
      try setNumber(&state, property, v, as: name, at: range)
    case .color:
      state[color: property] = try color(Arguments.Item(label: name, value: value, range: range))
    case .paint:
      state[value: property] =
        try paint(Arguments.Item(label: name, value: value, range: range)).value
    case .choice(let cases) where cases == ["false", "true"]:
      guard case .bool(let b) = value else {
        throw RuntimeError("\(name) must be true or false, not \(value.typeName)", at: range)
      }
      state[property] = b ? 1 : 0
    case .choice(let cases):
      // A word, even one that also names a builtin (`round`), or a string.
      let word: String?
      switch value {
      case .symbol(let w), .string(let w): word = w
      case .function(let f): word = f.name
      default: word = nil
      }
      guard let word, let i = cases.firstIndex(of: word) else {
        throw RuntimeError(
          "\(name) must be one of \(cases.joined(separator: ", ")), not \(Formatting.display(value, scene: scene))",
          at: range)
      }
      state[property] = Double(i)
    case .boolean:
      guard case .bool(let b) = value else {
        throw RuntimeError("\(name) must be true or false, not \(value.typeName)", at: range)
      }
      state[property] = b ? 1 : 0
    case .dash:
      state[property] = try dashPattern(value, as: name, at: range)
    case .string, .outline:
      guard case .string(let s) = value else {
        throw RuntimeError("\(name) must be a string, not \(value.typeName)", at: range)
      }
      state[object: property] = .string(property == .font ? storedFontName(s) : s)
    }
    // A text given a value shows it as a number (SPEC §18).
    if property == .value { state[object: .text] = .none }
    // A string set ends a scramble under way (SPEC §23.2).
    if property == .text || property == .value { state[.scrambleProgress] = 1 }
  }

  /// The `dash` lane for a script's list (SPEC §21.3): the id of its
  /// pattern, 0 for `[]` (solid).
  private func dashPattern(_ value: Value, as name: String, at range: SourceRange) throws
    -> Double
  {
    guard case .list(let list) = value else {
      throw RuntimeError(
        "\(name) must be a list of lengths [on, off, …], not \(value.typeName)", at: range,
        hint: Self.dashHint)
    }
    var numbers: [Double] = []
    for item in list.items {
      guard case .number(let v) = item else {
        throw RuntimeError(
          "\(name)'s entries must be numbers, not \(item.typeName)", at: range, hint: Self.dashHint)
      }
      numbers.append(v)
    }
    do {
      return DashPatterns.id(of: try DashPattern.make(numbers))
    } catch {
      throw RuntimeError(error.message, at: range, hint: Self.dashHint)
    }
  }

  /// The hint of every dash error.
  static let dashHint = "dash: [8, 4] draws 8-point dashes with 4-point gaps; dash: [] is solid"

  /// Sets a number property after the checks its declaration asks for.
  private func setNumber(
    _ state: inout ViewState, _ property: Property, _ v: Double, as name: String,
    at range: SourceRange
  ) throws {
    guard v.isFinite else { throw RuntimeError("\(name) must be finite", at: range) }
    if let (message, hint) = Self.rangeProblem(of: property, v, as: name) {
      throw RuntimeError(message, at: range, hint: hint)
    }
    state[property] = v
  }

  /// Why `v` is not a value `property` accepts (written `name`), or nil:
  /// the error setting it throws, which `anim check` reports too.
  static func rangeProblem(of property: Property, _ v: Double, as name: String) -> (
    message: String, hint: String?
  )? {
    switch property.declaration.accepted {
    case .finite: return nil
    case .nonNegative:
      guard v < 0 else { return nil }
      return ("\(name) cannot be negative: \(NumberText.format(v))", "a view's size is at least 0")
    case .positive:
      guard v <= 0 else { return nil }
      return (
        "\(name) must be greater than 0, got \(NumberText.format(v))",
        "a text's size is its font size in points"
      )
    case .unit:
      guard !(0...1).contains(v) else { return nil }
      return ("\(name) must be between 0 and 1, got \(NumberText.format(v))", nil)
    case .within(let bounds):
      guard !bounds.contains(v) else { return nil }
      return (
        "\(name) must be \(Self.acceptedText(property)), got \(NumberText.format(v))",
        Self.namedValuesHint(property)
      )
    }
  }

  /// What an alias of parts takes, in words: `(x, y, blur, color)` for
  /// `shadow` (its parts' names without the alias's).
  static func partsText(_ alias: PropertyAlias) -> String {
    let words = alias.partNames.map { part -> String in
      guard part.hasPrefix(alias.name), part.count > alias.name.count else { return part }
      let rest = part.dropFirst(alias.name.count)
      return rest.prefix(1).lowercased() + rest.dropFirst()
    }
    return "(" + words.joined(separator: ", ") + ")"
  }

  /// What is wrong with four items given as corner radii when one is not a
  /// number: `(1, 2, 3, red)` is a shadow's tuple (a list), and its colour
  /// is named as the radius it stands in for.
  static func radiiProblem(_ value: Value) -> (message: String, hint: String)? {
    guard case .list(let items) = value, items.count == 4 else { return nil }
    let names = ["top-left", "top-right", "bottom-right", "bottom-left"]
    for (name, item) in zip(names, items.items) {
      if case .number = item { continue }
      return (
        "\(name) radius must be a number, not \(item.typeName)",
        "(tl, tr, br, bl) are corner radii; (x, y, blur, colour) sets a shadow: shadow: (…)"
      )
    }
    return nil
  }

  /// The error for a value an alias of parts does not take: "shadow must be
  /// (x, y, blur, color), not four numbers" (the checker says the same of
  /// the literal).
  static func partsMismatch(_ alias: PropertyAlias, _ value: Value) -> String {
    let given: String
    switch value {
    case .corners: given = "four numbers"
    case .list(let items): given = "a list of \(items.count) items"
    default: given = value.typeName
    }
    return "\(alias.name) must be \(partsText(alias)), not \(given)"
  }

  /// What a number property with a range or words takes, in words:
  /// "a number from 100 to 900, normal or bold".
  static func acceptedText(_ property: Property) -> String {
    var text = "a number"
    if case .within(let bounds) = property.declaration.accepted {
      text +=
        " from \(NumberText.format(bounds.lowerBound)) to \(NumberText.format(bounds.upperBound))"
    }
    let words = property.declaration.namedValues.map(\.word)
    if let last = words.last {
      text +=
        (words.count > 1 ? ", " + words.dropLast().joined(separator: ", ") : "") + " or " + last
    }
    return text
  }

  /// What a property's words stand for ("normal is 400, bold is 700").
  static func namedValuesHint(_ property: Property) -> String? {
    let named = property.declaration.namedValues
    guard !named.isEmpty else { return nil }
    return named.map { "\($0.word) is \(NumberText.format($0.value))" }.joined(separator: ", ")
  }

  /// The error for a name views (of `kind`) do not have, with a hint.
  func unknownProperty(_ name: String, _ range: SourceRange, kind: ViewKind = .view)
    -> RuntimeError
  {
    let names = PropertyTable.standard.readableNames.filter {
      Property.named($0).map { kind.has($0) } ?? true
    }
    if let property = Property.named(name), !kind.has(property),
      let (message, hint) = ViewSettings.problem(with: name, kind: kind)
    {
      return RuntimeError(message, at: range, hint: hint)
    }
    return RuntimeError(
      "views have no property '\(name)'", at: range,
      hint: Spelling.closest(to: name, among: names).map { "did you mean '\($0)'?" })
  }
}
