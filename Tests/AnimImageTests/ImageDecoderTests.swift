import AnimEngine
import AnimFiles
import Foundation
import XCTest

@testable import AnimImage

/// Image files read for image views (SPEC §21.4): kinds told by their
/// bytes, sizes from headers, limits checked before anything large is
/// allocated, decoders' failures reported; pixels checked against the
/// files' own colours (tests/look/images/make_images.py).
final class ImageDecoderTests: XCTestCase {
  private func file(_ name: String) throws -> [UInt8] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("tests/look/images/\(name)")
    return Array(try Data(contentsOf: url))
  }

  /// A PNG whose header says `width` × `height` (one tiny, empty IDAT).
  private func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func word(_ v: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
    func crc(_ bytes: [UInt8]) -> UInt32 {
      var c: UInt32 = 0xFFFF_FFFF
      for b in bytes {
        c ^= UInt32(b)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
      }
      return c ^ 0xFFFF_FFFF
    }
    func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
      let body = Array(type.utf8) + data
      return word(UInt32(data.count)) + body + word(crc(body))
    }
    // zlib's stored empty block: too little data for any row.
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
      + chunk("IHDR", word(width) + word(height) + [8, 6, 0, 0, 0]) + chunk("IDAT", idat)
      + chunk("IEND", [])
  }

  func testTheKindIsReadFromTheBytes() throws {
    XCTAssertEqual(ImageDecoder.format(of: try file("quad.png")), .png)
    XCTAssertEqual(ImageDecoder.format(of: try file("quad.jpg")), .jpeg)
    XCTAssertEqual(ImageDecoder.format(of: try file("quad.svg")), .svg)
    XCTAssertEqual(
      ImageDecoder.format(of: Array("\u{FEFF}\n <?xml version=\"1.0\"?>\n<svg/>".utf8)), .svg)
    XCTAssertNil(ImageDecoder.format(of: try file("notimage.png")))
    XCTAssertNil(ImageDecoder.format(of: []))
    XCTAssertNil(ImageDecoder.format(of: Array("<html><body/></html>".utf8)))
  }

  func testPNGPixelsAreTheFilesStraightRGBA() throws {
    let image = try ImageDecoder.decode(try file("quad.png"), path: "quad.png")
    XCTAssertEqual([image.pixelWidth, image.pixelHeight], [8, 4])
    XCTAssertEqual([image.width, image.height], [8, 4])
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
      Array(image.pixels[(4 * (y * 8 + x))..<(4 * (y * 8 + x) + 4)])
    }
    XCTAssertEqual(pixel(0, 0), [230, 40, 40, 255])
    XCTAssertEqual(pixel(7, 0), [40, 200, 60, 255])
    XCTAssertEqual(pixel(0, 3), [30, 60, 220, 255])
    XCTAssertEqual(pixel(7, 3), [250, 210, 0, 128])
    XCTAssertFalse(image.isOpaque)
  }

  func testJPEGPixelsAreWithinTheEncodersRounding() throws {
    let image = try ImageDecoder.decode(try file("quad.jpg"), path: "quad.jpg")
    XCTAssertEqual([image.pixelWidth, image.pixelHeight], [16, 16])
    let red = Array(image.pixels[0..<4]).map(Int.init)
    for (got, want) in zip(red, [230, 40, 40, 255]) { XCTAssertEqual(got, want, accuracy: 2) }
    XCTAssertTrue(image.isOpaque)
  }

  func testAnSVGsSizeIsItsWidthAndHeightElseItsViewBox() throws {
    let image = try ImageDecoder.decode(try file("quad.svg"), path: "quad.svg")
    XCTAssertTrue(image.isVector)
    XCTAssertEqual([image.width, image.height], [40, 20])
    let boxOnly = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 12\"><rect width=\"1\" height=\"1\"/></svg>"
        .utf8)
    XCTAssertEqual(try ImageDecoder.header(boxOnly).width, 24)
    let inches = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1in\" height=\"0.5in\"/>".utf8)
    XCTAssertEqual(try ImageDecoder.header(inches).width, 96)
    XCTAssertEqual(try ImageDecoder.header(inches).height, 48)
  }

  func testAnSVGWithoutASizeIsRefused() {
    let bytes = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
    XCTAssertThrowsError(try ImageDecoder.header(bytes)) { error in
      XCTAssertTrue("\(error)".contains("the SVG has no size"), "\(error)")
    }
  }

  func testAnSVGOverAMillionPointsASideIsRefused() throws {
    for side in ["1e38", "1000001"] {
      let bytes = Array(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"10\"/>".utf8)
      XCTAssertThrowsError(try ImageDecoder.decode(bytes, path: "s")) { error in
        XCTAssertTrue("\(error)".hasSuffix("larger than the limit of 1000000 points a side"))
      }
    }
    let largest = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1000000\" height=\"10\"/>".utf8)
    XCTAssertEqual(try ImageDecoder.decode(largest, path: "s").width, 1_000_000)
  }

  func testOverThePixelLimitIsRefusedFromTheHeader() {
    // 9000 × 9000 = 81 megapixels: refused before 324 MB are allocated.
    XCTAssertThrowsError(try ImageDecoder.decode(pngHeader(width: 9000, height: 9000), path: "h")) {
      error in
      XCTAssertEqual(
        "\(error)",
        "the image is 9000 × 9000 pixels, more than the limit of 64 megapixels (64000000 pixels)")
    }
    // 8000 × 8000 is within the limit: only its stub data fails.
    XCTAssertThrowsError(try ImageDecoder.decode(pngHeader(width: 8000, height: 8000), path: "h")) {
      error in
      XCTAssertTrue("\(error)".hasPrefix("the PNG file cannot be decoded"), "\(error)")
    }
  }

  func testCorruptFilesAreErrorsNotPictures() throws {
    XCTAssertThrowsError(try ImageDecoder.decode(try file("corrupt.png"), path: "c")) { error in
      XCTAssertTrue("\(error)".hasPrefix("the PNG file cannot be read"), "\(error)")
    }
    // A JPEG cut short: libjpeg-turbo's warning stops it (nothing grey drawn).
    let jpeg = try file("quad.jpg")
    XCTAssertThrowsError(try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count / 2)), path: "j")) {
      error in
      XCTAssertTrue("\(error)".hasPrefix("the JPEG file cannot be"), "\(error)")
    }
    XCTAssertThrowsError(try ImageDecoder.decode([], path: "e")) { error in
      XCTAssertEqual("\(error)", "the image file is empty")
    }
  }

  func testTheSVGIsDrawnByLibrsvgAtTheSizeAsked() throws {
    let image = try ImageDecoder.decode(try file("quad.svg"), path: "quad.svg")
    let pixels = try ImagePNG.svgPixels(image, width: 40, height: 20)
    XCTAssertEqual(Array(pixels[0..<4]), [0xE6, 0x28, 0x28, 255])
    let last = 4 * (19 * 40 + 39)
    // The yellow quadrant at fill-opacity 0.5 (8-bit alpha, rounded).
    XCTAssertEqual(Array(pixels[last..<(last + 4)]).map(Int.init)[3], 128, accuracy: 1)
  }
}

