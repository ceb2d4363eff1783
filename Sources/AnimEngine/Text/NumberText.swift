import CFormat

/// How numbers print everywhere (SPEC §3): the engine's messages, the
/// interpreter's `print` and the REPL all call this one function.
public enum NumberText {
  /// The shortest form that round-trips to 6 significant digits, as C's `%g`
  /// writes it: `1`, `0.5`, `0.333333`, `-12.25`, `1e+06`. Zero prints as `0`
  /// whatever its sign (IEEE 754 `-0` is not a value a user can tell apart);
  /// NaN as `nan`, infinities as `inf` and `-inf`.
  public static func format(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value.isNaN { return "nan" }
    if value.isInfinite { return value > 0 ? "inf" : "-inf" }
    // `%g` in the C locale (anim never calls setlocale, so the decimal point is
    // always `.`). 6 significant digits and an exponent of at most three digits
    // fit in 16 bytes: `-1.23457e+308` is 13 characters.
    return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
      let count = anim_format_g(buffer.baseAddress, 32, value)
      let bytes = UnsafeRawBufferPointer(start: buffer.baseAddress, count: Int(count))
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// A number written exactly, for files other programs read (SVG, JSON,
  /// command-line echoes): the shortest decimal that reads back as the same
  /// double, whole numbers below 10^15 without a fraction (`3`, not `3.0`),
  /// and zero as `0` whatever its sign. Infinities and NaN come out as
  /// Swift spells them (`inf`, `nan`); formats without them check first.
  public static func exact(_ value: Double) -> String {
    if value == 0 { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return value.description
  }
}
