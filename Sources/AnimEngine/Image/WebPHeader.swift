/// The size of a WebP image from its header (Google's WebP container
/// specification: a `RIFF` file of form `WEBP` whose first chunk is `VP8 `
/// (lossy), `VP8L` (lossless) or `VP8X` (extended, which says whether it
/// is animated)), read before anything decodes it.
public enum WebPHeader {
  /// Width, height and whether it is animated; nil when `bytes` are not a
  /// WebP file or its first chunk is cut short or unknown.
  public static func size(of bytes: [UInt8]) -> (width: Int, height: Int, animated: Bool)? {
    guard UnsupportedImageFormat.name(of: bytes) == "WebP", bytes.count >= 30 else { return nil }
    func byte(_ at: Int) -> Int { Int(bytes[at]) }
    func u16(_ at: Int) -> Int { byte(at) | byte(at + 1) << 8 }
    func u24(_ at: Int) -> Int { u16(at) | byte(at + 2) << 16 }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      // A key frame's start code, then 14-bit width and height.
      guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return (u16(26) & 0x3FFF, u16(28) & 0x3FFF, false)
    case "VP8L":
      // The signature 0x2F, then width − 1 and height − 1 in 14 bits each.
      guard bytes[20] == 0x2F else { return nil }
      let bits = u24(21) | byte(24) << 24
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1, false)
    case "VP8X":
      // Flags (0x02: animation), then the canvas's width − 1 and height − 1.
      return (u24(24) + 1, u24(27) + 1, bytes[20] & 0x02 != 0)
    default:
      return nil
    }
  }
}