/// Files read only when they are plain files of bounded size.
final class RegularFileTests: XCTestCase {
  private var folder: String!

  override func setUpWithError() throws {
    folder = NSTemporaryDirectory() + "anim-regular-\(getpid())-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func testAFIFOIsRefusedWithoutWaitingForAWriter() {
    let path = folder + "/pipe.png"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    XCTAssertThrowsError(try RegularFile.read(path, limit: 100)) { error in
      XCTAssertEqual((error as? FileError)?.reason, "it is a FIFO, not a file")
    }
  }

  func testAFolderAMissingFileAndALargeOneAreRefused() throws {
    XCTAssertThrowsError(try RegularFile.read(folder, limit: 100)) { error in
      XCTAssertEqual((error as? FileError)?.reason, "it is a directory")
    }
    XCTAssertThrowsError(try RegularFile.read(folder + "/none.png", limit: 100)) { error in
      XCTAssertEqual((error as? FileError)?.isMissing, true)
    }
    let big = folder + "/big.png"
    XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: Data(count: 101)))
    XCTAssertThrowsError(try RegularFile.read(big, limit: 100)) { error in
      let tooLarge = error as? RegularFile.TooLarge
      XCTAssertEqual(tooLarge.map { [$0.size, $0.limit] }, [101, 100])
    }
    XCTAssertEqual(try RegularFile.read(big, limit: 101).count, 101)
    XCTAssertThrowsError(try RegularFile.read("/dev/zero", limit: 10)) { error in
      XCTAssertEqual((error as? FileError)?.reason, "it is a device, not a file")
    }
  }
}
