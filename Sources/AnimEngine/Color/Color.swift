/// A colour in sRGB with straight (non-premultiplied) alpha.
///
/// Every channel lies in 0…1: the initialiser and every factory clamp or
/// reject values outside that range. The channels are `var` so a view's
/// colour can be adjusted in place; code that assigns one directly must keep
/// it in range, and everything that reads a colour (`hex`, the conversions,
/// interpolation) clamps defensively, so a stray value can never trap.
/// Channels are gamma-encoded sRGB, as in CSS; `toOKLab()` converts to a
/// perceptual space when one is needed. A colour prints as its `hex` form,
/// `#rrggbb` or `#rrggbbaa`.
public struct Color: Sendable, Equatable, Hashable {
  /// Red, 0…1 (gamma-encoded sRGB).
  public var r: Double
  /// Green, 0…1 (gamma-encoded sRGB).
  public var g: Double
  /// Blue, 0…1 (gamma-encoded sRGB).
  public var b: Double
  /// Opacity, 0 (transparent) … 1 (opaque).
  public var a: Double

  /// Creates a colour from channels in 0…1, clamping each into that range.
  ///
  /// A NaN channel becomes 0. Use ``rgb(_:_:_:_:)`` or ``hsb(_:_:_:_:)`` to
  /// reject bad values with a message instead of clamping them.
  public init(r: Double, g: Double, b: Double, a: Double = 1) {
    self.r = Color.clampUnit(r)
    self.g = Color.clampUnit(g)
    self.b = Color.clampUnit(b)
    self.a = Color.clampUnit(a)
  }

  /// Opaque white, the default colour of a view.
  public static let white = Color(r: 1, g: 1, b: 1)
  /// Opaque black.
  public static let black = Color(r: 0, g: 0, b: 0)
  /// Transparent black, the colour named `clear`.
  public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

  /// Creates a colour from 0–255 channels and a 0–1 alpha, as the script's
  /// `rgb(r, g, b[, a])` does.
  ///
  /// Channels may be fractional (`127.5`). Throws when a channel is outside
  /// 0…255, the alpha is outside 0…1, or any value is not a finite number.
  public static func rgb(
    _ r: Double, _ g: Double, _ b: Double, _ a: Double = 1
  ) throws(EngineError) -> Color {
    for channel in [r, g, b] {
      try check(channel, "rgb channel", in: 0...255, rangeText: "0…255")
    }
    try check(a, "alpha", in: 0...1, rangeText: "0…1")
    return Color(r: r / 255, g: g / 255, b: b / 255, a: a)
  }

  /// This colour with its alpha replaced by `alpha` (clamped to 0…1).
  public func withAlpha(_ alpha: Double) -> Color {
    Color(r: r, g: g, b: b, a: alpha)
  }

  /// Throws unless `value` is finite and inside `range`.
  static func check(
    _ value: Double, _ what: String, in range: ClosedRange<Double>, rangeText: String
  ) throws(EngineError) {
    guard value.isFinite else {
      throw EngineError("\(what) \(NumberText.format(value)) is not a finite number")
    }
    guard range.contains(value) else {
      throw EngineError("\(what) \(NumberText.format(value)) is outside \(rangeText)")
    }
  }

  /// Clamps into 0…1, sending NaN to 0.
  static func clampUnit(_ value: Double) -> Double {
    guard value == value else { return 0 }
    return min(max(value, 0), 1)
  }
}

extension Color: CustomStringConvertible {
  /// The `hex` form: `#rrggbb`, or `#rrggbbaa` when the colour is translucent.
  public var description: String { hex }
}
