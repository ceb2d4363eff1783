/// Two outlines made ready to morph one into the other (SPEC §16.4): one
/// subpath each, both open or both closed, with the same number of cubic
/// segments, OTHER's start rotated to line up with the target's vertices.
public struct MorphPair: Sendable, Hashable {
  /// The target's outline, subdivided when it had fewer segments.
  public let from: Subpath
  /// OTHER's outline, subdivided when it had fewer segments and, when
  /// closed, started at the vertex that lines up best.
  public let to: Subpath

  /// No outline to morph (what a shape's points moving holds instead).
  static let empty = MorphPair(
    empty: Subpath(start: .zero, segments: [], isClosed: false))

  private init(empty: Subpath) {
    from = empty
    to = empty
  }

  /// Why two outlines cannot be morphed, for the caller to name both views.
  public enum Problem: Error, Sendable, Equatable {
    /// The target's (`isTarget`) or OTHER's outline has this many subpaths
    /// (0 or more than 1).
    case subpathCount(isTarget: Bool, count: Int)
    /// One outline is closed and the other open; `targetIsClosed` says which.
    case closedAndOpen(targetIsClosed: Bool)
    /// One outline has more than ``MorphPair/maximumSegments`` segments.
    case tooManySegments(count: Int)
  }

  /// The sentence for `problem` when the view `target` is morphed into the
  /// view `other`, naming both.
  public static func message(for problem: Problem, target: String, other: String) -> String {
    let lead = "cannot morph \(target) into \(other): "
    switch problem {
    case .subpathCount(let isTarget, let count):
      let name = isTarget ? target : other
      if count == 0 { return lead + "\(name) has no outline (a morph needs one on each side)" }
      return lead
        + "\(name)'s outline has \(count) subpaths (a morph needs exactly one on each side)"
    case .closedAndOpen(let targetIsClosed):
      let (closed, open) = targetIsClosed ? (target, other) : (other, target)
      return lead + "\(closed)'s outline is closed and \(open)'s is open"
    case .tooManySegments(let count):
      return lead
        + "an outline of \(count) segments is more than the \(maximumSegments) a morph allows"
    }
  }

  /// The most segments either outline may have. Subdividing looks for the
  /// longest segment once per added segment, so the work grows with the
  /// product of the two counts; 10 000 (a polygon of 10 000 sides) keeps a
  /// morph's preparation well under a second.
  public static let maximumSegments = 10_000

  /// Prepares `target` to morph into `other`: both are made to have the same
  /// number of segments by subdividing the one with fewer, its longest
  /// segment (by arc length; ties to the earliest) at half its parameter,
  /// until the counts match; for closed outlines, OTHER's starting vertex is
  /// the rotation that minimises the sum of squared distances between
  /// corresponding vertices (ties, within a relative 1e-12, to the smallest
  /// rotation).
  public init(target: Outline, other: Outline) throws(Problem) {
    var (a, b) = try Self.checkShapes(target: target, other: other)
    if a.segments.count < b.segments.count {
      a = Self.subdivided(a, to: b.segments.count)
    } else if b.segments.count < a.segments.count {
      b = Self.subdivided(b, to: a.segments.count)
    }
    if b.isClosed { b = Self.rotated(b, toward: a) }
    from = a
    to = b
  }

  /// The one subpath of each outline, when they can morph: one subpath
  /// each, both closed or both open, at most `maximumSegments` segments.
  public static func checkShapes(target: Outline, other: Outline) throws(Problem) -> (
    Subpath, Subpath
  ) {
    guard target.subpaths.count == 1 else {
      throw .subpathCount(isTarget: true, count: target.subpaths.count)
    }
    guard other.subpaths.count == 1 else {
      throw .subpathCount(isTarget: false, count: other.subpaths.count)
    }
    let a = target.subpaths[0]
    let b = other.subpaths[0]
    guard a.isClosed == b.isClosed else { throw .closedAndOpen(targetIsClosed: a.isClosed) }
    let most = max(a.segments.count, b.segments.count)
    guard most <= Self.maximumSegments else { throw .tooManySegments(count: most) }
    return (a, b)
  }

  /// The outline at `progress` (0 the target's, 1 OTHER's; eased progress
  /// outside 0…1 extrapolates): every control point on its straight line.
  public func outline(at progress: Double) -> Outline {
    func mix(_ p: OutlinePoint, _ q: OutlinePoint) -> OutlinePoint { p + (q - p) * progress }
    var segments: [CubicSegment] = []
    segments.reserveCapacity(from.segments.count)
    for (p, q) in zip(from.segments, to.segments) {
      segments.append(
        CubicSegment(mix(p.control1, q.control1), mix(p.control2, q.control2), mix(p.end, q.end)))
    }
    // Built directly, not through Subpath.init: a segment that happens to
    // shrink to a point mid-morph must not be dropped, or the two ends of the
    // morph would stop matching segment for segment.
    var subpath = from
    subpath.start = mix(from.start, to.start)
    subpath.segments = segments
    return Outline([subpath])
  }

  /// `subpath` with its longest segment halved, again and again, until it
  /// has `count` segments.
  static func subdivided(_ subpath: Subpath, to count: Int) -> Subpath {
    var pieces = subpath.beziers.map { ($0, $0.length()) }
    if pieces.isEmpty {
      // A box of size 0 has an outline that is one point: it grows from
      // there, each segment from a copy of that point.
      let p = subpath.start
      pieces = [(Bezier(p, p, p, p), 0)]
    }
    while pieces.count < count {
      // Ties go to the earliest; lengths equal in exact arithmetic (the sides
      // of a regular polygon) may differ in their last bits, so a later
      // segment must be longer by more than a relative 1e-12 to win.
      var longest = 0
      for i in pieces.indices
      where pieces[i].1 > pieces[longest].1 * (1 + 1e-12) + 1e-300 {
        longest = i
      }
      let (left, right) = pieces[longest].0.split(at: 0.5)
      pieces.replaceSubrange(
        longest...longest, with: [(left, left.length()), (right, right.length())])
    }
    var result = subpath
    result.segments = pieces.map { $0.0.segment }
    return result
  }

  /// The closed `subpath` started at the vertex that lines up best with
  /// `reference`'s (both with the same number of segments).
  static func rotated(_ subpath: Subpath, toward reference: Subpath) -> Subpath {
    let n = subpath.segments.count
    guard n > 1 else { return subpath }
    let mine = subpath.vertices
    let theirs = reference.vertices
    var best = 0
    var bestCost = Double.infinity
    for k in 0..<n {
      var cost = 0.0
      for i in 0..<n {
        let d = theirs[i] - mine[(i + k) % n]
        cost += (d * d).sum()
      }
      if cost < bestCost - 1e-12 * max(bestCost, 1) || bestCost == .infinity {
        best = k
        bestCost = cost
      }
    }
    if best == 0 { return subpath }
    let rotatedSegments = Array(subpath.segments[best...] + subpath.segments[..<best])
    var result = subpath
    result.start = mine[best]
    result.segments = rotatedSegments
    return result
  }
}
