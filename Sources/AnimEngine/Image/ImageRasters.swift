#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Pictures of images as PNG files, for the exporters that embed pixels
/// (Lottie's image assets, SPEC §21.4): a raster image's own pixels, an SVG
/// drawn at a given size. The engine knows no image library: the language
/// installs the one that makes them (AnimImage's libpng and librsvg) when a
/// script first declares an image, as it installs the text shaper.
public enum ImageRasters {
  /// Makes the PNG file of `source` at `width` × `height` pixels (an SVG's
  /// size; a raster image is always at its own), or nil when it cannot.
  public typealias Maker = @Sendable (ImageSource, Int, Int) -> [UInt8]?

  nonisolated(unsafe) private static var maker: Maker?
  private static let mutex = Mutex()
  private static var lock: UnsafeMutablePointer<pthread_mutex_t> { mutex.pointer }

  /// A pthread mutex at a stable address.
  private final class Mutex: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(pointer, nil) }
  }

  /// Installs the maker (later calls replace it).
  public static func install(_ maker: @escaping Maker) {
    pthread_mutex_lock(lock)
    self.maker = maker
    pthread_mutex_unlock(lock)
  }

  private static var installed: Maker? {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return maker
  }

  /// The largest picture made, in pixels (64 megapixels, as the largest
  /// image read): an SVG drawn larger is made at this many pixels, its
  /// aspect kept.
  public static let maximumPixels = 64_000_000

  /// The PNG file of `source`: a raster image at its own size, an SVG at
  /// `width` × `height` pixels (each at least 1, scaled down to
  /// `maximumPixels`). Nil when no maker is installed or it failed.
  public static func png(of source: ImageSource, width: Int, height: Int) -> [UInt8]? {
    guard let maker = installed else { return nil }
    if !source.isVector { return maker(source, source.pixelWidth, source.pixelHeight) }
    var w = Double(max(width, 1))
    var h = Double(max(height, 1))
    if w * h > Double(maximumPixels) {
      let s = (Double(maximumPixels) / (w * h)).squareRoot()
      w = max((w * s).rounded(.down), 1)
      h = max((h * s).rounded(.down), 1)
    }
    return maker(source, Int(w), Int(h))
  }

  /// The width and height a PNG file's header gives, or nil when `png` is
  /// not a PNG file.
  public static func pngSize(_ png: [UInt8]) -> (Int, Int)? {
    guard png.count >= 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
    func word(_ i: Int) -> Int {
      Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3])
    }
    return (word(16), word(20))
  }
}
