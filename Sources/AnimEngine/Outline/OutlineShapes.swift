#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outlines of the kinds of view (SPEC §16.1), each in a box w × h with
/// (0, 0) its top-left corner.
extension Outline {
  /// The handle length of a quarter arc, as a fraction of its radius:
  /// Lottie's constant, which makes the cubic's midpoint lie on the circle.
  public static let kappa = 0.5519150244935105

  /// The most sides a polygon, and points a star, may have: 100 000. A
  /// star of that many is 200 000 segments in every frame drawn, a size
  /// still drawn in a fraction of a second; more is refused at the
  /// declaration (the README's limits).
  public static let maximumSides = 100_000

  /// A rectangle with corners rounded by `cornerRadius` (clamped to 0 and to
  /// half the smaller side): ``rectangle(width:height:corners:)`` with one
  /// radius for the four corners.
  public static func rectangle(width: Double, height: Double, cornerRadius: Double = 0)
    -> Outline
  {
    rectangle(width: width, height: height, corners: CornerRadii(all: cornerRadius))
  }

  /// A rectangle with its four corners rounded as `corners` are drawn
  /// (``CornerRadii/drawn(width:height:)``: negatives at 0, overlapping
  /// radii scaled down as CSS does): four straight segments, and a quarter
  /// arc with κ·r handles at each corner whose radius is > 0. Starts at
  /// (tl, 0), runs clockwise on screen.
  public static func rectangle(width: Double, height: Double, corners: CornerRadii) -> Outline {
    let w = max(width, 0)
    let h = max(height, 0)
    let r = corners.drawn(width: w, height: h)
    let (tl, tr, br, bl) = (r.topLeft, r.topRight, r.bottomRight, r.bottomLeft)
    var segments: [CubicSegment] = []
    func line(_ from: OutlinePoint, _ to: OutlinePoint) {
      segments.append(.line(from: from, to: to))
    }
    func corner(_ r: Double, _ c1: OutlinePoint, _ c2: OutlinePoint, _ end: OutlinePoint) {
      if r > 0 { segments.append(CubicSegment(c1, c2, end)) }
    }
    var k = kappa * tr
    line(OutlinePoint(tl, 0), OutlinePoint(w - tr, 0))
    corner(tr, OutlinePoint(w - tr + k, 0), OutlinePoint(w, tr - k), OutlinePoint(w, tr))
    k = kappa * br
    line(OutlinePoint(w, tr), OutlinePoint(w, h - br))
    corner(br, OutlinePoint(w, h - br + k), OutlinePoint(w - br + k, h), OutlinePoint(w - br, h))
    k = kappa * bl
    line(OutlinePoint(w - br, h), OutlinePoint(bl, h))
    corner(bl, OutlinePoint(bl - k, h), OutlinePoint(0, h - bl + k), OutlinePoint(0, h - bl))
    k = kappa * tl
    line(OutlinePoint(0, h - bl), OutlinePoint(0, tl))
    corner(tl, OutlinePoint(0, tl - k), OutlinePoint(tl - k, 0), OutlinePoint(tl, 0))
    return Outline([Subpath(start: OutlinePoint(tl, 0), segments: segments, isClosed: true)])
  }

  /// The ellipse inscribed in the box: four quarter arcs with κ handles,
  /// starting at the top (12 o'clock) and running clockwise on screen.
  public static func ellipse(width: Double, height: Double) -> Outline {
    let rx = max(width, 0) / 2
    let ry = max(height, 0) / 2
    let kx = kappa * rx
    let ky = kappa * ry
    let top = OutlinePoint(rx, 0)
    let right = OutlinePoint(2 * rx, ry)
    let bottom = OutlinePoint(rx, 2 * ry)
    let left = OutlinePoint(0, ry)
    let segments = [
      CubicSegment(OutlinePoint(rx + kx, 0), OutlinePoint(2 * rx, ry - ky), right),
      CubicSegment(OutlinePoint(2 * rx, ry + ky), OutlinePoint(rx + kx, 2 * ry), bottom),
      CubicSegment(OutlinePoint(rx - kx, 2 * ry), OutlinePoint(0, ry + ky), left),
      CubicSegment(OutlinePoint(0, ry - ky), OutlinePoint(rx - kx, 0), top),
    ]
    return Outline([Subpath(start: top, segments: segments, isClosed: true)])
  }

