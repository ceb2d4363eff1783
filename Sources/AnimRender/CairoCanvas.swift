import AnimEngine
import AnimStage
import CCairo
import Foundation

/// Draws scenes into one RGBA image (SPEC §12.1): each drawn view is its
/// rectangle, scaled and rotated about its centre, corners rounded, filled
/// with its colour at opacity alpha × the colour's alpha, painted in
/// declaration order over the background. Edges are anti-aliased.
///
/// Cairo only measures coverage: it fills each view's shape into an 8-bit
/// mask. The colours are blended here, in doubles, source over, and rounded
/// to 8 bits once, at the end; so a pixel inside a shape, away from every
/// edge (coverage 255), is exactly the source-over blend of the views
/// covering it over the background, rounded to 8 bits. (Cairo's own 8-bit
/// compositing rounds at every layer and is off by one for most translucent
/// colours.) The canvas is reused frame after frame: drawing allocates nothing.
public final class CairoCanvas {
  public let layout: StageLayout
  private let mask: OpaquePointer
  private let context: OpaquePointer
  private let maskStride: Int
  /// Premultiplied r, g, b, a in 0…1 for every pixel, rows top to bottom.
  private let pixels: UnsafeMutablePointer<Double>
  private var batch = Batch()

  /// A canvas of `layout`'s pixel size; an error when it cannot be made.
  public init(layout: StageLayout) throws(RenderError) {
    try GraphicsLibraries.load()
    self.layout = layout
    guard
      let mask = cairo_image_surface_create(
        CAIRO_FORMAT_A8, Int32(layout.pixelWidth), Int32(layout.pixelHeight)),
      cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS
    else {
      throw RenderError(
        "cannot make a \(layout.pixelWidth) × \(layout.pixelHeight) image: out of memory")
    }
    self.mask = mask
    context = cairo_create(mask)
    maskStride = Int(cairo_image_surface_get_stride(mask))
    pixels = .allocate(capacity: layout.pixelWidth * layout.pixelHeight * 4)
    cairo_set_source_rgba(context, 1, 1, 1, 1)
    if layout.offsetX != 0 || layout.offsetY != 0 {
      // Letterboxed (--size): the views stay inside the stage.
      cairo_rectangle(
        context, layout.offsetX, layout.offsetY, layout.world.width * layout.scale,
        layout.world.height * layout.scale)
      cairo_clip(context)
    }
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(mask)
    pixels.deallocate()
  }

  /// Draws the views of `scene` over the background, replacing the image.
  public func draw(_ scene: Scene) {
    let cr = context
    let bg = layout.background
    let count = layout.pixelWidth * layout.pixelHeight
    let (r, g, b, a) = (bg.r * bg.a, bg.g * bg.a, bg.b * bg.a, bg.a)
    for i in 0..<count {
      pixels[4 * i] = r
      pixels[4 * i + 1] = g
      pixels[4 * i + 2] = b
      pixels[4 * i + 3] = a
    }
    let k = layout.scale
    // The clamps hoisted out of the loop: the table is read once per frame.
    let alphaClamp = Property.alpha.declaration.drawClamp
    let radiusClamp = Property.cornerRadius.declaration.drawClamp
    scene.forEachDrawn { id, kind, v in
      let opacity = alphaClamp.apply(v.number(.alpha), width: 0, height: 0) * v.color(.color).a
      // A text's box is its layout at its size now (SPEC §18).
      let glyphs = kind.outline == .text ? TextView(v) { scene.object(id, $0) }.drawing() : nil
      let w = glyphs.map(\.width) ?? abs(v.number(.width))
      let h = glyphs.map(\.height) ?? abs(v.number(.height))
      let sx = v.number(.scaleX) * k
      let sy = v.number(.scaleY) * k
      guard opacity > 0, w > 0, h > 0, sx != 0, sy != 0, sx.isFinite, sy.isFinite else {
        return
      }
      let (px, py) = layout.pixel(x: v.number(.x), y: v.number(.y))
      let radius: Double
      switch kind.outline {
      case .rectangle: radius = radiusClamp.apply(v.number(.cornerRadius), width: w, height: h)
      case .text: radius = 0
      }
      let (sin, cos) = DrawnBounds.sinCos(degrees: v.number(.rotation))
      // The device-space bounds, to keep overlapping views out of one batch.
      // Half extents about the centre: the box, or a text's glyphs where
      // they reach past it (a negative side bearing, a tall accent).
      var hw = w / 2
      var hh = h / 2
      if let reach = glyphs?.outline.bounds() {
        hw = max(hw, -reach.minimum.x, reach.maximum.x)
        hh = max(hh, -reach.minimum.y, reach.maximum.y)
      }
      let ex = abs(cos * sx) * hw + abs(sin * sy) * hh
      let ey = abs(sin * sx) * hw + abs(cos * sy) * hh
      let bounds = (px - ex, py - ey, px + ex, py + ey)
      let fill = v.color(.color)
      let paint = Paint(r: fill.r, g: fill.g, b: fill.b, a: opacity)
      if !batch.accepts(paint, bounds) { flush() }
      batch.add(paint, bounds)
      if sin == 0 && radius == 0 && glyphs == nil {
        // Upright and square-cornered: the rectangle in pixels directly.
        let dw = abs(sx) * w
        let dh = abs(sy) * h
        cairo_rectangle(cr, px - dw / 2, py - dh / 2, dw, dh)
        return
      }
      // The matrix maps the view's own points (centred on 0, 0) to pixels:
      // scaled about the centre, rotated clockwise on screen, moved to (px, py).
      var matrix = cairo_matrix_t(
        xx: cos * sx, yx: sin * sx, xy: -sin * sy, yy: cos * sy, x0: px, y0: py)
      cairo_set_matrix(cr, &matrix)
      if let glyphs {
        CairoOutline.append(glyphs.outline, to: cr)
      } else if radius > 0 {
        roundedRectangle(cr, w, h, radius)
      } else {
        cairo_rectangle(cr, -w / 2, -h / 2, w, h)
      }
      cairo_identity_matrix(cr)
    }
    flush()
  }

