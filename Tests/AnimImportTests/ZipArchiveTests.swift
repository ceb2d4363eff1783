import XCTest

@testable import AnimImport

/// The ZIP reader under dotLottie files: archives written here byte by byte
/// (the checker `test_dotlottie.py` adds Python's own, deflated by zlib).
final class ZipArchiveTests: XCTestCase {
  /// A little-endian field of `width` bytes.
  private func le(_ value: Int, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }

  /// ZIP's CRC-32, by the table-free bitwise definition (not zlib's code).
  private func crc32(_ bytes: [UInt8]) -> Int {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return Int(crc ^ 0xFFFF_FFFF)
  }

  /// An archive of `entries` (name, data as stored, method, size once
  /// extracted), with `comment`, its end record ZIP64's when `zip64`.
  private func zip(
    _ entries: [(String, [UInt8], Int, [UInt8])], comment: [UInt8] = [], zip64: Bool = false
  ) -> [UInt8] {
    var local: [UInt8] = []
    var central: [UInt8] = []
    for (name, data, method, plain) in entries {
      let offset = local.count
      let fields =
        le(20, 2) + le(0, 2) + le(method, 2) + le(0, 4) + le(crc32(plain), 4) + le(data.count, 4)
        + le(plain.count, 4) + le(name.utf8.count, 2) + le(0, 2)
      local += le(0x0403_4B50, 4) + fields + Array(name.utf8) + data
      central +=
        le(0x0201_4B50, 4) + le(20, 2) + fields + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4)
        + le(offset, 4) + Array(name.utf8)
    }
    var out = local + central
    let count = entries.count
    if zip64 {
      let record = out.count
      out +=
        le(0x0606_4B50, 4) + le(44, 8) + le(45, 2) + le(45, 2) + le(0, 4) + le(0, 4)
        + le(count, 8) + le(count, 8) + le(central.count, 8) + le(local.count, 8)
      out += le(0x0706_4B50, 4) + le(0, 4) + le(record, 8) + le(1, 4)
      out +=
        le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(0xFFFF, 2) + le(0xFFFF, 2)
        + le(0xFFFF_FFFF, 4) + le(0xFFFF_FFFF, 4) + le(comment.count, 2) + comment
    } else {
      out +=
        le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(count, 2) + le(count, 2)
        + le(central.count, 4) + le(local.count, 4) + le(comment.count, 2) + comment
    }
    return out
  }

  /// `data` as a deflate stream of stored blocks (BTYPE 00): valid deflate
  /// that needs no compressor.
  private func storedDeflate(_ data: [UInt8], block: Int = 7) -> [UInt8] {
    var out: [UInt8] = []
    var start = 0
    repeat {
      let end = min(start + block, data.count)
      out.append(end == data.count ? 1 : 0)
      out += le(end - start, 2) + le(~(end - start) & 0xFFFF, 2) + data[start..<end]
      start = end
    } while start < data.count
    return out
  }

  func testStoredAndDeflatedEntriesAreReadWithTheirNames() throws {
    let text = Array("{\"animations\": [{\"id\": \"x\"}]}".utf8)
    let archive = try ZipArchive(
      zip([("manifest.json", text, 0, text), ("a/x.json", storedDeflate(text), 8, text)]))
    XCTAssertEqual(archive.entries.map(\.name), ["manifest.json", "a/x.json"])
    XCTAssertEqual(try archive.extract(archive.entry(named: "manifest.json")!, limit: 100), text)
    XCTAssertEqual(try archive.extract(archive.entry(named: "a/x.json")!, limit: 100), text)
    XCTAssertThrowsError(try archive.extract(archive.entry(named: "a/x.json")!, limit: 10)) {
      XCTAssertEqual(
        ($0 as? ZipArchive.Problem)?.message,
        "'a/x.json' is \(text.count) bytes, larger than the limit of 10")
    }
  }

  /// An empty file and an empty archive; the longest comment an end record
  /// may have; ZIP64's end record and its locator.
  func testEndRecordsAtTheirEdges() throws {
    XCTAssertThrowsError(try ZipArchive([])) {
      XCTAssertEqual(
        ($0 as? ZipArchive.Problem)?.message,
        "it has no end of central directory record (not a ZIP archive)")
    }
    XCTAssertEqual(try ZipArchive(zip([])).entries.count, 0)
    let data = Array("hi".utf8)
    let comment = [UInt8](repeating: 0x2A, count: 65_535)
    XCTAssertEqual(try ZipArchive(zip([("x", data, 0, data)], comment: comment)).entries.count, 1)
    let wide = try ZipArchive(zip([("x", data, 0, data), ("y", data, 0, data)], zip64: true))
    XCTAssertEqual(wide.entries.map(\.name), ["x", "y"])
    XCTAssertEqual(try wide.extract(wide.entries[1], limit: 2), data)
  }

  func testAStreamShorterOrLongerThanDeclaredIsRefused() throws {
    let text = Array("0123456789".utf8)
    var short = zip([("s", storedDeflate(Array(text.prefix(5))), 8, text)])
    var archive = try ZipArchive(short)
    XCTAssertThrowsError(try archive.extract(archive.entries[0], limit: 100)) {
      XCTAssertEqual(
        ($0 as? ZipArchive.Problem)?.message, "'s' inflates to less than its declared size")
    }
    // The deflate stream cut: its last block never comes.
    short = zip([("s", Array(storedDeflate(text).prefix(9)), 8, text)])
    archive = try ZipArchive(short)
    XCTAssertThrowsError(try archive.extract(archive.entries[0], limit: 100))
    let long = zip([("l", storedDeflate(text + text), 8, text)])
    archive = try ZipArchive(long)
    XCTAssertThrowsError(try archive.extract(archive.entries[0], limit: 100)) {
      XCTAssertEqual(
        ($0 as? ZipArchive.Problem)?.message, "'l' inflates past its declared size of 10 bytes")
    }
  }

  /// Every cut of an archive is refused or read, never a trap.
  func testEveryTruncationIsAnErrorOrAnArchive() {
    let text = Array("{\"v\": 1}".utf8)
    let whole = zip([("m", text, 0, text), ("d", storedDeflate(text), 8, text)])
    for end in 0..<whole.count {
      if let archive = try? ZipArchive(Array(whole.prefix(end))) {
        for entry in archive.entries { _ = try? archive.extract(entry, limit: 1000) }
      }
    }
    // And every byte of it set to 0xFF in turn.
    for k in whole.indices {
      var damaged = whole
      damaged[k] = 0xFF
      if let archive = try? ZipArchive(damaged) {
        for entry in archive.entries { _ = try? archive.extract(entry, limit: 1000) }
      }
    }
  }

  func testADotLottieNamesItsAnimations() throws {
    let manifest = Array("{\"animations\": [{\"id\": \"one\"}, {\"id\": \"two\"}]}".utf8)
    let doc = Array("{}".utf8)
    let archive = try DotLottie(
      zip([
        ("manifest.json", manifest, 0, manifest), ("animations/one.json", doc, 0, doc),
        ("a/two.json", doc, 0, doc),
      ]))
    XCTAssertEqual(archive.animationIDs, ["one", "two"])
    XCTAssertEqual(try archive.animation(nil).name, "animations/one.json")
    XCTAssertEqual(try archive.animation("two").name, "a/two.json")
  }
}
