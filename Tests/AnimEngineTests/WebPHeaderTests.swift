import AnimEngine
import XCTest

/// A WebP file's size, read from its first chunk before anything decodes
/// it (the import converts WebP stills to PNG, and refuses past 64
/// megapixels or an animation first).
final class WebPHeaderTests: XCTestCase {
  private func riff(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
    Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8) + Array(chunk.utf8)
      + [UInt8(payload.count), 0, 0, 0] + payload
  }

  func testTheThreeKindsOfFirstChunk() {
    // Lossy: a key frame's start code, then 14-bit width and height.
    let lossy = riff("VP8 ", [0, 0, 0, 0x9D, 0x01, 0x2A, 0x44, 0x01, 0x2C, 0x01] + [0, 0])
    XCTAssertEqual(WebPHeader.size(of: lossy)?.width, 324)
    XCTAssertEqual(WebPHeader.size(of: lossy)?.height, 300)
    // Lossless: 0x2F, then width − 1 and height − 1 in 14 bits each
    // (8 × 6: 7 | 5 << 14).
    let bits = 7 | 5 << 14
    let lossless = riff(
      "VP8L",
      [0x2F] + (0..<4).map { UInt8(truncatingIfNeeded: bits >> (8 * $0)) } + [0, 0, 0, 0, 0])
    XCTAssertEqual(WebPHeader.size(of: lossless)?.width, 8)
    XCTAssertEqual(WebPHeader.size(of: lossless)?.height, 6)
    XCTAssertEqual(WebPHeader.size(of: lossless)?.animated, false)
    // Extended: flags (0x02 animation), 3 reserved, 24-bit width − 1, height − 1.
    let extended = riff("VP8X", [0x02, 0, 0, 0, 0x0F, 0x27, 0, 0x0F, 0x27, 0])
    XCTAssertEqual(WebPHeader.size(of: extended)?.width, 10_000)
    XCTAssertEqual(WebPHeader.size(of: extended)?.height, 10_000)
    XCTAssertEqual(WebPHeader.size(of: extended)?.animated, true)
  }

  func testWhatIsNotAWebPHeaderHasNoSize() {
    XCTAssertNil(WebPHeader.size(of: []))
    XCTAssertNil(WebPHeader.size(of: Array("RIFF\0\0\0\0WEBPVP8 ".utf8)))
    XCTAssertNil(WebPHeader.size(of: riff("VP8 ", [UInt8](repeating: 0, count: 12))))
    XCTAssertNil(WebPHeader.size(of: riff("VP8L", [UInt8](repeating: 0, count: 12))))
    XCTAssertNil(WebPHeader.size(of: riff("ALPH", [UInt8](repeating: 0, count: 12))))
    XCTAssertNil(WebPHeader.size(of: Array("\u{89}PNG".utf8) + [UInt8](repeating: 0, count: 40)))
  }
}
