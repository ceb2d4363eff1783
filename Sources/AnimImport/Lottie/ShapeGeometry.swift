import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lottie's own shapes as paths, built as lottie-web builds them (its
/// `ShapePath` conversions): where they start, which way they run, their
/// handles. The importer uses them where anim's own kinds would differ: a
/// trimmed rectangle (anim's starts at its top-left corner, Lottie's at its
/// top-right), a shape drawn the other way round (`d: 3`), a rounded star,
/// and shapes combined into one path.
enum ShapeGeometry {
  /// κ, the handle length of a quarter circle (anim's and Lottie's).
  static let kappa = 0.5519150244935105

  private static func vertex(
    _ v: OutlinePoint, out o: OutlinePoint, in i: OutlinePoint
  ) -> (OutlinePoint, OutlinePoint, OutlinePoint) { (v, o - v, i - v) }

  private static func path(_ triples: [(OutlinePoint, OutlinePoint, OutlinePoint)]) -> BezierPath {
    BezierPath(
      vertices: triples.map(\.0), inTangents: triples.map(\.2), outTangents: triples.map(\.1),
      closed: true)
  }

  static func rect(center p: [Double], size s: [Double], roundness r: Double, reversed: Bool)
    -> BezierPath
  {
    let (p0, p1, v0, v1) = (p[0], p[1], s[0] / 2, s[1] / 2)
    let round = min(v0, v1, r)
    let c = round * (1 - kappa)
    func P(_ x: Double, _ y: Double) -> OutlinePoint { OutlinePoint(x, y) }
    var t: [(OutlinePoint, OutlinePoint, OutlinePoint)] = []
    if !reversed {
      t.append(
        vertex(
          P(p0 + v0, p1 - v1 + round), out: P(p0 + v0, p1 - v1 + round), in: P(p0 + v0, p1 - v1 + c)
        ))
      t.append(
        vertex(
          P(p0 + v0, p1 + v1 - round), out: P(p0 + v0, p1 + v1 - c), in: P(p0 + v0, p1 + v1 - round)
        ))
      if round != 0 {
        t.append(
          vertex(
            P(p0 + v0 - round, p1 + v1), out: P(p0 + v0 - round, p1 + v1),
            in: P(p0 + v0 - c, p1 + v1)))
        t.append(
          vertex(
            P(p0 - v0 + round, p1 + v1), out: P(p0 - v0 + c, p1 + v1),
            in: P(p0 - v0 + round, p1 + v1)))
        t.append(
          vertex(
            P(p0 - v0, p1 + v1 - round), out: P(p0 - v0, p1 + v1 - round),
            in: P(p0 - v0, p1 + v1 - c)))
        t.append(
          vertex(
            P(p0 - v0, p1 - v1 + round), out: P(p0 - v0, p1 - v1 + c),
            in: P(p0 - v0, p1 - v1 + round)))
        t.append(
          vertex(
            P(p0 - v0 + round, p1 - v1), out: P(p0 - v0 + round, p1 - v1),
            in: P(p0 - v0 + c, p1 - v1)))
        t.append(
          vertex(
            P(p0 + v0 - round, p1 - v1), out: P(p0 + v0 - c, p1 - v1),
            in: P(p0 + v0 - round, p1 - v1)))
      } else {
        t.append(vertex(P(p0 - v0, p1 + v1), out: P(p0 - v0 + c, p1 + v1), in: P(p0 - v0, p1 + v1)))
        t.append(vertex(P(p0 - v0, p1 - v1), out: P(p0 - v0, p1 - v1 + c), in: P(p0 - v0, p1 - v1)))
      }
    } else {
      t.append(
        vertex(
          P(p0 + v0, p1 - v1 + round), out: P(p0 + v0, p1 - v1 + c), in: P(p0 + v0, p1 - v1 + round)
        ))
      if round != 0 {
        t.append(
          vertex(
            P(p0 + v0 - round, p1 - v1), out: P(p0 + v0 - round, p1 - v1),
            in: P(p0 + v0 - c, p1 - v1)))
        t.append(
          vertex(
            P(p0 - v0 + round, p1 - v1), out: P(p0 - v0 + c, p1 - v1),
            in: P(p0 - v0 + round, p1 - v1)))
        t.append(
          vertex(
            P(p0 - v0, p1 - v1 + round), out: P(p0 - v0, p1 - v1 + round),
            in: P(p0 - v0, p1 - v1 + c)))
        t.append(
          vertex(
            P(p0 - v0, p1 + v1 - round), out: P(p0 - v0, p1 + v1 - c),
            in: P(p0 - v0, p1 + v1 - round)))
        t.append(
          vertex(
            P(p0 - v0 + round, p1 + v1), out: P(p0 - v0 + round, p1 + v1),
            in: P(p0 - v0 + c, p1 + v1)))
        t.append(
          vertex(
            P(p0 + v0 - round, p1 + v1), out: P(p0 + v0 - c, p1 + v1),
            in: P(p0 + v0 - round, p1 + v1)))
        t.append(
          vertex(
            P(p0 + v0, p1 + v1 - round), out: P(p0 + v0, p1 + v1 - round),
            in: P(p0 + v0, p1 + v1 - c)))
      } else {
        t.append(vertex(P(p0 - v0, p1 - v1), out: P(p0 - v0 + c, p1 - v1), in: P(p0 - v0, p1 - v1)))
        t.append(vertex(P(p0 - v0, p1 + v1), out: P(p0 - v0, p1 + v1 - c), in: P(p0 - v0, p1 + v1)))
        t.append(vertex(P(p0 + v0, p1 + v1), out: P(p0 + v0 - c, p1 + v1), in: P(p0 + v0, p1 + v1)))
      }
    }
    return path(t)
  }

