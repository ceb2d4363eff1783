import AnimEngine

/// Masks (`masksProperties`): a layer's content drawn only inside its
/// masks' outlines, as views with `clip: true` (SPEC §17) between the
/// layer's view and what it draws. Nested clips intersect, so an
/// intersecting mask is one more clipping view; masks added together are
/// one outline of their paths (each turned to run the same way, so the
/// non-zero rule fills their union); a subtracted mask is the outside of
/// its path: a rectangle far beyond the stage with the path turned the
/// other way inside it.
extension SceneBuilder {
  func buildMasks(_ layer: Layer, parent: Int, clock: TimeMap, name: String) throws(ImportError)
    -> Int
  {
    let masks = layer.masks.filter { $0.mode != "n" }
    guard !masks.isEmpty else { return parent }
    for mask in masks {
      if mask.opacity.isAnimated || mask.opacity.first != 100 {
        note(mask.opacity.ref ?? mask.ref, "mask opacity drawn as 100 % (a clip is all or nothing)")
      }
      if mask.expansion.isAnimated || mask.expansion.first != 0 {
        note(mask.expansion.ref ?? mask.ref, "mask expansion not imported")
      }
    }
    var node = parent
    // Added masks first: their union is one outline.
    var index = 0
    var union: [Layer.Mask] = []
    while index < masks.count, masks[index].mode == "a", !masks[index].inverted {
      union.append(masks[index])
      index += 1
    }
    if union.count == 1 {
      node = try clipView(
        union[0].path, outside: false, name: "\(name)_mask", parent: node, clock: clock,
        ref: union[0].ref)
    } else if union.count > 1 {
      if union.allSatisfy({ !$0.path.isAnimated }) {
        let paths = union.map { Self.clockwise($0.path.first) }
        node = try fixedClip(paths, name: "\(name)_mask", parent: node)
      } else {
        note(union[1].ref, "added masks that move drawn as the first alone")
        node = try clipView(
        union[0].path, outside: false, name: "\(name)_mask", parent: node, clock: clock,
        ref: union[0].ref)
      }
    }
    for (position, mask) in masks.enumerated().dropFirst(index) {
      let clip = "\(name)_mask"
      switch (mask.mode, mask.inverted) {
      case ("s", false), ("i", true):
        node = try clipView(
          mask.path, outside: true, name: clip, parent: node, clock: clock, ref: mask.ref)
      case ("s", true), ("i", false):
        node = try clipView(
          mask.path, outside: false, name: clip, parent: node, clock: clock, ref: mask.ref)
      case ("a", true) where position == 0:
        node = try clipView(
          mask.path, outside: true, name: clip, parent: node, clock: clock, ref: mask.ref)
      default:
        note(
          mask.ref,
          "mask mode '\(mask.mode)'\(mask.inverted ? " (inverted)" : "") after other masks "
            + "not imported (only intersections of masks can be clips)")
      }
    }
    return node
  }

  /// A path turned to run clockwise on screen.
  static func clockwise(_ path: BezierPath) -> BezierPath {
    path.signedArea < 0 ? path.reversed : path
  }

  /// A rectangle far beyond anything drawn, running counter-clockwise: with
  /// a clockwise path inside it, the non-zero rule fills the path's outside.
  static func outsidePath() -> BezierPath {
    let r = 1e6
    let corners = [
      corner(-r, -r), corner(-r, r),
      corner(r, r), corner(r, -r),
    ]
    return BezierPath(
      vertices: corners, inTangents: corners.map { _ in .zero },
      outTangents: corners.map { _ in .zero }, closed: true)
  }

  private func fixedClip(_ paths: [BezierPath], name: String, parent: Int) throws(ImportError)
    -> Int
  {
    var view = ScriptView(kind: "shape", name: name, parent: parent)
    view.settings = [
      ("d", .string(PathData.text(paths))), ("anchor", .point(0, 0)),
      ("color", .word("transparent")), ("clip", .bool(true)),
    ]
    return try add(view)
  }

  /// A clipping view of `path` (its outside when `outside`).
  func clipView(
    _ path: Animated<BezierPath>, outside: Bool, name: String, parent: Int, clock: TimeMap,
    ref: JSONRef
  ) throws(ImportError) -> Int {
    if !path.isAnimated {
      let inner = Self.clockwise(path.first)
      return try fixedClip(outside ? [Self.outsidePath(), inner] : [inner], name: name, parent: parent)
    }
    if outside {
      note(ref, "a subtracted or inverted mask that moves drawn at its first keyframe")
      return try fixedClip(
        [Self.outsidePath(), Self.clockwise(path.first)], name: name, parent: parent)
    }
    var view = try morphingView(
      Track(path, clock: clock).fromZero(rate: rate), name: name, parent: parent, ref: ref)
    view.set("color", .word("transparent"))
    view.set("clip", .bool(true))
    return try add(view)
  }
}

private func corner(_ x: Double, _ y: Double) -> OutlinePoint { OutlinePoint(x, y) }
