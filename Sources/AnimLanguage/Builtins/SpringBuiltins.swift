import AnimEngine

/// `spring(...)`: a motion along the exact spring path to its targets, or,
/// with no targets, a spring easing (SPEC §5.4).
enum SpringBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "spring", summary: "spring(x: 200, stiffness: 100, damping: 10, mass: 1, velocity: 0)"
    ) { args, interp in
      let parameters = try Self.parameters(&args)
      let velocity = try args.take("velocity")?.number("velocity") ?? 0
      if let ease = args.take("ease") {
        throw RuntimeError("a spring has its own timing; it takes no ease:", at: ease.range)
      }
      var changes: [Change] = []
      for item in args.takeLabelledExcept(["ease", "delay", "on"]) {
        changes += try targets(item, parameters, velocity)
      }
      if changes.isEmpty {
        if args.take("delay") != nil || args.take("on") != nil {
          throw RuntimeError(
            "a spring with delay: or on: needs a property to move, such as x: 200", at: args.range)
        }
        try args.finish()
        return .easing(.spring(parameters))
      }
      if let extra = args.next() {
        throw RuntimeError(
          "a spring's duration is its settling time; it takes no duration", at: extra.range)
      }
      // The duration is fixed when the motion is built: the settling time of a
      // unit move from rest (velocity: is in distances per second), so springs
      // sequence like any motion. A velocity handed over at run time bends the
      // path; the value still snaps to the target at this time.
      let settle = SpringSolution(parameters: parameters, displacement: -1, velocity: velocity)
        .settlingTime
      args = Arguments(
        callee: args.callee,
        items: args.items + [.init(label: "duration", value: .number(settle), range: args.range)],
        range: args.range)
      return try MotionBuiltins.primitive(&args, interp, changes)
    }
  ]

  /// The one parameterisation given: physical (stiffness, damping, mass),
  /// `duration:bounce:`, `frequency:halflife:` or `response:dampingRatio:`.
  static func parameters(_ args: inout Arguments) throws -> SpringParameters {
    let forms: [[String]] = [
      ["stiffness", "damping", "mass"], ["duration", "bounce"], ["frequency", "halflife"],
      ["response", "dampingRatio"],
    ]
    var given: [String: Arguments.Item] = [:]
    for name in forms.flatMap({ $0 }) { if let item = args.take(name) { given[name] = item } }
    let used = forms.filter { form in form.contains { given[$0] != nil } }
    if used.count > 1 {
      let names = used.map { $0.first! + ":" }.joined(separator: " and ")
      throw RuntimeError(
        "a spring takes one set of parameters, not \(names) together", at: args.range)
    }
    func value(_ name: String) throws -> Double? { try given[name]?.number(name) }
    do {
      switch used.first?.first {
      case "duration":
        guard let d = try value("duration") else {
          throw RuntimeError("spring bounce: needs duration:", at: args.range)
        }
        return try SpringParameters(duration: d, bounce: try value("bounce") ?? 0)
      case "frequency":
        guard let f = try value("frequency"), let h = try value("halflife") else {
          throw RuntimeError("a spring needs both frequency: and halflife:", at: args.range)
        }
        return try SpringParameters(frequency: f, halflife: h)
      case "response":
        guard let r = try value("response"), let z = try value("dampingRatio") else {
          throw RuntimeError("a spring needs both response: and dampingRatio:", at: args.range)
        }
        return try SpringParameters(response: r, dampingRatio: z)
      default:
        return try SpringParameters(
          mass: try value("mass") ?? 1, stiffness: try value("stiffness") ?? 100,
          damping: try value("damping") ?? 10)
      }
    } catch let error as EngineError {
      throw RuntimeError(error.message, at: args.range)
    }
  }

  /// The spring changes one `name: target` argument asks for.
  static func targets(_ item: Arguments.Item, _ parameters: SpringParameters, _ velocity: Double)
    throws -> [Change]
  {
    let label = item.label ?? ""
    let table = PropertyTable.standard
    let properties: [Property]
    if let alias = table.alias(named: label), alias.isSettable {
      properties = alias.parts
    } else if let p = table.property(named: label), p.declaration.access.contains(.animatable),
      p.declaration.interpolation == .numeric
    {
      properties = [p]
    } else {
      throw RuntimeError(
        table.property(named: label)?.declaration.interpolation == .color
          ? "a spring moves numbers; use color(to:) for colours"
          : "spring has no parameter or property '\(label)'",
        at: item.range,
        hint: Spelling.closest(
          to: label,
          among: table.animatableNames + [
            "stiffness", "damping", "mass", "velocity", "bounce", "halflife", "dampingRatio",
          ]
        ).map { "did you mean '\($0)'?" })
    }
    let target = try item.number(label)
    // Like fade and tween: the target is a resting alpha (the path between
    // may overshoot it, as an overshooting easing does).
    if properties.count == 1 {
      try MotionBuiltins.checkTarget(target, of: properties[0], item.range, name: label)
    }
    return properties.map {
      Change($0, .spring(target: target, parameters: parameters, velocity: velocity))
    }
  }
}