  static func ellipse(center p: [Double], size s: [Double], reversed: Bool) -> BezierPath {
    let (p0, p1, s0, s1) = (p[0], p[1], s[0] / 2, s[1] / 2)
    let k = kappa
    let cw = !reversed
    func P(_ x: Double, _ y: Double) -> OutlinePoint { OutlinePoint(x, y) }
    let v = [
      P(p0, p1 - s1), cw ? P(p0 + s0, p1) : P(p0 - s0, p1), P(p0, p1 + s1),
      cw ? P(p0 - s0, p1) : P(p0 + s0, p1),
    ]
    let i = [
      cw ? P(p0 - s0 * k, p1 - s1) : P(p0 + s0 * k, p1 - s1),
      cw ? P(p0 + s0, p1 - s1 * k) : P(p0 - s0, p1 - s1 * k),
      cw ? P(p0 + s0 * k, p1 + s1) : P(p0 - s0 * k, p1 + s1),
      cw ? P(p0 - s0, p1 + s1 * k) : P(p0 + s0, p1 + s1 * k),
    ]
    let o = [
      cw ? P(p0 + s0 * k, p1 - s1) : P(p0 - s0 * k, p1 - s1),
      cw ? P(p0 + s0, p1 + s1 * k) : P(p0 - s0, p1 + s1 * k),
      cw ? P(p0 - s0 * k, p1 + s1) : P(p0 + s0 * k, p1 + s1),
      cw ? P(p0 - s0, p1 - s1 * k) : P(p0 + s0, p1 - s1 * k),
    ]
    return path((0..<4).map { vertex(v[$0], out: o[$0], in: i[$0]) })
  }

