/// Base64 (RFC 4648, with padding): how SVG, the HTML player and Lottie
/// embed an image file in a `data:` URI.
public enum Base64 {
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// `bytes` in base64.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out = [UInt8]()
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var i = 0
    while i + 3 <= bytes.count {
      let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      out.append(alphabet[Int(n >> 6 & 63)])
      out.append(alphabet[Int(n & 63)])
      i += 3
    }
    let rest = bytes.count - i
    if rest > 0 {
      let n = UInt32(bytes[i]) << 16 | (rest == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
      out.append(alphabet[Int(n >> 18 & 63)])
      out.append(alphabet[Int(n >> 12 & 63)])
      out.append(rest == 2 ? alphabet[Int(n >> 6 & 63)] : UInt8(ascii: "="))
      out.append(UInt8(ascii: "="))
    }
    return String(decoding: out, as: UTF8.self)
  }
}
