/// A spring used as an easing (SPEC §5.3): a unit move (x0 = 1, v0 = 0)
/// whose settling time T is stretched to the motion's duration, so
/// `E(p) = 1 − x(p·T)/x0`.
///
/// E is exactly 0 for p ≤ 0 and exactly 1 for p ≥ 1: before it starts the
/// spring rests at its start, and at its settling time it snaps to the
/// target, as every spring does. T comes precomputed with the parameters,
/// so each evaluation is one closed form.
struct SpringEasingCurve {
  private let spring: NormalizedSpring
  private let settlingTime: Double

  init(_ parameters: SpringParameters) {
    spring = NormalizedSpring(parameters: parameters, x0: 1, v0: 0)
    settlingTime = parameters.restSettlingTime
  }

  func value(at p: Double) -> Double {
    if p.isNaN { return p }
    if p <= 0 { return 0 }
    if p >= 1 { return 1 }
    return 1 - spring.displacement(at: p * settlingTime)
  }

  /// dE/dp = −v(p·T)·T / x0, and 0 outside 0…1 where E is constant.
  func derivative(at p: Double) -> Double {
    if p.isNaN { return p }
    guard p > 0, p < 1 else { return 0 }
    return -spring.velocity(at: p * settlingTime) * settlingTime
  }
}