  /// Fills the batch's shapes into the mask, then blends each member's own
  /// colour over the pixels it covers, clearing the mask behind it.
  private func flush() {
    guard !batch.members.isEmpty else { return }
    cairo_fill(context)
    cairo_surface_flush(mask)
    guard let data = cairo_image_surface_get_data(mask) else { return }
    let w = layout.pixelWidth
    let h = layout.pixelHeight
    for member in batch.members {
      // One pixel more on each side: anti-aliasing reaches the pixels the
      // bounds cross. Members' bounds do not overlap, and each mask pixel is
      // cleared once used, so no pixel is blended twice.
      let x0 = max(0, Int((member.bounds.0 - 1).rounded(.down)))
      let x1 = min(w, Int((member.bounds.2 + 1).rounded(.up)))
      let y0 = max(0, Int((member.bounds.1 - 1).rounded(.down)))
      let y1 = min(h, Int((member.bounds.3 + 1).rounded(.up)))
      guard x0 < x1, y0 < y1 else { continue }
      let p = member.paint
      for y in y0..<y1 {
        let row = data + y * maskStride
        var o = 4 * (y * w + x0)
        for x in x0..<x1 {
          let c = row[x]
          if c != 0 {
            row[x] = 0
            let alpha = c == 255 ? p.a : p.a * Double(c) / 255
            let keep = 1 - alpha
            pixels[o] = p.r * alpha + pixels[o] * keep
            pixels[o + 1] = p.g * alpha + pixels[o + 1] * keep
            pixels[o + 2] = p.b * alpha + pixels[o + 2] * keep
            pixels[o + 3] = alpha + pixels[o + 3] * keep
          }
          o += 4
        }
      }
    }
    cairo_surface_mark_dirty(mask)
    batch.reset()
  }

  /// The colour a view is filled with: the exact channels and opacity, and a
  /// key of them rounded to 16 bits that batches views of one look.
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

  /// Consecutive views of one paint (to 16 bits) whose bounds do not
  /// overlap: their shapes are filled into the mask as one path (a few
  /// hundred fills per frame instead of ten thousand for a big grid), then
  /// each member is blended with its own exact colour over its own bounds.
  struct Batch {
    struct Member {
      var paint: Paint
      var bounds: (Double, Double, Double, Double)
    }
    private(set) var members: [Member] = []
    private var key: UInt64 = 0
    private var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0

    /// Whether a view of `paint` within `bounds` may join the batch: the
    /// same paint, no overlap with the members, and a union that stays
    /// mostly covered (the blend walks the members' bounds only).
    func accepts(_ paint: Paint, _ bounds: (Double, Double, Double, Double)) -> Bool {
      guard !members.isEmpty else { return true }
      guard key == paint.key, members.count < 4096 else { return false }
      return bounds.0 >= maxX || bounds.2 <= minX || bounds.1 >= maxY || bounds.3 <= minY
    }

    /// Empties the batch, keeping its storage.
    mutating func reset() { members.removeAll(keepingCapacity: true) }

    mutating func add(_ paint: Paint, _ bounds: (Double, Double, Double, Double)) {
      if members.isEmpty {
        key = paint.key
        (minX, minY, maxX, maxY) = bounds
      } else {
        minX = min(minX, bounds.0)
        minY = min(minY, bounds.1)
        maxX = max(maxX, bounds.2)
        maxY = max(maxY, bounds.3)
      }
      members.append(Member(paint: paint, bounds: bounds))
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
  /// top to bottom, each channel rounded to 8 bits once; written into
  /// `buffer` (resized to fit).
  public func rgba(into buffer: inout [UInt8]) {
    let count = layout.pixelWidth * layout.pixelHeight
    if buffer.count != count * 4 { buffer = [UInt8](repeating: 0, count: count * 4) }
    buffer.withUnsafeMutableBufferPointer { out in
      for i in 0..<count {
        let o = 4 * i
        let a = pixels[o + 3]
        if a >= 1 {
          out[o] = Self.byte(pixels[o])
          out[o + 1] = Self.byte(pixels[o + 1])
          out[o + 2] = Self.byte(pixels[o + 2])
          out[o + 3] = 255
        } else if a <= 0 {
          out[o] = 0
          out[o + 1] = 0
          out[o + 2] = 0
          out[o + 3] = 0
        } else {
          out[o] = Self.byte(pixels[o] / a)
          out[o + 1] = Self.byte(pixels[o + 1] / a)
          out[o + 2] = Self.byte(pixels[o + 2] / a)
          out[o + 3] = Self.byte(a)
        }
      }
    }
  }

  /// A channel in 0…1 rounded to 8 bits.
  @inline(__always)
  private static func byte(_ v: Double) -> UInt8 {
    UInt8((min(max(v, 0), 1) * 255).rounded())
  }

  /// The image encoded as PNG (RGBA, 8 bits a channel).
  public func png() throws(RenderError) -> [UInt8] {
    var buffer: [UInt8] = []
    rgba(into: &buffer)
    return try PNGFile.encode(buffer, width: layout.pixelWidth, height: layout.pixelHeight)
  }
}
