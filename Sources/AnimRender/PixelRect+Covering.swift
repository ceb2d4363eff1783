extension PixelRect {
  /// The pixels a shape with device `bounds` (minX, minY, maxX, maxY) may
  /// touch: one more on each side, where anti-aliasing reaches, clamped to
  /// an image of `width` × `height`. Each edge is clamped as a double before
  /// it becomes an integer, so bounds far outside the image (a view 1e30
  /// pixels wide) give the whole image, and a NaN an empty rectangle,
  /// where converting them to `Int` trapped (issue 32).
  init(covering bounds: (Double, Double, Double, Double), width: Int, height: Int) {
    guard !bounds.0.isNaN, !bounds.1.isNaN, !bounds.2.isNaN, !bounds.3.isNaN else {
      self.init(x0: 0, y0: 0, x1: 0, y1: 0)
      return
    }
    func pixel(_ v: Double, _ rule: FloatingPointRoundingRule, _ limit: Int) -> Int {
      Int(min(max(v.rounded(rule), 0), Double(limit)))
    }
    self.init(
      x0: pixel(bounds.0 - 1, .down, width), y0: pixel(bounds.1 - 1, .down, height),
      x1: pixel(bounds.2 + 1, .up, width), y1: pixel(bounds.3 + 1, .up, height))
  }
}
