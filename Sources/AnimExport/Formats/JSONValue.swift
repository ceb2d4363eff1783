import AnimEngine

/// A JSON document written with its keys in the order given (some players
/// depend on it: rlottie reads a layer's rotation only when `ddd` comes
/// before `ks`) and its numbers in the shortest form that reads back exactly.
public indirect enum JSONValue: Sendable {
  case number(Double)
  case integer(Int)
  case string(String)
  case bool(Bool)
  case array([JSONValue])
  /// Members in writing order.
  case object([(String, JSONValue)])
  /// JSON text written as is, for a writer that serialises a long run of
  /// values itself rather than making a tree node of each.
  case raw(String)

  /// The document as compact JSON text.
  public var text: String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Appends the document to `out`.
  public func write(to out: inout String) {
    switch self {
    case .number(let v): out += Self.format(v)
    case .integer(let v): out += String(v)
    case .string(let s): Self.quote(s, into: &out)
    case .bool(let b): out += b ? "true" : "false"
    case .array(let items):
      out += "["
      for (i, item) in items.enumerated() {
        if i > 0 { out += "," }
        item.write(to: &out)
      }
      out += "]"
    case .object(let members):
      Self.writeMembers(members, to: &out)
    case .raw(let text):
      out += text
    }
  }

  /// Appends an object of `members`; with `closing` false, without its `}`,
  /// for a writer that streams the last member itself.
  static func writeMembers(
    _ members: [(String, JSONValue)], to out: inout String, closing: Bool = true
  ) {
    out += "{"
    for (i, (key, value)) in members.enumerated() {
      if i > 0 { out += "," }
      quote(key, into: &out)
      out += ":"
      value.write(to: &out)
    }
    if closing { out += "}" }
  }

  /// The shortest decimal that reads back as `v` (whole numbers without a
  /// fraction); never `inf` or `nan`, which JSON cannot hold
  /// (``NumberText/written(_:)``, the one writer of numbers into files).
  public static func format(_ v: Double) -> String {
    NumberText.written(v)
  }

  /// `s` as a JSON string, `<` escaped: export documents are embedded in
  /// the HTML player's `<script>` (`JSONText`, the one escaper).
  static func quote(_ s: String, into out: inout String) {
    JSONText.appendQuoted(s, to: &out, escapingLessThan: true)
  }
}
