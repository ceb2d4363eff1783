import AnimEngine

/// `stagger`, its sort functions (SPEC §5.5), and the timing builtins
/// `ease`, `cubicBezier` and `steps` (§5.3).
enum StaggerBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "stagger",
      summary:
        "stagger(g, m, sort: S, each: d | total: T, ease: E, delay: d): m on every member, offset by S"
    ) { args, interp in
      let groupItem = try args.require("group", "a group")
      // `stagger([play(a), play(b)], each: d)`: motions, one after another.
      if case .list(let items) = groupItem.value, !items.isEmpty,
        items.allSatisfy({ if case .motion = $0 { true } else { false } })
      {
        return try staggerMotions(items.compactMap(\.motion), &args, interp)
      }
      let members = try interp.targetViews(groupItem)
      let m = try interp.motionArgument(try args.require("motion", "a motion"))
      let sort =
        try args.take("sort").map { try interp.sortSpec($0) }
        ?? SortSpec(function: .standard, reversed: false, description: "linear(topToBottom)")
      let each = args.take("each")
      let total = args.take("total")
      if let each, let total {
        _ = each
        throw RuntimeError("stagger takes each: or total:, not both", at: total.range)
      }
      let timing: StaggerTiming =
        try total.map { .total(try $0.duration("total")) }
        ?? .each(try each?.duration("each") ?? 0.05)
      let distribution = try args.take("ease").map { try interp.easing($0) }
      // `delay: d` waits d before the first member, which shows its start
      // state through it (SPEC §23.3).
      let delay = try args.take("delay").map { try $0.duration("delay") } ?? 0
      try args.finish()
      let (points, frame) = interp.layout(of: members)
      var offsets: [Double]
      do {
        offsets = try staggerOffsets(
          members: points, frame: frame, sort: sort.function, reversed: sort.reversed,
          timing: timing)
      } catch let error as EngineError {
        throw RuntimeError(error.message, at: args.range)
      }
      if let distribution { offsets = easeStaggerOffsets(offsets, distribution) }
      if delay > 0 { offsets = offsets.map { $0 + delay } }
      let parts = try zip(members, offsets).map { view, offset in
        // Every member shows its start state from the stagger's start, as
        // Spruce prepares all views before the first one moves.
        try interp.build(args.range) {
          try Motion.bound(try Motion.prepared(m, after: offset), to: [view])
        }
      }
      return .motion(try interp.build(args.range) { try Motion.parallel(parts) })
    },
    Builtin(name: "ease", summary: "ease(m, E): the whole of m re-timed through easing E") {
      args, interp in
      let m = try interp.motionArgument(try args.require("motion", "a motion"))
      let e = try interp.easing(try args.require("easing", "an easing"))
      try args.finish()
      return .motion(try interp.build(args.range) { try Motion.eased(m, e) })
    },
    Builtin(name: "cubicBezier", summary: "cubicBezier(x1, y1, x2, y2): a CSS cubic-bezier easing")
    { args, _ in
      let v = try ["x1", "y1", "x2", "y2"].map {
        try args.require($0, "four numbers x1, y1, x2, y2").number($0)
      }
      try args.finish()
      do { return .easing(try Easing.makeCubicBezier(v[0], v[1], v[2], v[3])) } catch let error
        as EngineError
      {
        throw RuntimeError(error.message, at: args.range)
      }
    },
    Builtin(name: "steps", summary: "steps(n): n equal jumps (CSS jump-end)") { args, _ in
      let item = try args.require("n", "a number of steps")
      let n = try item.number("steps")
      try args.finish()
      do { return .easing(try Easing.makeSteps(n)) } catch let error as EngineError {
        throw RuntimeError(error.message, at: item.range)
      }
    },
    gradientOrSort(
      sort(
        "linear",
        "linear(direction): by distance along a direction; linear(from:, to:, stops:): a gradient"
      ) { args, _ in
        .linear(try choice(&args, "direction", StaggerDirection.self, default: .topToBottom))
      }),
    sort("cornered", "cornered(corner): by |dx| + |dy| from a corner") { args, _ in
      .cornered(try choice(&args, "corner", StaggerCorner.self, default: .topLeft))
    },
    gradientOrSort(
      sort(
        "radial",
        "radial(position): by distance from a position; radial(center:, radius:, stops:, focal:): a gradient"
      ) { args, _ in
        .radial(try choice(&args, "position", StaggerPosition.self, default: .middle))
      }),
    sort("inline", "inline(corner): row by row from a corner") { args, _ in
      .inline(try choice(&args, "corner", StaggerCorner.self, default: .topLeft))
    },
    sort("continuous", "continuous(position, duration: D): offset proportional to distance") {
      args, _ in
      let p = try choice(&args, "position", StaggerPosition.self, default: .middle)
      return .continuous(p, duration: try args.require("duration", "a duration").duration())
    },
    sort("weighted", "weighted(position, horizontal: W, vertical: W, duration: D)") { args, _ in
      let p = try choice(&args, "position", StaggerPosition.self, default: .middle)
      let h = try weight(args.take("horizontal"))
      let v = try weight(args.take("vertical"))
      return .weighted(
        p, horizontal: h, vertical: v,
        duration: try args.require("duration", "a duration").duration())
    },
    Builtin(
      name: "random",
      summary: "random(a, b): a seeded number in a…b; random(seed: n): a seeded stagger order"
    ) { args, interp in
      if let seed = args.take("seed") {
        let n = try seed.number("seed")
        guard n.rounded() == n, abs(n) < 9.2e18 else {
          throw RuntimeError("seed must be a whole number from -9.2e18 to 9.2e18", at: seed.range)
        }
        let reversed = try reversedFlag(&args)
        try args.finish()
        return .sort(
          SortSpec(
            function: .random(seed: UInt64(bitPattern: Int64(n))), reversed: reversed,
            description: "random(seed: \(NumberText.format(n)))"))
      }
      if args.isEmpty || (args.items.count == 1 && args.items[0].label == "reversed") {
        let reversed = try reversedFlag(&args)
        return .sort(
          SortSpec(
            function: .random(seed: interp.random.next()), reversed: reversed, description: "random"
          ))
      }
      let a = try args.require("from", "a lower bound").number("lower bound")
      let b = try args.require("to", "an upper bound").number("upper bound")
      try args.finish()
      // `b - a` overflows for bounds near ±1.8e308; the draw is then made as
      // a weighted mean, which cannot.
      let unit = interp.random.nextUnit()
      let span = b - a
      let value = span.isFinite ? a + span * unit : a * (1 - unit) + b * unit
      return .number(value)
    },
  ]

  /// A sort builtin: its own arguments plus `reversed:`.
  /// `sort`, which makes a gradient instead when the call asks for one
  /// (``GradientBuiltins/isGradientCall(_:_:)``).
  static func gradientOrSort(_ sort: Builtin) -> Builtin {
    Builtin(name: sort.name, summary: sort.summary) { args, interp in
      if GradientBuiltins.isGradientCall(sort.name, args) {
        return try GradientBuiltins.gradient(sort.name, &args, interp)
      }
      return try sort.call(&args, interp)
    }
  }

  static func sort(
    _ name: String, _ summary: String,
    _ make: @escaping @Sendable (inout Arguments, Interpreter) throws -> SortFunction
  ) -> Builtin {
    Builtin(name: name, summary: summary) { args, interp in
      let reversed = try reversedFlag(&args)
      let words = args.items.map { Formatting.debug($0.value, scene: interp.scene) }
      let function = try make(&args, interp)
      try args.finish()
      return .sort(
        SortSpec(
          function: function, reversed: reversed,
          description: "\(name)(\(words.joined(separator: ", ")))"))
    }
  }

  static func reversedFlag(_ args: inout Arguments) throws -> Bool {
    guard let item = args.take("reversed") else { return false }
    guard case .bool(let b) = item.value else {
      throw RuntimeError("reversed: must be true or false", at: item.range)
    }
    return b
  }

  static func choice<T: RawRepresentable & CaseIterable>(
    _ args: inout Arguments, _ what: String, _ type: T.Type, default value: T
  ) throws -> T where T.RawValue == String {
    guard let item = args.take(what, orNext: true) else { return value }
    let word = try item.symbol(what)
    if let v = T(rawValue: word) { return v }
    let names = T.allCases.map(\.rawValue)
    throw RuntimeError(
      "unknown \(what) '\(word)'; expected \(names.joined(separator: ", "))", at: item.range,
      hint: Spelling.closest(to: word, among: names).map { "did you mean '\($0)'?" })
  }

  static func weight(_ item: Arguments.Item?) throws -> Double {
    guard let item else { return StaggerWeight.medium.value }
    if case .number = item.value { return try item.number("weight") }
    let word = try item.symbol("weight")
    guard let w = StaggerWeight(named: word) else {
      throw RuntimeError(
        "unknown weight '\(word)'; expected light, medium, heavy or a number", at: item.range)
    }
    return w.value
  }
}

