import Foundation
import XCTest

@testable import AnimRender

/// PNG files written in one pass into png.h's bound: whatever compresses
/// well or not at all reads back as the same RGBA.
final class PNGFileTests: XCTestCase {
  /// PNG bytes read back through a file, as `PNGFile.read` reads them.
  static func readBack(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anim-png-\(UUID().uuidString).png"
    ).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try PNGFile.read(path)
  }

  private func roundTrip(_ rgba: [UInt8], _ width: Int, _ height: Int, fast: Bool = false)
    throws -> [UInt8]
  {
    let bytes = try PNGFile.encode(rgba, width: width, height: height, fast: fast)
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    let read = try Self.readBack(bytes)
    XCTAssertEqual(read.width, width)
    XCTAssertEqual(read.height, height)
    return read.rgba
  }

  func testNoiseThatDoesNotCompressAndFlatColourThatDoesReadBack() throws {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<(97 * 61 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    XCTAssertEqual(try roundTrip(noise, 97, 61), noise)
    let flat = [UInt8](repeating: 200, count: 300 * 200 * 4)
    XCTAssertEqual(try roundTrip(flat, 300, 200), flat)
    // The file is cut to what was written, not left at the bound.
    XCTAssertLessThan(try PNGFile.encode(flat, width: 300, height: 200).count, 2_000)
  }

  /// A frame sequence's fast setting: the same pixels, in a larger file.
  func testTheFastSettingReadsBackTheSamePixels() throws {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<(97 * 61 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    XCTAssertEqual(try roundTrip(noise, 97, 61, fast: true), noise)
    // A ramp: a filter would make it rows of equal differences; unfiltered
    // it compresses less.
    var ramp: [UInt8] = []
    for y in 0..<200 {
      for x in 0..<300 { ramp += [UInt8(x % 256), UInt8(y), UInt8((x + y) % 256), 255] }
    }
    XCTAssertEqual(try roundTrip(ramp, 300, 200, fast: true), ramp)
    XCTAssertGreaterThan(
      try PNGFile.encode(ramp, width: 300, height: 200, fast: true).count,
      try PNGFile.encode(ramp, width: 300, height: 200).count)
    XCTAssertEqual(try roundTrip([1, 2, 3, 4], 1, 1, fast: true), [1, 2, 3, 4])
  }

  /// A sequence's frames go through igzip (CI installs libisal-dev):
  /// noise that does not compress, flat colour, a ramp, a row wider than
  /// igzip's 64 KB chunks and a column of one pixel read back through
  /// libpng as they were, and the file is cut to what was written.
  func testIgzipWritesFilesLibpngReadsBack() throws {
    XCTAssertTrue(QuickPNG.available, "libisal.so.2 (Debian libisal2) should be installed")
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<(97 * 61 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    var ramp: [UInt8] = []
    for y in 0..<200 {
      for x in 0..<300 { ramp += [UInt8(x % 256), UInt8(y), UInt8((x + y) % 256), 255] }
    }
    let wide = (0..<(20_000 * 3 * 4)).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
    let cases: [([UInt8], Int, Int)] = [
      (noise, 97, 61), ([UInt8](repeating: 200, count: 300 * 200 * 4), 300, 200), (ramp, 300, 200),
      (wide, 20_000, 3), ([9, 8, 7, 6, 5, 4, 3, 2], 1, 2), ([1, 2, 3, 4], 1, 1),
    ]
    for (rgba, width, height) in cases {
      let quick = try XCTUnwrap(
        rgba.withUnsafeBytes { QuickPNG.encode($0, width: width, height: height) })
      XCTAssertEqual(try PNGFile.encode(rgba, width: width, height: height, fast: true), quick)
      let read = try Self.readBack(quick)
      XCTAssertEqual(read.width, width)
      XCTAssertEqual(read.height, height)
      XCTAssertEqual(read.rgba, rgba, "\(width) × \(height)")
    }
    // 240 000 bytes of one colour: some 3 KB at igzip's level 0, not the
    // bound of 274 KB.
    let flat = [UInt8](repeating: 200, count: 300 * 200 * 4)
    XCTAssertLessThan(try PNGFile.encode(flat, width: 300, height: 200, fast: true).count, 4_000)
    // Short of the size, or of no size: left to libpng, which refuses it.
    XCTAssertNil(
      [UInt8](repeating: 1, count: 15).withUnsafeBytes { QuickPNG.encode($0, width: 2, height: 2) })
    XCTAssertNil([UInt8]().withUnsafeBytes { QuickPNG.encode($0, width: 0, height: 0) })
    XCTAssertThrowsError(
      try PNGFile.encode([UInt8](repeating: 7, count: 15), width: 2, height: 2, fast: true))
  }

  /// Where igzip is not installed, libpng's fast setting writes a
  /// sequence's frames: the same pixels.
  func testLibpngsFastSettingReadsBackTheSamePixels() throws {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<(97 * 61 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for (rgba, width, height) in [(noise, 97, 61), ([1, 2, 3, 4], 1, 1)] {
      let bytes = try rgba.withUnsafeBytes {
        try PNGFile.encodeByLibpng($0, width: width, height: height, fast: true)
      }
      XCTAssertEqual(try Self.readBack(bytes).rgba, rgba)
    }
  }

  func testOnePixel() throws {
    XCTAssertEqual(try roundTrip([1, 2, 3, 4], 1, 1), [1, 2, 3, 4])
  }

  /// Fewer bytes than the size asks for: an error, not a read past them.
  func testBytesShortOfTheSizeAreAnError() {
    for (count, width, height) in [(15, 2, 2), (0, 1, 1), (16, 3, 2), (4, Int.max, Int.max)] {
      XCTAssertThrowsError(
        try PNGFile.encode([UInt8](repeating: 7, count: count), width: width, height: height),
        "\(count) bytes, \(width) × \(height)")
    }
    XCTAssertThrowsError(try PNGFile.encode([1, 2, 3, 4], width: -1, height: 1))
  }
}
