import XCTest

@testable import AnimEngine

final class UnsupportedImageFormatTests: XCTestCase {
  private func bytes(_ text: String, after prefix: [UInt8] = []) -> [UInt8] {
    prefix + Array(text.utf8)
  }

  func testEachSignatureIsNamed() {
    let box: [UInt8] = [0, 0, 0, 0x1C]
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("ftypavif", after: box)), "AVIF")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("ftypavis", after: box)), "AVIF")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("ftypheic", after: box)), "HEIC")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("ftypmif1", after: box)), "HEIF")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("ftypisom", after: box)), "an MP4 video")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("ftypmp42", after: box)), "an MP4 video")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("RIFF\0\0\0\0WEBPVP8 ")), "WebP")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("GIF89a")), "GIF")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bytes("GIF87a")), "GIF")
    let bitmap: [UInt8] = Array("BM".utf8) + Array(repeating: 0, count: 12) + [40, 0, 0, 0]
    XCTAssertEqual(UnsupportedImageFormat.name(of: bitmap), "BMP")
    XCTAssertEqual(UnsupportedImageFormat.name(of: bitmap.dropLast(1) + [1]), nil)
    XCTAssertEqual(UnsupportedImageFormat.name(of: [0x49, 0x49, 0x2A, 0x00, 8]), "TIFF")
    XCTAssertEqual(UnsupportedImageFormat.name(of: [0x4D, 0x4D, 0x00, 0x2A, 0]), "TIFF")
    XCTAssertEqual(
      UnsupportedImageFormat.clause(for: bytes("GIF89a")), " (it is GIF)")
  }

  func testAnythingElseIsNotNamed() {
    for other in [
      [], [0x00], bytes("BM"), bytes("BMW owners' notes, not a bitmap"),
      bytes("RIFF\0\0\0\0WAVE"), bytes("ftypavif"), bytes("GIF8"),
      bytes("hello, not an image"), [0x89, 0x50, 0x4E, 0x47],
    ] as [[UInt8]] {
      XCTAssertNil(UnsupportedImageFormat.name(of: other), "\(other)")
      XCTAssertEqual(UnsupportedImageFormat.clause(for: other), "")
    }
  }
}
