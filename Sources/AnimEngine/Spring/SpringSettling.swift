#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The settling threshold and settling time of a unit-scale spring, computed
/// from its decay envelope (see ``SpringSolution/envelope(at:)``).
///
/// The threshold is 0.001 × the distance travelled: |x0|, or the first peak
/// |x(t₁)| when the spring starts on its target with only a velocity. The
/// settling time is the last time the envelope comes down to the threshold:
///
/// - Under-damped, with E(t) = e^(−αt)·min(A, |x0| + |b|·t) (b = v0 + αx0):
///   E is the exponential A·e^(−αt) from t* = (A − |x0|)/|b| on, so if
///   ln(A/ε)/α ≥ t* that is the answer in closed form; otherwise the
///   crossing lies on the critically damped branch and is solved for.
/// - Critically and over-damped, x(t) changes sign at most once and turns at
///   most once, at t_e (its velocity's only zero), after which |x| falls
///   monotonically. If |x(t_e)| exceeds the threshold, the crossing after
///   t_e is solved for; otherwise the displacement stays inside from the
///   time it first comes down to the threshold on its way to zero.
///
/// Every equation is solved in the logarithm of the envelope, which is almost
/// linear in t, by Newton's method kept inside a bracket and finished by
/// bisection, so that the time returned is one at which the envelope is
/// already at or below the threshold.
struct SpringSettling {
  let threshold: Double
  let time: Double

  init(_ spring: NormalizedSpring) {
    let start = abs(spring.x0)
    let distance: Double
    if start > 0 {
      distance = start
    } else if spring.v0 != 0 {
      distance = abs(spring.displacement(at: spring.firstPeakTimeFromRest))
    } else {
      distance = 0
    }
    threshold = SpringSolution.settlingFraction * distance
    guard threshold > 0, threshold.isFinite else {
      time = 0
      return
    }
    let solved: Double
    switch spring.regime {
    case .underDamped:
      solved = Self.underDampedTime(spring, threshold)
    case .criticallyDamped, .overDamped:
      solved = Self.nonOscillatingTime(spring, threshold)
    }
    let cap = SpringSolution.maximumSettlingTime
    var time = solved.isNaN ? cap : min(max(solved, 0), cap)
    // A closed form rounds either way; step up by a few ulps, if need be, so
    // that the envelope at the settling time is at or below the threshold.
    var step = time.ulp
    var steps = 0
    while steps < 64, time < cap, Self.envelope(of: spring, at: time) > threshold {
      time = min(time + step, cap)
      step *= 2
      steps += 1
    }
    self.time = time
  }

  // MARK: Envelope

  /// The envelope of a unit-scale spring at t ≥ 0.
  static func envelope(of spring: NormalizedSpring, at t: Double) -> Double {
    switch spring.regime {
    case .underDamped:
      let decay = exp(-spring.alpha * t)
      if decay == 0 { return 0 }
      let linear = abs(spring.x0) + abs(spring.sineCoefficient) * t
      return decay * min(amplitude(spring), linear)
    case .criticallyDamped, .overDamped:
      let here = abs(spring.displacement(at: t))
      guard let turn = lastTurn(spring), t < turn else { return here }
      return max(here, abs(spring.displacement(at: turn)))
    }
  }

  /// A = √(x0² + ((v0 + αx0)/μ)²), the amplitude of the under-damped decay
  /// envelope A·e^(−αt).
  private static func amplitude(_ spring: NormalizedSpring) -> Double {
    hypot(spring.x0, spring.sineCoefficient / spring.mu)
  }

  /// The only time t > 0 at which a non-oscillating spring's velocity is
  /// zero, or nil when it heads straight for the target.
  private static func lastTurn(_ spring: NormalizedSpring) -> Double? {
    spring.firstTime(where: spring.v0 / spring.velocitySineCoefficient)
  }

  // MARK: Under-damped

