#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One piece of a motion path between two consecutive points: a straight
/// line, or a cubic (a centripetal Catmull–Rom span in polynomial form).
struct PathSegment: Sendable {
  /// `start + c1·t + c2·t² + c3·t³` for t in 0…1 (c2 = c3 = 0 for a line).
  let start: SIMD2<Double>
  let c1: SIMD2<Double>
  let c2: SIMD2<Double>
  let c3: SIMD2<Double>
  let isLine: Bool
  /// Arc length of the whole segment.
  private(set) var length: Double = 0
  /// Arc length from t = 0 to t = k/`steps`, k = 0…steps (cubics only): the
  /// inversion starts in the right step and integrates only within it.
  private var table: [Double] = []
  /// Absolute error allowed in one integral.
  private var tolerance: Double = 0

  /// Steps of a cubic's length table.
  static let steps = 16

  /// The straight segment from `a` to `b`.
  init(line a: SIMD2<Double>, _ b: SIMD2<Double>) {
    start = a
    c1 = b - a
    c2 = .zero
    c3 = .zero
    isLine = true
    length = (c1 * c1).sum().squareRoot()
  }

  /// The centripetal Catmull–Rom span (α = 0.5) from p1 to p2, with
  /// neighbours p0 and p3, as a cubic in t ∈ 0…1.
  ///
  /// The Barry–Goldman pyramid reduces to a Hermite cubic whose end tangents
  /// are m1 = p2 − p1 + d12·((p1 − p0)/d01 − (p2 − p0)/(d01 + d12)) and
  /// m2 = p2 − p1 + d12·((p3 − p2)/d23 − (p3 − p1)/(d12 + d23)), with
  /// dij = |pj − pi|^0.5. A neighbour that coincides with its end point
  /// (repeated points) is replaced by the reflection of the other end, as the
  /// phantom end points are (zero knot intervals have no tangent).
  init(smooth p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
    func knot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
      ((b - a) * (b - a)).sum().squareRoot().squareRoot()
    }
    var q0 = p0
    var q3 = p3
    let d12 = knot(p1, p2)
    start = p1
    isLine = false
    guard d12 > 0 else {
      c1 = .zero
      c2 = .zero
      c3 = .zero
      return
    }
    if knot(q0, p1) == 0 { q0 = 2 * p1 - p2 }
    if knot(p2, q3) == 0 { q3 = 2 * p2 - p1 }
    let d01 = knot(q0, p1)
    let d23 = knot(p2, q3)
    let m1 = p2 - p1 + d12 * ((p1 - q0) / d01 - (p2 - q0) / (d01 + d12))
    let m2 = p2 - p1 + d12 * ((q3 - p2) / d23 - (q3 - p1) / (d12 + d23))
    // Hermite to power basis: p(t) = p1 + m1·t + (3(p2 − p1) − 2m1 − m2)·t² + (2(p1 − p2) + m1 + m2)·t³.
    c1 = m1
    c2 = 3 * (p2 - p1) - 2 * m1 - m2
    c3 = 2 * (p1 - p2) + m1 + m2
    // The control polygon bounds the length from above; 1e-13 of it keeps
    // the integrals far inside the 1e-9 the spec asks of the whole.
    let scale =
      ((p2 - p1) * (p2 - p1)).sum().squareRoot() + (m1 * m1).sum().squareRoot()
      + (m2 * m2).sum().squareRoot()
    tolerance = 1e-14 * scale
    table = [0]
    var total = 0.0
    for k in 1...Self.steps {
      total += integral(Double(k - 1) / Double(Self.steps), Double(k) / Double(Self.steps))
      table.append(total)
    }
    length = total
  }

  /// The cubic Bézier with control points p0…p3, as a cubic in t ∈ 0…1
  /// (a route written as SVG path data, SPEC §14.3).
  init(cubic p0: SIMD2<Double>, _ p1: SIMD2<Double>, _ p2: SIMD2<Double>, _ p3: SIMD2<Double>) {
    start = p0
    isLine = false
    c1 = 3 * (p1 - p0)
    c2 = 3 * (p0 - 2 * p1 + p2)
    c3 = p3 - p0 + 3 * (p1 - p2)
    let scale =
      ((p1 - p0) * (p1 - p0)).sum().squareRoot() + ((p2 - p1) * (p2 - p1)).sum().squareRoot()
      + ((p3 - p2) * (p3 - p2)).sum().squareRoot()
    tolerance = 1e-14 * scale
    table = [0]
    var total = 0.0
    for k in 1...Self.steps {
      total += integral(Double(k - 1) / Double(Self.steps), Double(k) / Double(Self.steps))
      table.append(total)
    }
    length = total
  }

  /// The point at parameter t.
  @inline(__always)
  func point(_ t: Double) -> SIMD2<Double> {
    start + t * (c1 + t * (c2 + t * c3))
  }

  /// The derivative dp/dt at parameter t.
  @inline(__always)
  func derivative(_ t: Double) -> SIMD2<Double> {
    c1 + t * (2 * c2 + t * 3 * c3)
  }

  private func speed(_ t: Double) -> Double {
    let d = derivative(t)
    return (d * d).sum().squareRoot()
  }

  /// Arc length from parameter a to b.
  private func integral(_ a: Double, _ b: Double) -> Double {
    GaussLegendre.integrate(speed, a, b, tolerance: tolerance)
  }

  /// The parameter at arc length `s` (0…length) from the segment's start.
  ///
  /// The step of the length table holding s is found by bisection, then the
  /// parameter within it by Newton's method on L(t) − s (L′ = speed),
  /// safeguarded by bisection whenever a Newton step leaves the bracket.
  func parameter(atLength s: Double) -> Double {
    if isLine { return length > 0 ? min(max(s / length, 0), 1) : 0 }
    if length <= 0 || s <= 0 { return 0 }
    if s >= length { return 1 }
    var lo = 0
    var hi = Self.steps
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if table[mid] <= s { lo = mid } else { hi = mid }
    }
    let t0 = Double(lo) / Double(Self.steps)
    var a = t0
    var b = Double(lo + 1) / Double(Self.steps)
    let target = s - table[lo]
    let span = table[lo + 1] - table[lo]
    var t = span > 0 ? a + (b - a) * target / span : a
    let goal = 1e-13 * max(length, 1e-300)
    for _ in 0..<100 {
      let f = integral(t0, t) - target
      if abs(f) <= goal { return t }
      if f > 0 { b = t } else { a = t }
      let v = speed(t)
      var next = v > 0 ? t - f / v : .nan
      if !(next > a && next < b) { next = (a + b) / 2 }
      if next == t || b - a <= 1e-16 { return next }
      t = next
    }
    return t
  }
}
