/// Decimal numbers read from a data file's bytes without making a string of
/// each (a CSV of 10 MB has a million cells; SPEC §23.1).
enum NumberParsing {
  /// The number `bytes[range]` spells, correctly rounded, or nil when it is
  /// not `[+-] digits [. digits] [e [+-] digits]` (a leading `.5` and a
  /// trailing `5.` allowed, as JavaScript's `Number` reads them). Too large
  /// a number is infinite: the caller decides what that means.
  static func double(_ bytes: [UInt8], _ range: Range<Int>) -> Double? {
    var index = range.lowerBound
    let end = range.upperBound
    guard index < end else { return nil }
    var negative = false
    if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var significant = 0
    var exponent = 0
    var digits = 0
    while index < end, bytes[index] &- 48 < 10 {
      let digit = UInt64(bytes[index] &- 48)
      if significant > 0 || digit != 0 { significant += 1 }
      if significant <= 19 { mantissa = mantissa &* 10 &+ digit } else { exponent += 1 }
      digits += 1
      index += 1
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < end, bytes[index] &- 48 < 10 {
        let digit = UInt64(bytes[index] &- 48)
        if significant > 0 || digit != 0 { significant += 1 }
        if significant <= 19 {
          mantissa = mantissa &* 10 &+ digit
          exponent -= 1
        }
        digits += 1
        index += 1
      }
    }
    guard digits > 0 else { return nil }
    if index < end, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      var exponentNegative = false
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index += 1
      }
      var written = 0
      var exponentDigits = 0
      while index < end, bytes[index] &- 48 < 10 {
        written = min(written * 10 + Int(bytes[index] &- 48), 100_000)
        exponentDigits += 1
        index += 1
      }
      guard exponentDigits > 0 else { return nil }
      exponent += exponentNegative ? -written : written
    }
    guard index == end else { return nil }
    let value: Double
    if significant <= 15, exponent >= -22, exponent <= 22 {
      // Clinger's fast path: the mantissa and the power of ten are exact
      // doubles, so one multiplication or division rounds correctly.
      var power = 1.0
      for _ in 0..<abs(exponent) { power *= 10 }
      value = exponent < 0 ? Double(mantissa) / power : Double(mantissa) * power
    } else {
      // The syntax is checked: the C library's strtod (behind `Double`)
      // reads it, correctly rounded.
      return Double(String(decoding: bytes[range], as: UTF8.self))
    }
    return negative ? -value : value
  }
}