  /// A regular polygon of `sides` (≥ 3, checked by ``validatePolygon(sides:)``)
  /// vertices on the inscribed ellipse at −90° + k·360°/n, joined by straight
  /// lines: the first at the top, then clockwise on screen.
  public static func polygon(sides: Int, width: Double, height: Double) -> Outline {
    let n = max(sides, 1)
    let points = (0..<n).map { k in
      ellipsePoint(
        degrees: -90 + Double(k) * 360 / Double(n), width: width, height: height, scale: 1)
    }
    return closedPolyline(points)
  }

  /// A star of `points` outer vertices (as ``polygon(sides:width:height:)``'s)
  /// alternating with inner ones at −90° + (k + ½)·360°/n on the ellipse
  /// scaled by `innerRadius` about the box's centre.
  public static func star(points: Int, innerRadius: Double, width: Double, height: Double)
    -> Outline
  {
    let n = max(points, 1)
    var vertices: [OutlinePoint] = []
    vertices.reserveCapacity(2 * n)
    for k in 0..<n {
      let step = 360 / Double(n)
      vertices.append(
        ellipsePoint(degrees: -90 + Double(k) * step, width: width, height: height, scale: 1))
      vertices.append(
        ellipsePoint(
          degrees: -90 + (Double(k) + 0.5) * step, width: width, height: height,
          scale: innerRadius))
    }
    return closedPolyline(vertices)
  }

  /// Why a polygon cannot have `sides`, or nil when it can (a whole number ≥ 3).
  public static func validatePolygon(sides: Double) -> EngineError? {
    guard sides.isFinite, sides == sides.rounded(), sides >= 3, sides <= Double(maximumSides) else {
      return EngineError(
        "a polygon needs a whole number of sides from 3 to \(maximumSides), not \(NumberText.format(sides))"
      )
    }
    return nil
  }

  /// Why a star cannot have `points` and `innerRadius`, or nil when it can
  /// (points a whole number ≥ 3, 0 < innerRadius ≤ 1).
  public static func validateStar(points: Double, innerRadius: Double) -> EngineError? {
    guard points.isFinite, points == points.rounded(), points >= 3, points <= Double(maximumSides)
    else {
      return EngineError(
        "a star needs a whole number of points from 3 to \(maximumSides), not \(NumberText.format(points))"
      )
    }
    guard innerRadius > 0, innerRadius <= 1 else {
      return EngineError(
        "a star's innerRadius must be > 0 and ≤ 1 (a fraction of the outer radius), not \(NumberText.format(innerRadius))"
      )
    }
    return nil
  }

  private static func closedPolyline(_ points: [OutlinePoint]) -> Outline {
    guard let first = points.first else { return .empty }
    var segments: [CubicSegment] = []
    var current = first
    for p in points.dropFirst() + [first] {
      segments.append(.line(from: current, to: p))
      current = p
    }
    return Outline([Subpath(start: first, segments: segments, isClosed: true)])
  }

  /// The point at `degrees` (clockwise on screen from 3 o'clock) on the
  /// ellipse inscribed in the box, scaled by `scale` about its centre.
  private static func ellipsePoint(
    degrees: Double, width: Double, height: Double, scale: Double
  ) -> OutlinePoint {
    let (c, s) = cosSin(degrees: degrees)
    let rx = max(width, 0) / 2
    let ry = max(height, 0) / 2
    return OutlinePoint(rx + scale * rx * c, ry + scale * ry * s)
  }

  /// Cosine and sine of an angle in degrees, exact at multiples of 90° (so a
  /// square's vertices are exactly on its box) and symmetric about them.
  static func cosSin(degrees: Double) -> (Double, Double) {
    let quarter = (degrees / 90).rounded()
    let rest = (degrees - quarter * 90) * Double.pi / 180
    let c = rest == 0 ? 1 : cos(rest)
    let s = rest == 0 ? 0 : sin(rest)
    switch ((Int(quarter) % 4) + 4) % 4 {
    case 0: return (c, s)
    case 1: return (-s, c)
    case 2: return (-c, -s)
    default: return (s, -c)
    }
  }
}
