import AnimEngine

/// Values a track can mix: what a player computes between two keyframes,
/// `a + (b − a)·p` component by component.
protocol Interpolable: Sendable {
  static func mix(_ a: Self, _ b: Self, _ p: Double) -> Self
  /// The value at eased progress `p` along a spatial `route` from `a` to
  /// `b`, where such a value can follow one (a point); nil otherwise.
  static func along(_ route: OutlinePointPair, from a: Self, to b: Self, _ p: Double) -> Self?
}

extension Interpolable {
  static func along(_ route: OutlinePointPair, from a: Self, to b: Self, _ p: Double) -> Self? {
    nil
  }
}

extension Double: Interpolable {
  static func mix(_ a: Double, _ b: Double, _ p: Double) -> Double { a + (b - a) * p }
}

extension Array: Interpolable where Element == Double {
  static func mix(_ a: [Double], _ b: [Double], _ p: Double) -> [Double] {
    zip(a, b).map { $0 + ($1 - $0) * p }
  }

  /// By arc length (``RouteCut/point(from:to:route:progress:)``).
  static func along(_ route: OutlinePointPair, from a: [Double], to b: [Double], _ p: Double)
    -> [Double]?
  {
    RouteCut.point(from: a, to: b, route: route, progress: p)
  }
}

extension BezierPath: Interpolable {
  /// Vertex by vertex, as every player morphs a path; with different
  /// vertex counts, the shorter one's count.
  static func mix(_ a: BezierPath, _ b: BezierPath, _ p: Double) -> BezierPath {
    func lerp(_ x: [OutlinePoint], _ y: [OutlinePoint]) -> [OutlinePoint] {
      zip(x, y).map { $0 + ($1 - $0) * p }
    }
    return BezierPath(
      vertices: lerp(a.vertices, b.vertices), inTangents: lerp(a.inTangents, b.inTangents),
      outTangents: lerp(a.outTangents, b.outTangents), closed: a.closed)
  }
}

extension ScriptEase {
  /// The eased progress at time fraction `u` (0…1).
  func progress(_ u: Double) -> Double {
    switch self {
    case .linear: return u
    case .hold: return u >= 1 ? 1 : 0
    case .bezier(let e):
      return Easing.cubicBezier(min(max(e.x1, 0), 1), e.y1, min(max(e.x2, 0), 1), e.y2)
        .value(at: u)
    }
  }
}

extension Ease {
  /// The part of this curve between time fractions `ua` and `ub`, as a
  /// curve of its own, with the progress it starts and ends at: the
  /// cubic split twice by de Casteljau and both axes renormalised. Nil when
  /// the part cannot be such a curve (it starts and ends at the same
  /// progress, or a handle's x leaves 0…1).
  func part(from ua: Double, to ub: Double) -> (ease: Ease, from: Double, to: Double)? {
    let p0 = OutlinePoint(0, 0)
    let p1 = OutlinePoint(min(max(x1, 0), 1), y1)
    let p2 = OutlinePoint(min(max(x2, 0), 1), y2)
    let p3 = OutlinePoint(1, 1)
    let sa = Self.parameter(forX: ua, p1.x, p2.x)
    let sb = Self.parameter(forX: ub, p1.x, p2.x)
    // [sa, sb] of the curve: split at sb, keep the left; split that at sa/sb.
    let (l0, l1, l2, l3) = Self.left(p0, p1, p2, p3, at: sb)
    let r = sb > 0 ? sa / sb : 0
    let (q0, q1, q2, q3) = Self.right(l0, l1, l2, l3, at: r)
    let dx = q3.x - q0.x
    let dy = q3.y - q0.y
    guard dx > 1e-12, abs(dy) > 1e-12 else { return nil }
    let n1 = OutlinePoint((q1.x - q0.x) / dx, (q1.y - q0.y) / dy)
    let n2 = OutlinePoint((q2.x - q0.x) / dx, (q2.y - q0.y) / dy)
    guard n1.x >= -1e-9, n1.x <= 1 + 1e-9, n2.x >= -1e-9, n2.x <= 1 + 1e-9,
      abs(n1.y) < 1e6, abs(n2.y) < 1e6
    else { return nil }
    return (
      Ease(x1: min(max(n1.x, 0), 1), y1: n1.y, x2: min(max(n2.x, 0), 1), y2: n2.y), q0.y, q3.y
    )
  }

  /// The curve parameter whose x is `x` (x(s) increases on 0…1 when both
  /// handles' x are in 0…1), by bisection to the last bit.
  static func parameter(forX x: Double, _ x1: Double, _ x2: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<80 {
      let s = (lo + hi) / 2
      let u = 1 - s
      let value = 3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s
      if value < x { lo = s } else { hi = s }
    }
    return (lo + hi) / 2
  }

  private static func left(
    _ p0: OutlinePoint, _ p1: OutlinePoint, _ p2: OutlinePoint, _ p3: OutlinePoint, at s: Double
  ) -> (OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint) {
    let a = p0 + (p1 - p0) * s
    let b = p1 + (p2 - p1) * s
    let c = p2 + (p3 - p2) * s
    let d = a + (b - a) * s
    let e = b + (c - b) * s
    return (p0, a, d, d + (e - d) * s)
  }

  private static func right(
    _ p0: OutlinePoint, _ p1: OutlinePoint, _ p2: OutlinePoint, _ p3: OutlinePoint, at s: Double
  ) -> (OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint) {
    let a = p0 + (p1 - p0) * s
    let b = p1 + (p2 - p1) * s
    let c = p2 + (p3 - p2) * s
    let d = a + (b - a) * s
    let e = b + (c - b) * s
    return (d + (e - d) * s, e, c, p3)
  }
}
