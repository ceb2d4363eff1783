import AnimEngine
import CText

#if canImport(Glibc)
  import Glibc
#endif

/// One open font file: its metrics, shaping and glyph outlines (font units,
/// y up). Outlines are cached per glyph: a text drawn at every frame reads
/// each glyph from FreeType once.
public final class FontFile: @unchecked Sendable {
  /// The file's path, as opened.
  public let path: String
  /// The face's index in the file (FreeType's: the face in a collection,
  /// a variable font's named instance in bits 16-30).
  public let index: Int32
  /// The face's full name ("DejaVu Sans Bold"): fontconfig's for a face it
  /// chose (a variable font's named instance has its own), else the name
  /// table's.
  public let face: String
  /// Units per em; positions divide by it and multiply by the size.
  public let unitsPerEm: Double
  /// The hhea ascender and descender (the descender negative), font units.
  public let ascender: Double, descender: Double
  private let handle: OpaquePointer
  private var outlines: [UInt32: Outline] = [:]
  private let lock = Lock()

  /// Opens face `index` of the font at `path`, named `name` (nil: by its
  /// name table); an error when it is not a font.
  init(path: String, index: Int32 = 0, name: String? = nil) throws(TextError) {
    // A family's file too: FreeType must never open a FIFO or a device.
    if let problem = FontPath.problem(path, named: path) { throw problem }
    // FreeType's functions are loaded on first use: whoever opens a font
    // first (a test of this file alone too) loads them.
    try TextLibraries.load()
    var error = [CChar](repeating: 0, count: 256)
    guard let handle = anim_text_open(path, index, &error, error.count) else {
      throw TextError(
        "font file '\(path)' is \(String(nulTerminated: error))",
        hint: "give a .ttf or .otf file, or a family name (list them with: fc-list : family)")
    }
    self.path = path
    self.index = index
    self.handle = handle
    if let name {
      face = name
    } else {
      var own = [CChar](repeating: 0, count: 512)
      anim_text_face_name(handle, &own, own.count)
      face = String(nulTerminated: own)
    }
    var upem: Int32 = 0, ascender: Int32 = 0, descender: Int32 = 0
    anim_text_metrics(handle, &upem, &ascender, &descender)
    unitsPerEm = Double(max(upem, 1))
    self.ascender = Double(ascender)
    self.descender = Double(descender)
  }

  deinit { anim_text_close(handle) }

  /// The glyphs of one line of UTF-8 text, shaped left to right with the
  /// optional ligatures off.
  func shape(_ text: String) -> [anim_glyph] {
    var utf8 = Array(text.utf8)
    if utf8.isEmpty { return [] }
    var glyphs = [anim_glyph](repeating: anim_glyph(), count: utf8.count + 8)
    var count = anim_text_shape(handle, &utf8, utf8.count, &glyphs, glyphs.count)
    if count > glyphs.count {
      glyphs = [anim_glyph](repeating: anim_glyph(), count: count)
      count = anim_text_shape(handle, &utf8, utf8.count, &glyphs, glyphs.count)
    }
    return Array(glyphs.prefix(count))
  }

  /// The contours of `glyph` in font units (y up), each closed; empty for a
  /// glyph with no outline (a space).
  func outline(of glyph: UInt32) -> Outline {
    lock.withLock {
      if let cached = outlines[glyph] { return cached }
      var buffer = [Double](repeating: 0, count: 512)
      var needed = anim_text_outline(handle, glyph, &buffer, buffer.count)
      if needed > buffer.count {
        buffer = [Double](repeating: 0, count: needed)
        needed = anim_text_outline(handle, glyph, &buffer, buffer.count)
      }
      let contours = needed < 0 ? Outline.empty : Outline.glyph(from: buffer.prefix(needed))
      outlines[glyph] = contours
      return contours
    }
  }
}

/// A mutual-exclusion lock over pthread's, without Foundation.
final class Lock: @unchecked Sendable {
  private var mutex = pthread_mutex_t()
  init() { pthread_mutex_init(&mutex, nil) }
  deinit { pthread_mutex_destroy(&mutex) }
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(&mutex)
    defer { pthread_mutex_unlock(&mutex) }
    return try body()
  }
}
