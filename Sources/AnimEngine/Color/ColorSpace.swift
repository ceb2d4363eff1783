/// The space in which a colour motion blends its two ends (`space:` in a
/// script). The raw value is the word the script uses.
public enum ColorSpace: String, Sendable, CaseIterable {
  /// Each gamma-encoded channel and the alpha linearly: the default, and what
  /// CSS transitions do.
  case srgb
  /// Hue the short way round the colour wheel; saturation, brightness and
  /// alpha linearly.
  case hsb
  /// Lightness and the two OKLab axes linearly, then back to sRGB.
  case oklab
}
