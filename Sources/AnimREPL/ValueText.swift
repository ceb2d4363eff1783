import AnimEngine
import Foundation

/// How the REPL's own output writes numbers and times.
enum ValueText {

  /// A clock time as the prompt and the reports show it: `1.500s`.
  static func time(_ t: Double) -> String {
    t.isFinite ? String(format: "%.3fs", t) : (t > 0 ? "forever" : "-inf")
  }

  /// Source text on one line: every run of whitespace that holds a line
  /// break becomes one space (a run's label may span several input lines).
  static func oneLine(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    var result = ""
    var gap = ""
    for c in text {
      if c.isWhitespace {
        gap.append(c)
        continue
      }
      if !gap.isEmpty {
        result += gap.contains(where: \.isNewline) ? " " : gap
        gap = ""
      }
      result.append(c)
    }
    return result
  }
}
