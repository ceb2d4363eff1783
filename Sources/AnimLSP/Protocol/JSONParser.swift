import AnimLanguage

/// Parses JSON text (RFC 8259) from UTF-8 bytes into `JSON`, through the
/// reader scripts' `json()` uses (`AnimLanguage.JSONReader`, SPEC §23.1):
/// one parser, with its nesting limit (a message of a million `[` must not
/// exhaust the stack), its line and column in errors, and invalid UTF-8
/// inside strings replaced by U+FFFD.
public enum JSONParser {
  /// Why a text is not JSON: `line:column: message`.
  public typealias SyntaxError = DataError

  /// The value `bytes` hold, or a `SyntaxError`.
  public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSON {
    try JSONReader.read(bytes, into: Builder())
  }

  /// Builds `JSON` values; an object's key given twice keeps its last value,
  /// as JSON-RPC peers (and JavaScript) read it.
  private struct Builder: JSONBuilder {
    func null() -> JSON { .null }
    func bool(_ value: Bool) -> JSON { .bool(value) }
    func number(_ value: Double) -> JSON { .number(value) }
    func string(_ value: String) -> JSON { .string(value) }
    func array(_ items: [JSON]) -> JSON { .array(items) }
    func object(_ keys: [String], _ values: [JSON], keyOffsets: [Int], in bytes: [UInt8]) -> JSON {
      var members: [String: JSON] = [:]
      for (key, value) in zip(keys, values) { members[key] = value }
      return .object(members)
    }
  }
}
