/// Arc lengths of cubic segments and the parameter at a length.
extension Bezier {
  /// The relative accuracy of every length: quadrature to 1e-9 of the
  /// segment's length (its control polygon bounds it from above).
  public static let lengthTolerance = 1e-9

  /// The length of the control polygon: never less than the arc length.
  var polygonLength: Double {
    func distance(_ a: OutlinePoint, _ b: OutlinePoint) -> Double {
      ((b - a) * (b - a)).sum().squareRoot()
    }
    return distance(p0, p1) + distance(p1, p2) + distance(p2, p3)
  }

  /// Whether this is a straight line written as ``CubicSegment/line(from:to:)``
  /// writes it (controls at exactly one and two thirds): it runs at a
  /// constant speed, so its length is its chord and the parameter at a
  /// length is that fraction of it, with no quadrature.
  var isUniformLine: Bool {
    let step = (p3 - p0) / 3
    return p1 == p0 + step && p2 == p0 + 2 * step
  }

  /// The arc length from t = 0 to t = `t` (adaptive Gauss–Legendre; exact
  /// for a uniform line).
  public func length(to t: Double = 1) -> Double {
    if t <= 0 { return 0 }
    if isUniformLine {
      let d = p3 - p0
      return (d * d).sum().squareRoot() * min(t, 1)
    }
    let bound = polygonLength
    if bound == 0 { return 0 }
    let tolerance = Self.lengthTolerance * 0.1 * bound
    return GaussLegendre.integrate(speed, 0, min(t, 1), tolerance: tolerance)
  }

  /// |dB/dt| at t.
  func speed(_ t: Double) -> Double {
    let d = derivative(at: t)
    return (d * d).sum().squareRoot()
  }

  /// The parameter t where the arc length from 0 is `target` (0…`total`,
  /// the segment's length): Newton's method on the length, kept inside a
  /// bracket that bisection shrinks whenever a step would leave it or the
  /// speed vanishes (at a cusp).
  public func parameter(atLength target: Double, total: Double) -> Double {
    if target <= 0 || total <= 0 { return 0 }
    if target >= total { return 1 }
    if isUniformLine { return target / total }
    var low = 0.0
    var high = 1.0
    var t = target / total
    let tolerance = Self.lengthTolerance * total
    let integralTolerance = Self.lengthTolerance * 0.1 * polygonLength
    for _ in 0..<100 {
      let error = GaussLegendre.integrate(speed, 0, t, tolerance: integralTolerance) - target
      if abs(error) <= tolerance { return t }
      if error > 0 { high = t } else { low = t }
      let v = speed(t)
      var next = v > 0 ? t - error / v : (low + high) / 2
      if !(next > low && next < high) { next = (low + high) / 2 }
      if next == t { return t }
      t = next
    }
    return t
  }
}

extension Outline {
  /// The length of every segment of every subpath, in order.
  public var segmentLengths: [[Double]] {
    subpaths.map { $0.beziers.map { $0.length() } }
  }

  /// The outline with its segment lengths measured once, to trim it at
  /// many fractions (a `draw` animation) without measuring it again.
  public var measured: MeasuredOutline { MeasuredOutline(self) }

  /// The whole outline's length: the sum of its subpaths', walked as written.
  public var length: Double {
    segmentLengths.reduce(0) { $0 + $1.reduce(0, +) }
  }

  /// The point at arc length `distance` from the start, walking subpaths in
  /// order (clamped to the ends); nil for an outline without segments.
  public func point(atLength distance: Double) -> OutlinePoint? {
    let lengths = segmentLengths
    var remaining = max(distance, 0)
    var last: (Bezier, Double)?
    for (subpath, sizes) in zip(subpaths, lengths) {
      for (bezier, size) in zip(subpath.beziers, sizes) {
        if remaining <= size {
          return bezier.point(at: bezier.parameter(atLength: remaining, total: size))
        }
        remaining -= size
        last = (bezier, size)
      }
    }
    return last.map { $0.0.p3 }
  }
}
