import AnimEngine
import AnimStage
import CCairo
import Foundation

/// Draws scenes into one RGBA image with Cairo (SPEC §12.1): each drawn view
/// is its rectangle, scaled and rotated about its centre, corners rounded,
/// filled with its colour at opacity alpha × the colour's alpha, painted in
/// declaration order over the background. Edges are anti-aliased.
///
/// The canvas is an ARGB32 surface (premultiplied, so a PNG of it keeps its
/// alpha); it is reused frame after frame, so drawing allocates nothing.
public final class CairoCanvas {
  public let layout: StageLayout
  private let surface: OpaquePointer
  private let context: OpaquePointer

  /// A canvas of `layout`'s pixel size; an error when Cairo cannot make it.
  public init(layout: StageLayout) throws(RenderError) {
    self.layout = layout
    guard
      let surface = cairo_image_surface_create(
        CAIRO_FORMAT_ARGB32, Int32(layout.pixelWidth), Int32(layout.pixelHeight)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw RenderError(
        "cannot make a \(layout.pixelWidth) × \(layout.pixelHeight) image: out of memory")
    }
    self.surface = surface
    context = cairo_create(surface)
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(surface)
  }

  /// Draws the views of `scene` over the background, replacing the image.
  public func draw(_ scene: Scene) {
    let cr = context
    cairo_reset_clip(cr)
    cairo_identity_matrix(cr)
    let bg = layout.background
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_rgba(cr, bg.r, bg.g, bg.b, bg.a)
    cairo_paint(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    if layout.offsetX != 0 || layout.offsetY != 0 {
      // Letterboxed (--size): the views stay inside the stage.
      cairo_rectangle(
        cr, layout.offsetX, layout.offsetY, layout.world.width * layout.scale,
        layout.world.height * layout.scale)
      cairo_clip(cr)
    }
    let k = layout.scale
    let width = Property.recordWidth
    var batch = Batch()
    scene.withValues { v in
      for id in 0..<scene.count where scene.isDrawn(ViewID(id)) {
        let b = id * width
        let opacity = min(max(v[b + 4], 0), 1) * v[b + 11]
        let w = abs(v[b + 2])
        let h = abs(v[b + 3])
        let sx = v[b + 6] * k
        let sy = v[b + 7] * k
        guard opacity > 0, w > 0, h > 0, sx != 0, sy != 0, sx.isFinite, sy.isFinite else {
          continue
        }
        let (px, py) = layout.pixel(x: v[b], y: v[b + 1])
        let radius = min(max(v[b + 12], 0), min(w, h) / 2)
        let (sin, cos) = DrawnBounds.sinCos(degrees: v[b + 5])
        // The device-space bounds, to keep overlapping views out of one batch.
        let ex = abs(cos * sx) * w / 2 + abs(sin * sy) * h / 2
        let ey = abs(sin * sx) * w / 2 + abs(cos * sy) * h / 2
        let bounds = (px - ex, py - ey, px + ex, py + ey)
        let paint = Paint(r: v[b + 8], g: v[b + 9], b: v[b + 10], a: opacity)
        if !batch.accepts(paint, bounds) { batch.fill(cr) }
        batch.add(paint, bounds)
        if sin == 0 && radius == 0 {
          // Upright and square-cornered: the rectangle in pixels directly.
          let dw = abs(sx) * w
          let dh = abs(sy) * h
          cairo_rectangle(cr, px - dw / 2, py - dh / 2, dw, dh)
          continue
        }
        // The matrix maps the view's own points (centred on 0, 0) to pixels:
        // scaled about the centre, rotated clockwise on screen, moved to (px, py).
        var matrix = cairo_matrix_t(
          xx: cos * sx, yx: sin * sx, xy: -sin * sy, yy: cos * sy, x0: px, y0: py)
        cairo_set_matrix(cr, &matrix)
        if radius > 0 {
          roundedRectangle(cr, w, h, radius)
        } else {
          cairo_rectangle(cr, -w / 2, -h / 2, w, h)
        }
        cairo_identity_matrix(cr)
      }
    }
    batch.fill(cr)
    cairo_surface_flush(surface)
  }

  /// The colour a view is filled with, as Cairo takes it: channels and
  /// opacity rounded to 16 bits (what Cairo does with them), so two views
  /// of one paint fill exactly alike.
  struct Paint: Equatable {
    var key: UInt64
    var r, g, b, a: Double

    init(r: Double, g: Double, b: Double, a: Double) {
      func short(_ v: Double) -> UInt64 { UInt64((min(max(v, 0), 1) * 65535).rounded()) }
      key = short(r) << 48 | short(g) << 32 | short(b) << 16 | short(a)
      self.r = r
      self.g = g
      self.b = b
      self.a = a
    }

    static func == (x: Paint, y: Paint) -> Bool { x.key == y.key }
  }

  /// Consecutive views of one paint whose bounds do not overlap, filled as one
  /// path: the same pixels as filling each (a region inside two of them would
  /// be painted once, so overlapping views never share a batch), at a
  /// fraction of the cost for a grid of thousands.
  struct Batch {
    private var paint: Paint?
    private var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0

    /// Whether a view of `paint` within `bounds` may join the batch.
    func accepts(_ paint: Paint, _ bounds: (Double, Double, Double, Double)) -> Bool {
      guard let current = self.paint else { return true }
      guard current == paint else { return false }
      return bounds.0 >= maxX || bounds.2 <= minX || bounds.1 >= maxY || bounds.3 <= minY
    }

    mutating func add(_ paint: Paint, _ bounds: (Double, Double, Double, Double)) {
      if self.paint == nil {
        self.paint = paint
        (minX, minY, maxX, maxY) = bounds
        return
      }
      minX = min(minX, bounds.0)
      minY = min(minY, bounds.1)
      maxX = max(maxX, bounds.2)
      maxY = max(maxY, bounds.3)
    }

    /// Fills the batch's path and starts an empty one.
    mutating func fill(_ cr: OpaquePointer) {
      guard let paint else { return }
      cairo_set_source_rgba(cr, paint.r, paint.g, paint.b, paint.a)
      cairo_fill(cr)
      self.paint = nil
    }
  }

  /// A `w × h` rectangle centred on the origin with corners of `r`.
  private func roundedRectangle(_ cr: OpaquePointer, _ w: Double, _ h: Double, _ r: Double) {
    let x0 = -w / 2
    let y0 = -h / 2
    let x1 = w / 2
    let y1 = h / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
    cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
    cairo_arc(cr, x0 + r, y1 - r, r, .pi / 2, .pi)
    cairo_arc(cr, x0 + r, y0 + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
  }

  /// The image as straight (not premultiplied) RGBA, 4 bytes a pixel, rows
  /// top to bottom, written into `buffer` (resized to fit).
  public func rgba(into buffer: inout [UInt8]) {
    let w = layout.pixelWidth
    let h = layout.pixelHeight
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return }
    if buffer.count != w * h * 4 { buffer = [UInt8](repeating: 0, count: w * h * 4) }
    buffer.withUnsafeMutableBufferPointer { out in
      for y in 0..<h {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        var o = y * w * 4
        for x in 0..<w {
          let p = row[x]  // native-endian ARGB, premultiplied
          let a = p >> 24
          var r = (p >> 16) & 0xff
          var g = (p >> 8) & 0xff
          var b = p & 0xff
          if a != 255 && a != 0 {
            r = (r * 255 + a / 2) / a
            g = (g * 255 + a / 2) / a
            b = (b * 255 + a / 2) / a
          }
          out[o] = UInt8(truncatingIfNeeded: r)
          out[o + 1] = UInt8(truncatingIfNeeded: g)
          out[o + 2] = UInt8(truncatingIfNeeded: b)
          out[o + 3] = UInt8(truncatingIfNeeded: a)
          o += 4
        }
      }
    }
  }

  /// The image encoded as PNG (RGBA, 8 bits a channel).
  public func png() throws(RenderError) -> [UInt8] {
    var buffer: [UInt8] = []
    rgba(into: &buffer)
    return try PNGFile.encode(buffer, width: layout.pixelWidth, height: layout.pixelHeight)
  }
}
