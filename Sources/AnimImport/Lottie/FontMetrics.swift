import AnimText

/// What anim needs of a font file to place a `text` view's baseline where
/// a Lottie text's is: its units per em and its hhea ascender and
/// descender (SPEC §18 lays a line out with these), read from the sfnt
/// tables of a TrueType or OpenType file (`head`, `hhea`). Everything
/// else — shaping, outlines — is FreeType's and HarfBuzz's when the script
/// runs; this only reads three numbers, every offset checked.
struct FontMetrics: Sendable, Equatable {
  var unitsPerEm: Double
  var ascender: Double
  var descender: Double

  init(unitsPerEm: Double, ascender: Double, descender: Double) {
    self.unitsPerEm = unitsPerEm
    self.ascender = ascender
    self.descender = descender
  }

  /// The metrics of the font file `bytes`; nil when it is not a TrueType
  /// or OpenType font (a collection, WOFF, or damaged tables).
  init?(_ bytes: [UInt8]) {
    func u16(_ at: Int) -> Int? {
      guard at >= 0, at + 2 <= bytes.count else { return nil }
      return Int(bytes[at]) << 8 | Int(bytes[at + 1])
    }
    func i16(_ at: Int) -> Int? { u16(at).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }
    func u32(_ at: Int) -> Int? {
      guard let high = u16(at), let low = u16(at + 2) else { return nil }
      return high << 16 | low
    }
    // TrueType (1.0 or 'true') or OpenType with CFF outlines ('OTTO').
    guard let version = u32(0), [0x0001_0000, 0x7472_7565, 0x4F54_544F].contains(version),
      let count = u16(4)
    else { return nil }
    var tables: [Int: Int] = [:]
    for k in 0..<count {
      let record = 12 + 16 * k
      guard let tag = u32(record), let offset = u32(record + 8), let length = u32(record + 12)
      else { return nil }
      if offset + length <= bytes.count { tables[tag] = offset }
    }
    guard let head = tables[0x6865_6164], let hhea = tables[0x6868_6561],  // 'head', 'hhea'
      let upm = u16(head + 18), (16...16384).contains(upm),
      let ascender = i16(hhea + 4), let descender = i16(hhea + 6), ascender > descender
    else { return nil }
    unitsPerEm = Double(upm)
    self.ascender = Double(ascender)
    self.descender = Double(descender)
  }

  /// How far below a `text` view's top its first baseline is, at `size`
  /// (as anim's own text lays a line out: `AnimText.TextLayout.baseline`).
  func baseline(size: Double) -> Double {
    AnimText.TextLayout.baseline(
      size: size, unitsPerEm: unitsPerEm, ascender: ascender, descender: descender)
  }
}
