/// A timing curve: maps the progress `p` of a motion (0 at its start, 1 at its
/// end) to the fraction of the way from the start value to the end value.
///
/// A leaf motion with start value `a`, end value `b` and easing `E` has the
/// value `a + (b − a) · E(u / d)` at local time `u` (SPEC §6.3).
///
/// The Penner curves follow easings.net exactly (SPEC §5.3). Every curve maps
/// 0 to exactly 0 and 1 to exactly 1 (where a formula rounds, as outBack's at
/// 0, the end is returned as such); Back, Elastic, a `cubicBezier` with y outside 0…1 and
/// an under-damped `spring` overshoot in between.
///
/// Evaluating an easing is a `switch` over plain values: no allocation, no
/// locking, safe to call from any thread.
public enum Easing: Sendable, Equatable {
  /// `p`: constant speed.
  case linear

  /// `1 − cos(πp/2)`.
  case inSine
  /// `sin(πp/2)`.
  case outSine
  /// `−(cos(πp) − 1)/2`.
  case inOutSine

  /// `p²`.
  case inQuad
  /// `1 − (1 − p)²`.
  case outQuad
  /// `2p²` below ½, else `1 − (−2p + 2)²/2`.
  case inOutQuad

  /// `p³`.
  case inCubic
  /// `1 − (1 − p)³`.
  case outCubic
  /// `4p³` below ½, else `1 − (−2p + 2)³/2`.
  case inOutCubic

  /// `p⁴`.
  case inQuart
  /// `1 − (1 − p)⁴`.
  case outQuart
  /// `8p⁴` below ½, else `1 − (−2p + 2)⁴/2`.
  case inOutQuart

  /// `p⁵`.
  case inQuint
  /// `1 − (1 − p)⁵`.
  case outQuint
  /// `16p⁵` below ½, else `1 − (−2p + 2)⁵/2`.
  case inOutQuint

  /// `2^(10p − 10)`, exactly 0 at p = 0.
  case inExpo
  /// `1 − 2^(−10p)`, exactly 1 at p = 1.
  case outExpo
  /// `2^(20p − 10)/2` below ½, else `(2 − 2^(−20p + 10))/2`; exactly 0 at 0 and 1 at 1.
  case inOutExpo

  /// `1 − √(1 − p²)`.
  case inCirc
  /// `√(1 − (p − 1)²)`.
  case outCirc
  /// `(1 − √(1 − (2p)²))/2` below ½, else `(√(1 − (−2p + 2)²) + 1)/2`.
  case inOutCirc

  /// `c3·p³ − c1·p²` with c1 = 1.70158, c3 = c1 + 1.
  case inBack
  /// `1 + c3·(p − 1)³ + c1·(p − 1)²`.
  case outBack
  /// Penner's InOutBack with c2 = c1 · 1.525.
  case inOutBack

  /// `−2^(10p − 10) · sin((10p − 10.75) · c4)` with c4 = 2π/3.
  case inElastic
  /// `2^(−10p) · sin((10p − 0.75) · c4) + 1`.
  case outElastic
  /// Penner's InOutElastic with c5 = 2π/4.5.
  case inOutElastic

  /// `1 − outBounce(1 − p)`.
  case inBounce
  /// Four parabolic arcs with n1 = 7.5625 and d1 = 2.75.
  case outBounce
  /// `(1 − outBounce(1 − 2p))/2` below ½, else `(1 + outBounce(2p − 1))/2`.
  case inOutBounce

  /// The CSS `cubic-bezier(x1, y1, x2, y2)` curve through (0, 0) and (1, 1).
  ///
  /// x1 and x2 must lie in 0…1 for the curve to be a function of progress;
  /// build it with ``makeCubicBezier(_:_:_:_:)`` to have that checked. A
  /// value built directly with x outside 0…1 is evaluated with x clamped.
  case cubicBezier(Double, Double, Double, Double)

  /// CSS `steps(n, jump-end)`: `floor(p·n)/n`, so 1 only at p = 1.
  ///
  /// Build it with ``makeSteps(_:)``; a count below 1 is treated as 1.
  case steps(Int)

  /// A spring used as an easing: the path of a unit move with zero initial
  /// velocity, stretched so that its settling time is the motion's duration.
  ///
  /// `E(p) = 1 − displacement(p · T) / x0` with `T` the settling time; `E(p)`
  /// is exactly 0 for p ≤ 0 and exactly 1 for p ≥ 1 (the spring snaps to its
  /// target when it settles).
  case spring(SpringParameters)

  /// The eased progress at `p`; the same as ``value(at:)``.
  ///
  /// Defined for every `p`, also outside 0…1, where each formula extends
  /// naturally: polynomials, Sine, Expo, Back, Elastic and Bounce continue
  /// their formulas, `cubicBezier` continues along its end tangents (CSS),
  /// `steps` keeps stepping, and `spring` holds 0 before and 1 after.
  /// Circ, whose square roots have no value outside 0…1, holds its end values.
  @inlinable
  public func callAsFunction(_ p: Double) -> Double {
    value(at: p)
  }

