#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shapes texts for the engine, the renderers and the exporters (SPEC §18),
/// through the shaper the language installs (HarfBuzz and FreeType live in
/// AnimText, which the engine does not import). Shapes are cached per
/// (string, font request): a counting number shapes each string it shows
/// once, and an animated size or tracking never shapes again.
public enum TextShaping {
  /// Shapes `text` in the face a script asks for (`font`, `weight`,
  /// `italic`); throws a message when the font cannot be found or read.
  public typealias Shaper = @Sendable (_ text: String, _ font: FontRequest) throws -> TextShape

  /// What a shape is cached under.
  private struct Key: Hashable {
    var text: String
    var font: FontRequest
  }

  nonisolated(unsafe) private static var shaper: Shaper?
  nonisolated(unsafe) private static var cache: [Key: TextShape] = [:]
  private static let mutex = Mutex()

  /// The longest string a text shows, in UTF-8 bytes. Each glyph's
  /// contours are written out in every drawing of SVG, Lottie and the HTML
  /// player (a few hundred bytes a glyph), so a longer string would make
  /// outputs of tens of megabytes per frame shown; a script that sets one
  /// gets an error where it does (SPEC §18).
  public static let maximumLength = 100_000

  /// The most shapes kept; past it the cache starts again (a number counting
  /// through a million values must not keep a million shapes).
  public static let cacheLimit = 4096

  /// Installs the shaper (the language does, before its first text).
  public static func install(_ shaper: @escaping Shaper) {
    locked { self.shaper = shaper }
  }

  /// Whether a shaper is installed.
  public static var isInstalled: Bool { locked { shaper != nil } }

  /// The shape of `text` in `font`, from the cache or shaped now; throws
  /// what the shaper throws, or an `EngineError` when none is installed.
  public static func shape(_ text: String, font: FontRequest) throws -> TextShape {
    let key = Key(text: text, font: font)
    let (cached, shaper) = locked { (cache[key], self.shaper) }
    if let cached { return cached }
    guard let shaper else { throw EngineError("text cannot be shaped: no text shaper installed") }
    let shape = try shaper(text, font)
    locked {
      if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
      cache[key] = shape
    }
    return shape
  }

  /// The shape, or an empty one when it cannot be shaped (drawing never
  /// fails on a font the declaration already opened).
  public static func shapeOrEmpty(_ text: String, font: FontRequest) -> TextShape {
    (try? shape(text, font: font)) ?? TextShape(lines: [], letters: [])
  }

  private static func locked<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(mutex.pointer)
    defer { pthread_mutex_unlock(mutex.pointer) }
    return try body()
  }

  /// A pthread mutex at a stable address.
  private final class Mutex: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(pointer, nil) }
  }
}