extension Interpreter {
  /// A sort function: a sort value or the bare word `default`.
  func sortSpec(_ item: Arguments.Item) throws -> SortSpec {
    switch item.value {
    case .sort(let s): return s
    case .symbol("default"):
      return SortSpec(function: .default, reversed: false, description: "default")
    case .function(let f)
    where ["linear", "cornered", "radial", "inline", "random"].contains(f.name):
      var args = Arguments(callee: f.name, items: [], range: item.range)
      if case .builtin(let b) = f.body, case .sort(let s) = try b.call(&args, self) { return s }
      throw RuntimeError("expected a sort function", at: item.range)
    case .symbol(let s):
      throw RuntimeError(
        "unknown sort '\(s)'", at: item.range,
        hint: Spelling.closest(
          to: s,
          among: [
            "default", "linear", "cornered", "radial", "random", "inline", "continuous", "weighted",
          ]
        ).map { "did you mean '\($0)'?" })
    default:
      throw RuntimeError(
        "expected a sort function such as radial(middle), not \(item.value.typeName)",
        at: item.range)
    }
  }

  /// Members' centres in their group's frame (origin top-left, y down), and the
  /// frame: the bounding box of the members' frames. Positions are the
  /// members' `x`, `y` in their common parent's coordinates, or, when their
  /// parents differ, their anchor points in world coordinates (`worldX`,
  /// `worldY`), each frame moved with its anchor point (SPEC §17).
  func layout(of members: [ViewID]) -> ([SIMD2<Double>], StaggerFrame) {
    let states = members.map { scene.state(of: $0) }
    guard !states.isEmpty else { return ([], StaggerFrame(width: 0, height: 0)) }
    let firstParent = scene.parent(of: members[0])
    let shared = members.allSatisfy { scene.parent(of: $0) == firstParent }
    let shifts: [SIMD2<Double>] = members.indices.map { i in
      guard !shared, let parent = scene.parent(of: members[i]) else { return .zero }
      let p = scene.world(of: parent).transform.apply(states[i][.x], states[i][.y])
      return SIMD2(p.x - states[i][.x], p.y - states[i][.y])
    }
    let minX = states.indices.map { states[$0].frame.x + shifts[$0].x }.min()!
    let minY = states.indices.map { states[$0].frame.y + shifts[$0].y }.min()!
    let maxX = states.indices.map { states[$0].frame.x + states[$0].frame.width + shifts[$0].x }
      .max()!
    let maxY = states.indices.map { states[$0].frame.y + states[$0].frame.height + shifts[$0].y }
      .max()!
    let points = states.indices.map {
      SIMD2(states[$0][.x] + shifts[$0].x - minX, states[$0][.y] + shifts[$0].y - minY)
    }
    return (points, StaggerFrame(width: maxX - minX, height: maxY - minY))
  }
}