  /// The eased progress at `p` (see ``callAsFunction(_:)``).
  public func value(at p: Double) -> Double {
    switch self {
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return CubicBezier(x1, y1, x2, y2).value(at: p)
    case .steps(let n):
      return Easing.stepped(p, count: n)
    case .spring(let parameters):
      return SpringEasingCurve(parameters).value(at: p)
    default:
      // Penner's formulas round at their ends (outBack at 0 gives 2.2e-16,
      // inBack at 1 gives 1 + 2.2e-16); the ends are exact by definition.
      if p == 0 { return 0 }
      if p == 1 { return 1 }
      return EasingCurves.value(self, p)
    }
  }

  /// The slope `dE/dp` at `p`, used to hand a motion's velocity over to a
  /// spring (velocity = (b − a) · E′(p) / duration).
  ///
  /// Analytic for every curve. At a kink or jump (the joins of the inOut
  /// curves are smooth; those of Bounce and `steps` are not) it is the slope
  /// of the piece that `value(at:)` uses at that `p`. Circ has a vertical
  /// tangent at one end (inCirc at 1, outCirc at 0, inOutCirc at ½), where
  /// the slope is `+infinity`; a `cubicBezier` with a vertical tangent falls
  /// back to a central difference with h = 1e-6, which stays finite.
  public func derivative(at p: Double) -> Double {
    switch self {
    case .cubicBezier(let x1, let y1, let x2, let y2):
      return CubicBezier(x1, y1, x2, y2).derivative(at: p)
    case .steps:
      return 0
    case .spring(let parameters):
      return SpringEasingCurve(parameters).derivative(at: p)
    default:
      return EasingCurves.derivative(self, p)
    }
  }

  /// `floor(p·n)/n`, computed in floating point so that no count or progress
  /// can trap.
  private static func stepped(_ p: Double, count: Int) -> Double {
    let n = Double(max(count, 1))
    return (p * n).rounded(.down) / n
  }
}

extension Easing {
  /// The largest step count ``makeSteps(_:)`` accepts.
  ///
  /// 2³⁰ is far more steps than any display can show, and keeps the count an
  /// exact integer both as a `Double` and as an `Int` on every platform, so
  /// the conversion can never trap.
  public static let maximumSteps = 1 << 30

  /// The largest `|y1|` and `|y2|` ``makeCubicBezier(_:_:_:_:)`` accepts.
  ///
  /// CSS sets no bound, but real curves overshoot by a few units at most. The
  /// bound keeps the curve's coefficients (3·y1 and so on), its values and its
  /// slopes far from overflow, so that no easing of an ordinary move can turn
  /// a property into infinity or NaN (`cubicBezier(0.5, 1e308, 0.5, -1e308)`
  /// would: its values are ∞ − ∞).
  public static let maximumBezierY = 1_000_000.0

  /// A validated ``cubicBezier(_:_:_:_:)``.
  ///
  /// - Throws: ``EngineError`` when a coordinate is not finite, when x1 or
  ///   x2 lies outside 0…1 (the curve would not be a function of progress),
  ///   or when y1 or y2 lies outside ±``maximumBezierY``.
  public static func makeCubicBezier(
    _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double
  ) throws(EngineError) -> Easing {
    guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else {
      throw EngineError("cubicBezier needs finite numbers")
    }
    guard (0...1).contains(x1), (0...1).contains(x2) else {
      throw EngineError(
        "cubicBezier(x1, y1, x2, y2) needs x1 and x2 between 0 and 1, got "
          + "x1 = \(NumberText.format(x1)), x2 = \(NumberText.format(x2))")
    }
    guard abs(y1) <= maximumBezierY, abs(y2) <= maximumBezierY else {
      throw EngineError(
        "cubicBezier(x1, y1, x2, y2) needs y1 and y2 between -1e+06 and 1e+06, got "
          + "y1 = \(NumberText.format(y1)), y2 = \(NumberText.format(y2))")
    }
    return .cubicBezier(x1, y1, x2, y2)
  }

  /// A validated ``steps(_:)``.
  ///
  /// - Throws: ``EngineError`` when `n` is not finite, not a whole number,
  ///   below 1, or above ``maximumSteps``.
  public static func makeSteps(_ n: Double) throws(EngineError) -> Easing {
    guard n.isFinite, n >= 1, n.rounded(.towardZero) == n else {
      throw EngineError("steps(n) needs a whole number of steps ≥ 1")
    }
    guard n <= Double(maximumSteps) else {
      throw EngineError("steps(n) allows at most \(maximumSteps) steps")
    }
    return .steps(Int(n))
  }
}

extension Easing: CustomStringConvertible {
  /// The same as ``name``.
  public var description: String { name }
}
