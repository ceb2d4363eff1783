import AnimEngine

/// How the importer writes numbers into a script: exactly (the shortest
/// decimal that reads back as the same double), so the script computes
/// what the file holds.
enum NumberFormat {
  static func exact(_ value: Double) -> String { NumberText.exact(value) }

  /// A colour channel 0…1 as two hex digits (0…255, rounded, clamped).
  static func hexByte(_ channel: Double) -> String {
    let v = Int((min(max(channel, 0), 1) * 255).rounded())
    let digits = Array("0123456789abcdef")
    return String([digits[v >> 4], digits[v & 15]])
  }
}
