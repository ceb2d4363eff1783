extension Color {
  /// A colour as hue, saturation and brightness (HSV), with alpha.
  public struct HSB: Sendable, Equatable, Hashable {
    /// Hue in degrees, 0 ≤ h < 360 (0 for greys, which have no hue).
    public var h: Double
    /// Saturation, 0…1.
    public var s: Double
    /// Brightness (value), 0…1.
    public var b: Double
    /// Opacity, 0…1.
    public var a: Double

    /// Creates an HSB colour; no clamping happens until it becomes a `Color`.
    public init(h: Double, s: Double, b: Double, a: Double = 1) {
      self.h = h
      self.s = s
      self.b = b
      self.a = a
    }
  }

  /// Creates a colour from hue in degrees, saturation, brightness and alpha,
  /// as the script's `hsb(h, s, b[, a])` does.
  ///
  /// The hue may be any finite number and wraps (`-90` is `270`, `720` is
  /// `0`). Throws when saturation, brightness or alpha is outside 0…1, or
  /// any value is not a finite number.
  public static func hsb(
    _ h: Double, _ s: Double, _ b: Double, _ a: Double = 1
  ) throws(EngineError) -> Color {
    guard h.isFinite else {
      throw EngineError("hsb hue \(NumberText.format(h)) is not a finite number")
    }
    try check(s, "hsb saturation", in: 0...1, rangeText: "0…1")
    try check(b, "hsb brightness", in: 0...1, rangeText: "0…1")
    try check(a, "alpha", in: 0...1, rangeText: "0…1")
    return fromHSB(HSB(h: h, s: s, b: b, a: a))
  }

  /// Converts an HSB colour, wrapping the hue and clamping the rest to 0…1.
  ///
  /// A hue that is not a finite number is treated as 0.
  public static func fromHSB(_ hsb: HSB) -> Color {
    let hue = wrapDegrees(hsb.h)
    let s = clampUnit(hsb.s)
    let v = clampUnit(hsb.b)
    let chroma = v * s
    let sector = hue / 60
    // `hue` is below 360, so `sector` is below 6; min() guards the last ulp.
    let index = min(Int(sector), 5)
    let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
    let m = v - chroma
    let (r, g, b): (Double, Double, Double)
    switch index {
    case 0: (r, g, b) = (chroma, x, 0)
    case 1: (r, g, b) = (x, chroma, 0)
    case 2: (r, g, b) = (0, chroma, x)
    case 3: (r, g, b) = (0, x, chroma)
    case 4: (r, g, b) = (x, 0, chroma)
    default: (r, g, b) = (chroma, 0, x)
    }
    return Color(r: r + m, g: g + m, b: b + m, a: hsb.a)
  }

  /// This colour as hue (0 ≤ h < 360), saturation, brightness and alpha.
  ///
  /// Greys, black and white have hue 0 and black has saturation 0.
  public func toHSB() -> HSB {
    let (r, g, b) = (Color.clampUnit(r), Color.clampUnit(g), Color.clampUnit(b))
    let maxChannel = max(r, g, b)
    let minChannel = min(r, g, b)
    let delta = maxChannel - minChannel
    let saturation = maxChannel > 0 ? delta / maxChannel : 0
    var hue: Double = 0
    if delta > 0 {
      if maxChannel == r {
        hue = 60 * ((g - b) / delta)
      } else if maxChannel == g {
        hue = 60 * ((b - r) / delta + 2)
      } else {
        hue = 60 * ((r - g) / delta + 4)
      }
    }
    return HSB(h: Color.wrapDegrees(hue), s: saturation, b: maxChannel, a: Color.clampUnit(a))
  }

  /// An angle in degrees wrapped into 0 ≤ angle < 360; non-finite becomes 0.
  static func wrapDegrees(_ degrees: Double) -> Double {
    guard degrees.isFinite else { return 0 }
    var wrapped = degrees.truncatingRemainder(dividingBy: 360)
    if wrapped < 0 {
      wrapped += 360
    }
    // A tiny negative angle wraps to 360 after rounding; that is 0.
    return wrapped >= 360 ? 0 : wrapped
  }
}
