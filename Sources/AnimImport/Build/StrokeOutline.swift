import AnimEngine

/// The region a stroke covers, as closed pieces that all run clockwise, so
/// that the non-zero rule fills their union (a matte made of strokes,
/// SPEC §25.1): the path flattened, a rectangle along each straight piece,
/// a join at each vertex (round: a disc; miter: the wedge to the tip, or a
/// bevel past the limit; bevel: the triangle between the two sides), a
/// small triangle where flattened pieces of one curve meet, and a cap at
/// each end of an open path (round: a disc; square: half a width further).
enum StrokeOutline {
  /// The most pieces one flattened segment is cut into.
  static let maximumPieces = 64

  /// The pieces of `path` stroked `width` wide; `cap` and `join` as Lottie
  /// writes them (`lc` 1 butt, 2 round, 3 square; `lj` 1 miter, 2 round,
  /// 3 bevel); a curve cut into pieces of about `chord` (by the length of
  /// its control polygon).
  static func pieces(
    _ path: BezierPath, width: Double, cap: Int, join: Int, miterLimit: Double, chord: Double = 2
  ) -> [BezierPath] {
    let half = width / 2
    guard half > 0, half.isFinite, !path.vertices.isEmpty else { return [] }
    // The polyline, each point marked when it is one of the path's vertices.
    var points: [(point: OutlinePoint, vertex: Bool)] = [(path.vertices[0], true)]
    for (k, segment) in path.segments.enumerated() {
      let (p0, c1, c2, p3) = segment
      let last = k == path.segments.count - 1
      if isStraight(p0, c1, c2, p3) {
        points.append((p3, true))
        continue
      }
      let reach = distance(p0, c1) + distance(c1, c2) + distance(c2, p3)
      let n = reach.isFinite ? min(maximumPieces, max(1, Int((reach / chord).rounded(.up)))) : 1
      for i in 1...n {
        let t = Double(i) / Double(n)
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        let q = OutlinePoint(
          a * p0.x + b * c1.x + c * c2.x + d * p3.x, a * p0.y + b * c1.y + c * c2.y + d * p3.y)
        points.append((q, i == n || (last && i == n)))
      }
    }
    // Without repeated points (a piece of no length has no direction).
    var kept: [(point: OutlinePoint, vertex: Bool)] = []
    for p in points {
      if let previous = kept.last, previous.point == p.point {
        kept[kept.count - 1].vertex = previous.vertex || p.vertex
      } else {
        kept.append(p)
      }
    }
    if path.closed, kept.count > 1, kept.last?.point == kept.first?.point { kept.removeLast() }
    var pieces: [BezierPath] = []
    guard kept.count > 1 else {
      // A lone point: a round cap draws a dot; the others nothing.
      if cap == 2 { pieces.append(disc(kept[0].point, half)) }
      return pieces
    }
    let count = kept.count
    let segmentCount = path.closed ? count : count - 1
    func normal(_ from: OutlinePoint, _ to: OutlinePoint) -> OutlinePoint {
      let d = to - from
      let length = (d.x * d.x + d.y * d.y).squareRoot()
      return length > 0 ? OutlinePoint(-d.y / length * half, d.x / length * half) : .zero
    }
    for k in 0..<segmentCount {
      let (a, b) = (kept[k].point, kept[(k + 1) % count].point)
      let n = normal(a, b)
      pieces.append(polygon([a + n, b + n, b - n, a - n]))
    }
    // Joins: at every point with a segment on each side.
    let joined = path.closed ? Array(0..<count) : Array(1..<(count - 1))
    for k in joined {
      let p = kept[k].point
      let before = kept[(k + count - 1) % count].point
      let after = kept[(k + 1) % count].point
      let (n0, n1) = (normal(before, p), normal(p, after))
      if kept[k].vertex && join == 2 {
        pieces.append(disc(p, half))
        continue
      }
      // The outer side (away from the turn): its bevel, and its miter
      // within the limit. The inner side is inside the two rectangles.
      let (d0, d1) = (p - before, after - p)
      let side = d0.x * d1.y - d0.y * d1.x > 0 ? -1.0 : 1.0
      let (o0, o1) = (p + n0 * side, p + n1 * side)
      pieces.append(polygon([p, o0, o1]))
      if kept[k].vertex && join == 1 {
        let dot = (n0.x * n1.x + n0.y * n1.y) / (half * half)
        if 1 + dot > 1e-12 {
          let tip = p + (n0 + n1) * (side / (1 + dot))
          if distance(p, tip) / half <= miterLimit { pieces.append(polygon([p, o0, tip, o1])) }
        }
      }
    }
    if !path.closed && cap != 1 {
      for (end, next) in [
        (kept[0].point, kept[1].point), (kept[count - 1].point, kept[count - 2].point),
      ] {
        if cap == 2 {
          pieces.append(disc(end, half))
        } else {
          let n = normal(next, end)
          let out = OutlinePoint(n.y, -n.x)
          pieces.append(polygon([end + n, end + n + out, end - n + out, end - n]))
        }
      }
    }
    return pieces.filter { !$0.vertices.isEmpty }
  }

  /// Whether a segment is a straight line: its controls on it, between its
  /// ends (a trimmed line's controls are a third of the way along).
  private static func isStraight(
    _ p0: OutlinePoint, _ c1: OutlinePoint, _ c2: OutlinePoint, _ p3: OutlinePoint
  ) -> Bool {
    if c1 == p0 && c2 == p3 { return true }
    let d = p3 - p0
    let length2 = d.x * d.x + d.y * d.y
    guard length2 > 0, length2.isFinite else { return false }
    func onLine(_ c: OutlinePoint) -> Bool {
      let q = c - p0
      let cross = d.x * q.y - d.y * q.x
      let along = d.x * q.x + d.y * q.y
      return abs(cross) <= 1e-9 * length2 && along >= -1e-9 * length2
        && along <= length2 * (1 + 1e-9)
    }
    return onLine(c1) && onLine(c2)
  }

  private static func distance(_ a: OutlinePoint, _ b: OutlinePoint) -> Double {
    let d = b - a
    return (d.x * d.x + d.y * d.y).squareRoot()
  }

  /// A closed polygon turned to run clockwise; none when it has no area.
  private static func polygon(_ corners: [OutlinePoint]) -> BezierPath {
    let path = BezierPath(
      vertices: corners, inTangents: corners.map { _ in .zero },
      outTangents: corners.map { _ in .zero }, closed: true)
    let area = path.signedArea
    guard area != 0, area.isFinite else {
      return BezierPath(vertices: [], inTangents: [], outTangents: [], closed: true)
    }
    return area < 0 ? path.reversed : path
  }

  /// A disc of radius `r` about `c`, clockwise.
  private static func disc(_ c: OutlinePoint, _ r: Double) -> BezierPath {
    let path = ShapeGeometry.ellipse(center: [c.x, c.y], size: [2 * r, 2 * r], reversed: false)
    return path.signedArea < 0 ? path.reversed : path
  }
}
