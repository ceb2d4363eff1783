/// Writes JSON values as compact UTF-8 text, object members sorted by key
/// (so that output is reproducible).
public enum JSONWriter {
  /// The text of `value`.
  public static func bytes(_ value: JSON) -> [UInt8] {
    var out: [UInt8] = []
    write(value, into: &out)
    return out
  }

  /// The text of `value` as a string.
  public static func string(_ value: JSON) -> String {
    String(decoding: bytes(value), as: UTF8.self)
  }

  private static func write(_ value: JSON, into out: inout [UInt8]) {
    switch value {
    case .null: out.append(contentsOf: Array("null".utf8))
    case .bool(let b): out.append(contentsOf: Array((b ? "true" : "false").utf8))
    case .number(let n): out.append(contentsOf: Array(number(n).utf8))
    case .string(let s): writeString(s, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (i, element) in elements.enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        write(element, into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (i, key) in members.keys.sorted().enumerated() {
        if i > 0 { out.append(UInt8(ascii: ",")) }
        writeString(key, into: &out)
        out.append(UInt8(ascii: ":"))
        write(members[key]!, into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// Whole numbers without a fraction; JSON has no infinities or NaN, so those are null.
  private static func number(_ n: Double) -> String {
    guard n.isFinite else { return "null" }
    if n.rounded() == n, abs(n) < 1e15 { return String(Int64(n)) }
    return "\(n)"
  }

  private static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in s.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
      case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
      case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        out.append(contentsOf: [
          0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)],
        ])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
