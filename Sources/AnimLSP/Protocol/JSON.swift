/// A JSON value, as JSON-RPC messages carry them.
///
/// The server parses and writes JSON itself rather than through
/// `JSONSerialization`: what arrives on stdin may be anything, and this
/// parser has a nesting limit, never traps, and reads a 1 MB document text
/// in one pass over its bytes.
public enum JSON: Sendable, Hashable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  /// The member `key` of an object; nil for other values and missing keys.
  public subscript(key: String) -> JSON? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  /// The string, if this is one.
  public var string: String? {
    if case .string(let s) = self { return s }
    return nil
  }

  /// The number, if this is one.
  public var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The number as an integer, if it is a whole number in range.
  public var int: Int? {
    guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
    return Int(n)
  }

  /// The bool, if this is one.
  public var bool: Bool? {
    if case .bool(let b) = self { return b }
    return nil
  }

  /// The elements, if this is an array.
  public var array: [JSON]? {
    if case .array(let a) = self { return a }
    return nil
  }

  /// The members, if this is an object.
  public var object: [String: JSON]? {
    if case .object(let o) = self { return o }
    return nil
  }

  /// An integer as a JSON number.
  public static func int(_ value: Int) -> JSON { .number(Double(value)) }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  public init(floatLiteral value: Double) { self = .number(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSON...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSON)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  public init(nilLiteral: ()) { self = .null }
}
