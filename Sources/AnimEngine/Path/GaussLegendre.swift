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

  /// ∫ f over [a, b] within `tolerance` (absolute).
  static func integrate(_ f: (Double) -> Double, _ a: Double, _ b: Double, tolerance: Double)
    -> Double
  {
    if a == b { return 0 }
    return adapt(f, a, b, rule(f, a, b), tolerance, 0)
  }

  private static func adapt(
    _ f: (Double) -> Double, _ a: Double, _ b: Double, _ whole: Double, _ tolerance: Double,
    _ depth: Int
  ) -> Double {
    let m = (a + b) / 2
    let left = rule(f, a, m)
    let right = rule(f, m, b)
    let sum = left + right
    if depth >= maximumDepth || abs(sum - whole) <= tolerance { return sum }
    return adapt(f, a, m, left, tolerance / 2, depth + 1)
      + adapt(f, m, b, right, tolerance / 2, depth + 1)
  }
}
