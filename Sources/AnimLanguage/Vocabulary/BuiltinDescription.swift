/// A builtin function as help and editors show it.
public struct BuiltinDescription: Sendable, Hashable {
  /// Its name (`fade`).
  public var name: String
  /// Its one-line summary: the signature, then usually `: ` and what it does
  /// (`fade(in | out | A, d) or fade(from: A, d): alpha to 1, 0 or A`).
  public var summary: String
  /// The labels it accepts (`to`, `ease`, `delay`, ...), in the order an
  /// editor offers them.
  public var options: [String]

  /// The signature: the summary up to the first `): ` or `]: ` outside
  /// brackets (`fade(in | out | A, d) or fade(from: A, d)`), or the whole
  /// summary when there is none (`rotate(to: deg, d), rotate(by: deg, d), from: deg`).
  public var signature: String {
    guard let split = separator else { return summary }
    return String(summary[..<split.lowerBound])
  }

  /// What it does (`alpha to 1, 0 or A`), or nil when the summary is only a signature.
  public var explanation: String? {
    guard let split = separator else { return nil }
    return String(summary[split.upperBound...])
  }

  /// The first `: ` outside brackets that follows a closing bracket: labels
  /// such as `from: A` inside a call, or `, from: deg` after one, do not count.
  private var separator: Range<String.Index>? {
    var depth = 0
    var previous: Character = " "
    var index = summary.startIndex
    while index < summary.endIndex {
      let character = summary[index]
      if character == "(" || character == "[" { depth += 1 }
      if character == ")" || character == "]" { depth = max(0, depth - 1) }
      let next = summary.index(after: index)
      if depth == 0, character == ":", previous == ")" || previous == "]",
        next < summary.endIndex, summary[next] == " "
      {
        return index..<summary.index(after: next)
      }
      previous = character
      index = next
    }
    return nil
  }
}
