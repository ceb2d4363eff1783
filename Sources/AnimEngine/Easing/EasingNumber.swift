import Foundation

/// Numbers as easing names print them: the shortest form with 6 significant
/// digits, the rule SPEC §3 gives for all numbers (`1`, `0.5`, `0.333333`,
/// `1e+06`).
enum EasingNumber {
  static func format(_ value: Double) -> String {
    if value == 0 { return "0" }  // also turns -0 into 0
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    return String(format: "%g", value)
  }
}
