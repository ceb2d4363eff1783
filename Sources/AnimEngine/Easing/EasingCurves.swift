#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Robert Penner's easing equations, exactly as easings.net writes them, and
/// their analytic derivatives.
///
/// Each formula is kept in the form easings.net gives it (for example
/// `1 - pow(1 - x, 3)` rather than an expanded polynomial) so that the values
/// match the reference to the last bit or two.
enum EasingCurves {
  /// Back overshoot: c1 = 1.70158 (about 10% overshoot).
  static let c1 = 1.70158
  /// Back: c2 = c1 · 1.525, used by InOutBack.
  static let c2 = c1 * 1.525
  /// Back: c3 = c1 + 1.
  static let c3 = c1 + 1
  /// Elastic period for In and Out: c4 = 2π/3.
  static let c4 = (2 * Double.pi) / 3
  /// Elastic period for InOut: c5 = 2π/4.5.
  static let c5 = (2 * Double.pi) / 4.5
  /// Bounce: n1 = 7.5625.
  static let n1 = 7.5625
  /// Bounce: d1 = 2.75.
  static let d1 = 2.75

  private static let ln2 = log(2.0)
  private static let halfPi = Double.pi / 2

  /// The value of a Penner curve (or `linear`) at `x`.
  ///
  /// Callers pass only the 31 named curves; anything else is treated as
  /// `linear` (never reached, but no trap either).
  static func value(_ easing: Easing, _ x: Double) -> Double {
    switch easing {
    case .linear: return x

    case .inSine: return 1 - cos((x * Double.pi) / 2)
    case .outSine: return sin((x * Double.pi) / 2)
    case .inOutSine: return -(cos(Double.pi * x) - 1) / 2

    case .inQuad: return x * x
    case .outQuad: return 1 - (1 - x) * (1 - x)
    case .inOutQuad: return x < 0.5 ? 2 * x * x : 1 - pow(-2 * x + 2, 2) / 2

    case .inCubic: return x * x * x
    case .outCubic: return 1 - pow(1 - x, 3)
    case .inOutCubic: return x < 0.5 ? 4 * x * x * x : 1 - pow(-2 * x + 2, 3) / 2

    case .inQuart: return x * x * x * x
    case .outQuart: return 1 - pow(1 - x, 4)
    case .inOutQuart: return x < 0.5 ? 8 * x * x * x * x : 1 - pow(-2 * x + 2, 4) / 2

    case .inQuint: return x * x * x * x * x
    case .outQuint: return 1 - pow(1 - x, 5)
    case .inOutQuint: return x < 0.5 ? 16 * x * x * x * x * x : 1 - pow(-2 * x + 2, 5) / 2

    case .inExpo: return x == 0 ? 0 : pow(2, 10 * x - 10)
    case .outExpo: return x == 1 ? 1 : 1 - pow(2, -10 * x)
    case .inOutExpo:
      if x == 0 { return 0 }
      if x == 1 { return 1 }
      return x < 0.5 ? pow(2, 20 * x - 10) / 2 : (2 - pow(2, -20 * x + 10)) / 2

    // The square roots have no value outside 0…1, so Circ holds its ends there.
    case .inCirc: return 1 - sqrt(1 - pow(clamped(x), 2))
    case .outCirc: return sqrt(1 - pow(clamped(x) - 1, 2))
    case .inOutCirc:
      let x = clamped(x)
      return x < 0.5
        ? (1 - sqrt(1 - pow(2 * x, 2))) / 2
        : (sqrt(1 - pow(-2 * x + 2, 2)) + 1) / 2

    case .inBack: return c3 * x * x * x - c1 * x * x
    case .outBack: return 1 + c3 * pow(x - 1, 3) + c1 * pow(x - 1, 2)
    case .inOutBack:
      return x < 0.5
        ? (pow(2 * x, 2) * ((c2 + 1) * 2 * x - c2)) / 2
        : (pow(2 * x - 2, 2) * ((c2 + 1) * (x * 2 - 2) + c2) + 2) / 2

    case .inElastic:
      if x == 0 { return 0 }
      if x == 1 { return 1 }
      return -pow(2, 10 * x - 10) * sin((x * 10 - 10.75) * c4)
    case .outElastic:
      if x == 0 { return 0 }
      if x == 1 { return 1 }
      return pow(2, -10 * x) * sin((x * 10 - 0.75) * c4) + 1
    case .inOutElastic:
      if x == 0 { return 0 }
      if x == 1 { return 1 }
      return x < 0.5
        ? -(pow(2, 20 * x - 10) * sin((20 * x - 11.125) * c5)) / 2
        : (pow(2, -20 * x + 10) * sin((20 * x - 11.125) * c5)) / 2 + 1

    case .inBounce: return 1 - outBounce(1 - x)
    case .outBounce: return outBounce(x)
    case .inOutBounce:
      return x < 0.5 ? (1 - outBounce(1 - 2 * x)) / 2 : (1 + outBounce(2 * x - 1)) / 2

    case .cubicBezier, .steps, .spring: return x
    }
  }

