/// One cubic Bézier arc of an easing, in progress space: x is the motion's
/// progress (0…1 over the whole segment), y the eased fraction.
///
/// x always increases along the arc (its control abscissas are in order), so
/// the arc is a function y(x). A player draws it as a keyframe's handles
/// after normalising both axes to the arc's own box (``normalized``).
public struct BezierPiece: Equatable, Sendable {
  /// Control abscissas x0…x3.
  public var x: SIMD4<Double>
  /// Control ordinates y0…y3.
  public var y: SIMD4<Double>

  public init(x: SIMD4<Double>, y: SIMD4<Double>) {
    self.x = x
    self.y = y
  }

  /// The arc of a polynomial of degree ≤ 3 over `x0…x1`, from its values and
  /// slopes at both ends: with x linear in the parameter, the inner control
  /// ordinates are `y0 + h·y0′/3` and `y1 − h·y1′/3` (exact for a cubic).
  public init(
    from x0: Double, to x1: Double, values: (Double, Double), slopes: (Double, Double)
  ) {
    let h = x1 - x0
    x = SIMD4(x0, x0 + h / 3, x1 - h / 3, x1)
    y = SIMD4(values.0, values.0 + h * slopes.0 / 3, values.1 - h * slopes.1 / 3, values.1)
  }

  /// Start and end progress.
  public var startX: Double { x[0] }
  public var endX: Double { x[3] }
  public var startY: Double { y[0] }
  public var endY: Double { y[3] }

  /// The point at curve parameter `s` (0…1).
  public func point(at s: Double) -> (x: Double, y: Double) {
    (Self.bernstein(x, s), Self.bernstein(y, s))
  }

  /// The curve parameter where the arc's abscissa is `target` (clamped to the
  /// arc), by Newton's method safeguarded with bisection, to the last bits.
  public func parameter(atX target: Double) -> Double {
    if target <= x[0] { return 0 }
    if target >= x[3] { return 1 }
    var lo = 0.0
    var hi = 1.0
    var s = (target - x[0]) / (x[3] - x[0])
    for _ in 0..<100 {
      let f = Self.bernstein(x, s) - target
      if f == 0 { return s }
      if f < 0 { lo = s } else { hi = s }
      let slope = Self.bernsteinSlope(x, s)
      var next = slope > 0 ? s - f / slope : (lo + hi) / 2
      if !(next > lo && next < hi) { next = (lo + hi) / 2 }
      if abs(next - s) <= 1e-17 || hi - lo <= 1e-16 { return next }
      s = next
    }
    return s
  }

  /// The eased fraction at progress `p` (within the arc).
  public func value(atX p: Double) -> Double {
    Self.bernstein(y, parameter(atX: p))
  }

  /// The two arcs either side of curve parameter `s` (de Casteljau).
  public func split(at s: Double) -> (BezierPiece, BezierPiece) {
    let (xa, xb) = Self.subdivide(x, s)
    let (ya, yb) = Self.subdivide(y, s)
    return (BezierPiece(x: xa, y: ya), BezierPiece(x: xb, y: yb))
  }

  /// The part of the arc between progress `p0` and `p1` (within it).
  public func restricted(from p0: Double, to p1: Double) -> BezierPiece {
    var piece = self
    if p0 > x[0] { piece = piece.split(at: piece.parameter(atX: p0)).1 }
    if p1 < piece.x[3] { piece = piece.split(at: piece.parameter(atX: p1)).0 }
    piece.x[0] = max(p0, piece.x[0])
    piece.x[3] = min(p1, piece.x[3])
    return piece
  }

  /// Curve parameters strictly inside the arc where y turns (y′ = 0), sorted.
  public var turningParameters: [Double] {
    let d0 = y[1] - y[0]
    let d1 = y[2] - y[1]
    let d2 = y[3] - y[2]
    // y′(s)/3 = d0(1−s)² + 2d1·s(1−s) + d2·s² = a·s² + b·s + c
    let a = d0 - 2 * d1 + d2
    let b = 2 * (d1 - d0)
    let c = d0
    var roots: [Double] = []
    let scale = max(abs(a), abs(b), abs(c))
    guard scale > 0 else { return [] }
    if abs(a) <= 1e-14 * scale {
      if b != 0 { roots = [-c / b] }
    } else {
      let disc = b * b - 4 * a * c
      if disc >= 0 {
        let r = disc.squareRoot()
        // The numerically stable pair of roots.
        let q = -0.5 * (b + (b >= 0 ? r : -r))
        roots = [q / a]
        if q != 0 { roots.append(c / q) }
      }
    }
    return roots.filter { $0 > 1e-9 && $0 < 1 - 1e-9 }.sorted()
  }

  /// The arc cut at its turning points, so each part moves y one way only
  /// (a player's `s + (e − s)·curve` cannot move a keyframe whose ends are
  /// equal).
  public var monotonePieces: [BezierPiece] {
    var pieces: [BezierPiece] = []
    var rest = self
    var consumed = 0.0
    for s in turningParameters {
      // Re-map the parameter onto what is left of the arc.
      let local = (s - consumed) / (1 - consumed)
      let (a, b) = rest.split(at: local)
      pieces.append(a)
      rest = b
      consumed = s
    }
    pieces.append(rest)
    return pieces
  }

  /// The handles a keyframe writes: both control points with x and y
  /// normalised to the arc's box (x1, y1, x2, y2), or nil when the arc does
  /// not move in y (a hold) or has no width.
  public var normalized: (Double, Double, Double, Double)? {
    let w = x[3] - x[0]
    let h = y[3] - y[0]
    guard w > 0, h != 0 else { return nil }
    return ((x[1] - x[0]) / w, (y[1] - y[0]) / h, (x[2] - x[0]) / w, (y[2] - y[0]) / h)
  }

  static func bernstein(_ c: SIMD4<Double>, _ s: Double) -> Double {
    let t = 1 - s
    return t * t * t * c[0] + 3 * t * t * s * c[1] + 3 * t * s * s * c[2] + s * s * s * c[3]
  }

  static func bernsteinSlope(_ c: SIMD4<Double>, _ s: Double) -> Double {
    let t = 1 - s
    return 3 * (t * t * (c[1] - c[0]) + 2 * t * s * (c[2] - c[1]) + s * s * (c[3] - c[2]))
  }

  static func subdivide(_ c: SIMD4<Double>, _ s: Double) -> (SIMD4<Double>, SIMD4<Double>) {
    let p01 = c[0] + (c[1] - c[0]) * s
    let p12 = c[1] + (c[2] - c[1]) * s
    let p23 = c[2] + (c[3] - c[2]) * s
    let p012 = p01 + (p12 - p01) * s
    let p123 = p12 + (p23 - p12) * s
    let mid = p012 + (p123 - p012) * s
    return (SIMD4(c[0], p01, p012, mid), SIMD4(mid, p123, p23, c[3]))
  }
}
