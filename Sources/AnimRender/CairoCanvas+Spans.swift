import CCairo

/// The spans of a filtered group's composite (`CairoCanvas+Filters`) when
/// it is source-over without a mask, as most are: along a row, where only
/// the shadow lies and where the picture lies over it, each in a loop of
/// its own (no test a pixel of whether the picture or the mask is there).
/// The arithmetic is the general loop's, operation for operation, so the
/// pixels are the same to the bit; what is left out is only what is known
/// there (no picture: its alpha 0; no mask).
extension CairoCanvas {
  /// Asks for the cache lines of `count` doubles from `p` (one of the first
  /// frame rows of a group's region), without waiting for them: each row of
  /// the region lies a frame row (a page or more) past the last, where the
  /// processor does not fetch ahead by itself. Later rows are asked for a
  /// pixel at a time by the spans (`ahead`), so that the requests are spread
  /// among the arithmetic rather than queued all at once (measured faster).
  @inline(__always)
  func prefetch(_ p: UnsafeMutablePointer<Double>, count: Int) {
    var i = 0
    while i < count {
      anim_prefetch(p + i)
      i += 8
    }
    if count > 0 { anim_prefetch(p + count - 1) }
  }

  /// The shadow alone over pixels `x0..<x1` of a frame row (`pixels`, its
  /// first pixel's first double), the shadow's alpha of pixel x at
  /// `shadow[x]`, tinted by `tint` (premultiplied), at `opacity`; the frame's
  /// double `ahead` past each pixel (a row below, or 0) is asked for.
  @inline(__always)
  func shadowSpan(
    _ pixels: UnsafeMutablePointer<Double>, _ shadow: UnsafeMutablePointer<Double>, _ x0: Int,
    _ x1: Int, ahead: Int, tint: SIMD4<Double>, opacity k: Double
  ) {
    guard x0 < x1 else { return }
    for x in x0..<x1 {
      anim_prefetch(pixels + 4 * x + ahead)
      let s = shadow[x]
      guard s > 0 else { continue }
      // The general loop's with the picture's pixel (0, 0, 0, 0): what is
      // under it is all of the shadow, min(s, 1) · (1 − 0).
      let under = min(s, 1)
      var a = 0 + tint[3] * under
      a = min(max(a, 0), 1) * k
      guard a > 0 else { continue }
      let r = min(max((0 + tint[0] * under) * k, 0), a)
      let g = min(max((0 + tint[1] * under) * k, 0), a)
      let b = min(max((0 + tint[2] * under) * k, 0), a)
      Self.over(pixels + 4 * x, r, g, b, a)
    }
  }

  /// The picture over its shadow (when `shadow` is given) over pixels
  /// `x0..<x1` of a frame row, the picture's pixel x at `picture + 4x`; the
  /// frame's double `ahead` past each pixel is asked for.
  @inline(__always)
  func pictureSpan(
    _ pixels: UnsafeMutablePointer<Double>, _ picture: UnsafeMutablePointer<Double>,
    _ shadow: UnsafeMutablePointer<Double>?, _ x0: Int, _ x1: Int, ahead: Int,
    tint: SIMD4<Double>, opacity k: Double
  ) {
    for x in x0..<x1 {
      anim_prefetch(pixels + 4 * x + ahead)
      let p = picture + 4 * x
      var (r, g, b, a) = (p[0], p[1], p[2], p[3])
      if let shadow {
        let s = shadow[x]
        if s > 0 {
          let under = min(s, 1) * (1 - min(max(a, 0), 1))
          r += tint[0] * under
          g += tint[1] * under
          b += tint[2] * under
          a += tint[3] * under
        }
      }
      a = min(max(a, 0), 1) * k
      guard a > 0 else { continue }
      r = min(max(r * k, 0), a)
      g = min(max(g * k, 0), a)
      b = min(max(b * k, 0), a)
      Self.over(pixels + 4 * x, r, g, b, a)
    }
  }

  /// The premultiplied (r, g, b, a) over the frame's pixel at `o`,
  /// source-over: where it is opaque (a = 1), what is below is hidden (its
  /// product with 0 is 0) and not read. The general composite, both spans,
  /// gradients and flat colours end with it.
  @inline(__always)
  static func over(
    _ o: UnsafeMutablePointer<Double>, _ r: Double, _ g: Double, _ b: Double, _ a: Double
  ) {
    if a == 1 {
      o[0] = r
      o[1] = g
      o[2] = b
      o[3] = 1
      return
    }
    let keep = 1 - a
    o[0] = r + o[0] * keep
    o[1] = g + o[1] * keep
    o[2] = b + o[2] * keep
    o[3] = a + o[3] * keep
  }
}
