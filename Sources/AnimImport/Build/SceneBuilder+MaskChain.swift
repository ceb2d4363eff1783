import AnimEngine

/// Masks combined otherwise than by intersection (SPEC §25.1): a
/// subtraction followed by an addition, a difference after others, an
/// inverted mask added: the region they leave (``MaskLogic``) as clips
/// nested in each other, one a clause.
extension SceneBuilder {
  /// The clips of `masks` combined in order under `parent`, named from
  /// `name`; the innermost, which the layer's content goes under. nil,
  /// with nothing built, when they combine into more than
  /// ``MaskLogic/maximumClauses`` clips. `track` gives a mask's path over
  /// script time.
  func buildMaskChain(
    _ masks: [Layer.Mask], parent: Int, name: String,
    track: (Layer.Mask) -> Track<BezierPath>
  ) throws(ImportError) -> Int? {
    guard let region = maskRegion(masks) else { return nil }
    noteMaskOpacity(masks)
    return try clauseClips(region, masks: masks, track: track, name: name, parent: parent)
  }

  /// The region `masks` leave combined in order, each mask literal its
  /// index (``MaskLogic/everything`` when none has a mode the players know,
  /// each such mask noted); nil past ``MaskLogic``'s bounds.
  func maskRegion(_ masks: [Layer.Mask]) -> MaskLogic? {
    var region: MaskLogic?
    var unknown: [Layer.Mask] = []
    for (k, mask) in masks.enumerated() {
      guard let operation = MaskLogic.operation(mask.mode) else {
        unknown.append(mask)
        continue
      }
      let literal = MaskLogic.Literal(mask: k, positive: !mask.inverted)
      guard let next = (region ?? MaskLogic.start(for: operation)).combine(operation, literal)
      else { return nil }
      region = next
    }
    for mask in unknown { note(mask.ref, "mask mode '\(mask.mode)' not imported") }
    return region ?? .everything
  }

  /// `region`'s clauses as clips nested under `parent`, named from `name`;
  /// the innermost. Literal k < `masks.count` is mask k (its path by
  /// `track`, turned clockwise, made once); `outline`'s literal is its
  /// parts, already clockwise (an inverted matte's outline).
  func clauseClips(
    _ region: MaskLogic, masks: [Layer.Mask], track: (Layer.Mask) -> Track<BezierPath>,
    outline: (literal: Int, parts: [Track<BezierPath>], ref: JSONRef)? = nil, name: String,
    parent: Int
  ) throws(ImportError) -> Int {
    var tracks: [Int: Track<BezierPath>] = [:]
    func paths(_ k: Int) -> [Track<BezierPath>] {
      if let outline, k == outline.literal { return outline.parts }
      if let made = tracks[k] { return [made] }
      let made = Self.clockwise([track(masks[k])])[0]
      tracks[k] = made
      return [made]
    }
    func ref(_ k: Int) -> JSONRef {
      if let outline, k == outline.literal { return outline.ref }
      return masks[k].ref
    }
    var node = parent
    for clause in region.clauses {
      // A point is left out where every outside in the clause leaves it out
      // and no mask in it holds it: as many rectangles beyond the stage as
      // there are outsides, running the other way from the clockwise
      // paths, each outside's path clockwise and each mask's path the
      // other way, so that the winding is 0 exactly there.
      let outsides = clause.count { !$0.positive }
      var parts = Array(
        repeating: Track(initial: Self.outsidePath(), segments: []), count: outsides)
      for literal in clause {
        for own in paths(literal.mask) {
          parts.append(literal.positive && outsides > 0 ? own.map(\.reversed) : own)
        }
      }
      // An empty clause leaves nothing: a clip of a point.
      if parts.isEmpty { parts = [Track(initial: Self.pointPath(), segments: [])] }
      node = try clipView(parts, name: name, parent: node, ref: ref(clause.first?.mask ?? 0))
    }
    return node
  }

  /// A closed path of no area far beyond the stage: a clip of it leaves
  /// nothing.
  static func pointPath() -> BezierPath {
    let corner = OutlinePoint(-1e6, -1e6)
    let corners = [corner, corner + OutlinePoint(1, 0), corner]
    return BezierPath(
      vertices: corners, inTangents: corners.map { _ in .zero },
      outTangents: corners.map { _ in .zero }, closed: true)
  }
}
