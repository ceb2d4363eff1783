import AnimEngine
import AnimLanguage

extension LanguageServer {
  /// `textDocument/hover`: a builtin's signature and summary; a binding's
  /// declaration, kind and value (a motion's duration); a property's meaning.
  func hover(_ params: JSON) throws -> JSON {
    let (document, offset) = try documentAndOffset(params)
    let source = document.source
    let cursor = TextAtCursor(source: source, offset: offset)
    guard let word = cursor.identifier else { return .null }
    let analysis = analysis(of: document)
    let range = source.lspRange(from: word.start, to: word.end)
    let bytes = source.bytes
    // A label (`ease:` in a call) is not a use of a name.
    var after = word.end
    while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
    if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return .null }
    let markdown: String?
    if word.start > 0, bytes[word.start - 1] == UInt8(ascii: ".") {
      markdown = Self.memberHover(word.name)
    } else if let declaration = analysis.lookup(word.name, at: offset) {
      markdown = declarationHover(declaration, analysis)
    } else if let builtin = Vocabulary.builtin(word.name) {
      markdown = Self.builtinHover(builtin)
    } else if Easing.named(word.name) != nil {
      markdown = "```anim\nease: \(word.name)\n```\nan easing curve (SPEC §5.3)"
    } else if let note = Self.logicNotes[word.name] {
      markdown = note
    } else {
      markdown = nil
    }
    guard let markdown else { return .null }
    return ["contents": ["kind": "markdown", "value": .string(markdown)], "range": range]
  }

  /// The words of conditions and `if` (SPEC §20).
  static let logicNotes: [String: String] = [
    "if":
      "```anim\nif C { … } else if C2 { … } else { … }\n```\nruns the first block whose condition is true; each block is a scope",
    "else":
      "```anim\nif C { … } else { … }\n```\nthe block that runs when no condition before it is true",
    "and": "```anim\na and b\n```\ntrue when both are; `b` is not evaluated when `a` is false",
    "or": "```anim\na or b\n```\ntrue when either is; `b` is not evaluated when `a` is true",
    "not":
      "```anim\nnot a\n```\nthe negation of a boolean; binds looser than comparisons: `not a == b` is `not (a == b)`",
    "true": "a boolean", "false": "a boolean",
  ]

  static func builtinHover(_ builtin: BuiltinDescription) -> String {
    var text = "```anim\n\(builtin.signature)\n```"
    if let explanation = builtin.explanation { text += "\n\(explanation)" }
    text += "\n\nbuiltin function"
    if !builtin.options.isEmpty {
      text += "; options: " + builtin.options.map { "`\($0):`" }.joined(separator: ", ")
    }
    return text
  }

  private func declarationHover(_ d: Declaration, _ analysis: Analysis) -> String {
    var firstLine = d.file.text(in: d.statement.range)
    if let newline = firstLine.firstIndex(of: "\n") { firstLine = String(firstLine[..<newline]) }
    if firstLine.count > 200 { firstLine = String(firstLine.prefix(200)) + "…" }
    var text = "```anim\n\(firstLine)\n```\n"
    var kind = d.kind.description
    if d.kind == .parameter { kind = "parameter of `\(d.statement.functionName ?? "")`" }
    let probe = ValueProbe(analysis: analysis, files: files)
    if let value = probe.value(of: d) {
      text += "\(kind): " + Self.describe(value)
    } else {
      text += kind
    }
    if d.file.path != analysis.source.path {
      let name = d.file.path.split(separator: "/").last.map(String.init) ?? d.file.path
      text += "\n\nfrom `\(name)`"
    }
    return text
  }

  /// A value as hover shows it: a motion by its duration, a group by its size.
  static func describe(_ value: Value) -> String {
    switch value {
    case .motion(let m):
      return m.duration.isFinite
        ? "motion, duration \(ValueProbe.number(m.duration)) s" : "motion, never ends"
    case .group(let g):
      return g.family != nil
        ? "family of \(g.members.count) views" : "group of \(g.members.count) views"
    case .list(let items): return "list of \(items.count) item\(items.count == 1 ? "" : "s")"
    case .record(let record):
      let names = record.shape.names
      return "record of \(names.count) field\(names.count == 1 ? "" : "s")"
        + (names.isEmpty ? "" : ": " + names.prefix(12).joined(separator: ", "))
        + (names.count > 12 ? ", …" : "")
    case .string(let s): return "string of \(s.count) letter\(s.count == 1 ? "" : "s")"
    case .view: return "view"
    case .number(let n): return "number \(ValueProbe.number(n))"
    case .function(let f): return "function \(f.name)"
    default: return value.typeName
    }
  }

  /// What the members of run handles and groups are; a view's members
  /// come from the property table (`Vocabulary.viewMemberSummary`).
  private static let memberNotes: [String: String] = [
    "state": "running, paused, finished, cancelled or cleared", "time": "the local time reached",
    "id": "the run's id (#1, #2, …)", "iteration": "the play under way",
    "duration": "the run's motion's duration", "count": "the number of views in the group",
    "speed": "the playback rate",
  ]

  static func memberHover(_ name: String) -> String? {
    guard let note = Vocabulary.viewMemberSummary(name) ?? memberNotes[name] else { return nil }
    return "```anim\n.\(name)\n```\n\(note)"
  }
}

extension Stmt {
  /// The name of a `def`.
  var functionName: String? {
    if case .functionDefinition(let name, _, _) = kind { return name.name }
    return nil
  }
}
