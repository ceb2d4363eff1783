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
    noteMaskExpansion(masks)
    // The outline is one literal more, after the masks'.
    let outline = masks.count
    let outsideOfOutline = MaskLogic.Literal(mask: outline, positive: false)
    var region = MaskLogic.everything.complement(or: outsideOfOutline)!
    if let masked = maskRegion(masks), let outside = masked.complement(or: outsideOfOutline) {
      region = outside
      noteMaskOpacity(masks)
    } else {
      note(
        masks[0].ref,
        "the masks of an inverted matte layer, past \(MaskLogic.maximumClauses) clips, not applied")
    }
    return try clauseClips(
      region, masks: masks, track: { maskTrack($0, clock: clock) },
      outline: (outline, inside, source.ref), name: "\(name)_outside", parent: parent)
  }
}
