import AnimEngine

/// The primitives of SPEC §5.1: `fade`, `move`, `rotate`, `scale`, ….
enum MotionBuiltins {
  /// The duration a primitive takes when none is given.
  static let defaultDuration = 0.3

  static let list: [Builtin] = [
    Builtin(name: "fade", summary: "fade(in | out | A, d) or fade(from: A, d): alpha to 1, 0 or A")
    {
      args, interp in
      let rules = try endpoints(&args, "a target: in, out or an alpha", allowsBy: false) {
        let alpha: Double
        switch $0.value {
        case .symbol("in"): alpha = 1
        case .symbol("out"): alpha = 0
        default: alpha = try $0.number(Property.alpha.name)
        }
        try checkAlpha(alpha, $0.range)
        return [scalar(alpha)]
      }
      return try primitive(&args, interp, [Change(.alpha, rules[0])])
    },
    Builtin(name: "appear", summary: "appear(d): alpha to 1") { args, interp in
      try primitive(&args, interp, [Change(.alpha, .to(scalar(1)))])
    },
    Builtin(name: "disappear", summary: "disappear(d): alpha to 0") { args, interp in
      try primitive(&args, interp, [Change(.alpha, .to(scalar(0)))])
    },
    Builtin(name: "move", summary: "move(to: (x, y), d) or move(by: (dx, dy), d)") { args, interp in
      try pointPrimitive(&args, interp, .x, .y, positional: "to")
    },
    Builtin(name: "resize", summary: "resize(to: (w, h), d): width and height") { args, interp in
      try pointPrimitive(&args, interp, .width, .height, positional: "to")
    },
    Builtin(name: "rotate", summary: "rotate(to: deg, d), rotate(by: deg, d), from: deg") {
      args, interp in
      let rules = try endpoints(&args, "an angle", allowsBy: true) {
        [scalar(try $0.number(Property.rotation.name))]
      }
      return try primitive(&args, interp, [Change(.rotation, rules[0])])
    },
    Builtin(name: "scale", summary: "scale(to: s | (sx, sy), d) or scale(by: ..., d), from: ...") {
      args, interp in
      let rules = try endpoints(&args, "a scale", allowsBy: true) {
        let (sx, sy) = try scalePair($0)
        return [scalar(sx), scalar(sy)]
      }
      return try primitive(&args, interp, [Change(.scaleX, rules[0]), Change(.scaleY, rules[1])])
    },
    Builtin(name: "sizing", summary: "sizing((sx, sy), d): scale to") { args, interp in
      let rules = try endpoints(&args, "a scale", allowsBy: false) {
        let (sx, sy) = try scalePair($0)
        return [scalar(sx), scalar(sy)]
      }
      return try primitive(&args, interp, [Change(.scaleX, rules[0]), Change(.scaleY, rules[1])])
    },
    Builtin(name: "color", summary: "color(to: c, d): colour to c (from: c)") { args, interp in
      let rules = try endpoints(&args, "a colour or a gradient", allowsBy: false) {
        [try interp.paint($0).value]
      }
      return try primitive(&args, interp, [Change(.color, rules[0])])
    },
    Builtin(name: "discolor", summary: "discolor(c, d): colour to c (from: c)") { args, interp in
      let rules = try endpoints(&args, "a colour or a gradient", allowsBy: false) {
        [try interp.paint($0).value]
      }
      return try primitive(&args, interp, [Change(.color, rules[0])])
    },
    Builtin(name: "tween", summary: "tween(alpha: 0.5, x: 10, ..., d): any properties") {
      args, interp in
      var changes: [Change] = []
      for item in args.takeLabelledExcept(["ease", "delay", "on", "space", "duration"]) {
        changes += try propertyChanges(item, interp)
      }
      if changes.isEmpty {
        throw RuntimeError("tween needs at least one property, such as alpha: 0.5", at: args.range)
      }
      return try primitive(&args, interp, changes)
    },
    Builtin(name: "wait", summary: "wait(d): nothing, for d") { args, interp in
      let d = try args.require("duration", "a duration").duration()
      try args.finish()
      return .motion(try interp.build(args.range) { try Motion.wait(d) })
    },
    Builtin(name: "mark", summary: "mark(\"name\"): emits event mark \"name\"") { args, interp in
      let item = try args.require("name", "a name")
      guard case .string(let name) = item.value else {
        throw RuntimeError("mark needs a string name, not \(item.value.typeName)", at: item.range)
      }
      try args.finish()
      return .motion(
        try interp.build(args.range) { try Motion.leaf(Leaf(duration: 0, mark: name)) })
    },
  ]

