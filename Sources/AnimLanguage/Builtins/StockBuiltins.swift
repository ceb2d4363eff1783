import AnimEngine

/// Spruce's stock entrance animations (SPEC §5.1): each prepares the view when
/// it starts (sets a start state) and animates back to the resting state.
enum StockBuiltins {
  static let list: [Builtin] = [
    Builtin(name: "fadeIn", summary: "fadeIn(d): from alpha 0 to 1") { args, interp in
      try stock(
        &args, interp, [Change(.alpha, .fromTo(MotionBuiltins.scalar(0), MotionBuiltins.scalar(1)))]
      )
    },
    Builtin(name: "draw", summary: "draw(d): strokes the outline on, trimEnd from 0 to 1") {
      args, interp in
      try stock(
        &args, interp,
        [Change(.trimEnd, .fromTo(MotionBuiltins.scalar(0), MotionBuiltins.scalar(1)))])
    },
    Builtin(name: "undraw", summary: "undraw(d): strokes the outline off, trimEnd from 1 to 0") {
      args, interp in
      try stock(
        &args, interp,
        [Change(.trimEnd, .fromTo(MotionBuiltins.scalar(1), MotionBuiltins.scalar(0)))])
    },
    Builtin(
      name: "slide", summary: "slide(up | down | left | right, amount, d): from offset to rest"
    ) { args, interp in
      let direction = try args.require("direction", "a direction: up, down, left or right")
      let amount = try Self.amount(&args, slide: true, presets: [10, 30, 50])
      let change: Change
      switch try direction.symbol("direction") {
      // Starts on the far side and moves toward the direction named.
      case "up": change = Change(.y, .fromOffset(MotionBuiltins.scalar(amount)))
      case "down": change = Change(.y, .fromOffset(MotionBuiltins.scalar(-amount)))
      case "left": change = Change(.x, .fromOffset(MotionBuiltins.scalar(amount)))
      case "right": change = Change(.x, .fromOffset(MotionBuiltins.scalar(-amount)))
      case let other:
        throw RuntimeError(
          "unknown slide direction '\(other)'; expected up, down, left or right",
          at: direction.range)
      }
      return try stock(&args, interp, [change])
    },
    Builtin(name: "spin", summary: "spin(amount, d): from rotation + amount back") { args, interp in
      let amount = try Self.amount(&args, slide: false, presets: [45, 90, 180])
      return try stock(
        &args, interp, [Change(.rotation, .fromOffset(MotionBuiltins.scalar(amount)))])
    },
    Builtin(name: "expand", summary: "expand(amount, d): from a scale below 1 to 1") {
      args, interp in
      let s = try Self.amount(&args, slide: false, presets: [0.9, 0.7, 0.5])
      return try stock(&args, interp, scaleFrom(s))
    },
    Builtin(name: "contract", summary: "contract(amount, d): from a scale above 1 to 1") {
      args, interp in
      let s = try Self.amount(&args, slide: false, presets: [1.1, 1.3, 1.5])
      return try stock(&args, interp, scaleFrom(s))
    },
  ]

  static func scaleFrom(_ s: Double) -> [Change] {
    let rule = ChangeRule.fromTo(MotionBuiltins.scalar(s), MotionBuiltins.scalar(1))
    return [Change(.scaleX, rule), Change(.scaleY, rule)]
  }

  /// `slightly`, `moderately`, `severely` (the presets, in that order) or a
  /// number; `moderately` when omitted.
  static func amount(_ args: inout Arguments, slide: Bool, presets: [Double]) throws -> Double {
    guard let item = args.take("amount", orNext: true) else { return presets[1] }
    switch item.value {
    case .symbol("slightly"): return presets[0]
    case .symbol("moderately"): return presets[1]
    case .symbol("severely"): return presets[2]
    case .number: return try item.number("amount")
    default:
      throw RuntimeError(
        "amount must be slightly, moderately, severely or a number, not \(item.value.typeName)",
        at: item.range)
    }
  }

  /// A stock animation takes the options of any primitive and lasts 0.3 s
  /// unless told (the primitives' default too).
  static func stock(_ args: inout Arguments, _ interp: Interpreter, _ changes: [Change]) throws
    -> Value
  {
    try MotionBuiltins.primitive(&args, interp, changes)
  }
}