  /// A star (`polygon` false) or polygon; `rotation` in degrees, the
  /// roundnesses in percent. A star of a fractional number of points (an
  /// animated count between two whole ones) grows its last point as
  /// ThorVG, rlottie and lottie-android do (``partialStar``); a polygon's
  /// count is taken whole, as everywhere.
  static func star(
    polygon: Bool, center p: [Double], points: Double, outerRadius: Double, innerRadius: Double,
    outerRoundness: Double, innerRoundness: Double, rotation: Double, reversed: Bool
  ) -> BezierPath {
    if !polygon, points > 1, points < 10_000, points != points.rounded(.down) {
      return partialStar(
        center: p, points: points, outerRadius: outerRadius, innerRadius: innerRadius,
        outerRoundness: outerRoundness, innerRoundness: innerRoundness, rotation: rotation,
        reversed: reversed)
    }
    let count = Int(max(0, min(points.rounded(.down), 10_000)))
    let n = polygon ? count : count * 2
    guard n > 0 else {
      return BezierPath(vertices: [], inTangents: [], outTangents: [], closed: true)
    }
    let angle = 2 * Double.pi / Double(n)
    let dir: Double = reversed ? -1 : 1
    var current = -Double.pi / 2 + rotation * Double.pi / 180
    var t: [(OutlinePoint, OutlinePoint, OutlinePoint)] = []
    for k in 0..<n {
      let long = polygon || k % 2 == 0
      let radius = long ? outerRadius : innerRadius
      let roundness = (long ? outerRoundness : innerRoundness) / 100
      let perimeter =
        polygon
        ? 2 * Double.pi * radius / Double(n * 4) : 2 * Double.pi * radius / Double(n * 2)
      t.append(
        starVertex(radius: radius, angle: current, center: p, handle: perimeter * roundness * dir))
      current += angle * dir
    }
    return path(t)
  }

  /// A star's vertex at `radius` from `center` at `angle` (radians), its
  /// handles `handle` long across the radius, as lottie-web places them.
  private static func starVertex(
    radius: Double, angle: Double, center p: [Double], handle d: Double
  )
    -> (OutlinePoint, OutlinePoint, OutlinePoint)
  {
    var x = radius * cos(angle)
    var y = radius * sin(angle)
    let length = (x * x + y * y).squareRoot()
    let ox = length == 0 ? 0 : y / length
    let oy = length == 0 ? 0 : -x / length
    x += p[0]
    y += p[1]
    return vertex(
      OutlinePoint(x, y), out: OutlinePoint(x - ox * d, y - oy * d),
      in: OutlinePoint(x + ox * d, y + oy * d))
  }

  /// A star of `points` points where `points` is not whole (6.4 between 6
  /// and 7), as ThorVG, rlottie and lottie-android draw it: ⌈points⌉ points
  /// at 360° / points apart, the first of them a partial point, its radius
  /// the share of the way from the inner radius to the outer, set between
  /// the two neighbours it pushes apart. The vertices' handles are those of
  /// ``star(polygon:center:points:outerRadius:innerRadius:outerRoundness:innerRoundness:rotation:reversed:)``
  /// (lottie-web's, at `points` points); the partial point's are the outer
  /// points' times its share, as the players scale them.
  private static func partialStar(
    center p: [Double], points: Double, outerRadius: Double, innerRadius: Double,
    outerRoundness: Double, innerRoundness: Double, rotation: Double, reversed: Bool
  ) -> BezierPath {
    let share = points - points.rounded(.down)
    let dir: Double = reversed ? -1 : 1
    let perPoint = 2 * Double.pi / points
    let half = perPoint / 2
    let partialRadius = innerRadius + share * (outerRadius - innerRadius)
    var current = -Double.pi / 2 + rotation * Double.pi / 180 + half * (1 - share) * dir
    var t: [(OutlinePoint, OutlinePoint, OutlinePoint)] = []
    func add(radius: Double, handle: Double) {
      t.append(starVertex(radius: radius, angle: current, center: p, handle: handle * dir))
    }
    // lottie-web's handle: a quarter of a point's share of the circle
    // through the vertex, times its roundness.
    func handle(_ radius: Double, _ roundness: Double) -> Double {
      2 * Double.pi * radius / (points * 4) * roundness / 100
    }
    add(radius: partialRadius, handle: handle(outerRadius, outerRoundness) * share)
    current += perPoint * share / 2 * dir
    let vertices = Int(points.rounded(.up)) * 2
    var long = false
    // Every vertex but the last, which is the partial point again.
    for i in 0..<(vertices - 1) {
      add(
        radius: long ? outerRadius : innerRadius,
        handle: long
          ? handle(outerRadius, outerRoundness) : handle(innerRadius, innerRoundness))
      current += (i == vertices - 2 ? perPoint * share / 2 : half) * dir
      long.toggle()
    }
    return path(t)
  }
}
