import AnimEngine

/// Functions that make a motion from motions (SPEC §5.2).
enum CombinatorBuiltins {
  static let list: [Builtin] = [
    Builtin(name: "reverse", summary: "reverse(m): m played backwards from where it would end") {
      args, interp in
      let m = try interp.motionArgument(try args.require("motion", "a motion"))
      try args.finish()
      return .motion(try interp.build(args.range) { try Motion.reversed(m) })
    },
    Builtin(name: "yoyo", summary: "yoyo(m): m, then the same play retraced") { args, interp in
      let m = try interp.motionArgument(try args.require("motion", "a motion"))
      try args.finish()
      return .motion(try interp.build(args.range) { try Motion.yoyo(m) })
    },
    Builtin(name: "speed", summary: "speed(m, k): m at k times the speed") { args, interp in
      let m = try interp.motionArgument(try args.require("motion", "a motion"))
      let item = try args.require("factor", "a speed factor")
      let k = try item.number("speed factor")
      if k <= 0 {
        throw RuntimeError("speed factor must be > 0, got \(NumberText.format(k))", at: item.range)
      }
      try args.finish()
      return .motion(try interp.build(args.range) { try Motion.speed(m, k) })
    },
    Builtin(name: "delay", summary: "delay(m, d): wait(d) + m") { args, interp in
      let m = try interp.motionArgument(try args.require("motion", "a motion"))
      let d = try args.require("duration", "a delay").duration("delay")
      try args.finish()
      return .motion(try interp.build(args.range) { try Motion.delayed(m, by: d) })
    },
  ]
}