  static func scalar(_ v: Double) -> PropertyValue { PropertyValue(v, 0, 0, 0) }
  static func vector(_ c: Color) -> PropertyValue { PropertyValue(c.r, c.g, c.b, c.a) }

  static func checkAlpha(_ a: Double, _ range: SourceRange, name: String = Property.alpha.name)
    throws
  {
    if !(0...1).contains(a) {
      throw RuntimeError("\(name) must be between 0 and 1, got \(NumberText.format(a))", at: range)
    }
  }

  /// A motion's target for `property` where the property takes only some
  /// numbers: an alpha or opacity 0…1, a blur's σ 0…250 (SPEC §21.2). The
  /// path between may overshoot it, as an overshooting easing does.
  static func checkTarget(_ v: Double, of property: Property, _ range: SourceRange, name: String)
    throws
  {
    switch property.declaration.accepted {
    case .unit: try checkAlpha(v, range, name: name)
    case .within(let bounds) where !bounds.contains(v):
      throw RuntimeError(
        "\(name) must be \(Interpreter.acceptedText(property)), got \(NumberText.format(v))",
        at: range)
    default: break
    }
  }

  /// `move`/`resize`: a point "to" (also positional), "by", and "from".
  static func pointPrimitive(
    _ args: inout Arguments, _ interp: Interpreter, _ px: Property, _ py: Property,
    positional: String
  ) throws -> Value {
    let rules = try endpoints(&args, "a point", allowsBy: true) {
      let (x, y) = try $0.point(
        $0.label == "by" ? "offset" : $0.label == "from" ? "start" : "target")
      return [scalar(x), scalar(y)]
    }
    return try primitive(&args, interp, [Change(px, rules[0]), Change(py, rules[1])])
  }

  /// The rules of a primitive that takes `to:` (SPEC §5.1, §14.1), one per
  /// property `read` gives values for.
  ///
  /// - `to: T` (or positional): from the value at the play's start to T;
  ///   `by: D` (where `allowsBy`): from it to it + D.
  /// - `from: F` with either: the property is set to F at the start of each
  ///   play, then animates to T (or to F + D).
  /// - `from: F` alone: set to F, then animates back to the value the property
  ///   had when the play started (GSAP's `from()`).
  ///
  /// With `from:`, a positional target is read only when two unlabelled
  /// arguments are left (target and duration): `move(from: (0, -40), 0.5)`
  /// has a duration and no target.
  static func endpoints(
    _ args: inout Arguments, _ what: String, allowsBy: Bool,
    _ read: (Arguments.Item) throws -> [PropertyValue]
  ) throws -> [ChangeRule] {
    let from = try args.take("from").map(read)
    let by = allowsBy ? try args.take("by").map(read) : nil
    var to: [PropertyValue]?
    if by == nil {
      if from == nil {
        to = try read(try args.require("to", what))
      } else if let item = args.take("to") ?? (args.unlabelledCount >= 2 ? args.next() : nil) {
        to = try read(item)
      }
    }
    guard let from else {
      if let by { return by.map { .by($0) } }
      return to!.map { .to($0) }
    }
    if let to { return zip(from, to).map { .fromTo($0, $1) } }
    if let by { return zip(from, by).map { .fromTo($0, $0 + $1) } }
    return from.map { .affine(startScale: 0, startOffset: $0, endScale: 1, endOffset: .zero) }
  }

