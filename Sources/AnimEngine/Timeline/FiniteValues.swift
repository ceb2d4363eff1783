/// Keeps the values motions write finite.
///
/// A property always holds a finite number. The language refuses arithmetic
/// that leaves the finite range, but a motion can still get there between
/// finite ends: halfway from −1e308 to 1e308 the difference `b − a`
/// overflows, an overshooting easing or a `cubicBezier` with a large `y`
/// passes its target, and `move(by:) * forever` adds up without end.
/// Interpolation therefore falls back to forms without the overflowing
/// intermediate, and a value that truly lies beyond the range is held at
/// ±`Double.greatestFiniteMagnitude` (docs/language.md, "Numbers").
enum FiniteValues {
  /// The largest magnitude a property holds.
  static let limit = Double.greatestFiniteMagnitude

  /// `v` held within ±``limit``; NaN (which no motion produces from finite
  /// ends) becomes `fallback`.
  @inline(__always)
  static func clamp(_ v: Double, fallback: Double = 0) -> Double {
    if v.isFinite { return v }
    if v.isNaN { return fallback }
    return v > 0 ? limit : -limit
  }

  /// Whether every lane of `v` is finite.
  @inline(__always)
  static func isFinite(_ v: PropertyValue) -> Bool {
    v[0].isFinite && v[1].isFinite && v[2].isFinite && v[3].isFinite
  }

  /// Each lane of `v` held within ±``limit``.
  static func clamp(_ v: PropertyValue) -> PropertyValue {
    PropertyValue(clamp(v[0]), clamp(v[1]), clamp(v[2]), clamp(v[3]))
  }

  /// `a + (b − a)·e`, computed so that no intermediate overflows.
  @inline(__always)
  static func interpolate(_ a: Double, _ b: Double, _ e: Double) -> Double {
    let v = a + (b - a) * e
    return v.isFinite ? v : interpolateWide(a, b, e)
  }

  /// The slow path of ``interpolate(_:_:_:)``, taken only when the plain form
  /// leaves the finite range: the same line through halves of `a` and `b`
  /// (exact, since halving a normal double is), held at the limit.
  @inline(never)
  static func interpolateWide(_ a: Double, _ b: Double, _ e: Double) -> Double {
    let half = a * 0.5 + (b * 0.5 - a * 0.5) * e
    return clamp(half * 2, fallback: a)
  }

  /// `(b − a)·k`, a rate that may overflow, computed through halves and held
  /// at the limit.
  static func scaledDifference(_ a: Double, _ b: Double, _ k: Double) -> Double {
    let v = (b - a) * k
    if v.isFinite { return v }
    return clamp(((b * 0.5 - a * 0.5) * k) * 2)
  }
}
