#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outline through points of a `shape s(points: [(x, y), …], closed:,
/// smooth:)` (SPEC §23.1), in the shape's viewBox coordinates as path data's.
///
/// Straight (`smooth: false`): the polyline through the points, closed back
/// to the first when `closed`. Smooth: the centripetal Catmull–Rom spline
/// through them exactly as d3-shape draws it (`curveCatmullRom` with α = 0.5,
/// closed: `curveCatmullRomClosed`), as cubics: the segment from P1 to P2,
/// between P0 and P3, has the control points
///
///     c1 = (P1·a − P0·l12² + P2·l01²) / (3·l01·(l01 + l12)),  a = 2·l01² + 3·l01·l12 + l12²
///     c2 = (P2·b + P1·l23² − P3·l12²) / (3·l23·(l23 + l12)),  b = 2·l23² + 3·l23·l12 + l12²
///
/// where lij = |Pi − Pj|^α (lij² is |Pi − Pj|^(2α)); a length not above
/// 1e-12 (a first or last segment, which has no P0 or P3, or two points
/// alike) leaves that control point on its end point. Computed in d3's order
/// of operations. An open spline starts at the first point; a closed one at
/// the second, going round to it (as d3's does), and is a closed subpath.
public enum PointsOutline {
  /// The spline's α: 0.5, centripetal (d3's default).
  public static let alpha = 0.5

  /// Lengths not above this leave a control point on its end (d3's epsilon).
  static let epsilon = 1e-12

  /// The outline through `points`, one subpath (none for no points).
  public static func outline(_ points: [OutlinePoint], closed: Bool, smooth: Bool) -> Outline {
    guard let first = points.first else { return Outline([]) }
    if !smooth || points.count < 3 {
      if smooth && closed && points.count == 2 {
        // d3's closed spline of two points: from the second to the first.
        return Outline([
          Subpath(
            start: points[1], segments: [.line(from: points[1], to: points[0])], isClosed: true)
        ])
      }
      var segments: [CubicSegment] = []
      for (a, b) in zip(points, points.dropFirst()) { segments.append(.line(from: a, to: b)) }
      return Outline([Subpath(start: first, segments: segments, isClosed: closed)])
    }
    return closed ? closedSpline(points) : openSpline(points)
  }

  /// |a − b|^(2α) and its square root, as d3 computes them.
  private static func lengths(_ a: OutlinePoint, _ b: OutlinePoint) -> (Double, Double) {
    let dx = a.x - b.x
    let dy = a.y - b.y
    let squared = pow(dx * dx + dy * dy, alpha)
    return (squared.squareRoot(), squared)
  }

  /// The cubic from `p1` to `p2` with `p0` before and `p3` after; `l01`,
  /// `l12`, `l23` are (lij, lij²), (0, 0) for a neighbour that is missing.
  private static func segment(
    _ p0: OutlinePoint, _ p1: OutlinePoint, _ p2: OutlinePoint, _ p3: OutlinePoint,
    _ l01: (Double, Double), _ l12: (Double, Double), _ l23: (Double, Double)
  ) -> CubicSegment {
    var c1 = p1
    var c2 = p2
    if l01.0 > epsilon {
      let a = 2 * l01.1 + 3 * l01.0 * l12.0 + l12.1
      let n = 3 * l01.0 * (l01.0 + l12.0)
      c1 = OutlinePoint(
        (p1.x * a - p0.x * l12.1 + p2.x * l01.1) / n,
        (p1.y * a - p0.y * l12.1 + p2.y * l01.1) / n)
    }
    if l23.0 > epsilon {
      let b = 2 * l23.1 + 3 * l23.0 * l12.0 + l12.1
      let m = 3 * l23.0 * (l23.0 + l12.0)
      c2 = OutlinePoint(
        (p2.x * b + p1.x * l23.1 - p3.x * l12.1) / m,
        (p2.y * b + p1.y * l23.1 - p3.y * l12.1) / m)
    }
    return CubicSegment(c1, c2, p2)
  }

  /// d3's `curveCatmullRom`: the first segment has no P0, the last no P3.
  private static func openSpline(_ p: [OutlinePoint]) -> Outline {
    let n = p.count
    let l = (0..<(n - 1)).map { lengths(p[$0], p[$0 + 1]) }
    var segments: [CubicSegment] = []
    for i in 0..<(n - 1) {
      segments.append(
        segment(
          i > 0 ? p[i - 1] : p[i], p[i], p[i + 1], i + 2 < n ? p[i + 2] : p[i + 1],
          i > 0 ? l[i - 1] : (0, 0), l[i], i + 2 < n ? l[i + 1] : (0, 0)))
    }
    return Outline([Subpath(start: p[0], segments: segments, isClosed: false)])
  }

  /// d3's `curveCatmullRomClosed`: from P1 round to P1, every segment with
  /// both neighbours.
  private static func closedSpline(_ p: [OutlinePoint]) -> Outline {
    let n = p.count
    func at(_ i: Int) -> OutlinePoint { p[((i % n) + n) % n] }
    let l = (0..<n).map { lengths(at($0), at($0 + 1)) }  // l[i]: P(i) to P(i+1)
    func length(_ i: Int) -> (Double, Double) { l[((i % n) + n) % n] }
    var segments: [CubicSegment] = []
    for k in 1...n {
      segments.append(
        segment(at(k - 1), at(k), at(k + 1), at(k + 2), length(k - 1), length(k), length(k + 1)))
    }
    return Outline([Subpath(start: p[1], segments: segments, isClosed: true)])
  }
}
