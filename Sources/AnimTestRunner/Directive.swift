/// One test directive written in a `#` comment of a test file, and where it sits.
///
/// The forms, each at the start of a comment (spaces after `#` are allowed), which
/// is either a whole line or trailing after code:
///
///     # expect: TEXT                      one line of expected output
///     # expect error: MESSAGE             a compile error at this line
///     # expect error line N: MESSAGE      a compile error at line N
///     # expect runtime error: MESSAGE     a runtime error at this line
///     # expect runtime error line N: MESSAGE
///                                         a runtime error at line N (an extension
///                                         of SPEC §9, symmetric with the compile form)
///     # skip: REASON                      skip the file
///
/// A `#` inside a `"..."` string does not start a comment, so `c = "#ff0000"  # expect: x`
/// holds one directive and `print "# expect: x"` none.
struct Directive: Equatable {
  /// What the directive asks for.
  enum Kind: Equatable {
    /// `# expect: TEXT`; the text loses one space after the colon and its
    /// trailing whitespace, so `# expect:` alone expects an empty line.
    case output(String)
    /// `# expect [runtime] error [line N]: MESSAGE`; `line` is nil without `line N`.
    case error(ExpectedError.Kind, line: Int?, message: String)
    /// `# skip: REASON`.
    case skip(String)
    /// A directive that starts right but cannot be read, such as
    /// `# expect error line x: ...`; the text says what is wrong.
    case malformed(String)
  }

  /// What the directive asks for.
  var kind: Kind
  /// Where its comment's `#` is in the line.
  var commentStart: String.Index
  /// Just after the directive's colon: what precedes it is kept by `--update`.
  var textStart: String.Index
  /// Whether nothing but whitespace precedes the comment.
  var isWholeLine: Bool

  /// Reads the directive in `line` (one line, without its line break), if it holds one.
  static func parse(_ line: Substring) -> Directive? {
    guard let hash = commentStart(in: line) else { return nil }
    let isWholeLine = line[..<hash].allSatisfy { $0 == " " || $0 == "\t" }
    let body = line[line.index(after: hash)...].drop { $0 == " " || $0 == "\t" }

    func directive(_ kind: Kind, after prefix: String) -> Directive {
      let textStart = body.index(body.startIndex, offsetBy: prefix.count)
      return Directive(
        kind: kind, commentStart: hash, textStart: textStart, isWholeLine: isWholeLine)
    }

    if body.hasPrefix("expect:") {
      var text = body.dropFirst("expect:".count)
      if text.first == " " { text = text.dropFirst() }
      return directive(.output(String(text.trimmingTrailingWhitespace())), after: "expect:")
    }
    if body.hasPrefix("skip:") {
      let reason = body.dropFirst("skip:".count).trimmingWhitespace()
      return directive(.skip(reason), after: "skip:")
    }
    for (prefix, kind) in [
      ("expect error", ExpectedError.Kind.compile), ("expect runtime error", .runtime),
    ] {
      guard body.hasPrefix(prefix) else { continue }
      let rest = body.dropFirst(prefix.count)
      if rest.hasPrefix(":") {
        let message = rest.dropFirst().trimmingWhitespace()
        return directive(.error(kind, line: nil, message: message), after: prefix + ":")
      }
      if rest.hasPrefix(" line ") {
        let number = rest.dropFirst(" line ".count).prefix { $0 != ":" }
        let afterNumber = rest.dropFirst(" line ".count + number.count)
        guard afterNumber.hasPrefix(":"), let target = Int(number), target >= 1 else {
          let form = "# \(prefix) line N: MESSAGE"
          return directive(.malformed("malformed directive, expected \"\(form)\""), after: "")
        }
        let message = afterNumber.dropFirst().trimmingWhitespace()
        let keyword = "\(prefix) line \(number):"
        return directive(.error(kind, line: target, message: message), after: keyword)
      }
    }
    return nil
  }

  /// The index of the `#` that starts the comment of `line`, skipping any `#` inside
  /// a `"..."` string (where `\` escapes the next character); nil when there is none.
  static func commentStart(in line: Substring) -> String.Index? {
    var inString = false
    var escaped = false
    var index = line.startIndex
    while index < line.endIndex {
      let character = line[index]
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
      } else if character == "\"" {
        inString = true
      } else if character == "#" {
        return index
      }
      index = line.index(after: index)
    }
    return nil
  }
}

extension Substring {
  /// The text without its trailing spaces, tabs and carriage returns.
  func trimmingTrailingWhitespace() -> Substring {
    var text = self
    while let last = text.last, last.isWhitespace { text = text.dropLast() }
    return text
  }

  /// The text without whitespace at either end.
  func trimmingWhitespace() -> String {
    String(drop(while: \.isWhitespace).trimmingTrailingWhitespace())
  }
}