  /// The analytic derivative of ``value(_:_:)`` with respect to `x`.
  ///
  /// Where a curve is special-cased at a point (Expo and Elastic at 0 and 1)
  /// this is the derivative of the formula around that point.
  static func derivative(_ easing: Easing, _ x: Double) -> Double {
    switch easing {
    case .linear: return 1

    case .inSine: return halfPi * sin(halfPi * x)
    case .outSine: return halfPi * cos(halfPi * x)
    case .inOutSine: return halfPi * sin(Double.pi * x)

    case .inQuad: return powerIn(x, 2)
    case .outQuad: return powerOut(x, 2)
    case .inOutQuad: return powerInOut(x, 2)
    case .inCubic: return powerIn(x, 3)
    case .outCubic: return powerOut(x, 3)
    case .inOutCubic: return powerInOut(x, 3)
    case .inQuart: return powerIn(x, 4)
    case .outQuart: return powerOut(x, 4)
    case .inOutQuart: return powerInOut(x, 4)
    case .inQuint: return powerIn(x, 5)
    case .outQuint: return powerOut(x, 5)
    case .inOutQuint: return powerInOut(x, 5)

    case .inExpo: return 10 * ln2 * pow(2, 10 * x - 10)
    case .outExpo: return 10 * ln2 * pow(2, -10 * x)
    case .inOutExpo:
      return x < 0.5 ? 10 * ln2 * pow(2, 20 * x - 10) : 10 * ln2 * pow(2, -20 * x + 10)

    case .inCirc:
      guard (0...1).contains(x) else { return 0 }
      return x / sqrt(1 - x * x)
    case .outCirc:
      guard (0...1).contains(x) else { return 0 }
      return (1 - x) / sqrt(1 - pow(x - 1, 2))
    case .inOutCirc:
      guard (0...1).contains(x) else { return 0 }
      if x < 0.5 { return 2 * x / sqrt(1 - pow(2 * x, 2)) }
      let u = -2 * x + 2
      return u / sqrt(1 - u * u)

    case .inBack: return 3 * c3 * x * x - 2 * c1 * x
    case .outBack: return 3 * c3 * pow(x - 1, 2) + 2 * c1 * (x - 1)
    case .inOutBack:
      if x < 0.5 { return 12 * (c2 + 1) * x * x - 4 * c2 * x }
      let u = 2 * x - 2
      return 3 * (c2 + 1) * u * u + 2 * c2 * u

    case .inElastic:
      let theta = (x * 10 - 10.75) * c4
      return -10 * pow(2, 10 * x - 10) * (ln2 * sin(theta) + c4 * cos(theta))
    case .outElastic:
      let theta = (x * 10 - 0.75) * c4
      return 10 * pow(2, -10 * x) * (c4 * cos(theta) - ln2 * sin(theta))
    case .inOutElastic:
      let theta = (20 * x - 11.125) * c5
      return x < 0.5
        ? -10 * pow(2, 20 * x - 10) * (ln2 * sin(theta) + c5 * cos(theta))
        : 10 * pow(2, -20 * x + 10) * (c5 * cos(theta) - ln2 * sin(theta))

    case .inBounce: return outBounceSlope(1 - x)
    case .outBounce: return outBounceSlope(x)
    case .inOutBounce: return x < 0.5 ? outBounceSlope(1 - 2 * x) : outBounceSlope(2 * x - 1)

    case .cubicBezier, .steps, .spring: return 1
    }
  }

  /// easings.net's `easeOutBounce`.
  static func outBounce(_ x: Double) -> Double {
    if x < 1 / d1 {
      return n1 * x * x
    } else if x < 2 / d1 {
      let x = x - 1.5 / d1
      return n1 * x * x + 0.75
    } else if x < 2.5 / d1 {
      let x = x - 2.25 / d1
      return n1 * x * x + 0.9375
    } else {
      let x = x - 2.625 / d1
      return n1 * x * x + 0.984375
    }
  }

  /// The slope of ``outBounce(_:)``: each arc is `n1·(x − centre)² + top`.
  private static func outBounceSlope(_ x: Double) -> Double {
    let centre: Double
    if x < 1 / d1 {
      centre = 0
    } else if x < 2 / d1 {
      centre = 1.5 / d1
    } else if x < 2.5 / d1 {
      centre = 2.25 / d1
    } else {
      centre = 2.625 / d1
    }
    return 2 * n1 * (x - centre)
  }

  /// d/dx of xⁿ.
  private static func powerIn(_ x: Double, _ n: Double) -> Double {
    n * pow(x, n - 1)
  }

  /// d/dx of 1 − (1 − x)ⁿ.
  private static func powerOut(_ x: Double, _ n: Double) -> Double {
    n * pow(1 - x, n - 1)
  }

  /// d/dx of 2ⁿ⁻¹xⁿ below ½ and 1 − (−2x + 2)ⁿ/2 above.
  private static func powerInOut(_ x: Double, _ n: Double) -> Double {
    x < 0.5 ? pow(2, n - 1) * n * pow(x, n - 1) : n * pow(-2 * x + 2, n - 1)
  }

  private static func clamped(_ x: Double) -> Double {
    // NaN stays NaN: `min` and `max` would silently turn it into an end.
    x.isNaN ? x : min(max(x, 0), 1)
  }
}
