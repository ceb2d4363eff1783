/// One value of a `JSONDocument`: what it is, and its numbers, strings,
/// elements and members, read from the text when asked for.
public struct JSONRef: Sendable {
  let document: JSONDocument
  /// The value's entry on the document's tape.
  let index: Int

  /// What a JSON value is, in the words an error message uses.
  public enum Kind: Sendable {
    case null, bool, number, string, array, object

    /// "a number", "an object", …
    public var phrase: String {
      switch self {
      case .null: return "null"
      case .bool: return "a boolean"
      case .number: return "a number"
      case .string: return "a string"
      case .array: return "an array"
      case .object: return "an object"
      }
    }
  }

  /// What this value is.
  public var kind: Kind {
    switch document.kind(at: index) {
    case .null: return .null
    case .false, .true: return .bool
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }

  /// The number, if this is one (a number too large for a double is
  /// infinite: callers that need finite numbers check).
  public var number: Double? {
    guard document.kind(at: index) == .number else { return nil }
    let bytes = document.bytes
    let start = document.offset(at: index)
    var end = start
    while end < bytes.count {
      switch bytes[end] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        end += 1
      default:
        return Self.parseDouble(bytes[start..<end])
      }
    }
    return Self.parseDouble(bytes[start..<end])
  }

  private static func parseDouble(_ text: ArraySlice<UInt8>) -> Double? {
    // Small whole numbers, the most common by far, without a string.
    if text.count <= 15 {
      var value: Int64 = 0
      var negative = false
      var simple = true
      for (i, byte) in text.enumerated() {
        if i == 0 && byte == UInt8(ascii: "-") {
          negative = true
        } else if byte &- UInt8(ascii: "0") < 10 {
          value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        } else {
          simple = false
          break
        }
      }
      if simple { return negative ? -Double(value) : Double(value) }
    }
    return Double(String(decoding: text, as: UTF8.self))
  }

  /// The bool, if this is one.
  public var bool: Bool? {
    switch document.kind(at: index) {
    case .true: return true
    case .false: return false
    default: return nil
    }
  }

  /// The string, if this is one (escapes decoded; invalid UTF-8 becomes
  /// U+FFFD).
  public var string: String? {
    guard document.kind(at: index) == .string else { return nil }
    return Self.decodeString(document.bytes, from: document.offset(at: index))
  }

  /// Whether this is a string equal to `text` (compared without decoding
  /// when the string has no escapes).
  func isString(_ text: String) -> Bool {
    guard document.kind(at: index) == .string else { return false }
    let bytes = document.bytes
    var i = document.offset(at: index) + 1
    for byte in text.utf8 {
      guard i < bytes.count else { return false }
      if bytes[i] == UInt8(ascii: "\\") { return string == text }
      if bytes[i] != byte { return false }
      i += 1
    }
    return i < bytes.count && bytes[i] == UInt8(ascii: "\"")
  }

  /// The elements, if this is an array.
  public var elements: [JSONRef]? {
    guard document.kind(at: index) == .array else { return nil }
    var result: [JSONRef] = []
    result.reserveCapacity(document.count(at: index))
    let end = document.next(after: index)
    var i = index + 1
    while i < end {
      result.append(JSONRef(document: document, index: i))
      i = document.next(after: i)
    }
    return result
  }

  /// An array's element count or an object's member count; 0 for others.
  public var count: Int {
    switch document.kind(at: index) {
    case .array, .object: return document.count(at: index)
    default: return 0
    }
  }

  /// The members in document order, if this is an object.
  public var members: [(key: String, value: JSONRef)]? {
    guard document.kind(at: index) == .object else { return nil }
    var result: [(key: String, value: JSONRef)] = []
    let end = document.next(after: index)
    var i = index + 1
    while i < end {
      let key = JSONRef(document: document, index: i).string ?? ""
      result.append((key, JSONRef(document: document, index: i + 1)))
      i = document.next(after: i + 1)
    }
    return result
  }

  /// The value of member `key`, if this is an object that has it (the last
  /// one, when a key repeats, as JavaScript's `JSON.parse` keeps).
  public subscript(key: String) -> JSONRef? {
    guard document.kind(at: index) == .object else { return nil }
    let end = document.next(after: index)
    var i = index + 1
    var found: JSONRef?
    while i < end {
      if JSONRef(document: document, index: i).isString(key) {
        found = JSONRef(document: document, index: i + 1)
      }
      i = document.next(after: i + 1)
    }
    return found
  }

