import AnimEngine
import CImage
import CPNG

/// Reads image files (SPEC §21.4): which kind a file is (from its first
/// bytes, not its name), its size, and its pixels, through libpng,
/// libjpeg-turbo and librsvg. Every limit is checked before anything large
/// is allocated.
public enum ImageDecoder {
  /// The largest file read: 100 MB.
  public static let maximumBytes = 100_000_000
  /// The most pixels a raster image may have: 64 megapixels (64 000 000,
  /// such as 8000 × 8000), 256 MB decoded.
  public static let maximumPixels = 64_000_000

  /// What a file is and its own size, read from its header.
  public struct Header: Sendable, Equatable {
    public let format: ImageSource.Format
    /// In points: pixels for PNG and JPEG, CSS pixels for SVG.
    public let width: Double
    public let height: Double
  }

  /// The kind of file `bytes` hold: PNG and JPEG by their signatures, SVG
  /// when the text starts (after a byte-order mark, blanks, an XML
  /// declaration, comments or a doctype) with markup naming `<svg`. Nil for
  /// anything else.
  public static func format(of bytes: [UInt8]) -> ImageSource.Format? {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    // An SVG is XML: its first non-blank character is `<`, and `<svg`
    // comes within its first few kilobytes.
    var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    guard i < bytes.count, bytes[i] == UInt8(ascii: "<") else { return nil }
    let head = bytes[i..<min(bytes.count, i + 4096)]
    let svg = Array("<svg".utf8)
    guard head.count >= svg.count else { return nil }
    for j in head.startIndex...(head.endIndex - svg.count)
    where head[j..<(j + svg.count)].elementsEqual(svg) {
      return .svg
    }
    return nil
  }

  /// The header of the image in `bytes`: its kind and size, checked
  /// against the limits. An SVG is parsed whole (its size is known only
  /// then).
  public static func header(_ bytes: [UInt8]) throws(ImageError) -> Header {
    guard bytes.count <= maximumBytes else {
      throw ImageError(
        "the image file is \(bytes.count) bytes, larger than the limit of 100 MB (\(maximumBytes) bytes)"
      )
    }
    guard let format = format(of: bytes) else {
      throw ImageError(
        bytes.isEmpty
          ? "the image file is empty"
          : "the file is not a PNG, JPEG or SVG image\(UnsupportedImageFormat.clause(for: bytes))",
        hint: "an image view reads .png, .jpg and .svg files")
    }
    try ImageLibraries.load(for: format)
    switch format {
    case .png:
      let (w, h) = try pngSize(bytes)
      return try checked(Header(format: .png, width: Double(w), height: Double(h)))
    case .jpeg:
      var w: Int32 = 0
      var h: Int32 = 0
      var error = [CChar](repeating: 0, count: 256)
      guard anim_jpeg_size(bytes, bytes.count, &w, &h, &error, error.count) == 0 else {
        throw ImageError("the JPEG file cannot be read: \(Self.text(error))")
      }
      return try checked(Header(format: .jpeg, width: Double(w), height: Double(h)))
    case .svg:
      let document = try VectorImage(bytes)
      return Header(format: .svg, width: document.width, height: document.height)
    }
  }

  /// The image in `bytes` (read from `path`) decoded: a raster image's
  /// pixels, an SVG checked and sized.
  public static func decode(_ bytes: [UInt8], path: String) throws(ImageError) -> ImageSource {
    let header = try header(bytes)
    if header.format == .svg {
      return ImageSource(svgAt: path, bytes: bytes, width: header.width, height: header.height)
    }
    // A raster header is within the pixel limit: its sides are whole and small.
    let w = Int(header.width)
    let h = Int(header.height)
    switch header.format {
    case .png:
      return ImageSource(
        path: path, format: .png, bytes: bytes, pixels: try pngPixels(bytes, w, h),
        pixelWidth: w, pixelHeight: h)
    case .jpeg:
      var pixels = [UInt8](repeating: 0, count: w * h * 4)
      var error = [CChar](repeating: 0, count: 256)
      let status = pixels.withUnsafeMutableBufferPointer { out in
        anim_jpeg_decode(
          bytes, bytes.count, out.baseAddress, Int32(w), Int32(h), &error, error.count)
      }
      guard status == 0 else {
        throw ImageError("the JPEG file cannot be decoded: \(Self.text(error))")
      }
      return ImageSource(
        path: path, format: .jpeg, bytes: bytes, pixels: pixels, pixelWidth: w, pixelHeight: h)
    case .svg:
      preconditionFailure("an SVG is returned above")
    }
  }

  /// A raster header within the pixel limit, of at least one pixel.
  private static func checked(_ header: Header) throws(ImageError) -> Header {
    guard header.width >= 1, header.height >= 1 else {
      throw ImageError("the image has no pixels (\(Int(header.width)) × \(Int(header.height)))")
    }
    let pixels = header.width * header.height
    guard pixels <= Double(maximumPixels) else {
      throw ImageError(
        "the image is \(Int(header.width)) × \(Int(header.height)) pixels, more than the limit of 64 megapixels (\(maximumPixels) pixels)",
        hint: "scale it down before using it")
    }
    return header
  }

  /// A PNG's size from libpng's simplified reader.
  private static func pngSize(_ bytes: [UInt8]) throws(ImageError) -> (Int, Int) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let ok = bytes.withUnsafeBytes {
      png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
    }
    defer { png_image_free(&image) }
    guard ok != 0 else { throw ImageError("the PNG file cannot be read: \(message(of: &image))") }
    return (Int(image.width), Int(image.height))
  }

  /// A PNG's pixels as straight 8-bit RGBA (libpng converts every colour
  /// type and bit depth, and applies the file's gamma to sRGB).
  private static func pngPixels(_ bytes: [UInt8], _ w: Int, _ h: Int) throws(ImageError) -> [UInt8]
  {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    let began = bytes.withUnsafeBytes {
      png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count)
    }
    guard began != 0 else {
      defer { png_image_free(&image) }
      throw ImageError("the PNG file cannot be read: \(message(of: &image))")
    }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    let finished = pixels.withUnsafeMutableBytes {
      png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil)
    }
    guard finished != 0 else {
      let reason = message(of: &image)
      png_image_free(&image)
      throw ImageError("the PNG file cannot be decoded: \(reason)")
    }
    png_image_free(&image)
    return pixels
  }

  /// libpng's message in a `png_image`.
  private static func message(of image: inout png_image) -> String {
    withUnsafeBytes(of: &image.message) { raw in
      let bytes = raw.prefix { $0 != 0 }
      return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
    }
  }

  /// A C string written into `buffer`.
  static func text(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
  }
}
