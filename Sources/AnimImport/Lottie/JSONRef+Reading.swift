/// Typed reads of a Lottie document's values: each either gives the value
/// or throws an `ImportError` naming the value's JSON Pointer and what was
/// expected (SPEC §25: "wrong types … a clear error with the JSON path").
extension JSONRef {
  func wrongType(_ expected: String) -> ImportError {
    ImportError(pointer, "expected \(expected), found \(kind.phrase)")
  }

  /// Counts `count` more `what` read from this value's document, and
  /// refuses the file, at this value, once they pass `limit` in all: a
  /// budget for the whole file, however many properties or lists it is
  /// spread over.
  func tally(_ count: Int, of what: String, limit: Int) throws(ImportError) {
    let total = document.tallies.withLock { tallies in
      tallies[what, default: 0] += count
      return tallies[what, default: 0]
    }
    guard total <= limit else {
      throw ImportError(
        pointer,
        "more than \(limit) \(what) in the file (the limit of anim import, which keeps importing "
          + "and rendering it under 1 GiB)")
    }
  }

  /// This value as a finite number.
  func finiteNumber() throws(ImportError) -> Double {
    guard let value = number else { throw wrongType("a number") }
    guard value.isFinite else { throw ImportError(pointer, "the number is out of range") }
    return value
  }

  /// This value as a string.
  func text() throws(ImportError) -> String {
    guard let value = string else { throw wrongType("a string") }
    return value
  }

  /// This value as an array.
  func array() throws(ImportError) -> [JSONRef] {
    guard let value = elements else { throw wrongType("an array") }
    return value
  }

  /// Throws unless this value is an object.
  func object() throws(ImportError) -> JSONRef {
    guard kind == .object else { throw wrongType("an object") }
    return self
  }

  /// Member `key`, which must be there.
  func required(_ key: String) throws(ImportError) -> JSONRef {
    guard kind == .object else { throw wrongType("an object") }
    guard let value = self[key] else { throw ImportError(pointer, "missing '\(key)'") }
    return value
  }

  /// Member `key` unless it is absent or null.
  func optional(_ key: String) -> JSONRef? {
    guard let value = self[key], value.kind != .null else { return nil }
    return value
  }

  /// Member `key` as a finite number, or `fallback` when absent.
  func number(_ key: String, or fallback: Double) throws(ImportError) -> Double {
    guard let value = optional(key) else { return fallback }
    return try value.finiteNumber()
  }

  /// Member `key` as a finite number, or nil when absent.
  func optionalNumber(_ key: String) throws(ImportError) -> Double? {
    guard let value = optional(key) else { return nil }
    return try value.finiteNumber()
  }

  /// Member `key` as a whole number, or nil when absent.
  func optionalInteger(_ key: String) throws(ImportError) -> Int? {
    guard let value = optional(key) else { return nil }
    let number = try value.finiteNumber()
    guard number == number.rounded(), abs(number) < 1e15 else {
      throw ImportError(value.pointer, "expected a whole number, found \(number)")
    }
    return Int(number)
  }

  /// Member `key` as a string, or nil when absent.
  func optionalText(_ key: String) throws(ImportError) -> String? {
    guard let value = optional(key) else { return nil }
    return try value.text()
  }

  /// Member `key` as a flag: a boolean, or the numbers 0 and 1 that older
  /// exporters write; false when absent.
  func flag(_ key: String) throws(ImportError) -> Bool {
    guard let value = optional(key) else { return false }
    if let b = value.bool { return b }
    if let n = value.number { return n != 0 }
    throw value.wrongType("a boolean")
  }

  /// This value as numbers: a number, or an array of numbers.
  func numbers() throws(ImportError) -> [Double] {
    if kind == .number { return [try finiteNumber()] }
    guard let items = elements else { throw wrongType("a number or an array of numbers") }
    var result: [Double] = []
    result.reserveCapacity(items.count)
    for item in items { result.append(try item.finiteNumber()) }
    return result
  }
}
