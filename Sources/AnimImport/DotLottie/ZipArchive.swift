import CZlib

/// The entries of a ZIP archive held in memory (PKWARE's APPNOTE: the end
/// of central directory record, ZIP64's when it is there, and the central
/// directory's file headers), read for a dotLottie file (SPEC §25,
/// docs/spec.md). Entries stored or deflated, unencrypted, are extracted
/// with zlib and their CRC-32 checked.
///
/// Every offset and size is checked against the bytes before it is used,
/// in `Int` arithmetic that cannot overflow (each is at most the archive's
/// length, under 2⁶³), and an entry is extracted into at most its declared
/// size: a hostile archive is an error, never a trap or a bomb.
struct ZipArchive {
  /// One file of the archive, as its central directory header gives it.
  struct Entry {
    /// Its name, with `/` between folders.
    var name: String
    /// 0 stored, 8 deflated.
    var method: Int
    var flags: Int
    var crc: UInt32
    var compressedSize: Int
    var size: Int
    /// Where its local file header starts.
    var headerOffset: Int
  }

  /// Why an archive cannot be read.
  struct Problem: Error, Equatable {
    var message: String
  }

  /// The most entries read (a dotLottie holds a manifest, a few animations
  /// and their images).
  static let maximumEntries = 10_000

  let bytes: [UInt8]
  /// The entries in the central directory's order.
  private(set) var entries: [Entry] = []
  /// Each name's first entry, by name: a file of 50 000 image assets asks
  /// for three names each.
  private var named: [String: Int] = [:]

  /// Whether `bytes` start as a ZIP archive does (a local file header, or
  /// the end record of an empty archive).
  static func looksLikeZip(_ bytes: [UInt8]) -> Bool {
    bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B
      && ((bytes[2] == 3 && bytes[3] == 4) || (bytes[2] == 5 && bytes[3] == 6))
  }

