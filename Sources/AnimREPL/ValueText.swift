import AnimEngine
import Foundation

/// How the REPL's own output writes numbers and times.
enum ValueText {
  /// As scripts print numbers (SPEC §3): `1`, `0.5`, `0.333333`, `1e+06`;
  /// `-0` prints as `0`.
  static func number(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v > 0 ? "inf" : "-inf" }
    if v == 0 { return "0" }
    return String(format: "%g", v)
  }

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

  /// One property of a view state, as `print` writes it.
  static func property(_ property: Property, of state: ViewState) -> String {
    switch property {
    case .x: return number(state.x)
    case .y: return number(state.y)
    case .width: return number(state.width)
    case .height: return number(state.height)
    case .alpha: return number(state.alpha)
    case .rotation: return number(state.rotation)
    case .scaleX: return number(state.scaleX)
    case .scaleY: return number(state.scaleY)
    case .color: return state.color.hex
    case .cornerRadius: return number(state.cornerRadius)
    }
  }
}
