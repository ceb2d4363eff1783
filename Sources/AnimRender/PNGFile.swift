import CPNG
import Foundation

/// PNG files of straight 8-bit RGBA (libpng's simplified API): always four
/// channels, so every PNG a render writes is RGBA (SPEC §12.3).
public enum PNGFile {
  /// `rgba` (`width × height × 4` bytes, rows top to bottom) encoded as PNG
  /// by libpng; quickly when `fast` (a frame sequence's): unfiltered and
  /// compressed by igzip (``QuickPNG``), or by libpng's fast setting (zlib
  /// level 3) where igzip is not installed; some 5 (igzip) or 4–6 (libpng)
  /// times faster to write, 6 % to twice as large.
  public static func encode(_ rgba: [UInt8], width: Int, height: Int, fast: Bool = false)
    throws(RenderError) -> [UInt8]
  {
    let encoded = rgba.withUnsafeBytes { raw in
      Result { () throws(RenderError) in try encode(raw, width: width, height: height, fast: fast) }
    }
    return try encoded.get()
  }

  /// ``encode(_:width:height:fast:)`` of the `width × height × 4` bytes at
  /// `rgba` (a canvas's own image, not copied first).
  public static func encode(
    _ rgba: UnsafeRawBufferPointer, width: Int, height: Int, fast: Bool = false
  ) throws(RenderError) -> [UInt8] {
    guard width >= 0, height >= 0, rgba.count / 4 / max(1, width) >= height else {
      throw RenderError("PNG: \(rgba.count) bytes hold no \(width) × \(height) image")
    }
    if fast, width > 0, height > 0, let quick = QuickPNG.encode(rgba, width: width, height: height)
    {
      return quick
    }
    return try encodeByLibpng(rgba, width: width, height: height, fast: fast)
  }

  /// The PNG file libpng writes of `rgba` (its size checked), with its fast
  /// setting when `fast`: a sequence's frames where igzip is not installed.
  static func encodeByLibpng(
    _ rgba: UnsafeRawBufferPointer, width: Int, height: Int, fast: Bool
  ) throws(RenderError) -> [UInt8] {
    try GraphicsLibraries.load()
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(width)
    image.height = UInt32(height)
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    if fast { image.flags = UInt32(PNG_IMAGE_FLAG_FAST) }
    // Written once into a buffer of png.h's bound; should libpng still
    // need more, it says how much and the image is written again.
    var capacity = Int(anim_png_size_max(image))
    if capacity == 0 {
      // Too large for the bound's arithmetic: libpng is asked.
      let probe = png_image_write_to_memory(&image, nil, &capacity, 0, rgba.baseAddress, 0, nil)
      guard probe != 0, capacity > 0 else { throw failure(&image) }
    }
    for _ in 0..<2 {
      // Not zeroed first: libpng writes the bytes kept (the bound is a
      // frame's size again, and its file is a twentieth of it).
      var written = 0
      var ok: Int32 = 0
      let out = [UInt8](unsafeUninitializedCapacity: capacity) { dest, count in
        var size = capacity
        ok = png_image_write_to_memory(&image, dest.baseAddress, &size, 0, rgba.baseAddress, 0, nil)
        written = size
        count = ok != 0 ? size : 0
      }
      if ok != 0 {
        png_image_free(&image)
        return out
      }
      // Unchanged: an error; larger: the buffer was too small.
      guard written > capacity else { break }
      capacity = written
    }
    throw failure(&image)
  }

  /// The PNG file at `path` as straight RGBA: (width, height, bytes).
  public static func read(_ path: String) throws(RenderError) -> (
    width: Int, height: Int, rgba: [UInt8]
  ) {
    try GraphicsLibraries.load()
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    guard png_image_begin_read_from_file(&image, path) != 0 else { throw failure(&image) }
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    let width = Int(image.width)
    let height = Int(image.height)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let ok = pixels.withUnsafeMutableBytes {
      png_image_finish_read(&image, nil, $0.baseAddress, 0, nil)
    }
    guard ok != 0 else { throw failure(&image) }
    return (width, height, pixels)
  }

  private static func failure(_ image: inout png_image) -> RenderError {
    let message = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    return RenderError("PNG: \(message)")
  }
}
