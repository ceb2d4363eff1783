/// A point or a vector of an outline, in the view's box coordinates (y down).
public typealias OutlinePoint = SIMD2<Double>

/// One cubic Bézier segment of a subpath: it starts where the one before it
/// ends (or at the subpath's start) and runs through its two control points
/// to `end`.
public struct CubicSegment: Sendable, Hashable {
  /// The first control point.
  public var control1: OutlinePoint
  /// The second control point.
  public var control2: OutlinePoint
  /// Where the segment ends.
  public var end: OutlinePoint

  /// A segment with the given control points and end.
  public init(_ control1: OutlinePoint, _ control2: OutlinePoint, _ end: OutlinePoint) {
    self.control1 = control1
    self.control2 = control2
    self.end = end
  }

  /// The straight line from `start` to `end` as a cubic: its control points
  /// at one and two thirds of the way (SPEC §16.4), so it runs at a uniform
  /// speed as a line does.
  public static func line(from start: OutlinePoint, to end: OutlinePoint) -> CubicSegment {
    let step = (end - start) / 3
    let segment = CubicSegment(start + step, start + 2 * step, end)
    if _fastPath(allFinite(segment.control1, segment.control2)) { return segment }
    // Ends far apart (−1e308 to 1e308): the difference overflows, the
    // thirds between the ends do not.
    return CubicSegment(
      start * (2.0 / 3) + end * (1.0 / 3), start * (1.0 / 3) + end * (2.0 / 3), end)
  }

  @inline(__always)
  private static func allFinite(_ a: OutlinePoint, _ b: OutlinePoint) -> Bool {
    a.x.isFinite && a.y.isFinite && b.x.isFinite && b.y.isFinite
  }
}

/// A connected run of cubic segments from a start point, open or closed.
///
/// A closed subpath always ends exactly at its start (its closing straight
/// line, if any, is one of `segments`), so every consumer draws the same
/// curves: Cairo's and SVG's `close`, and Lottie's closed flag, add nothing.
public struct Subpath: Sendable, Hashable {
  /// Where the subpath starts.
  public var start: OutlinePoint
  /// Its segments in drawing order.
  public var segments: [CubicSegment]
  /// Whether it is closed (joined, not capped, at its start).
  public var isClosed: Bool

  /// A subpath; when `isClosed` and the last segment does not end at `start`,
  /// a straight closing segment is added. Zero-length segments (all four
  /// points equal) are dropped.
  public init(start: OutlinePoint, segments: [CubicSegment], isClosed: Bool) {
    self.start = start
    var kept: [CubicSegment] = []
    kept.reserveCapacity(segments.count + 1)
    var current = start
    for segment in segments {
      if segment.control1 == current && segment.control2 == current && segment.end == current {
        continue
      }
      kept.append(segment)
      current = segment.end
    }
    if isClosed && current != start {
      kept.append(.line(from: current, to: start))
    }
    self.segments = kept
    self.isClosed = isClosed
  }

  /// The point where the subpath ends (its start when it has no segments).
  public var end: OutlinePoint { segments.last?.end ?? start }

  /// Each segment with its start point, as four control points.
  public var beziers: [Bezier] {
    var result: [Bezier] = []
    result.reserveCapacity(segments.count)
    var current = start
    for segment in segments {
      result.append(Bezier(current, segment.control1, segment.control2, segment.end))
      current = segment.end
    }
    return result
  }

  /// The on-curve points where segments start (for a closed subpath, not its
  /// final end, which is the start again).
  public var vertices: [OutlinePoint] {
    var result = [start]
    for segment in segments.dropLast() { result.append(segment.end) }
    if !isClosed, let last = segments.last { result.append(last.end) }
    return result
  }

  /// The same curves in `count` segments (more than it has): its longest
  /// segment halved, again and again, as a morph subdivides (SPEC §16.4).
  public func subdivided(toSegments count: Int) -> Subpath {
    count <= segments.count ? self : MorphPair.subdivided(self, to: count)
  }

  /// The same subpath with every point mapped by `transform` (an affine map
  /// keeps it a cubic subpath).
  public func mapped(_ transform: (OutlinePoint) -> OutlinePoint) -> Subpath {
    var copy = self
    copy.start = transform(start)
    for i in copy.segments.indices {
      copy.segments[i].control1 = transform(copy.segments[i].control1)
      copy.segments[i].control2 = transform(copy.segments[i].control2)
      copy.segments[i].end = transform(copy.segments[i].end)
    }
    return copy
  }
}

/// A cubic Bézier segment as its four points.
public struct Bezier: Sendable, Equatable {
  /// Start, first control, second control, end.
  public var p0, p1, p2, p3: OutlinePoint

  /// The segment through the four points.
  public init(_ p0: OutlinePoint, _ p1: OutlinePoint, _ p2: OutlinePoint, _ p3: OutlinePoint) {
    self.p0 = p0
    self.p1 = p1
    self.p2 = p2
    self.p3 = p3
  }

  /// The point at parameter t (0…1).
  public func point(at t: Double) -> OutlinePoint {
    let u = 1 - t
    return u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
  }

  /// The derivative dB/dt at t.
  public func derivative(at t: Double) -> OutlinePoint {
    let u = 1 - t
    return 3 * (u * u * (p1 - p0) + 2 * u * t * (p2 - p1) + t * t * (p3 - p2))
  }

  /// The two halves at parameter t, by de Casteljau's construction: each is
  /// exactly the part of this curve from 0 to t and from t to 1.
  public func split(at t: Double) -> (Bezier, Bezier) {
    func lerp(_ a: OutlinePoint, _ b: OutlinePoint) -> OutlinePoint { a + (b - a) * t }
    let a = lerp(p0, p1)
    let b = lerp(p1, p2)
    let c = lerp(p2, p3)
    let d = lerp(a, b)
    let e = lerp(b, c)
    let f = t == 1 ? p3 : (t == 0 ? p0 : lerp(d, e))
    return (Bezier(p0, a, d, f), Bezier(f, e, c, p3))
  }

  /// The part of the curve between parameters t0 ≤ t1.
  public func piece(from t0: Double, to t1: Double) -> Bezier {
    if t0 <= 0 { return t1 >= 1 ? self : split(at: t1).0 }
    let right = split(at: t0).1
    if t1 >= 1 { return right }
    return right.split(at: (t1 - t0) / (1 - t0)).0
  }

  /// The segment without its start point.
  public var segment: CubicSegment { CubicSegment(p1, p2, p3) }
}

/// The outline of a view (SPEC §16.1): subpaths of cubic Bézier segments, the
/// one geometry that rendering, SVG, Lottie, the HTML player, drawn bounds,
/// trim and morph all use. Coordinates are the view's box: (0, 0) its
/// top-left corner, y down.
public struct Outline: Sendable, Hashable {
  /// The subpaths, in drawing order.
  public var subpaths: [Subpath]

  /// An outline of the given subpaths.
  public init(_ subpaths: [Subpath]) {
    self.subpaths = subpaths
  }

  /// No subpath: draws nothing.
  public static let empty = Outline([])

  /// The number of segments of every subpath.
  public var segmentCount: Int { subpaths.reduce(0) { $0 + $1.segments.count } }

  /// The same outline with every point mapped by an affine `transform`.
  public func mapped(_ transform: (OutlinePoint) -> OutlinePoint) -> Outline {
    Outline(subpaths.map { $0.mapped(transform) })
  }

  /// The same outline moved by `offset`.
  public func translated(by offset: OutlinePoint) -> Outline {
    mapped { $0 + offset }
  }
}
