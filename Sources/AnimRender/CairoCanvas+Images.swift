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
    var drawn = false
    if source.isVector {
      cairo_scale(cr, placement.width / source.width, placement.height / source.height)
      if let document = pictures.vector(source) {
        drawn = (try? document.draw(into: cr)) != nil
      }
    } else {
      // Pixels of the picture per pixel of the frame, the larger way: a
      // picture shown at under half its size is drawn from a copy halved
      // enough times (its cost then follows the frame's pixels, not the file's).
      let across = (placed.a * placed.a + placed.b * placed.b).squareRoot() * placement.width
      let down = (placed.c * placed.c + placed.d * placed.d).squareRoot() * placement.height
      let shrink = max(across / source.width, down / source.height)
      drawn = drawRaster(source, shrink: shrink, placement: placement, into: cr)
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

extension CairoCanvas {
  /// Paints a raster picture onto `placement` in `cr` (whose matrix is at
  /// the placement's corner), from the level of its halvings that `shrink`
  /// (frame pixels per picture pixel) calls for, filtered by Cairo's `GOOD`
  /// filter, edges padded. False when no surface could be made.
  func drawRaster(
    _ source: ImageSource, shrink: Double, placement: ImagePlacement, into cr: OpaquePointer
  ) -> Bool {
    var level = 0
    var s = shrink
    while s < 0.5, s > 0, level < CanvasPictures.maximumLevel {
      s *= 2
      level += 1
    }
    guard let (surface, w, h) = pictures.surface(source, level: level) else { return false }
    cairo_scale(cr, placement.width / Double(w), placement.height / Double(h))
    let pattern = cairo_pattern_create_for_surface(surface)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_set_source(cr, pattern)
    cairo_paint(cr)
    cairo_pattern_destroy(pattern)
    return true
  }
}

/// The canvas's pictures of images, made on first use and kept while their
/// sources live: a raster image as a premultiplied Cairo surface, an SVG
/// as a librsvg document.
final class CanvasPictures {
  /// A raster picture's surfaces: level 0 its pixels, each next level half
  /// the one before (sides rounded up), made when first drawn.
  private var surfaces: [ObjectIdentifier: (source: ImageSource, levels: [Level])] = [:]
  private var vectors: [ObjectIdentifier: (source: ImageSource, document: VectorImage)] = [:]

  /// One surface of a picture and its size in pixels.
  struct Level {
    let surface: OpaquePointer
    let width: Int
    let height: Int
  }

  /// At most this many pictures are kept (a scene of many images drops
  /// them all and starts again).
  static let kept = 256
  /// The most halvings: a 1-pixel side stays 1.
  static let maximumLevel = 16

  deinit { dropSurfaces() }

  private func dropSurfaces() {
    for entry in surfaces.values {
      for level in entry.levels { cairo_surface_destroy(level.surface) }
    }
    surfaces.removeAll()
  }

  /// The raster picture at halving `level` (as far as its sides halve) and
  /// its size, or nil when a surface cannot be made.
  func surface(_ source: ImageSource, level: Int) -> (OpaquePointer, Int, Int)? {
    let key = ObjectIdentifier(source)
    if surfaces[key] == nil {
      guard let first = Self.pixels(source) else { return nil }
      if surfaces.count >= Self.kept { dropSurfaces() }
      surfaces[key] = (source, [first])
    }
    while let levels = surfaces[key]?.levels, levels.count <= level {
      let last = levels[levels.count - 1]
      guard last.width > 1 || last.height > 1, let next = Self.halved(last) else { break }
      surfaces[key]!.levels.append(next)
    }
    let levels = surfaces[key]!.levels
    let chosen = levels[min(level, levels.count - 1)]
    return (chosen.surface, chosen.width, chosen.height)
  }

  /// The picture's pixels, premultiplied, as a Cairo surface.
  private static func pixels(_ source: ImageSource) -> Level? {
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
    return Level(surface: surface, width: w, height: h)
  }

  /// `level` at half its size (sides rounded up), Cairo's `GOOD` filter
  /// averaging each 2 × 2 block.
  private static func halved(_ level: Level) -> Level? {
    let w = (level.width + 1) / 2
    let h = (level.height + 1) / 2
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    let cr = cairo_create(surface)!
    cairo_scale(cr, Double(w) / Double(level.width), Double(h) / Double(level.height))
    let pattern = cairo_pattern_create_for_surface(level.surface)
    cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
    cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
    cairo_set_source(cr, pattern)
    cairo_paint(cr)
    cairo_pattern_destroy(pattern)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    return Level(surface: surface, width: w, height: h)
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