  static func scalePair(_ item: Arguments.Item) throws -> (Double, Double) {
    if case .point = item.value { return try item.point("scale") }
    let s = try item.number("scale")
    return (s, s)
  }

  /// The changes one `tween` argument asks for: an animatable property or
  /// a settable alias of the property table (`scale` moves both scales).
  static func propertyChanges(_ item: Arguments.Item, _ interp: Interpreter) throws -> [Change] {
    let label = item.label ?? ""
    let table = PropertyTable.standard
    if let alias = table.alias(named: label), alias.form == .pointList {
      // A shape's points, one for one (SPEC §23.1).
      return [Change(.outline, .points(try Interpreter.shapePoints(item.value, at: item.range)))]
    }
    if let alias = table.alias(named: label), alias.form == .parts {
      // `shadow: (x, y, blur, colour)`: each part as its own argument.
      guard case .list(let items) = item.value, items.count == alias.parts.count else {
        throw RuntimeError(Interpreter.partsMismatch(alias, item.value), at: item.range)
      }
      return try zip(alias.parts, items.items).flatMap { part, value in
        try propertyChanges(
          Arguments.Item(label: part.name, value: value, range: item.range), interp)
      }
    }
    if let alias = table.alias(named: label), alias.isSettable {
      let values: [Double]
      if case .point = item.value, alias.parts.count == 2 {
        let (a, b) = try item.point(label)
        values = [a, b]
      } else if case .corners(let c) = item.value, alias.parts.count == 4 {
        values = c.all
      } else if alias.parts.count == 4, let (message, hint) = Interpreter.radiiProblem(item.value) {
        throw RuntimeError(message, at: item.range, hint: hint)
      } else {
        let v = try item.number(label)
        values = alias.parts.map { _ in v }
      }
      return zip(alias.parts, values).map { Change($0, .to(scalar($1))) }
    }
    guard let property = table.property(named: label),
      property.declaration.access.contains(.animatable)
    else {
      let hint = Spelling.closest(to: label, among: table.animatableNames)
      throw RuntimeError(
        "tween has no property '\(label)'", at: item.range,
        hint: hint.map { "did you mean '\($0)'?" })
    }
    switch property.declaration.interpolation {
    case .color where property.declaration.type == .paint:
      return [Change(property, .to(try interp.paint(item).value))]
    case .color:
      return [Change(property, .to(vector(try interp.color(item))))]
    case .numeric, .none:
      let v = try item.number(label)
      try checkTarget(v, of: property, item.range, name: label)
      return [Change(property, .to(scalar(v)))]
    }
  }

  /// A leaf of `changes` with the duration and the options every primitive
  /// takes: `ease:`, `delay:`, `on:` and `space:`.
  static func primitive(_ args: inout Arguments, _ interp: Interpreter, _ changes: [Change]) throws
    -> Value
  {
    let d = try args.take("duration", orNext: true)?.duration() ?? defaultDuration
    let easing = try args.take("ease").map { try interp.easing($0) } ?? .linear
    let space = try args.take("space").map { try interp.colorSpace($0) } ?? .srgb
    let delay = try args.take("delay")?.duration("delay") ?? 0
    let target = try args.take("on").map { try interp.targetViews($0) }
    try args.finish()
    let range = args.range
    var m = try interp.build(range) {
      try Motion.leaf(Leaf(duration: d, easing: easing, changes: changes, space: space))
    }
    m = try interp.build(range) { try Motion.delayed(m, by: delay) }
    if let views = target { m = try interp.build(range) { try Motion.bound(m, to: views) } }
    return .motion(m)
  }

}

extension Arguments {
  /// Removes every labelled argument whose label is not in `kept`, in order.
  mutating func takeLabelledExcept(_ kept: Set<String>) -> [Item] {
    itemsMatching { $0.label != nil && !kept.contains($0.label!) }
  }
}
