import AnimEngine

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
    n.isFinite ? NumberText.exact(n) : "null"
  }

  /// A JSON string literal (`JSONText`, the one escaper).
  private static func writeString(_ s: String, into out: inout [UInt8]) {
    out.append(contentsOf: JSONText.quoted(s).utf8)
  }
}