  /// The RFC 6901 pointer to this value from the document's root.
  public var pointer: String { document.pointer(to: index) }

  static func decodeString(_ bytes: [UInt8], from start: Int) -> String {
    var result: [UInt8] = []
    var i = start + 1
    var runStart = i
    while i < bytes.count {
      let byte = bytes[i]
      if byte == UInt8(ascii: "\"") { break }
      if byte != UInt8(ascii: "\\") {
        i += 1
        continue
      }
      result.append(contentsOf: bytes[runStart..<i])
      i += 1
      let escape = bytes[i]
      i += 1
      switch escape {
      case UInt8(ascii: "b"): result.append(0x08)
      case UInt8(ascii: "f"): result.append(0x0C)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(bytes, at: i)
        i += 4
        if (0xD800..<0xDC00).contains(scalar), i + 5 < bytes.count, bytes[i] == UInt8(ascii: "\\"),
          bytes[i + 1] == UInt8(ascii: "u")
        {
          let low = hex4(bytes, at: i + 2)
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            i += 6
          }
        }
        let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
        result.append(contentsOf: Array(String(Character(character)).utf8))
      default: result.append(escape)
      }
      runStart = i
    }
    if result.isEmpty { return String(decoding: bytes[runStart..<i], as: UTF8.self) }
    result.append(contentsOf: bytes[runStart..<i])
    return String(decoding: result, as: UTF8.self)
  }

  private static func hex4(_ bytes: [UInt8], at i: Int) -> UInt32 {
    var value: UInt32 = 0
    for k in 0..<4 { value = value << 4 | (JSONDocument.hexDigit(bytes[i + k]) ?? 0) }
    return value
  }
}

extension JSONDocument {
  /// Containers with more members than this keep their members' starts
  /// (``memberStarts``) once a pointer is asked for inside them.
  static let indexedMembers = 32

  /// The RFC 6901 pointer to the value at tape entry `target`: found by
  /// walking down from the root, into the container whose range holds it
  /// (only errors, notes and the script's comments ask, so no value carries
  /// its path). In a long container the member is found by binary search.
  func pointer(to target: Int) -> String {
    var result = origin
    var index = 0
    while index != target {
      let end = next(after: index)
      guard target > index, target < end else { return result }
      let isObject = kind(at: index) == .object
      guard let (i, position) = member(of: index, end: end, holding: target) else {
        return result
      }
      result += "/"
      if isObject {
        let key = JSONRef.decodeString(bytes, from: offset(at: i))
        for c in key {
          switch c {
          case "~": result += "~0"
          case "/": result += "~1"
          default: result.append(c)
          }
        }
      } else {
        result += String(position)
      }
      // A key's own entry points at its member.
      index = isObject ? i + 1 : i
    }
    return result
  }

  /// The first entry and the position of the member of the container at
  /// `container` (whose entries end before `end`) that holds `target`.
  private func member(of container: Int, end: Int, holding target: Int) -> (Int, Int)? {
    let isObject = kind(at: container) == .object
    func memberEnd(_ i: Int) -> Int { next(after: isObject ? i + 1 : i) }
    if count(at: container) > Self.indexedMembers {
      let starts = memberStarts.withLock { cache in
        if let known = cache[container] { return known }
        var starts: [Int] = []
        starts.reserveCapacity(count(at: container))
        var i = container + 1
        while i < end {
          starts.append(i)
          i = memberEnd(i)
        }
        cache[container] = starts
        return starts
      }
      // The last member starting at or before `target`.
      var low = 0
      var high = starts.count
      while high - low > 1 {
        let middle = (low + high) / 2
        if starts[middle] <= target { low = middle } else { high = middle }
      }
      guard !starts.isEmpty, starts[low] <= target, target < memberEnd(starts[low]) else {
        return nil
      }
      return (starts[low], low)
    }
    var i = container + 1
    var position = 0
    while i < end {
      let valueEnd = memberEnd(i)
      if target >= i && target < valueEnd { return (i, position) }
      i = valueEnd
      position += 1
    }
    return nil
  }
}
