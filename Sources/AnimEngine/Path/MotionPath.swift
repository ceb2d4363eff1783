#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The route of `path(…)` (SPEC §14.3): absolute points joined by a polyline
/// or a centripetal Catmull–Rom spline, travelled by arc length, so that
/// progress p of the motion is the point p·L along the route (L its length)
/// and with `ease: linear` the speed is constant.
///
/// Arc length: a straight segment's is exact; a spline segment's is the
/// integral of its speed by adaptive Gauss–Legendre quadrature (see
/// `GaussLegendre`), tabulated at 16 steps, and a length is turned back into
/// a parameter by Newton's method within its step, safeguarded by bisection,
/// to 1e-13 of the segment's length — well inside the spec's 1e-9.
public final class MotionPath: Sendable, Equatable {
  /// How the points are joined.
  public enum Curve: String, Sendable {
    /// Straight lines.
    case linear
    /// The centripetal Catmull–Rom spline (α = 0.5) through every point.
    case smooth
    /// The cubic Bézier segments of SVG path data (`path(d: …)`).
    case data
  }

  /// The points, as given.
  public let points: [SIMD2<Double>]
  public let curve: Curve
  private let segments: [PathSegment]
  /// Arc length at the start of each segment, and the total at the end.
  private let cumulative: [Double]
  /// The route's length.
  public let length: Double

  /// The error of a route whose length passes what a double holds.
  public static let tooLong = EngineError("the path is too long for double-precision numbers")

  /// A path through `points` (at least two, every coordinate finite).
  public init(points: [SIMD2<Double>], curve: Curve) throws(EngineError) {
    guard points.count >= 2 else {
      throw EngineError("a path needs at least two points, not \(points.count)")
    }
    for (i, p) in points.enumerated() where !(p.x.isFinite && p.y.isFinite) {
      throw EngineError("path point \(i) must have finite coordinates")
    }
    self.points = points
    self.curve = curve
    var segments: [PathSegment] = []
    let n = points.count
    for i in 0..<(n - 1) {
      switch curve {
      case .linear, .data:
        // Points alone carry no handles: `.data` routes come from
        // `init(outline:)`; given points, they are joined straight.
        segments.append(PathSegment(line: points[i], points[i + 1]))
      case .smooth:
        // Phantom end points P₋₁ = 2P₀ − P₁ and Pₙ₊₁ = 2Pₙ − Pₙ₋₁.
        let p0 = i > 0 ? points[i - 1] : 2 * points[0] - points[1]
        let p3 = i + 2 < n ? points[i + 2] : 2 * points[n - 1] - points[n - 2]
        segments.append(PathSegment(smooth: p0, points[i], points[i + 1], p3))
      }
    }
    var cumulative = [0.0]
    for s in segments { cumulative.append(cumulative[cumulative.count - 1] + s.length) }
    guard cumulative[cumulative.count - 1].isFinite else {
      throw Self.tooLong
    }
    self.segments = segments
    self.cumulative = cumulative
    length = cumulative[cumulative.count - 1]
  }

  /// A route along the one subpath of `outline` (SVG path data as cubic
  /// segments): its points are the subpath's vertices, in order.
  public init(outline: Outline) throws(EngineError) {
    guard outline.subpaths.count == 1 else {
      throw EngineError(
        "a path's route needs exactly one subpath, not \(outline.subpaths.count)")
    }
    let subpath = outline.subpaths[0]
    guard !subpath.segments.isEmpty else {
      throw EngineError("a path's route needs at least one segment")
    }
    var points = [subpath.start]
    var segments: [PathSegment] = []
    for bezier in subpath.beziers {
      segments.append(PathSegment(cubic: bezier.p0, bezier.p1, bezier.p2, bezier.p3))
      points.append(bezier.p3)
    }
    var cumulative = [0.0]
    for s in segments { cumulative.append(cumulative[cumulative.count - 1] + s.length) }
    guard cumulative[cumulative.count - 1].isFinite else {
      throw Self.tooLong
    }
    self.points = points
    self.curve = .data
    self.segments = segments
    self.cumulative = cumulative
    length = cumulative[cumulative.count - 1]
  }

  public static func == (a: MotionPath, b: MotionPath) -> Bool { a === b }

  /// The segment holding arc length `s` (0…length) and the length within it.
  private func locate(_ s: Double) -> (Int, Double) {
    // The last segment that starts at or before s and is not empty.
    var lo = 0
    var hi = segments.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if cumulative[mid] <= s { lo = mid } else { hi = mid - 1 }
    }
    // Skip back over empty segments ending exactly at s (repeated points).
    while lo > 0 && segments[lo].length == 0 { lo -= 1 }
    // …and forward from an empty first segment.
    while lo < segments.count - 1 && segments[lo].length == 0 && cumulative[lo + 1] <= s {
      lo += 1
    }
    return (lo, s - cumulative[lo])
  }

  /// The point and unit direction of travel at progress `p` (0 start,
  /// 1 end); beyond 0…1 (an easing's overshoot) the route continues straight
  /// along its end directions.
  public func sample(progress p: Double) -> (point: SIMD2<Double>, direction: SIMD2<Double>) {
    if length <= 0 { return (points[0], SIMD2(1, 0)) }
    if p < 0 {
      let d = direction(atLength: 0)
      return (points[0] + (p * length) * d, d)
    }
    if p > 1 {
      let d = direction(atLength: length)
      return (points[points.count - 1] + ((p - 1) * length) * d, d)
    }
    if p == 1 { return (points[points.count - 1], direction(atLength: length)) }
    let (i, s) = locate(p * length)
    let t = segments[i].parameter(atLength: s)
    return (segments[i].point(t), unit(i, t))
  }

  private func direction(atLength s: Double) -> SIMD2<Double> {
    let (i, local) = locate(min(max(s, 0), length))
    return unit(i, segments[i].parameter(atLength: local))
  }

  /// The unit tangent of segment i at t; at a point where the curve stops
  /// (a cusp), the direction of its chord.
  private func unit(_ i: Int, _ t: Double) -> SIMD2<Double> {
    var d = segments[i].derivative(t)
    var n = (d * d).sum().squareRoot()
    if !(n > 1e-12 * max(segments[i].length, 1e-300)) {
      let a = segments[i].point(max(t - 1e-6, 0))
      let b = segments[i].point(min(t + 1e-6, 1))
      d = b - a
      n = (d * d).sum().squareRoot()
    }
    return n > 0 ? d / n : SIMD2(1, 0)
  }

  /// What one property reads from the route.
  public enum Lane: Sendable, Equatable {
    case x
    case y
    /// The direction of travel in degrees (atan2(dy, dx)), plus an offset.
    case angle(offset: Double)
  }

  /// The value `lane` has at progress p.
  public func value(_ lane: Lane, progress p: Double) -> Double {
    let (point, direction) = sample(progress: p)
    switch lane {
    case .x: return point.x
    case .y: return point.y
    case .angle(let offset): return atan2(direction.y, direction.x) * 180 / .pi + offset
    }
  }
}
