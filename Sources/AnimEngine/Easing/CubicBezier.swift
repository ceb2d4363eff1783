/// The CSS `cubic-bezier(x1, y1, x2, y2)` timing function: the Bézier curve
/// with control points (0, 0), (x1, y1), (x2, y2), (1, 1), read as y over x.
///
/// Evaluating it means solving x(t) = p for the curve parameter t, then
/// returning y(t). With x1 and x2 in 0…1, x(t) never decreases on 0…1, so the
/// solution is unique; it is found by Newton's method from t = p, falling back
/// to bisection when Newton stalls or leaves 0…1, to ``tolerance`` in x (SPEC
/// asks for 1e-7; the extra digits cost one or two iterations).
struct CubicBezier {
  /// How close x(t) must come to p.
  static let tolerance = 1e-12

  let x1: Double
  let y1: Double
  let x2: Double
  let y2: Double

  /// Polynomial coefficients: x(t) = ((ax·t + bx)·t + cx)·t, same for y.
  private let ax: Double
  private let bx: Double
  private let cx: Double
  private let ay: Double
  private let by: Double
  private let cy: Double

  /// x1 and x2 are clamped to 0…1 here (the factory rejects them instead), so
  /// that a curve built directly from the enum case is still a function.
  init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
    let x1 = x1.isNaN ? x1 : min(max(x1, 0), 1)
    let x2 = x2.isNaN ? x2 : min(max(x2, 0), 1)
    self.x1 = x1
    self.y1 = y1
    self.x2 = x2
    self.y2 = y2
    cx = 3 * x1
    bx = 3 * (x2 - x1) - cx
    ax = 1 - cx - bx
    cy = 3 * y1
    by = 3 * (y2 - y1) - cy
    ay = 1 - cy - by
  }

  /// The eased progress at `p`. Outside 0…1 the curve continues along its
  /// tangent at the nearer end, as CSS Easing Functions Level 1 specifies.
  func value(at p: Double) -> Double {
    if p <= 0 {
      return p == 0 ? 0 : startSlope * p
    }
    if p >= 1 {
      return p == 1 ? 1 : 1 + endSlope * (p - 1)
    }
    if p.isNaN { return p }
    return y(parameter(for: p))
  }

  /// dy/dx at `p`: y′(t)/x′(t) where x′(t) is not vanishingly small, else a
  /// central difference with h = 1e-6 (a vertical tangent, as in
  /// `cubicBezier(1, 0, 0, 1)` at p = ½).
  func derivative(at p: Double) -> Double {
    if p < 0 { return startSlope }
    if p > 1 { return endSlope }
    if p.isNaN { return p }
    let t = parameter(for: p)
    let dx = xSlope(t)
    if dx > 1e-9 {
      return ySlope(t) / dx
    }
    let h = 1e-6
    return (value(at: p + h) - value(at: p - h)) / (2 * h)
  }

  /// The slope of the line CSS uses before 0: through P0 and P1, or P0 and
  /// P2 when x1 is 0, or flat when both are 0.
  private var startSlope: Double {
    // An x1 so small that y1 / x1 overflows (5e-324) counts as 0: the curve
    // then never yields infinity.
    if x1 > 0, (y1 / x1).isFinite { return y1 / x1 }
    if x2 > 0, (y2 / x2).isFinite { return y2 / x2 }
    return 0
  }

  /// The slope of the line CSS uses after 1: through P2 and P3, or P1 and P3
  /// when x2 is 1, or flat when both are 1.
  private var endSlope: Double {
    if x2 < 1 { return (y2 - 1) / (x2 - 1) }
    if x1 < 1 { return (y1 - 1) / (x1 - 1) }
    return 0
  }

  /// The curve parameter t in 0…1 with x(t) = p, for p in (0, 1).
  func parameter(for p: Double) -> Double {
    // Newton's method: x is a smooth cubic, so from t = p it usually lands
    // within the tolerance in three or four steps.
    var t = p
    for _ in 0..<8 {
      let error = x(t) - p
      if abs(error) <= Self.tolerance { return t }
      let slope = xSlope(t)
      if abs(slope) < 1e-9 { break }
      t -= error / slope
      if !(t >= 0 && t <= 1) { break }
    }
    // Bisection on the monotone x(t); 64 halvings exhaust Double precision.
    var low = 0.0
    var high = 1.0
    t = p
    for _ in 0..<64 {
      let value = x(t)
      if abs(value - p) <= Self.tolerance { return t }
      if value < p { low = t } else { high = t }
      t = low + (high - low) / 2
      if high - low <= 2 * t.ulp { break }
    }
    return t
  }

  private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  private func xSlope(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }
  private func ySlope(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }
}
