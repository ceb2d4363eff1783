import AnimEngine
import CCairo
import CPNG

/// Images as PNG files for the exporters that embed pixels (Lottie, SPEC
/// §21.4): a raster image's own pixels, an SVG drawn by librsvg at a size.
public enum ImagePNG {
  /// Installs the maker the engine's exporters ask (``ImageRasters``).
  public static let install: Void = {
    ImageRasters.install { source, width, height in
      if source.isVector { return svg(source, width: width, height: height) }
      return encode(source.pixels, width: source.pixelWidth, height: source.pixelHeight)
    }
  }()

  /// Straight 8-bit RGBA pixels as a PNG file (libpng), or nil.
  public static func encode(_ rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
    guard width > 0, height > 0, rgba.count == width * height * 4, anim_png_load() == nil
    else { return nil }
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var size = 0
    guard png_image_write_to_memory(&image, nil, &size, 0, rgba, Int32(width * 4), nil) != 0,
      size > 0
    else { return nil }
    var out = [UInt8](repeating: 0, count: size)
    let ok = out.withUnsafeMutableBytes {
      png_image_write_to_memory(&image, $0.baseAddress, &size, 0, rgba, Int32(width * 4), nil)
    }
    guard ok != 0 else { return nil }
    return Array(out.prefix(size))
  }

  /// An SVG drawn by librsvg at `width` × `height` pixels (stretched onto
  /// them) as a PNG file, or nil.
  public static func svg(_ source: ImageSource, width: Int, height: Int) -> [UInt8]? {
    guard let pixels = try? svgPixels(source, width: width, height: height) else { return nil }
    return encode(pixels, width: width, height: height)
  }

  /// An SVG drawn at `width` × `height` pixels, as straight 8-bit RGBA.
  public static func svgPixels(_ source: ImageSource, width: Int, height: Int) throws(ImageError)
    -> [UInt8]
  {
    try ImageLibraries.loadCairo()
    let document = try VectorImage(source.bytes)
    guard
      let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { throw ImageError("cannot make a \(width) × \(height) picture: out of memory") }
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    cairo_scale(cr, Double(width) / document.width, Double(height) / document.height)
    do {
      try document.draw(into: cr)
    } catch {
      cairo_destroy(cr)
      throw error
    }
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard let data = cairo_image_surface_get_data(surface) else { return [] }
    var out = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
      let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
      for x in 0..<width {
        // Cairo's ARGB32: premultiplied, one native-endian word a pixel.
        let p = row[x]
        let a = Int(p >> 24)
        let o = 4 * (y * width + x)
        guard a > 0 else { continue }
        func straight(_ c: UInt32) -> UInt8 {
          UInt8(min((Int(c & 255) * 255 + a / 2) / a, 255))
        }
        out[o] = straight(p >> 16)
        out[o + 1] = straight(p >> 8)
        out[o + 2] = straight(p)
        out[o + 3] = UInt8(a)
      }
    }
    return out
  }
}
