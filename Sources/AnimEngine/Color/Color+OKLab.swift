#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Color {
  /// A colour in Björn Ottosson's OKLab space, with alpha.
  ///
  /// OKLab is perceptual: equal steps look like equal changes, so a blend in
  /// OKLab avoids the dull, dark middle that sRGB blends of saturated colours
  /// have. See <https://bottosson.github.io/posts/oklab/>.
  public struct OKLab: Sendable, Equatable, Hashable {
    /// Perceived lightness, 0 (black) … 1 (white).
    public var lightness: Double
    /// Green (negative) … red (positive) axis.
    public var a: Double
    /// Blue (negative) … yellow (positive) axis.
    public var b: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// Creates an OKLab colour; nothing is clamped until it becomes a `Color`.
    public init(lightness: Double, a: Double, b: Double, alpha: Double = 1) {
      self.lightness = lightness
      self.a = a
      self.b = b
      self.alpha = alpha
    }
  }

  /// This colour in OKLab: sRGB → linear sRGB → LMS → cube root → OKLab,
  /// with the matrices Ottosson published.
  public func toOKLab() -> OKLab {
    let red = Color.linear(fromEncoded: Color.clampUnit(r))
    let green = Color.linear(fromEncoded: Color.clampUnit(g))
    let blue = Color.linear(fromEncoded: Color.clampUnit(b))
    let l = cbrt(0.4122214708 * red + 0.5363325363 * green + 0.0514459929 * blue)
    let m = cbrt(0.2119034982 * red + 0.6806995451 * green + 0.1073969566 * blue)
    let s = cbrt(0.0883024619 * red + 0.2817188376 * green + 0.6299787005 * blue)
    return OKLab(
      lightness: 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
      a: 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
      b: 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s,
      alpha: Color.clampUnit(a))
  }

  /// Converts from OKLab, clamping colours outside the sRGB gamut channel by
  /// channel (in linear light) and the alpha to 0…1.
  public static func fromOKLab(_ lab: OKLab) -> Color {
    let l = cube(lab.lightness + 0.3963377774 * lab.a + 0.2158037573 * lab.b)
    let m = cube(lab.lightness - 0.1055613458 * lab.a - 0.0638541728 * lab.b)
    let s = cube(lab.lightness - 0.0894841775 * lab.a - 1.2914855480 * lab.b)
    return Color(
      r: encoded(fromLinear: 4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
      g: encoded(fromLinear: -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
      b: encoded(fromLinear: -0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s),
      a: lab.alpha)
  }

  /// The sRGB transfer function inverted: a gamma-encoded channel as linear
  /// light.
  static func linear(fromEncoded value: Double) -> Double {
    value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
  }

  /// The sRGB transfer function: linear light (clamped to 0…1 first, which
  /// is how out-of-gamut colours are brought back) as a gamma-encoded channel.
  static func encoded(fromLinear value: Double) -> Double {
    let clamped = clampUnit(value)
    if clamped <= 0.0031308 {
      return 12.92 * clamped
    }
    // 1.055 − 0.055 is not exactly 1 in binary; full light must stay exactly 1.
    return clamped == 1 ? 1 : min(1.055 * pow(clamped, 1 / 2.4) - 0.055, 1)
  }

  private static func cube(_ value: Double) -> Double {
    value * value * value
  }
}
