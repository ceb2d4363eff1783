import AnimEngine

/// `morph(to: OTHER, d)` (SPEC §16.4): the target's outline into OTHER's.
enum MorphBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "morph", summary: "morph(to: other, d): the outline into other's, point by point"
    ) { args, interp in
      let item = try args.require("to", "the view to morph into")
      guard case .view(let other) = item.value else {
        throw RuntimeError(
          "morph needs a view to morph into, not \(item.value.typeName)", at: item.range)
      }
      if interp.scene.kind(of: other).outline == .none {
        throw RuntimeError(
          "cannot morph into \(interp.scene.name(of: other)): a \(interp.scene.kind(of: other).name) has no outline",
          at: item.range)
      }
      return try MotionBuiltins.primitive(&args, interp, [Change(.outline, .morph(other: other))])
    }
  ]
}
