/// Arc lengths by adaptive Gauss–Legendre quadrature.
///
/// An 8-point rule (exact for polynomials of degree 15) on an interval is
/// compared with the same rule on its two halves; the interval is split until
/// the two agree within the tolerance. Speeds along a spline segment are the
/// square root of a quartic, smooth except where the curve stops (a cusp),
/// and the subdivision closes in on such points.
enum GaussLegendre {
  /// Nodes on [0, 1] of the positive half of the 8-point rule on [−1, 1], with weights.
  private static let nodes: [Double] = [
    0.183_434_642_495_649_8, 0.525_532_409_916_329_0, 0.796_666_477_413_626_7,
    0.960_289_856_497_536_3,
  ]
  private static let weights: [Double] = [
    0.362_683_783_378_362_0, 0.313_706_645_877_887_3, 0.222_381_034_453_374_5,
    0.101_228_536_290_376_3,
  ]

  /// Deepest subdivision: past it an interval is 2^-40 of the first.
  static let maximumDepth = 40
  /// Most intervals one integral is split into. A smooth speed needs a
  /// few dozen, a cusp a few hundred; past this the sum so far is returned
  /// (the depth alone allowed 2^40 intervals: a tolerance below the
  /// rounding of the sum, as a subnormal curve's, was never met and the
  /// quadrature ran for hours).
  static let maximumIntervals = 1 << 14

  /// ∫ f over [a, b] by the 8-point rule.
  static func rule(_ f: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
    let half = (b - a) / 2
    let mid = (a + b) / 2
    var sum = 0.0
    for i in 0..<4 {
      let dx = half * nodes[i]
      sum += weights[i] * (f(mid - dx) + f(mid + dx))
    }
    return sum * half
  }

  /// ∫ f over [a, b] within `tolerance` (absolute), or as near as the
  /// rounding of the sum and ``maximumIntervals`` allow. A non-finite
  /// integrand (a curve whose speed overflows) is returned as it sums, at
  /// once: no subdivision makes it converge.
  static func integrate(_ f: (Double) -> Double, _ a: Double, _ b: Double, tolerance: Double)
    -> Double
  {
    if a == b { return 0 }
    let whole = rule(f, a, b)
    guard whole.isFinite, tolerance.isFinite else { return whole }
    var budget = maximumIntervals
    return adapt(f, a, b, whole, tolerance, 0, &budget)
  }

  private static func adapt(
    _ f: (Double) -> Double, _ a: Double, _ b: Double, _ whole: Double, _ tolerance: Double,
    _ depth: Int, _ budget: inout Int
  ) -> Double {
    let m = (a + b) / 2
    let left = rule(f, a, m)
    let right = rule(f, m, b)
    let sum = left + right
    budget -= 2
    // Agreement below the sum's own rounding is all a double can give.
    let reachable = max(tolerance, 4 * sum.ulp)
    if depth >= maximumDepth || budget <= 0 || !sum.isFinite || abs(sum - whole) <= reachable {
      return sum
    }
    return adapt(f, a, m, left, tolerance / 2, depth + 1, &budget)
      + adapt(f, m, b, right, tolerance / 2, depth + 1, &budget)
  }
}
