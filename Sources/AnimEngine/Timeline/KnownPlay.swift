/// A repeat body whose plays are all alike on one track, known before it
/// plays: its leaves follow one another without overlapping and each ends at a
/// fixed value (`to`, `fromTo` rules), so every segment's values follow from
/// the one before — only the very first segment reads the track's value.
/// A repeat of one makes its `AlikePlays` as soon as that segment starts.
struct KnownPlay {
  /// One leaf, its start relative to the play's start.
  struct Leaf {
    var start: Double
    var duration: Double
    var startScale: Double
    var startOffset: Double
    var end: Double
    var easing: Easing
  }
  var leaves: [Leaf]

  /// Most leaves a static play may hold (longer bodies are recorded instead).
  static let maximumLeaves = 16

  /// The known play of `body` at time `scale`, or nil when it is not one.
  init?(_ body: TrackNode, scale: Double) {
    var leaves: [Leaf] = []
    guard Self.flatten(body, offset: 0, scale: scale, into: &leaves), !leaves.isEmpty,
      leaves.count <= Self.maximumLeaves
    else { return nil }
    leaves.sort { $0.start < $1.start }
    for (x, y) in zip(leaves, leaves.dropFirst()) where y.start < x.start + x.duration - 1e-12 {
      return nil
    }
    self.leaves = leaves
  }

  private static func flatten(
    _ node: TrackNode, offset: Double, scale: Double, into leaves: inout [Leaf]
  ) -> Bool {
    switch node {
    case .leaf(let leaf):
      guard leaf.mark == nil, !leaf.isColor,
        case .affine(let ka, let ca, let kb, let cb) = leaf.rule, kb == 0, ka == 0 || ka == 1
      else { return false }
      leaves.append(
        Leaf(
          start: offset, duration: leaf.duration * scale, startScale: ka, startOffset: ca[0],
          end: cb[0], easing: leaf.easing))
      return leaves.count <= maximumLeaves
    case .group(let children):
      return children.allSatisfy {
        flatten($0.node, offset: offset + $0.offset * scale, scale: scale, into: &leaves)
      }
    case .speed(let inner, let k):
      return flatten(inner, offset: offset, scale: scale / k, into: &leaves)
    case .repeating, .reversed, .yoyo, .eased, .prepared:
      return false
    }
  }

  /// The segments of every play after the first, relative to the play's
  /// start (the first play differs only in its first segment's start value).
  func segments() -> [Segment] {
    var segments: [Segment] = []
    var previous = leaves[leaves.count - 1].end
    for leaf in leaves {
      segments.append(
        Segment(
          start: leaf.start, duration: leaf.duration,
          a: PropertyValue(
            FiniteValues.clamp(leaf.startScale * previous + leaf.startOffset), 0, 0, 0),
          b: PropertyValue(FiniteValues.clamp(leaf.end), 0, 0, 0), easing: leaf.easing,
          form: .number))
      previous = leaf.end
    }
    return segments
  }
}
