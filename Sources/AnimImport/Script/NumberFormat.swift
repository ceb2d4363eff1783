import AnimEngine

/// How the importer writes numbers into a script: exactly (the shortest
/// decimal that reads back as the same double), so the script computes
/// what the file holds.
enum NumberFormat {
  /// `value` exactly; a value the file's numbers overflowed to (a handle of
  /// 1e308 added to a vertex of 1e308) as the largest finite one of its
  /// sign, NaN as 0: a script has no literal for either, and one written
  /// as `inf` would not run.
  static func exact(_ value: Double) -> String {
    guard value.isFinite else {
      if value.isNaN { return "0" }
      return NumberText.exact(value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
    }
    return NumberText.exact(value)
  }

  /// A colour channel 0…1 as two hex digits (0…255, rounded, clamped).
  static func hexByte(_ channel: Double) -> String {
    let v = Int((min(max(channel, 0), 1) * 255).rounded())
    let digits = Array("0123456789abcdef")
    return String([digits[v >> 4], digits[v & 15]])
  }
}
