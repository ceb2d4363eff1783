import AnimEngine

/// An inverted track matte whose matte layer has masks (SPEC §25.1). The
/// matte covers where its outline and its masks' region meet, so the layer
/// it mattes is drawn outside either: ¬outline ∪ ¬masks, worked out as
/// clauses (``MaskLogic/complement(or:)``), each one clip. Nesting the
/// masks' clips above the outline's outside, as for a matte that is not
/// inverted, kept only where both are: nothing, for a mask inside a solid.
extension SceneBuilder {
  /// The clips, nested under `parent`, that leave out what `source` covers:
  /// the inside of the clockwise parts `inside` (its outline, in its
  /// layer's space) cut by its `masks`; the innermost.
  func invertedMatteClips(
    _ inside: [Track<BezierPath>], masks: [Layer.Mask], source: Layer, parent: Int,
    clock: TimeMap, name: String
  ) throws(ImportError) -> Int {
    for mask in masks where mask.expansion.isAnimated || mask.expansion.first != 0 {
      note(mask.expansion.ref ?? mask.ref, "mask expansion not imported")
    }
    // The outline is one literal more, after the masks'.
    let outline = masks.count
    let outsideOfOutline = MaskLogic.Literal(mask: outline, positive: false)
    var region = MaskLogic.everything.complement(or: outsideOfOutline)!
    if let masked = maskRegion(masks), let outside = masked.complement(or: outsideOfOutline) {
      region = outside
      for mask in masks where mask.opacity.isAnimated || mask.opacity.first != 100 {
        note(mask.opacity.ref ?? mask.ref, "mask opacity drawn as 100 % (a clip is all or nothing)")
      }
    } else {
      note(
        masks[0].ref,
        "the masks of an inverted matte layer, past \(MaskLogic.maximumClauses) clips, not applied")
    }
    var tracks: [Int: Track<BezierPath>] = [:]
    return try clauseClips(
      region, name: "\(name)_outside", parent: parent,
      ref: { $0 == outline ? source.ref : masks[$0].ref },
      paths: { k in
        if k == outline { return inside }
        if let made = tracks[k] { return [made] }
        noteExpression(masks[k].path)
        let made = Self.clockwise([
          Track(masks[k].path, clock: clock).fromZero(rate: rate, end: end)
        ])[0]
        tracks[k] = made
        return [made]
      })
  }
}