  private static func underDampedTime(_ spring: NormalizedSpring, _ threshold: Double) -> Double {
    let alpha = spring.alpha
    let start = abs(spring.x0)
    let slope = abs(spring.sineCoefficient)
    let amplitude = amplitude(spring)
    let exponentialTime = amplitude > threshold ? log(amplitude / threshold) / alpha : 0
    // Where the linear bound |x0| + |b|·t overtakes A and the exponential
    // branch begins (with b = 0, A = |x0|: the exponential is all there is).
    let switchTime = slope > 0 ? (amplitude - start) / slope : 0
    if !(exponentialTime < switchTime) {
      return exponentialTime
    }
    // The crossing is on e^(−αt)·(|x0| + |b|·t), which peaks at 1/α − |x0|/|b|.
    let peak = min(max(1 / alpha - start / slope, 0), switchTime)
    let logThreshold = log(threshold)
    return decreasingRoot(from: peak, to: switchTime) { t in
      let linear = start + slope * t
      return (log(linear) - alpha * t - logThreshold, slope / linear - alpha)
    }
  }

  // MARK: Critically and over-damped

  private static func nonOscillatingTime(_ spring: NormalizedSpring, _ threshold: Double)
    -> Double
  {
    let logThreshold = log(threshold)
    func logExcess(_ t: Double) -> (Double, Double) {
      excess(spring, logThreshold, t)
    }
    let turn = lastTurn(spring) ?? 0
    let turnSize = abs(spring.displacement(at: turn))
    if turnSize > threshold {
      // |x| falls monotonically after the turn: find a time past the
      // crossing, doubling a first guess from the slow decay rate.
      let cap = SpringSolution.maximumSettlingTime
      let rate = -spring.slowExponent
      var step = max(log(turnSize / threshold) / rate, 1e-12 * max(turn, 1))
      var high = min(turn + step, cap)
      var doublings = 0
      while logExcess(high).0 > 0, high < cap, doublings < 200 {
        step *= 2
        high = min(turn + step, cap)
        doublings += 1
      }
      if logExcess(high).0 > 0 { return cap }
      return decreasingRoot(from: turn, to: high, logExcess)
    }
    guard abs(spring.x0) > threshold else { return 0 }
    // The turn (an overshoot) stays inside the threshold, so the spring
    // settles on its way to the zero crossing, where |x| falls from |x0|.
    let crossing = spring.firstTime(where: -spring.x0 / spring.sineCoefficient) ?? turn
    return decreasingRoot(from: 0, to: crossing, logExcess)
  }

  /// log|x(t)| − log ε and its slope v/x (x keeps its sign on each bracket
  /// this is used on).
  private static func excess(_ spring: NormalizedSpring, _ logThreshold: Double, _ t: Double)
    -> (Double, Double)
  {
    let x = spring.displacement(at: t)
    return (log(abs(x)) - logThreshold, spring.velocity(at: t) / x)
  }

  // MARK: Root finding

  /// The time in [low, high] where `f` (value and slope) falls through 0,
  /// given f(low) > 0 ≥ f(high) and f decreasing between them: Newton's
  /// method from `high`, kept inside the shrinking bracket (a step that
  /// leaves it, or a NaN, bisects instead), then bisection down to adjacent
  /// doubles. It returns the bracket's upper end, where f ≤ 0, so the
  /// envelope there is already inside the threshold.
  static func decreasingRoot(
    from low: Double, to high: Double, _ f: (Double) -> (Double, Double)
  ) -> Double {
    var low = low
    var high = high
    var t = high
    var useNewton = true
    for _ in 0..<300 {
      if !(high - low > 2 * high.ulp) { break }
      let (value, slope) = f(t)
      if value > 0 { low = t } else { high = t }
      var next = useNewton ? t - value / slope : Double.nan
      if !(next > low && next < high) {
        next = low + (high - low) / 2
      } else if abs(next - t) <= 4 * t.ulp {
        // Newton has converged: close the bracket around its answer, then
        // let bisection settle which neighbouring double is the first inside.
        let below = max(low, next - 16 * next.ulp)
        let above = min(high, next + 16 * next.ulp)
        if f(below).0 > 0 { low = below }
        if f(above).0 <= 0 { high = above }
        useNewton = false
        next = low + (high - low) / 2
      }
      t = next
    }
    return high
  }
}
