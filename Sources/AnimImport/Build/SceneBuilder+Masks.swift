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
    func translucent(_ mask: Layer.Mask) -> Bool { Self.isTranslucent(mask) }
    func noteOpacity(_ mask: Layer.Mask) { noteMaskOpacity([mask]) }
    noteMaskExpansion(masks)
    func track(_ mask: Layer.Mask) -> Track<BezierPath> { maskTrack(mask, clock: clock) }
    let clip = "\(name)_mask"
    var node = parent
    // Added masks first: their union is one outline. A first mask of
    // difference (`f`) is its outline too: its difference with nothing.
    var index = 0
    while index < masks.count, !masks[index].inverted,
      masks[index].mode == "a" || (index == 0 && masks[index].mode == "f")
    {
      index += 1
    }
    // Intersections after them are clips nested in the union's; any other
    // combination is worked out as a whole (`buildMaskChain`).
    let nested = masks.enumerated().dropFirst(index).allSatisfy { position, mask in
      mask.mode == "s" || mask.mode == "i" || (mask.mode == "a" && mask.inverted && position == 0)
    }
    if !nested, let chain = try buildMaskChain(masks, parent: parent, name: clip, track: track) {
      return chain
    }
    if index > 0 {
      node = try clipView(
        masks[..<index].map(track), outside: false, name: clip, parent: node, ref: masks[0].ref)
      // One opacity for the union: a single mask's, or one all share.
      let added = masks[..<index]
      if let first = added.first, translucent(first) {
        if added.count == 1
          || added.allSatisfy({ !$0.opacity.isAnimated && $0.opacity.first == first.opacity.first })
        {
          node = try maskFade(first, parent: node, clock: clock, name: clip)
        } else {
          added.filter(translucent).forEach(noteOpacity)
        }
      }
    }
    for (position, mask) in masks.enumerated().dropFirst(index) {
      switch (mask.mode, mask.inverted) {
      case ("s", false), ("i", true):
        node = try clipView([track(mask)], outside: true, name: clip, parent: node, ref: mask.ref)
        if translucent(mask) { noteOpacity(mask) }
      case ("s", true), ("i", false):
        node = try clipView([track(mask)], outside: false, name: clip, parent: node, ref: mask.ref)
        if translucent(mask) { node = try maskFade(mask, parent: node, clock: clock, name: clip) }
      case ("a", true) where position == 0:
        node = try clipView([track(mask)], outside: true, name: clip, parent: node, ref: mask.ref)
        if translucent(mask) { noteOpacity(mask) }
      default:
        note(
          mask.ref,
          "mask mode '\(mask.mode)'\(mask.inverted ? " (inverted)" : "") after other masks "
            + "not imported (they combine into more than \(MaskLogic.maximumClauses) clips)")
      }
    }
    return node
  }

  /// A mask's path over script time (an expression on it noted).
  func maskTrack(_ mask: Layer.Mask, clock: TimeMap) -> Track<BezierPath> {
    noteReading(mask.path)
    return Track(mask.path, clock: clock).fromZero(rate: rate, end: end)
  }

  /// Whether a mask's opacity is other than 100 % somewhere.
  static func isTranslucent(_ mask: Layer.Mask) -> Bool {
    mask.opacity.isAnimated || mask.opacity.first != 100
  }

  /// Notes the opacity of each of `masks` that is not 100 %, which a clip
  /// cannot say.
  func noteMaskOpacity(_ masks: some Sequence<Layer.Mask>) {
    for mask in masks where Self.isTranslucent(mask) {
      note(mask.opacity.ref ?? mask.ref, "mask opacity drawn as 100 % (a clip is all or nothing)")
    }
  }

  /// Notes each of `masks` with an expansion left out: one moving over more
  /// frames, or with more vertices, than ``PathModifiers/expanded(_:by:)``
  /// reads into its path.
  func noteMaskExpansion(_ masks: [Layer.Mask]) {
    for mask in masks where mask.expansion.isAnimated || mask.expansion.first != 0 {
      note(
        mask.expansion.ref ?? mask.ref,
        "mask expansion not drawn: it moves over more than \(PathModifiers.maximumFrames) "
          + "frames or passes \(ShapeRepeater.maximumItems) vertices")
    }
  }

  /// A mask's opacity over what its clip lets through: a `layer` beneath the
  /// clip at that alpha (percent / 100, moving as it moves), drawn as one
  /// picture where it holds several views — the players multiply the
  /// layer's picture by the mask's coverage times its opacity, which inside
  /// a clip of the mask's outline is the opacity.
  func maskFade(_ mask: Layer.Mask, parent: Int, clock: TimeMap, name: String)
    throws(ImportError) -> Int
  {
    noteReading(mask.opacity)
    let alpha = Track(mask.opacity, clock: clock).map(Self.fraction)
      .fromZero(rate: rate, end: end)
    return try fadeLayer(alpha, name: "\(name)_opacity", parent: parent)
  }

  /// A clipping view of the union of `paths` (the outside of it when
  /// `outside`): one closed path, each part turned to run clockwise (as it
  /// runs at time 0), the outside one a rectangle far beyond the stage
  /// running the other way; morphing when any part moves.
  func clipView(
    _ paths: [Track<BezierPath>], outside: Bool, name: String, parent: Int, ref: JSONRef
  ) throws(ImportError) -> Int {
    var parts = paths.map { Self.clockwise([$0])[0] }
    if outside { parts.insert(Track(initial: Self.outsidePath(), segments: []), at: 0) }
    return try clipView(parts, name: name, parent: parent, ref: ref)
  }

  /// A clipping view of the outline of `parts` as they run (the non-zero
  /// rule fills it), morphing when any part moves.
  func clipView(_ parts: [Track<BezierPath>], name: String, parent: Int, ref: JSONRef)
    throws(ImportError) -> Int
  {
    let outline = compound(parts, ref: ref, BezierPath.joined)
    var view: ScriptView
    if outline.isAnimated {
      view = try morphingView(outline, name: name, parent: parent, ref: ref)
    } else {
      view = ScriptView(kind: "shape", name: name, parent: parent)
      view.settings = [("d", .string(PathData.text([outline.initial]))), ("anchor", .point(0, 0))]
    }
    view.set("color", .word("transparent"))
    view.set("clip", .bool(true))
    return try add(view)
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
      OutlinePoint(-r, -r), OutlinePoint(-r, r), OutlinePoint(r, r), OutlinePoint(r, -r),
    ]
    return BezierPath(
      vertices: corners, inTangents: corners.map { _ in OutlinePoint.zero },
      outTangents: corners.map { _ in OutlinePoint.zero }, closed: true)
  }
}
