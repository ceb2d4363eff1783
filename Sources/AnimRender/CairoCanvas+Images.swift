import AnimEngine
import AnimImage
import AnimStage
import CCairo

/// Image views (SPEC §21.4): the picture drawn by Cairo into a scratch
/// surface covering the view's box on screen (a raster image through a
/// filtered surface pattern, an SVG as vectors by librsvg), clipped to the
/// box and to the part of the box its `fit` fills, then blended into the
/// frame's premultiplied doubles as every paint is, through the coverage of
/// the clips in force.
extension CairoCanvas {
  /// Draws `source` in the box of a view whose values `v` gives, under
  /// `placed` (box coordinates to pixels), at opacity `alpha`.
  func drawImage(_ source: ImageSource, _ v: some PropertyReading, placed: Affine, alpha: Double) {
    let fit = ImageFit(stored: v.number(.fit))
    let w = abs(v.number(.width))
    let h = abs(v.number(.height))
    guard alpha > 0,
      let placement = fit.placement(
        imageWidth: source.width, imageHeight: source.height, width: w, height: h)
    else { return }
    let shown = placement.clipped(toBoxWidth: w, height: h)
    guard shown.width > 0, shown.height > 0 else { return }
    // The shown rectangle's corners in pixels, and the pixels they cover.
    let corners = [
      (shown.x, shown.y), (shown.x + shown.width, shown.y),
      (shown.x + shown.width, shown.y + shown.height), (shown.x, shown.y + shown.height),
    ].map { placed.apply($0.0, $0.1) }
    let xs = corners.map(\.0)
    let ys = corners.map(\.1)
    guard xs.allSatisfy(\.isFinite), ys.allSatisfy(\.isFinite) else { return }
    let rect = pixelRect((xs.min()!, ys.min()!, xs.max()!, ys.max()!))
    guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { return }
    let rw = rect.x1 - rect.x0
    let rh = rect.y1 - rect.y0
    guard let scratch = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rw), Int32(rh)),
      cairo_surface_status(scratch) == CAIRO_STATUS_SUCCESS
    else { return }
    defer { cairo_surface_destroy(scratch) }
    let cr = cairo_create(scratch)!
    var matrix = cairo_matrix_t(
      xx: placed.a, yx: placed.b, xy: placed.c, yy: placed.d,
      x0: placed.tx - Double(rect.x0), y0: placed.ty - Double(rect.y0))
    cairo_set_matrix(cr, &matrix)
    cairo_rectangle(cr, shown.x, shown.y, shown.width, shown.height)
    cairo_clip(cr)
    cairo_translate(cr, placement.x, placement.y)
    cairo_scale(cr, placement.width / source.width, placement.height / source.height)
    var drawn = false
    if source.isVector {
      if let document = pictures.vector(source) {
        drawn = (try? document.draw(into: cr)) != nil
      }
    } else if let surface = pictures.surface(source) {
      let pattern = cairo_pattern_create_for_surface(surface)
      cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
      cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
      cairo_set_source(cr, pattern)
      cairo_paint(cr)
      cairo_pattern_destroy(pattern)
      drawn = true
    }
    cairo_destroy(cr)
    guard drawn else { return }
    cairo_surface_flush(scratch)
    guard let data = cairo_image_surface_get_data(scratch) else { return }
    let stride = Int(cairo_image_surface_get_stride(scratch))
    // The clips in force (a tree's, the letterbox) as coverage in the mask.
    cairo_rectangle(context, Double(rect.x0), Double(rect.y0), Double(rw), Double(rh))
    cairo_fill(context)
    cairo_surface_flush(mask)
    guard let cells = cairo_image_surface_get_data(mask) else { return }
    drew(rect)
    let pixels = target
    for y in rect.y0..<rect.y1 {
      let row = UnsafeRawPointer(data + (y - rect.y0) * stride).assumingMemoryBound(
        to: UInt32.self)
      let coverage = cells + y * maskStride
      var o = 4 * (y * layout.pixelWidth + rect.x0)
      for x in rect.x0..<rect.x1 {
        let c = coverage[x]
        let p = row[x - rect.x0]
        if c != 0 {
          coverage[x] = 0
          if p != 0 {
            // Cairo's ARGB32: premultiplied, one native-endian word a pixel.
            let k = alpha * Double(c) / (255 * 255)
            let a = Double(p >> 24) * k
            let keep = 1 - a
            pixels[o] = Double((p >> 16) & 255) * k + pixels[o] * keep
            pixels[o + 1] = Double((p >> 8) & 255) * k + pixels[o + 1] * keep
            pixels[o + 2] = Double(p & 255) * k + pixels[o + 2] * keep
            pixels[o + 3] = a + pixels[o + 3] * keep
          }
        }
        o += 4
      }
    }
    cairo_surface_mark_dirty(mask)
  }
}

/// The canvas's pictures of images, made on first use and kept while their
/// sources live: a raster image as a premultiplied Cairo surface, an SVG
/// as a librsvg document.
final class CanvasPictures {
  private var surfaces: [ObjectIdentifier: (source: ImageSource, surface: OpaquePointer)] = [:]
  private var vectors: [ObjectIdentifier: (source: ImageSource, document: VectorImage)] = [:]

  /// At most this many pictures are kept (a scene of many images drops
  /// them all and starts again).
  static let kept = 256

  deinit {
    for entry in surfaces.values { cairo_surface_destroy(entry.surface) }
  }

  /// The raster image's pixels as a Cairo surface, or nil when it cannot be made.
  func surface(_ source: ImageSource) -> OpaquePointer? {
    let key = ObjectIdentifier(source)
    if let entry = surfaces[key] { return entry.surface }
    let w = source.pixelWidth
    let h = source.pixelHeight
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
      let data = cairo_image_surface_get_data(surface)
    else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    source.pixels.withUnsafeBufferPointer { rgba in
      for y in 0..<h {
        let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<w {
          let i = 4 * (y * w + x)
          let a = UInt32(rgba[i + 3])
          func pre(_ c: UInt8) -> UInt32 { (UInt32(c) * a + 127) / 255 }
          row[x] = a << 24 | pre(rgba[i]) << 16 | pre(rgba[i + 1]) << 8 | pre(rgba[i + 2])
        }
      }
    }
    cairo_surface_mark_dirty(surface)
    if surfaces.count >= Self.kept {
      for entry in surfaces.values { cairo_surface_destroy(entry.surface) }
      surfaces.removeAll()
    }
    surfaces[key] = (source, surface)
    return surface
  }

  /// The SVG parsed by librsvg, or nil when it cannot be.
  func vector(_ source: ImageSource) -> VectorImage? {
    let key = ObjectIdentifier(source)
    if let entry = vectors[key] { return entry.document }
    guard let document = try? VectorImage(source.bytes) else { return nil }
    if vectors.count >= Self.kept { vectors.removeAll() }
    vectors[key] = (source, document)
    return document
  }
}