  /// Reads the central directory of `bytes`.
  init(_ bytes: [UInt8]) throws(Problem) {
    self.bytes = bytes
    var (count, directory) = try Self.endRecord(bytes)
    guard count <= Self.maximumEntries else {
      throw Problem(
        message: "it lists \(count) files, more than the limit of \(Self.maximumEntries)")
    }
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard u32(directory) == 0x0201_4B50 else {
        throw Problem(message: "its central directory is damaged (at byte \(directory))")
      }
      let nameLength = u16(directory + 28)
      let extraLength = u16(directory + 30)
      let commentLength = u16(directory + 32)
      let end = directory + 46 + nameLength + extraLength + commentLength
      guard end <= bytes.count else {
        throw Problem(message: "its central directory runs past the end of the file")
      }
      var entry = Entry(
        name: String(
          decoding: bytes[(directory + 46)..<(directory + 46 + nameLength)], as: UTF8.self),
        method: u16(directory + 10), flags: u16(directory + 8), crc: UInt32(u32(directory + 16)),
        compressedSize: u32(directory + 20), size: u32(directory + 24),
        headerOffset: u32(directory + 42))
      try readZIP64Extra(
        &entry, from: directory + 46 + nameLength, to: directory + 46 + nameLength + extraLength)
      if named[entry.name] == nil { named[entry.name] = entries.count }
      entries.append(entry)
      directory = end
    }
  }

  /// The entry named `name`, if any.
  func entry(named name: String) -> Entry? {
    named[name].map { entries[$0] }
  }

  /// The bytes of `entry`, if its declared size is at most `limit`.
  func extract(_ entry: Entry, limit: Int) throws(Problem) -> [UInt8] {
    let name = "'\(Self.printable(entry.name))'"
    guard entry.flags & 1 == 0 else { throw Problem(message: "\(name) is encrypted") }
    guard entry.size <= limit else {
      throw Problem(message: "\(name) is \(entry.size) bytes, larger than the limit of \(limit)")
    }
    let header = entry.headerOffset
    guard header <= bytes.count - 30, u32(header) == 0x0403_4B50 else {
      throw Problem(message: "\(name)'s local header is missing or damaged")
    }
    let start = header + 30 + u16(header + 26) + u16(header + 28)
    guard start <= bytes.count, entry.compressedSize <= bytes.count - start else {
      throw Problem(message: "\(name)'s data runs past the end of the file")
    }
    let data = bytes[start..<(start + entry.compressedSize)]
    // Exit 69 naming the package when zlib is missing, as for Cairo.
    anim_zlib_require()
    var out: [UInt8]
    switch entry.method {
    case 0:
      guard entry.compressedSize == entry.size else {
        throw Problem(message: "\(name) is stored, but its two sizes differ")
      }
      out = Array(data)
    case 8:
      out = [UInt8](repeating: 0, count: entry.size)
      let result = data.withUnsafeBufferPointer { input in
        out.withUnsafeMutableBufferPointer { output in
          anim_inflate_raw(input.baseAddress, input.count, output.baseAddress, output.count)
        }
      }
      switch result {
      case ANIM_INFLATE_DONE: break
      case ANIM_INFLATE_TOO_LONG:
        throw Problem(message: "\(name) inflates past its declared size of \(entry.size) bytes")
      case ANIM_INFLATE_TOO_SHORT:
        throw Problem(message: "\(name) inflates to less than its declared size")
      case ANIM_INFLATE_BAD_DATA: throw Problem(message: "\(name) is not valid deflate data")
      default:
        throw Problem(message: "\(name) cannot be inflated: zlib has no memory for it")
      }
    default:
      throw Problem(
        message:
          "\(name) is compressed by method \(entry.method) (only stored and deflate are read)")
    }
    let crc = out.withUnsafeBufferPointer { anim_crc32($0.baseAddress, $0.count) }
    guard crc == entry.crc else { throw Problem(message: "\(name) fails its CRC-32 check") }
    return out
  }

  /// (entry count, central directory offset) from the end of central
  /// directory record, or ZIP64's when the record defers to it.
  private static func endRecord(_ bytes: [UInt8]) throws(Problem) -> (Int, Int) {
    // The record is 22 bytes and a comment of at most 65 535.
    let earliest = max(0, bytes.count - 22 - 65_535)
    var at = bytes.count - 22
    while at >= earliest {
      if bytes[at] == 0x50, bytes[at + 1] == 0x4B, bytes[at + 2] == 5, bytes[at + 3] == 6 { break }
      at -= 1
    }
    guard at >= earliest, bytes.count >= 22 else {
      throw Problem(message: "it has no end of central directory record (not a ZIP archive)")
    }
    let read = ZipArchive.reader(bytes)
    var count = read.u16(at + 10)
    var directory = read.u32(at + 16)
    if count == 0xFFFF || directory == 0xFFFF_FFFF {
      // ZIP64: a locator just before the record points at its own record.
      guard at >= 20, read.u32(at - 20) == 0x0706_4B50 else {
        throw Problem(message: "its ZIP64 end record is missing")
      }
      let record = try read.offset(at - 12)
      guard record <= bytes.count - 56, read.u32(record) == 0x0606_4B50 else {
        throw Problem(message: "its ZIP64 end record is missing or damaged")
      }
      count = try read.offset(record + 32)
      directory = try read.offset(record + 48)
    }
    guard directory <= bytes.count else {
      throw Problem(message: "its central directory starts past the end of the file")
    }
    // Each header takes 46 bytes at least: a count past that is a lie.
    guard count <= (bytes.count - directory) / 46 else {
      throw Problem(message: "it lists more files than its central directory can hold")
    }
    return (count, directory)
  }

  /// ZIP64's extended sizes and offset (extra field 0x0001), for those of
  /// the header that are 0xFFFFFFFF.
  private func readZIP64Extra(_ entry: inout Entry, from start: Int, to end: Int) throws(Problem) {
    var at = start
    while at + 4 <= end {
      let id = u16(at)
      let length = u16(at + 2)
      guard at + 4 + length <= end else { break }
      if id == 1 {
        // In this order, each only when its header field is 0xFFFFFFFF.
        let read = Self.reader(bytes)
        let short = Problem(message: "'\(Self.printable(entry.name))' has a short ZIP64 field")
        var field = at + 4
        let fieldEnd = at + 4 + length
        if entry.size == 0xFFFF_FFFF {
          guard field + 8 <= fieldEnd else { throw short }
          entry.size = try read.size(field)
          field += 8
        }
        if entry.compressedSize == 0xFFFF_FFFF {
          guard field + 8 <= fieldEnd else { throw short }
          entry.compressedSize = try read.offset(field)
          field += 8
        }
        if entry.headerOffset == 0xFFFF_FFFF {
          guard field + 8 <= fieldEnd else { throw short }
          entry.headerOffset = try read.offset(field)
        }
      }
      at += 4 + length
    }
  }

  /// A name for messages: control characters as `?`, at most 200.
  static func printable(_ s: String) -> String {
    String(
      s.unicodeScalars.prefix(200).map { $0.value < 32 || $0.value == 127 ? "?" : Character($0) })
  }

  private func u16(_ at: Int) -> Int { Self.reader(bytes).u16(at) }
  private func u32(_ at: Int) -> Int { Self.reader(bytes).u32(at) }

  /// Little-endian fields of `bytes` (0 past the end).
  private static func reader(_ bytes: [UInt8]) -> FieldReader { FieldReader(bytes: bytes) }
}

/// Little-endian fields at byte offsets; a field past the end reads 0.
private struct FieldReader {
  let bytes: [UInt8]

  func byte(_ at: Int) -> Int { at >= 0 && at < bytes.count ? Int(bytes[at]) : 0 }
  func u16(_ at: Int) -> Int { byte(at) | byte(at + 1) << 8 }
  func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }

  /// An 8-byte offset or compressed size: refused past the archive's
  /// length (a real one never is), so that sums of them cannot overflow.
  func offset(_ at: Int) throws(ZipArchive.Problem) -> Int {
    let value = u64(at)
    guard value <= UInt64(bytes.count) else {
      throw ZipArchive.Problem(message: "a ZIP64 size or offset lies past the end of the file")
    }
    return Int(value)
  }

  /// An 8-byte uncompressed size (checked against a limit where it is
  /// extracted): refused past 2⁶², where no archive anim reads could go.
  func size(_ at: Int) throws(ZipArchive.Problem) -> Int {
    let value = u64(at)
    guard value <= 1 << 62 else {
      throw ZipArchive.Problem(message: "a ZIP64 size is past any file's")
    }
    return Int(value)
  }

  private func u64(_ at: Int) -> UInt64 { UInt64(u32(at + 4)) << 32 | UInt64(u32(at)) }
}
