import CFormat

/// A number shown as text (SPEC §18): `prefix`, the value with `digits`
/// decimals and, with `grouping`, a comma every three digits, then `suffix`.
public enum ShownNumber {
  /// The most decimals a text may show; more are refused at its declaration.
  /// Twenty is past every digit a double carries at the scale people count.
  public static let maximumDigits = 20

  /// The text shown for `value`: the exact double rounded half away from
  /// zero to `digits` decimals (as JavaScript's `toFixed` rounds), `-0` and
  /// anything that rounds to zero shown without a sign, a negative value with
  /// `-` before the prefix (`-$5`). Infinities and NaN show as `inf`, `-inf`
  /// and `nan` (a scripter's mistake made visible, not hidden).
  public static func text(
    _ value: Double, digits: Int, grouping: Bool, prefix: String, suffix: String
  ) -> String {
    if value.isNaN { return prefix + "nan" + suffix }
    if value.isInfinite { return (value < 0 ? "-" : "") + prefix + "inf" + suffix }
    let digits = max(0, min(digits, maximumDigits))
    var (whole, fraction) = rounded(value.magnitude, digits: digits)
    let isZero = whole.allSatisfy { $0 == "0" } && fraction.allSatisfy { $0 == "0" }
    if grouping { whole = grouped(whole) }
    let number = fraction.isEmpty ? whole : whole + "." + fraction
    return (value < 0 && !isZero ? "-" : "") + prefix + number + suffix
  }

  /// The magnitude's exact decimal digits, rounded half away from zero: the
  /// digit after the last one kept decides (5 or more rounds up, whatever
  /// follows, since what follows can only add to it).
  private static func rounded(_ magnitude: Double, digits: Int) -> (String, String) {
    // 1100 decimals hold every digit of a double's exact value (at most 1074),
    // and 309 integer digits the largest.
    let exact = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 1500) { buffer in
      let count = anim_format_fixed(buffer.baseAddress, 1500, magnitude, 1100)
      return Array(
        UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(min(count, 1499))))
    }
    let point = exact.firstIndex(of: UInt8(ascii: ".")) ?? exact.count
    var kept = Array(exact[..<point]) + Array(exact[(point + 1)...].prefix(digits))
    let next = point + 1 + digits
    if next < exact.count && exact[next] >= UInt8(ascii: "5") {
      var i = kept.count - 1
      while i >= 0 {
        if kept[i] == UInt8(ascii: "9") {
          kept[i] = UInt8(ascii: "0")
          i -= 1
        } else {
          kept[i] += 1
          break
        }
      }
      if i < 0 { kept.insert(UInt8(ascii: "1"), at: 0) }
    }
    let wholeCount = kept.count - digits
    return (
      String(decoding: kept[..<wholeCount], as: UTF8.self),
      String(decoding: kept[wholeCount...], as: UTF8.self)
    )
  }

  /// `1234567` as `1,234,567`.
  private static func grouped(_ whole: String) -> String {
    var out: [Character] = []
    for (i, c) in whole.reversed().enumerated() {
      if i > 0 && i % 3 == 0 { out.append(",") }
      out.append(c)
    }
    return String(out.reversed())
  }
}