extension StaggerBuiltins {
  /// `stagger([m1, m2, …], each: d | total: T, ease: E)`: the motions run
  /// together, the i-th starting at i·d (or spread so that the last starts
  /// at T), each on whatever it is bound to (SPEC §22: a list of plays).
  static func staggerMotions(_ motions: [Motion], _ args: inout Arguments, _ interp: Interpreter)
    throws -> Value
  {
    if let sort = args.take("sort") {
      throw RuntimeError(
        "sort: orders the views of a group; a list of motions starts in its own order",
        at: sort.range)
    }
    let each = args.take("each")
    let total = args.take("total")
    if let total, each != nil {
      throw RuntimeError("stagger takes each: or total:, not both", at: total.range)
    }
    let distribution = try args.take("ease").map { try interp.easing($0) }
    try args.finish()
    try interp.spend(motions.count / 100, at: args.range)
    let n = Double(motions.count)
    var offsets: [Double]
    if let total {
      let t = try total.duration("total")
      offsets = motions.indices.map { n > 1 ? t * (Double($0) / (n - 1)) : 0 }
    } else {
      let d = try each?.duration("each") ?? 0.05
      offsets = motions.indices.map { Double($0) * d }
      if !(offsets.last ?? 0).isFinite {
        throw RuntimeError(
          "each \(NumberText.format(d)) makes the offsets overflow", at: each?.range ?? args.range)
      }
    }
    if let distribution { offsets = easeStaggerOffsets(offsets, distribution) }
    let parts = try zip(motions, offsets).map { m, offset in
      try interp.build(args.range) { try Motion.delayed(m, by: offset) }
    }
    return .motion(try interp.build(args.range) { try Motion.parallel(parts) })
  }
}

extension Value {
  /// The motion this value is, if it is one.
  fileprivate var motion: Motion? {
    if case .motion(let m) = self { return m }
    return nil
  }
}
