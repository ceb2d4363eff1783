extension Color {
  /// The colour `progress` of the way from `from` to `to`, blended in `space`.
  ///
  /// Progress 0 gives `from` and 1 gives `to`; values outside 0…1 (from an
  /// overshooting easing or spring) extrapolate, and the result's channels are
  /// then clamped to 0…1. A NaN progress is treated as 0.
  ///
  /// - `srgb`: each channel and the alpha linearly, on the encoded values.
  /// - `hsb`: hue the short way round (an exact half-turn goes the increasing
  ///   way); saturation, brightness and alpha linearly. An end with zero
  ///   saturation or brightness (grey, white, black) takes the other end's
  ///   hue, so grey → red keeps red's hue throughout; black also takes the
  ///   other end's saturation, so blue → black only darkens.
  /// - `oklab`: L, a, b and alpha linearly in OKLab, then back to sRGB with
  ///   out-of-gamut channels clamped.
  public static func interpolate(
    from: Color, to: Color, progress: Double, in space: ColorSpace = .srgb
  ) -> Color {
    let t = progress.isNaN ? 0 : progress
    // The ends are the colours themselves: a round trip through HSB or OKLab
    // would move them by a rounding error.
    if t == 0 { return from }
    if t == 1 { return to }
    switch space {
    case .srgb:
      return Color(
        r: lerp(from.r, to.r, t), g: lerp(from.g, to.g, t), b: lerp(from.b, to.b, t),
        a: lerp(from.a, to.a, t))
    case .hsb:
      let (start, end) = hsbEnds(from.toHSB(), to.toHSB())
      var turn = (end.h - start.h).truncatingRemainder(dividingBy: 360)
      if turn > 180 {
        turn -= 360
      } else if turn <= -180 {
        turn += 360
      }
      return fromHSB(
        HSB(
          h: start.h + lerp(0, turn, t), s: lerp(start.s, end.s, t), b: lerp(start.b, end.b, t),
          a: lerp(start.a, end.a, t)))
    case .oklab:
      let start = from.toOKLab()
      let end = to.toOKLab()
      return fromOKLab(
        OKLab(
          lightness: lerp(start.lightness, end.lightness, t), a: lerp(start.a, end.a, t),
          b: lerp(start.b, end.b, t), alpha: lerp(start.alpha, end.alpha, t)))
    }
  }

  /// The two ends of an HSB blend with their powerless components filled in
  /// from the other end: a grey or white (zero saturation) has no hue, and
  /// black (zero brightness) has neither hue nor saturation. Without this,
  /// grey → red would swing through whatever hue grey reports, and blue →
  /// black would wash out through greyish blues.
  private static func hsbEnds(_ start: HSB, _ end: HSB) -> (HSB, HSB) {
    var filledStart = start
    var filledEnd = end
    if start.b == 0 {
      filledStart.h = end.h
      filledStart.s = end.s
    } else if start.s == 0 {
      filledStart.h = end.h
    }
    if end.b == 0 {
      filledEnd.h = start.h
      filledEnd.s = start.s
    } else if end.s == 0 {
      filledEnd.h = start.h
    }
    return (filledStart, filledEnd)
  }

  /// Linear blend that returns `a` when both ends agree, so an infinite
  /// progress cannot produce 0 × ∞ = NaN for a channel that does not change.
  private static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a == b ? a : a + (b - a) * t
  }
}
