/// The exact motion of a damped spring released with a given displacement
/// from its target and a given velocity: the closed-form solution of
/// `m·x″ + c·x′ + k·x = 0`, never a step-by-step integration, so any time can
/// be read directly and the result does not depend on a frame rate.
///
/// The value of the animated property at time t is
/// `target + displacement(at: t)` until ``settlingTime``, and the target from
/// then on (the engine snaps it, SPEC §5.4).
///
/// ```swift
/// let spring = try SpringParameters(stiffness: 100, damping: 10)
/// let solution = SpringSolution(parameters: spring, displacement: 0 - 200)
/// let x = 200 + solution.displacement(at: 0.25)
/// ```
public struct SpringSolution: Sendable, Equatable {
  /// How the spring returns to its target.
  public enum Regime: Sendable, Equatable {
    /// Damping ratio below 1: it oscillates around the target.
    case underDamped
    /// Damping ratio 1 (within a relative 1e-9): the fastest return that
    /// does not oscillate.
    case criticallyDamped
    /// Damping ratio above 1: a slow return that does not oscillate.
    case overDamped
  }

  /// The settling tolerance as a fraction of the distance travelled: the
  /// spring has settled once it stays within 0.001 of that distance.
  public static let settlingFraction = 0.001

  /// The longest settling time reported, in seconds (about 11.6 days).
  ///
  /// A spring damped so lightly that it takes longer than this is, for any
  /// animation, one that never settles. The cap keeps the engine's clock
  /// arithmetic meaningful: near 1e6 s a `Double` still resolves times to
  /// about 1e-10 s, far finer than a frame.
  public static let maximumSettlingTime = 1e6

  /// The spring's mass, stiffness and damping.
  public let parameters: SpringParameters
  /// x0 = start − target, in the property's units.
  public let initialDisplacement: Double
  /// v0, in the property's units per second.
  public let initialVelocity: Double
  /// The damping regime, which picks the closed form.
  public let regime: Regime
  /// The absolute settling tolerance: 0.001 × the distance travelled, where
  /// the distance is |x0|, or, when x0 = 0 and only a velocity sets the
  /// spring moving, the largest |displacement| it reaches (its first peak).
  /// 0 for a spring at rest on its target.
  public let settlingThreshold: Double
  /// The first time T, in seconds, after which the displacement is
  /// guaranteed to stay within ``settlingThreshold``: the time at which
  /// ``envelope(at:)`` comes down to the threshold for the last time.
  ///
  /// It is computed from the envelope exactly, by a closed form or by a
  /// safeguarded Newton iteration to the last bit, never by sampling.
  /// Under-damped, it is where the decay envelope crosses the threshold,
  /// so the oscillation itself may last dip inside a fraction of a period
  /// earlier. Critically and over-damped, where the envelope is the
  /// displacement itself from its last turning point on, it is the exact
  /// time the displacement last leaves the threshold. 0 when x0 = 0 and
  /// v0 = 0; at most ``maximumSettlingTime``.
  public let settlingTime: Double

  /// The common scale divided out of x0 and v0 (1 for a spring at rest).
  private let scale: Double
  private let unit: NormalizedSpring

  /// The motion of a spring with the given constants, released at
  /// `displacement` = start − target with `velocity` (units per second).
  ///
  /// A non-finite displacement or velocity has no meaningful path; it is
  /// taken as 0, so such a spring rests on its target (its caller, which
  /// produced the non-finite number, reports that problem).
  public init(parameters: SpringParameters, displacement: Double, velocity: Double = 0) {
    let x0 = displacement.isFinite ? displacement : 0
    let v0 = velocity.isFinite ? velocity : 0
    let scale = max(abs(x0), abs(v0))
    self.parameters = parameters
    initialDisplacement = x0
    initialVelocity = v0
    self.scale = scale > 0 ? scale : 1
    unit = NormalizedSpring(parameters: parameters, x0: x0 / self.scale, v0: v0 / self.scale)
    regime = unit.regime
    let settling = SpringSettling(unit)
    settlingThreshold = settling.threshold * self.scale
    settlingTime = settling.time
  }

  /// x(t), the displacement from the target at `t` seconds after release.
  ///
  /// Times before 0 (and 0) give x0; `+infinity` gives 0; NaN gives NaN. This
  /// is the pure closed form: it does not snap at ``settlingTime``.
  public func displacement(at t: Double) -> Double {
    if t.isNaN { return t }
    if t <= 0 { return initialDisplacement }
    return scale * unit.displacement(at: t)
  }

  /// x′(t), the velocity at `t` seconds after release (v0 before that).
  public func velocity(at t: Double) -> Double {
    if t.isNaN { return t }
    if t <= 0 { return initialVelocity }
    return scale * unit.velocity(at: t)
  }

  /// The bound from which ``settlingTime`` is computed.
  ///
  /// |displacement(at: t)| ≤ envelope(at: t) for every t ≥ 0 (earlier times
  /// count as 0). The envelope rises to at most one peak and then falls for
  /// good, so once it has come down to ``settlingThreshold``, which it does
  /// at ``settlingTime``, the displacement stays within the threshold.
  ///
  /// Under-damped: e^(−αt)·min(A, |x0| + |v0 + αx0|·t) with α = c/(2m), μ the
  /// damped frequency and A = √(x0² + ((v0 + αx0)/μ)²). The first term is the
  /// classic decay envelope; the second bounds the oscillation by its
  /// critically damped shape, and takes over only near ζ = 1, where A grows
  /// without bound as μ → 0 (it keeps the settling time continuous across
  /// ζ = 1 instead of jumping by half).
  ///
  /// Critically and over-damped: the largest |displacement| from t on, which
  /// is |displacement(at: t)| after the last turning point.
  public func envelope(at t: Double) -> Double {
    if t.isNaN { return t }
    return scale * SpringSettling.envelope(of: unit, at: max(t, 0))
  }
}
