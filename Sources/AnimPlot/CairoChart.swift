import AnimEngine
import AnimRender
import AnimStage
import CCairo
import Foundation

/// A chart drawn with Cairo into an RGB image (for `anim plot -o x.png`).
public final class CairoChart: ChartSink {
  private let surface: OpaquePointer
  private let context: OpaquePointer
  public let width: Int
  public let height: Int

  /// A chart of `width` × `height` pixels; an error when Cairo cannot be loaded.
  public init(width: Double, height: Double) throws(RenderError) {
    try GraphicsLibraries.load()
    self.width = Int(width.rounded(.up))
    self.height = Int(height.rounded(.up))
    surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height))
    context = cairo_create(surface)
    cairo_select_font_face(context, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  public func line(_ points: [(Double, Double)], color: Color, width: Double, dashed: Bool) {
    guard let first = points.first else { return }
    cairo_set_source_rgba(context, color.r, color.g, color.b, color.a)
    cairo_set_line_width(context, width)
    cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
    if dashed {
      var pattern: [Double] = [4, 3]
      cairo_set_dash(context, &pattern, 2, 0)
    }
    cairo_move_to(context, first.0, first.1)
    for p in points.dropFirst() { cairo_line_to(context, p.0, p.1) }
    cairo_stroke(context)
    cairo_set_dash(context, nil, 0, 0)
  }

  public func rect(x: Double, y: Double, width: Double, height: Double, fill: Color) {
    cairo_set_source_rgba(context, fill.r, fill.g, fill.b, fill.a)
    cairo_rectangle(context, x, y, width, height)
    cairo_fill(context)
  }

  public func text(
    _ string: String, x: Double, y: Double, size: Double, color: Color, anchor: TextAnchor
  ) {
    cairo_set_source_rgba(context, color.r, color.g, color.b, color.a)
    cairo_set_font_size(context, size)
    var extents = cairo_text_extents_t()
    cairo_text_extents(context, string, &extents)
    let shift: Double
    switch anchor {
    case .start: shift = 0
    case .middle: shift = extents.x_advance / 2
    case .end: shift = extents.x_advance
    }
    cairo_move_to(context, x - shift, y)
    cairo_show_text(context, string)
  }

  /// The chart as PNG (RGBA).
  public func png() throws(RenderError) -> [UInt8] {
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else {
      throw RenderError("cannot read the chart's pixels")
    }
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        let p = row[x]
        let o = (y * width + x) * 4
        let a = p >> 24
        func channel(_ c: UInt32) -> UInt8 {
          UInt8(truncatingIfNeeded: a == 0 ? 0 : a == 255 ? c : (c * 255 + a / 2) / a)
        }
        rgba[o] = channel((p >> 16) & 0xff)
        rgba[o + 1] = channel((p >> 8) & 0xff)
        rgba[o + 2] = channel(p & 0xff)
        rgba[o + 3] = UInt8(truncatingIfNeeded: a)
      }
    }
    return try PNGFile.encode(rgba, width: width, height: height)
  }
}
