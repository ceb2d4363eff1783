#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The closed-form motion of a damped spring whose initial displacement and
/// velocity have been divided by a common scale so that neither exceeds 1 in
/// magnitude; ``SpringSolution`` multiplies the scale back in. Working at unit
/// scale keeps every intermediate product finite for any finite start.
///
/// With α = c/(2m) and ω₀² = k/m, every regime is written with two basis
/// functions C̃(t) and S̃(t):
///
///     x(t) = x0·C̃(t) + (v0 + α·x0)·S̃(t)
///     v(t) = v0·C̃(t) − (α·v0 + ω₀²·x0)·S̃(t)
///
/// | regime | μ | C̃(t) | S̃(t) |
/// |---|---|---|---|
/// | under-damped | √(ω₀² − α²) | e^(−αt)·cos μt | e^(−αt)·sin(μt)/μ |
/// | critically damped | 0 | e^(−αt) | e^(−αt)·t |
/// | over-damped | √(α² − ω₀²) | e^(r₁t)·(1 + e^(−2μt))/2 | e^(r₁t)·(−expm1(−2μt))/(2μ) |
///
/// The over-damped forms are e^(−αt)·cosh μt and e^(−αt)·sinh(μt)/μ
/// rewritten around the slow root r₁ = −ω₀²/(α + μ) (which is α − μ without
/// its cancellation), so that no term overflows however large ζ is, and the
/// expm1 keeps S̃ accurate as μ → 0. Near ζ = 1 both the under- and the
/// over-damped forms tend smoothly to the critical one (sin(μt)/μ and
/// sinh(μt)/μ → t), so no formula divides by a vanishing μ.
struct NormalizedSpring: Sendable, Equatable {
  /// Damping ratios within this relative distance of 1 are critically damped.
  static let criticalTolerance = 1e-9

  let regime: SpringSolution.Regime
  /// Initial displacement, |x0| ≤ 1.
  let x0: Double
  /// Initial velocity, |v0| ≤ 1.
  let v0: Double
  /// α = c/(2m).
  let alpha: Double
  /// ω₀² = k/m.
  let omegaSquared: Double
  /// See the table above; 0 when critically damped.
  let mu: Double
  /// v0 + α·x0, the coefficient of S̃ in x(t).
  let sineCoefficient: Double
  /// α·v0 + ω₀²·x0, minus the coefficient of S̃ in v(t).
  let velocitySineCoefficient: Double

  init(parameters: SpringParameters, x0: Double, v0: Double) {
    self.init(
      mass: parameters.mass, stiffness: parameters.stiffness, damping: parameters.damping,
      x0: x0, v0: v0)
  }

  init(mass: Double, stiffness: Double, damping: Double, x0: Double, v0: Double) {
    let alpha = damping / (2 * mass)
    let omegaSquared = stiffness / mass
    let omega = omegaSquared.squareRoot()
    let ratio = alpha / omega
    if abs(ratio - 1) <= Self.criticalTolerance {
      regime = .criticallyDamped
      mu = 0
    } else {
      regime = ratio < 1 ? .underDamped : .overDamped
      // √|α² − ω₀²| without squaring α, which could overflow.
      mu = abs(alpha - omega).squareRoot() * (alpha + omega).squareRoot()
    }
    self.x0 = x0
    self.v0 = v0
    self.alpha = alpha
    self.omegaSquared = omegaSquared
    sineCoefficient = v0 + alpha * x0
    velocitySineCoefficient = alpha * v0 + omegaSquared * x0
  }

  /// r₁ = −ω₀²/(α + μ), the slow exponent of the over-damped (and, with
  /// μ = 0, the critically damped) solution: the rate at which it finally
  /// decays is −r₁. For the under-damped spring, −α.
  var slowExponent: Double {
    regime == .underDamped ? -alpha : -omegaSquared / (alpha + mu)
  }

  /// C̃(t) and S̃(t) for t ≥ 0.
  func basis(_ t: Double) -> (c: Double, s: Double) {
    switch regime {
    case .underDamped:
      let decay = exp(-alpha * t)
      if decay == 0 { return (0, 0) }  // also keeps cos(∞) out
      return (decay * cos(mu * t), decay * (sin(mu * t) / mu))
    case .criticallyDamped:
      let decay = exp(-alpha * t)
      if decay == 0 { return (0, 0) }
      return (decay, decay * t)
    case .overDamped:
      let slow = exp(slowExponent * t)
      if slow == 0 { return (0, 0) }
      let fast = exp(-2 * mu * t)
      return (slow * (1 + fast) / 2, slow * (-expm1(-2 * mu * t) / (2 * mu)))
    }
  }

  /// Displacement at t ≥ 0.
  func displacement(at t: Double) -> Double {
    let (c, s) = basis(t)
    return x0 * c + sineCoefficient * s
  }

  /// Velocity at t ≥ 0.
  func velocity(at t: Double) -> Double {
    let (c, s) = basis(t)
    return v0 * c - velocitySineCoefficient * s
  }

  /// For the critically and over-damped spring, the first t > 0 at which
  /// tanh(μt) = μ·q (t = q when μ = 0), or nil. The displacement is zero
  /// there for q = −x0/(v0 + α·x0) and the velocity is zero for
  /// q = v0/(α·v0 + ω₀²·x0); as these solutions cross zero at most once, it
  /// is the only such time.
  func firstTime(where q: Double) -> Double? {
    guard q.isFinite, q > 0 else { return nil }
    if mu == 0 { return q }
    let y = mu * q
    guard y < 1 else { return nil }
    let t = atanh(y) / mu
    return t.isFinite && t > 0 ? t : nil
  }

  /// The time of the largest |displacement| when starting at x0 = 0 with a
  /// velocity: the first zero of the velocity, tan(μt) = μ/α when
  /// under-damped, tanh(μt) = μ/α when over-damped, 1/α when critical.
  var firstPeakTimeFromRest: Double {
    switch regime {
    case .underDamped: return atan2(mu, alpha) / mu
    case .criticallyDamped, .overDamped: return firstTime(where: 1 / alpha) ?? 0
    }
  }
}
