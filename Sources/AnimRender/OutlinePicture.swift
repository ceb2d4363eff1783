import AnimEngine
import CCairo

/// One outline drawn alone: filled, then stroked (trimmed) over the fill,
/// as SPEC §16.2–3 draw a view, through ``CairoOutline`` and the same
/// coverage-then-blend rule as ``CairoCanvas`` (Cairo measures coverage into
/// an 8-bit mask; colours are blended in doubles, source over, and rounded
/// once). `anim geometry --png` writes it so the checkers can compare
/// Cairo's fills, strokes, caps, joins and trimmed pieces with Skia's
/// before views are drawn as outlines.
public struct OutlinePicture {
  /// The outline, in its own coordinates.
  public var outline: Outline
  /// The fill colour, or nil for none.
  public var fill: Color?
  /// The stroke colour, or nil for none.
  public var stroke: Color?
  /// The stroke's width in the outline's units (scaled with it).
  public var strokeWidth = 2.0
  /// How open ends and trimmed ends are capped.
  public var cap = LineCap.butt
  /// How corners are joined (miters limited to 4).
  public var join = LineJoin.miter
  /// The stroke's trim: start, end and offset (SPEC §16.3).
  public var trim = (start: 0.0, end: 1.0, offset: 0.0)

  /// A picture of `outline` with no fill or stroke yet.
  public init(_ outline: Outline) {
    self.outline = outline
  }

  /// The picture as RGBA bytes (straight alpha, rows top to bottom) of
  /// `width` × `height` pixels over `background`, the outline's point (x, y)
  /// drawn at pixel (offset.x + scale·x, offset.y + scale·y).
  public func rgba(
    width: Int, height: Int, scale: Double, offset: OutlinePoint, background: Color
  ) throws(RenderError) -> [UInt8] {
    try GraphicsLibraries.load()
    guard width > 0, height > 0, width <= 8192, height <= 8192 else {
      throw RenderError("a picture must be 1 to 8192 pixels on each side")
    }
    guard
      let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)),
      cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(mask)
    else {
      throw RenderError("cannot make a \(width) × \(height) image: out of memory")
    }
    defer {
      cairo_destroy(cr)
      cairo_surface_destroy(mask)
    }
    let stride = Int(cairo_image_surface_get_stride(mask))
    let bg = background
    var pixels = [Double](repeating: 0, count: width * height * 4)
    for i in 0..<(width * height) {
      pixels[4 * i] = bg.r * bg.a
      pixels[4 * i + 1] = bg.g * bg.a
      pixels[4 * i + 2] = bg.b * bg.a
      pixels[4 * i + 3] = bg.a
    }
    var matrix = cairo_matrix_t(xx: scale, yx: 0, xy: 0, yy: scale, x0: offset.x, y0: offset.y)
    cairo_set_source_rgba(cr, 1, 1, 1, 1)
    /// Blends `color` over the pixels by the mask's coverage, then clears the mask.
    func blend(_ color: Color) {
      cairo_surface_flush(mask)
      guard let data = cairo_image_surface_get_data(mask) else { return }
      for y in 0..<height {
        let row = data + y * stride
        for x in 0..<width where row[x] != 0 {
          let alpha = min(max(color.a, 0), 1) * Double(row[x]) / 255
          row[x] = 0
          let o = 4 * (y * width + x)
          let keep = 1 - alpha
          pixels[o] = color.r * alpha + pixels[o] * keep
          pixels[o + 1] = color.g * alpha + pixels[o + 1] * keep
          pixels[o + 2] = color.b * alpha + pixels[o + 2] * keep
          pixels[o + 3] = alpha + pixels[o + 3] * keep
        }
      }
      cairo_surface_mark_dirty(mask)
    }
    if let fill {
      cairo_set_matrix(cr, &matrix)
      CairoOutline.append(outline, to: cr)
      cairo_identity_matrix(cr)
      cairo_fill(cr)
      blend(fill)
    }
    if let stroke, strokeWidth > 0 {
      let piece = outline.trimmed(start: trim.start, end: trim.end, offset: trim.offset)
      cairo_set_matrix(cr, &matrix)
      CairoOutline.append(piece, to: cr)
      // Stroked under the outline's matrix: the width scales with it.
      CairoOutline.setStroke(cr, width: strokeWidth, cap: cap, join: join)
      cairo_stroke(cr)
      cairo_identity_matrix(cr)
      blend(stroke)
    }
    var bytes = [UInt8](repeating: 0, count: width * height * 4)
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
    for i in 0..<(width * height) {
      let a = pixels[4 * i + 3]
      guard a > 0 else { continue }
      bytes[4 * i] = byte(pixels[4 * i] / a)
      bytes[4 * i + 1] = byte(pixels[4 * i + 1] / a)
      bytes[4 * i + 2] = byte(pixels[4 * i + 2] / a)
      bytes[4 * i + 3] = byte(a)
    }
    return bytes
  }
}
