import AnimLanguage

extension LanguageServer {
  /// `textDocument/formatting`: what `anim fmt` writes, as one edit over the
  /// lines that change (none when the text is formatted already). A script
  /// with syntax errors is not formatted: the answer is an error naming the
  /// first one.
  func formatting(_ params: JSON) throws -> JSON {
    let document = try self.document(params)
    let source = document.source
    let formatted: String
    do {
      formatted = try SourceFormatter.format(source)
    } catch .syntaxErrors(let errors) {
      let first = errors.first.map { ": \($0.range.line):\($0.range.column): \($0.message)" } ?? ""
      throw RequestFailure(
        code: RPCError.requestFailed, message: "cannot format a script with syntax errors\(first)")
    } catch {
      throw RequestFailure(code: RPCError.requestFailed, message: "cannot format: \(error)")
    }
    return .array(Self.lineEdits(from: source, to: Array(formatted.utf8)))
  }

  /// One edit replacing the lines between the longest common run of whole
  /// lines at the start and at the end; no edit when nothing differs.
  static func lineEdits(from source: SourceFile, to new: [UInt8]) -> [JSON] {
    let old = source.bytes
    if old == new { return [] }
    // The common prefix, cut back to a line start.
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    while prefix > 0, old[prefix - 1] != UInt8(ascii: "\n") { prefix -= 1 }
    // The common suffix (not overlapping the prefix), cut forward to just after a newline.
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    while suffix > 0, old[old.count - suffix] != UInt8(ascii: "\n") { suffix -= 1 }
    if suffix > 0 { suffix -= 1 }
    let replacement = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
    return [
      [
        "range": source.lspRange(from: prefix, to: old.count - suffix),
        "newText": .string(replacement),
      ]
    ]
  }
}
