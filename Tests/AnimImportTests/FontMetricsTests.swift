import XCTest

@testable import AnimImport

#if canImport(Glibc)
  import Glibc
#endif

/// The three numbers of a font file the importer reads to place a dotLottie
/// text's baseline (SceneBuilder+FontText): from DejaVu Sans (Debian's
/// `fonts-dejavu-core`, which anim's own texts default to) and from files
/// made here, every offset checked.
final class FontMetricsTests: XCTestCase {
  private func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
  private func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }

  /// A font file of `head` and `hhea` only, with units per em `upm` and
  /// the ascender and descender given.
  private func font(upm: Int, ascender: Int, descender: Int, version: Int = 0x0001_0000)
    -> [UInt8]
  {
    let head = [UInt8](repeating: 0, count: 18) + u16(upm) + [UInt8](repeating: 0, count: 34)
    let hhea =
      [UInt8](repeating: 0, count: 4) + u16(ascender & 0xFFFF) + u16(descender & 0xFFFF)
      + [UInt8](repeating: 0, count: 28)
    var out = u32(version) + u16(2) + u16(0) + u16(0) + u16(0)
    out += Array("head".utf8) + u32(0) + u32(44) + u32(head.count)
    out += Array("hhea".utf8) + u32(0) + u32(44 + head.count) + u32(hhea.count)
    return out + head + hhea
  }

  func testDejaVuSansMetricsAreItsHeadAndHheaTables() throws {
    let path = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    guard let file = fopen(path, "rb") else { throw XCTSkip("no \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer.prefix(n) }
    let metrics = try XCTUnwrap(FontMetrics(bytes))
    XCTAssertEqual(metrics, FontMetrics(unitsPerEm: 2048, ascender: 1901, descender: -483))
    // SPEC §18 at size 24: (28.8 − 2384 × 24 / 2048) / 2 + 1901 × 24 / 2048.
    XCTAssertEqual(metrics.baseline(size: 24), 22.70859375, accuracy: 1e-12)
  }

  func testTrueTypeAndOpenTypeFilesAreRead() {
    for version in [0x0001_0000, 0x7472_7565, 0x4F54_544F] {
      XCTAssertEqual(
        FontMetrics(font(upm: 1000, ascender: 800, descender: -200, version: version)),
        FontMetrics(unitsPerEm: 1000, ascender: 800, descender: -200))
    }
    XCTAssertEqual(
      FontMetrics(font(upm: 1000, ascender: 1000, descender: -200))?.baseline(size: 50), 50)
  }

  func testWhatIsNotAFontOrHasNoSensibleMetricsIsNil() {
    XCTAssertNil(FontMetrics([]))
    XCTAssertNil(FontMetrics(Array("wOFF".utf8) + [UInt8](repeating: 0, count: 100)))
    XCTAssertNil(FontMetrics(font(upm: 1000, ascender: 800, descender: -200, version: 0x7474_6366)))
    XCTAssertNil(FontMetrics(font(upm: 0, ascender: 800, descender: -200)))
    XCTAssertNil(FontMetrics(font(upm: 65535, ascender: 800, descender: -200)))
    XCTAssertNil(FontMetrics(font(upm: 1000, ascender: -200, descender: 800)))
    let good = font(upm: 1000, ascender: 800, descender: -200)
    // Cut anywhere, or any byte set to 0xFF: read or nil, never a trap.
    for cut in 0..<good.count {
      let read = FontMetrics(Array(good.prefix(cut)))
      XCTAssertNil(read, "cut at \(cut)")
    }
    for k in good.indices {
      var damaged = good
      damaged[k] = 0xFF
      _ = FontMetrics(damaged)
    }
  }
}
