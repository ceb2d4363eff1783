#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The physical constants of a damped spring, `m·x″ + c·x′ + k·x = 0` with x
/// the displacement from the target (SPEC §5.4).
///
/// Every way of describing a spring that anim accepts maps to these three
/// numbers: the physical one, SwiftUI's `duration`/`bounce`, Numeric
/// Springing's `frequency`/`halflife` and `response`/`dampingRatio`. All of
/// them validate, so a `SpringParameters` value always describes a spring
/// that settles: mass, stiffness and damping are finite and positive, and so
/// are k/m, c/(2m) and the damping ratio computed from them.
public struct SpringParameters: Sendable, Equatable {
  /// m, the moving mass.
  public let mass: Double
  /// k, the force per unit of displacement.
  public let stiffness: Double
  /// c, the force per unit of velocity that slows the spring down.
  public let damping: Double
  /// The settling time of a move from rest (x0 ≠ 0, v0 = 0), which does not
  /// depend on the distance. A spring easing stretches it to the motion's
  /// duration; computing it once here keeps evaluating the easing a closed
  /// form with no root finding.
  let restSettlingTime: Double

  /// A spring from its physical constants; the defaults are SPEC §5.4's
  /// `stiffness: 100, damping: 10, mass: 1` (an under-damped spring with
  /// damping ratio ½).
  ///
  /// - Throws: ``EngineError`` when a constant is not finite or not greater
  ///   than 0 (zero damping: "the spring would never settle").
  public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10)
    throws(EngineError)
  {
    try Self.requirePositive(mass, "mass")
    try Self.requirePositive(stiffness, "stiffness")
    guard damping.isFinite else { throw EngineError("spring damping must be a finite number") }
    guard damping > 0 else {
      throw EngineError("spring damping must be greater than 0, or the spring would never settle")
    }
    try self.init(
      checkedMass: mass, stiffness: stiffness, damping: damping,
      source: "spring(mass: \(fmt(mass)), stiffness: \(fmt(stiffness)), damping: \(fmt(damping)))")
  }

  /// A spring described as SwiftUI and Core Animation do: a perceptual
  /// duration `d` (seconds) and a bounce `b` in (−1, 1).
  ///
  /// m = 1 and k = (2π/d)². For b ≥ 0, c = 4π(1 − b)/d (damping ratio 1 − b,
  /// so 0 is critically damped); for b < 0 the damping ratio is 1/(1 + b)
  /// (over-damped) and c = 2·ζ·√(k·m).
  ///
  /// - Throws: ``EngineError`` unless d > 0 and −1 < b < 1; a bounce of 1 or
  ///   more would leave the spring without damping.
  public init(duration: Double, bounce: Double = 0) throws(EngineError) {
    try Self.requirePositive(duration, "duration")
    guard bounce.isFinite else { throw EngineError("spring bounce must be a finite number") }
    guard bounce > -1 else { throw EngineError("spring bounce must be greater than -1") }
    guard bounce < 1 else {
      throw EngineError(
        "spring bounce must be less than 1: a bounce of 1 or more leaves no damping, "
          + "and the spring would never settle")
    }
    let omega = 2 * Double.pi / duration
    let damping: Double
    if bounce >= 0 {
      damping = 4 * Double.pi * (1 - bounce) / duration
    } else {
      damping = 2 * (1 / (1 + bounce)) * omega
    }
    try self.init(
      checkedMass: 1, stiffness: omega * omega, damping: damping,
      source: "spring(duration: \(fmt(duration)), bounce: \(fmt(bounce)))")
  }

  /// A spring described as Numeric Springing does: an oscillation frequency
  /// `f` (Hz) and a half-life `h` (seconds), the time in which the decay
  /// envelope halves.
  ///
  /// ω = 2πf, ζ = ln 2/(ω·h), m = 1, k = ω², c = 2ζω (= 2·ln 2/h).
  ///
  /// - Throws: ``EngineError`` unless f > 0 and h > 0.
  public init(frequency: Double, halflife: Double) throws(EngineError) {
    try Self.requirePositive(frequency, "frequency")
    try Self.requirePositive(halflife, "halflife")
    let omega = 2 * Double.pi * frequency
    let ratio = log(2.0) / (omega * halflife)
    try self.init(
      checkedMass: 1, stiffness: omega * omega, damping: 2 * ratio * omega,
      source: "spring(frequency: \(fmt(frequency)), halflife: \(fmt(halflife)))")
  }

  /// A spring described by its response `r` (seconds, the period of the
  /// undamped oscillation) and its damping ratio `z` (1 is critical damping).
  ///
  /// ω = 2π/r, ζ = z, m = 1, k = ω², c = 2ζω.
  ///
  /// - Throws: ``EngineError`` unless r > 0 and z > 0 (a damping ratio of 0
  ///   would never settle).
  public init(response: Double, dampingRatio: Double) throws(EngineError) {
    try Self.requirePositive(response, "response")
    guard dampingRatio.isFinite else {
      throw EngineError("spring dampingRatio must be a finite number")
    }
    guard dampingRatio > 0 else {
      throw EngineError(
        "spring dampingRatio must be greater than 0, or the spring would never settle")
    }
    let omega = 2 * Double.pi / response
    try self.init(
      checkedMass: 1, stiffness: omega * omega, damping: 2 * dampingRatio * omega,
      source: "spring(response: \(fmt(response)), dampingRatio: \(fmt(dampingRatio)))")
  }

  /// ω₀ = √(k/m), the undamped angular frequency in radians per second.
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// ζ = c/(2√(k·m)): below 1 under-damped (it oscillates), 1 critically
  /// damped, above 1 over-damped.
  public var dampingRatio: Double { decayRate / naturalFrequency }

  /// c/(2m) = ζ·ω₀, the rate at which an under-damped spring's envelope
  /// decays, per second.
  var decayRate: Double { damping / (2 * mass) }

  /// The designated initialiser: the constants are known to be finite and
  /// positive; check that the rates derived from them are, too, since very
  /// unequal constants (a stiffness of 1e300 on a mass of 1e-300) overflow.
  private init(checkedMass mass: Double, stiffness: Double, damping: Double, source: String)
    throws(EngineError)
  {
    let squaredFrequency = stiffness / mass
    let decayRate = damping / (2 * mass)
    let ratio = decayRate / squaredFrequency.squareRoot()
    for value in [mass, stiffness, damping, squaredFrequency, decayRate, ratio] {
      guard value.isFinite, value > 0 else {
        throw EngineError(
          "\(source) cannot be computed: its mass, stiffness and damping are too large "
            + "or too small for double-precision numbers")
      }
    }
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    let unitMove = NormalizedSpring(
      mass: mass, stiffness: stiffness, damping: damping, x0: 1, v0: 0)
    restSettlingTime = SpringSettling(unitMove).time
  }

  private static func requirePositive(_ value: Double, _ name: String) throws(EngineError) {
    guard value.isFinite else { throw EngineError("spring \(name) must be a finite number") }
    guard value > 0 else { throw EngineError("spring \(name) must be greater than 0") }
  }
}

extension SpringParameters: CustomStringConvertible {
  /// `mass: 1, stiffness: 100, damping: 10`.
  public var description: String {
    "mass: \(fmt(mass)), stiffness: \(fmt(stiffness)), damping: \(fmt(damping))"
  }
}

private func fmt(_ value: Double) -> String {
  NumberText.format(value)
}
