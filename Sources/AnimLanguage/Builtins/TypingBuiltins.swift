import AnimEngine

/// Text that types itself (SPEC §23.2): `type`, `caret` and `scramble`.
enum TypingBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "type",
      summary:
        "type(t, d): t's letters appear one after another over d: tween(shown: its letters, d, ease: linear) from 0"
    ) { args, interp in
      let (id, item) = try text(&args, interp, "type")
      let count = Double(try interp.letterCount(of: id, at: item.range))
      let d = try args.take("duration", orNext: true)?.duration() ?? MotionBuiltins.defaultDuration
      let easing = try args.take("ease").map { try interp.easing($0) } ?? .linear
      let delay = try args.take("delay")?.duration("delay") ?? 0
      try args.finish()
      let change = Change(.shown, .fromTo(MotionBuiltins.scalar(0), MotionBuiltins.scalar(count)))
      return .motion(try bound(id, d, easing, delay, [change], interp, args.range))
    },
    Builtin(
      name: "caret",
      summary:
        "caret(t): the x, in t's box, just after the last letter shown, so a cursor can follow"
    ) { args, interp in
      let (id, _) = try text(&args, interp, "caret")
      try args.finish()
      return .number(TextView(interp.scene, id).caret())
    },
    Builtin(
      name: "scramble",
      summary:
        "scramble(t, to: \"NEW\", d, seed: n): t shows \"NEW\", letter k of n scrambled until (k + 1)/n of d"
    ) { args, interp in
      let (id, _) = try text(&args, interp, "scramble")
      let target = try args.require("to", "the text to scramble to, to: \"NEW\"")
      guard case .string(let string) = target.value else {
        throw RuntimeError(
          "scramble's to: must be a string, not \(target.value.typeName)", at: target.range)
      }
      let d = try args.take("duration", orNext: true)?.duration() ?? MotionBuiltins.defaultDuration
      let seed: Double
      if let item = args.take("seed") {
        seed = try item.number("seed")
        guard seed.rounded() == seed, abs(seed) < 9.2e18 else {
          throw RuntimeError("seed must be a whole number from -9.2e18 to 9.2e18", at: item.range)
        }
      } else {
        // No seed: one drawn from the script's `seed`, as `random` does.
        seed = Double(Int64(bitPattern: interp.random.next() >> 12))
      }
      let easing = try args.take("ease").map { try interp.easing($0) } ?? .linear
      let delay = try args.take("delay")?.duration("delay") ?? 0
      try args.finish()
      let changes = [
        Change(.scrambleSeed, .fromTo(MotionBuiltins.scalar(seed), MotionBuiltins.scalar(seed))),
        Change(.scrambleProgress, .scramble(target: string)),
      ]
      return .motion(try bound(id, d, easing, delay, changes, interp, args.range))
    },
  ]

  /// The text view a builtin's first argument names.
  private static func text(_ args: inout Arguments, _ interp: Interpreter, _ callee: String)
    throws -> (ViewID, Arguments.Item)
  {
    let item = try args.require("text", "a text view")
    guard case .view(let id) = item.value, interp.scene.kind(of: id) == .text else {
      let what =
        if case .view(let id) = item.value {
          "\(ViewSettings.article(interp.scene.kind(of: id).name)) \(interp.scene.kind(of: id).name)"
        } else {
          "\(Interpreter.article(item.value.typeName)) \(item.value.typeName)"
        }
      throw RuntimeError(
        "\(callee) needs a text view, not \(what)", at: item.range,
        hint: "text t(\"Hello\"); run \(callee)(t, 1)")
    }
    return (id, item)
  }

  /// A leaf of `changes` over `d`, delayed, bound to text `id`.
  private static func bound(
    _ id: ViewID, _ d: Double, _ easing: Easing, _ delay: Double, _ changes: [Change],
    _ interp: Interpreter, _ range: SourceRange
  ) throws -> Motion {
    var m = try interp.build(range) {
      try Motion.leaf(Leaf(duration: d, easing: easing, changes: changes))
    }
    m = try interp.build(range) { try Motion.delayed(m, by: delay) }
    return try interp.build(range) { try Motion.bound(m, to: [id]) }
  }
}

extension Interpreter {
  /// How many letters text `id` has now (its `letters`' count, SPEC §18).
  func letterCount(of id: ViewID, at range: SourceRange) throws -> Int {
    do {
      return try TextView(scene, id).shape().letters.count
    } catch {
      throw RuntimeError("\(error)", at: range)
    }
  }
}
