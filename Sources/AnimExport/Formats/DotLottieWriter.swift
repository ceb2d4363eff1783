import AnimEngine
import CZlib

/// A Lottie document as a dotLottie file (dotlottie.io, version 2): a ZIP
/// archive of `manifest.json` and the animation at `a/ID.json`, deflated
/// (`anim export -o FILE.lottie`; docs/export.md). Images stay inside the
/// animation as data URIs, as anim's Lottie writes them.
public enum DotLottieWriter {
  /// Why an archive cannot be made.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// The archive of the Lottie document `json`, its animation named `id`
  /// (each character outside `[A-Za-z0-9_-]` as `_`; "animation" when
  /// empty).
  public static func archive(json: [UInt8], id: String) throws(Failure) -> [UInt8] {
    let name = animationID(id)
    let manifest = Array(
      #"{"version":"2","generator":"anim","animations":[{"id":"\#(name)"}]}"#.utf8)
    var zip = ZipWriter()
    try zip.add("manifest.json", manifest, deflated: false)
    try zip.add("a/\(name).json", json, deflated: true)
    return try zip.finished()
  }

  /// `id` as a dotLottie animation id that is also a safe file name.
  static func animationID(_ id: String) -> String { FileSafeName.of(id, or: "animation") }
}

/// A ZIP archive built in memory (PKWARE's APPNOTE): a local header and the
/// data of each entry, then the central directory and its end record. No
/// ZIP64: an entry or archive of 4 GiB or more is refused.
struct ZipWriter {
  private var body: [UInt8] = []
  private var directory: [UInt8] = []
  private var count = 0

  /// Adds the file `name` holding `data`, deflated or stored.
  mutating func add(_ name: String, _ data: [UInt8], deflated: Bool) throws(DotLottieWriter.Failure)
  {
    let crc = data.withUnsafeBufferPointer { anim_crc32($0.baseAddress, $0.count) }
    var stored = data
    if deflated {
      var length = 0
      guard
        let out = data.withUnsafeBufferPointer({
          anim_deflate_raw($0.baseAddress, $0.count, &length)
        })
      else {
        throw DotLottieWriter.Failure(description: "zlib could not deflate '\(name)'")
      }
      stored = Array(UnsafeBufferPointer(start: out, count: length))
      anim_deflate_free(out)
    }
    let limit = 0xFFFF_FFFF
    guard data.count < limit, stored.count < limit, body.count < limit - stored.count - 1024,
      count < 0xFFFF
    else {
      throw DotLottieWriter.Failure(
        description: "'\(name)' is 4 GiB or more: too large for a dotLottie file")
    }
    let nameBytes = Array(name.utf8)
    // Version 2.0; flag 11 (UTF-8 names); no time or date (1980-01-01).
    let fields =
      le(20, 2) + le(0x0800, 2) + le(deflated ? 8 : 0, 2) + le(0, 2) + le(0x21, 2)
      + le(Int(crc), 4) + le(stored.count, 4) + le(data.count, 4) + le(nameBytes.count, 2)
      + le(0, 2)
    let offset = body.count
    body += le(0x0403_4B50, 4) + fields + nameBytes + stored
    directory +=
      le(0x0201_4B50, 4) + le(20, 2) + fields + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4)
      + le(offset, 4) + nameBytes
    count += 1
  }

  /// The archive: the entries, their directory and its end record.
  func finished() throws(DotLottieWriter.Failure) -> [UInt8] {
    body + directory + le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(count, 2) + le(count, 2)
      + le(directory.count, 4) + le(body.count, 4) + le(0, 2)
  }

  /// `value` in `width` little-endian bytes.
  private func le(_ value: Int, _ width: Int) -> [UInt8] {
    (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
