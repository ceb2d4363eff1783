/// Rewrites a test file's `# expect:` lines from the output it actually printed: what
/// `anim test --update` does to each file that ran.
///
/// The rules:
/// - Every line that holds no `# expect:` directive is kept byte for byte, error
///   directives (`# expect error: ...`) and `# skip:` included, and so are line breaks
///   (`"\n"` or `"\r\n"`).
/// - The existing `# expect:` directives, whole-line or trailing after code, are the
///   slots, in file order: slot *i* gets output line *i*. Only the text after
///   `expect:` changes (to a space and the line, or nothing for an empty line), so
///   indentation and the code before a trailing comment stay.
/// - With more output lines than slots, the extra lines are written as new
///   whole-line `# expect:` comments where their output is produced: right after
///   the line on which the top-level statement that printed them ends (`origins`),
///   indented like that line. A new line never goes above the last slot (it must
///   come after the output the slots hold): when its statement ends at or before
///   the last slot, or its origin is not known, it goes right after the last slot,
///   indented like it (when it is a whole-line comment), or at the end of the file
///   when there is no slot.
/// - With fewer, the surplus slots go: a whole-line comment is deleted with its line,
///   a trailing one is cut from its line (with the spaces before it), keeping the code.
/// - Output lines lose their trailing whitespace, which a comment could not show.
enum ExpectationUpdater {
  /// `source` with its `# expect:` lines matching `output`, one entry per output line;
  /// `origins`, when it has one entry per output line, gives the 1-based line where
  /// the statement that printed each one ends (`ScriptOutcome.outputOrigins`).
  static func updatedSource(_ source: String, output: [String], origins: [Int] = []) -> String {
    let lines = SourceLine.split(source)
    let newline = lines.first { !$0.terminator.isEmpty }?.terminator ?? "\n"
    var slots: [Int: Directive] = [:]
    var slotIndices: [Int] = []
    for (index, line) in lines.enumerated() {
      if let directive = Directive.parse(line.text), case .output = directive.kind {
        slots[index] = directive
        slotIndices.append(index)
      }
    }
    let texts = output.map { String(Substring($0).trimmingTrailingWhitespace()) }
    func comment(_ prefix: Substring, _ text: String) -> String {
      text.isEmpty ? String(prefix) : "\(prefix) \(text)"
    }

    // The new lines: after the line their statement ends on, or (key -1)
    // after the last slot, or at the end of the file.
    var inserted: [Int: [String]] = [:]
    if texts.count > slotIndices.count {
      let lastSlot = slotIndices.last ?? -1
      for k in slotIndices.count..<texts.count {
        let origin = origins.count == texts.count ? origins[k] - 1 : -1
        if origin > lastSlot && origin < lines.count {
          let indentation = lines[origin].text.prefix { $0 == " " || $0 == "\t" }
          inserted[origin, default: []].append(
            comment(Substring(indentation + "# expect:"), texts[k]))
        } else {
          inserted[-1, default: []].append(texts[k])
        }
      }
    }

    var result = ""
    var slot = 0
    for (index, line) in lines.enumerated() {
      if let directive = slots[index] {
        if slot < texts.count {
          result += comment(line.text[..<directive.textStart], texts[slot]) + line.terminator
        } else if !directive.isWholeLine {
          result += line.text[..<directive.commentStart].trimmingTrailingWhitespace()
          result += line.terminator
        }
        slot += 1
        if index == slotIndices.last, let extra = inserted[-1] {
          if line.terminator.isEmpty { result += newline }
          let prefix: Substring =
            directive.isWholeLine ? line.text[..<directive.textStart] : "# expect:"
          for text in extra { result += comment(prefix, text) + newline }
        }
      } else {
        result += line.text + line.terminator
      }
      if let extra = inserted[index] {
        if line.terminator.isEmpty { result += newline }
        for text in extra { result += text + newline }
      }
    }
    if slotIndices.isEmpty, let extra = inserted[-1] {
      if let last = lines.last, last.terminator.isEmpty { result += newline }
      for text in extra { result += comment("# expect:", text) + newline }
    }
    return result
  }
}
