import AnimEngine
import AnimFiles
import AnimLanguage
import Foundation

extension LanguageServer {
  /// `textDocument/completion`: what may be written at the cursor (see `CompletionEngine`).
  func completion(_ params: JSON) throws -> JSON {
    let (document, offset) = try documentAndOffset(params)
    let engine = CompletionEngine(
      analysis: analysis(of: document), source: document.source, offset: offset, files: files)
    let items = engine.items()
    // A script binding 30 000 names would otherwise send them all for an
    // empty prefix; the client asks again as the prefix grows.
    guard items.count > CompletionEngine.maximumItems else {
      return ["isIncomplete": false, "items": .array(items)]
    }
    return [
      "isIncomplete": true, "items": .array(Array(items.prefix(CompletionEngine.maximumItems))),
    ]
  }
}

/// Works out what fits at a cursor from the tokens of the statement around
/// it (lexed afresh from its start, so a statement the parser could not read
/// still gets completion), and offers: statement keywords at a statement's
/// start and the contextual keywords after its parts (`step to`, `on h
/// done`, `run m as`), names bound in scope, builtins with their signatures,
/// a call's option labels (`ease:`), the values an option or argument takes
/// (easings after `ease:`, sort functions after `sort:`, positions inside
/// `radial(`), and members after `.`.
struct CompletionEngine {
  let analysis: Analysis
  let source: SourceFile
  let offset: Int
  let files: FileProvider
  /// The word before the cursor, as bytes: the long lists (names, builtins)
  /// are filtered by it as they are made.
  private var prefix: [UInt8] = []

  init(analysis: Analysis, source: SourceFile, offset: Int, files: FileProvider) {
    self.analysis = analysis
    self.source = source
    self.offset = offset
    self.files = files
  }

  /// Whether `name` starts with the prefix, ignoring ASCII case.
  private func matches(_ name: String) -> Bool {
    var index = 0
    for byte in name.utf8 {
      if index == prefix.count { return true }
      if byte | 0x20 != prefix[index] | 0x20 { return false }
      index += 1
    }
    return index == prefix.count
  }

  /// The most items one answer carries (the best ranked first); more make the
  /// list incomplete, and the client asks again as the user types.
  static let maximumItems = 500

  /// LSP `CompletionItemKind`s.
  enum Kind: Int {
    case function = 3, field = 5, variable = 6, module = 9, property = 10, value = 12
    case keyword = 14, file = 17, folder = 19, enumMember = 20, constant = 21, event = 23
    case color = 16
  }

  /// One offer; `rank` orders groups (contextual values first).
  struct Item {
    var label: String
    var kind: Kind
    var rank: Int
    var detail: String? = nil
    var documentation: String? = nil
    var insert: String? = nil
  }

  func items() -> [JSON] {
    let bytes = source.bytes
    let place = TextAtCursor(source: source, offset: offset).lexicalPlace(at: offset)
    switch place {
    case .comment: return []
    case .string(let start): return importPaths(stringStart: start)
    case .code: break
    }
    var prefixStart = offset
    while prefixStart > 0, Self.isIdentifierByte(bytes[prefixStart - 1]) { prefixStart -= 1 }
    if prefixStart < offset, (0x30...0x39).contains(bytes[prefixStart]) { return [] }
    if prefixStart < offset, prefixStart > 0, (0x30...0x39).contains(bytes[prefixStart - 1]) {
      return []
    }
    let prefix = Array(bytes[prefixStart..<offset])
    var engine = self
    engine.prefix = prefix
    let tokens = engine.tokensBefore(prefixStart)
    let offers = engine.context(tokens, at: prefixStart)
    return engine.render(offers, prefix: String(decoding: prefix, as: UTF8.self), from: prefixStart)
  }

  private static func isIdentifierByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
  }

  // MARK: Tokens

  /// The tokens from the start of the top-level statement at or before
  /// `end` up to `end`, without the end-of-input token.
  private func tokensBefore(_ end: Int) -> [Token] {
    let statements = analysis.statements
    var low = 0
    var high = statements.count
    while low < high {
      let middle = (low + high) / 2
      // Strictly before: a word being typed at a statement's start (`el` after
      // an if block's `}`) needs the statement before it as context.
      if statements[middle].range.start < end { low = middle + 1 } else { high = middle }
    }
    let start = low > 0 ? statements[low - 1].range.start : 0
    let slice = SourceFile(path: source.path, bytes: Array(source.bytes[start..<end]))
    var tokens = Lexer.tokens(of: slice)
    tokens.removeLast()
    return tokens
  }

  private static func isOpener(_ k: TokenKind) -> Bool {
    k == .leftParen || k == .leftBracket || k == .leftBrace
  }

  private static func isCloser(_ k: TokenKind) -> Bool {
    k == .rightParen || k == .rightBracket || k == .rightBrace
  }

  /// Whether a token can end an expression (so what follows is an operator
  /// or a keyword such as `on`, `as`, `every`, `within`).
  private static func endsExpression(_ t: Token) -> Bool {
    switch t.kind {
    case .identifier: return !connectives.contains(t.text)
    case .number, .string, .rightParen, .rightBracket: return true
    default: return false
    }
  }

  /// Words that join two parts of a statement (`m on box`, `run m as h`,
  /// `trace x every 0.1 for 1`, `expect a == b within 0.1`, `step to 2`):
  /// after one of them an expression or a name follows, not an operator.
  private static let connectives: Set<String> = [
    "on", "as", "every", "for", "within", "to", "until", "in", "if", "and", "or", "not",
  ]

  // MARK: Contexts

  private func context(_ t: [Token], at position: Int) -> [Item] {
    if let last = t.last, last.kind == .dot { return members(t) }
    // The innermost bracket still open.
    var depth = 0
    var open: Int?
    for i in stride(from: t.count - 1, through: 0, by: -1) {
      if Self.isCloser(t[i].kind) {
        depth += 1
      } else if Self.isOpener(t[i].kind) {
        if depth == 0 {
          open = i
          break
        }
        depth -= 1
      }
    }
    if let open, t[open].kind == .leftParen { return callContext(t, open: open) }
    if let open, t[open].kind == .leftBracket {
      return t.last.map(Self.endsExpression) == true ? [] : expressionNames(t)
    }
    // A statement: from the last boundary at this level.
    var start = (open ?? -1) + 1
    for i in stride(from: t.count - 1, through: start, by: -1)
    where t[i].kind == .newline || t[i].kind == .semicolon || t[i].kind == .rightBrace {
      start = i + 1
      break
    }
    // `else` may follow an if block's `}` on its line or on the next one.
    let brace = start > 0 && t[start - 1].kind == .newline ? start - 2 : start - 1
    if start == t.count, brace >= 0, Self.closesIfBlock(t, at: brace) {
      return [Item(label: "else", kind: .keyword, rank: 0)]
        + statementContext([], all: t)
    }
    return statementContext(Array(t[start...]), all: t)
  }

  /// Whether the `}` at `close` ends the block of an `if` or `else`, so that
  /// `else` may follow it.
  private static func closesIfBlock(_ t: [Token], at close: Int) -> Bool {
    guard t[close].kind == .rightBrace else { return false }
    var depth = 0
    var i = close
    while i >= 0 {
      if isCloser(t[i].kind) { depth += 1 }
      if isOpener(t[i].kind) {
        depth -= 1
        if depth == 0 { break }
      }
      i -= 1
    }
    // The statement the `{` belongs to starts after the last boundary before it.
    var j = i - 1
    while j >= 0, t[j].kind != .newline, t[j].kind != .semicolon, t[j].kind != .leftBrace {
      if t[j].kind == .rightBrace {
        // `} else {` or `} else if c {`: the chain goes on before this `}`.
        if j + 1 < t.count, t[j + 1].isWord("else") { return true }
        break
      }
      j -= 1
    }
    return j + 1 < i && (t[j + 1].isWord("if") || t[j + 1].isWord("else"))
  }

  private func statementContext(_ s: [Token], all: [Token]) -> [Item] {
    guard let first = s.first else {
      return Vocabulary.statementKeywords.map { Item(label: $0, kind: .keyword, rank: 1) }
        + expressionNames(all)
    }
    let count = s.count
    let last = s[count - 1]
    if first.isWord("else") {
      if count == 1 { return [Item(label: "if", kind: .keyword, rank: 0)] }
      guard s[1].isWord("if") else { return [] }
      return count == 2 ? expressionNames(all) : afterExpression(s, all, ["and", "or"])
    }
    let keyword =
      first.kind == .identifier && Vocabulary.statementKeywords.contains(first.text)
      && !(count > 1 && (s[1].kind == .equal || s[1].kind == .dot))
    func words(_ list: [String], rank: Int = 0) -> [Item] {
      list.map { Item(label: $0, kind: .keyword, rank: rank) }
    }
    if keyword {
      if ViewKind.named(first.text) != nil { return [] }
      switch first.text {
      case "grid", "group", "def", "import":
        if first.text == "group", count >= 3, s[2].kind == .equal {
          return Self.endsExpression(last) && count > 3 ? words(["on"]) : expressionNames(all)
        }
        return []
      case "let":
        if count >= 3, s[2].kind == .equal {
          if count == 3 { return words(["run"]) + expressionNames(all) }
          return afterExpression(s, all, ["on"])
        }
        return []
      case "for":
        if count == 2 { return words(["in"]) }
        if count >= 3, s[2].isWord("in") { return afterExpression(s, all, []) }
        return []
      case "step":
        if count == 1 { return words(["to", "until"]) + expressionNames(all) }
        if count == 2, s[1].isWord("until") { return handleNames() }
        if count == 2, s[1].isWord("to") { return expressionNames(all) }
        if Self.endsExpression(last), !s[1].isWord("to"), !s[1].isWord("until") {
          return words(["frames", "frame"])
        }
        return Self.endsExpression(last) ? [] : expressionNames(all)
      case "clear", "cancel", "finish", "pause", "resume":
        return count == 1 ? words(["all"]) + handleNames() : []
      case "restart", "reverse":
        return count == 1 ? handleNames() : []
      case "seek":
        if count == 1 { return handleNames() }
        if count == 2 { return words(["to"]) }
        return afterExpression(s, all, [])
      case "on":
        if count == 1 { return handleNames() }
        if count == 2, Self.endsExpression(last) {
          return Vocabulary.handlerEvents.map { Item(label: $0, kind: .event, rank: 0) }
        }
        return []
      case "run":
        if count == 1 { return expressionNames(all) }
        if s.contains(where: { $0.isWord("as") }) { return [] }
        return afterExpression(s, all, ["on", "as"])
      case "trace":
        if s.contains(where: { $0.isWord("every") }) {
          return afterExpression(s, all, s.contains(where: { $0.isWord("for") }) ? [] : ["for"])
        }
        return count == 1 ? expressionNames(all) : afterExpression(s, all, ["every"])
      case "expect":
        if s.contains(where: { $0.isWord("within") }) { return afterExpression(s, all, []) }
        return count == 1
          ? expressionNames(all) : afterExpression(s, all, ["within", "and", "or"])
      case "if":
        return count == 1 ? expressionNames(all) : afterExpression(s, all, ["and", "or"])
      case "print", "seed", "fps":
        return count == 1 ? expressionNames(all) : afterExpression(s, all, [])
      default:
        return []
      }
    }
    // An assignment or an expression statement.
    if count == 2, s[1].kind == .equal { return words(["run"]) + expressionNames(all) }
    return afterExpression(s, all, ["on"])
  }

  /// After an operand: the given keywords; after an operator: names.
  private func afterExpression(_ s: [Token], _ all: [Token], _ keywords: [String]) -> [Item] {
    guard let last = s.last else { return expressionNames(all) }
    if Self.endsExpression(last) {
      return keywords.map { Item(label: $0, kind: .keyword, rank: 0) }
    }
    return expressionNames(all)
  }

  /// Inside `callee(...)`: labels not used yet, the values the current
  /// argument takes, and names.
  private func callContext(_ t: [Token], open: Int) -> [Item] {
    let callee = open > 0 && t[open - 1].kind == .identifier ? t[open - 1].text : nil
    let declaration =
      open > 1 && (ViewKind.named(t[open - 2].text) != nil || t[open - 2].isWord("grid"))
      ? t[open - 2].text : nil
    if open > 1, t[open - 2].isWord("def") { return [] }
    // Split the arguments at commas of this level.
    var segments: [[Token]] = [[]]
    var depth = 0
    for token in t[(open + 1)...] {
      if Self.isOpener(token.kind) { depth += 1 }
      if Self.isCloser(token.kind) { depth -= 1 }
      if depth == 0, token.kind == .comma {
        segments.append([])
      } else {
        segments[segments.count - 1].append(token)
      }
    }
    let current = segments.removeLast()
    let used = Set(segments.compactMap { $0.count >= 2 && $0[1].kind == .colon ? $0[0].text : nil })
    let positional = segments.filter { !($0.count >= 2 && $0[1].kind == .colon) }.count
    let labels: [String]
    if let kind = declaration.flatMap(ViewKind.named) {
      labels = Vocabulary.declarationLabels(of: kind)
    } else if declaration == "grid" {
      labels = ["cols", "rows", "size", "gap"] + Vocabulary.declarationLabels(of: .view)
    } else if callee == "stage" {
      labels = ["width", "height", "origin", "background"]
    } else {
      labels = callee.map { Vocabulary.builtin($0)?.options ?? [] } ?? []
    }
    if current.isEmpty {
      let labelItems = labels.filter { !used.contains($0) }.map {
        Item(
          label: $0 + ":", kind: .property, rank: 0, detail: callee.map { "option of \($0)" },
          insert: $0 + ": ")
      }
      if declaration != nil || callee == "stage" { return labelItems }
      return values(forArgument: positional, of: callee) + labelItems + expressionNames(t)
    }
    if current.count == 2, current[0].kind == .identifier, current[1].kind == .colon {
      return values(forLabel: current[0].text, of: callee ?? "", declaration: declaration)
        + expressionNames(t)
    }
    if let last = current.last, Self.endsExpression(last) {
      return [Item(label: "on", kind: .keyword, rank: 0)]
    }
    return expressionNames(t)
  }

  private func symbols(_ list: [String], _ kind: Kind = .enumMember, detail: String? = nil)
    -> [Item]
  {
    list.map { Item(label: $0, kind: kind, rank: 0, detail: detail) }
  }

  /// What the `index`th unlabelled argument of `callee` takes.
  private func values(forArgument index: Int, of callee: String?) -> [Item] {
    switch (callee ?? "", index) {
    case ("fade", 0): return symbols(["in", "out"])
    case ("slide", 0): return symbols(Vocabulary.slideDirections)
    case ("slide", 1), ("spin", 0), ("expand", 0), ("contract", 0):
      return symbols(Vocabulary.amounts)
    case ("linear", 0): return symbols(Vocabulary.directions)
    case ("cornered", 0), ("inline", 0): return symbols(Vocabulary.corners)
    case ("radial", 0), ("continuous", 0), ("weighted", 0): return symbols(Vocabulary.positions)
    case ("ease", 1): return easings()
    case ("stagger", 0): return targetNames(groupsOnly: true)
    case ("color", 0), ("discolor", 0): return symbols(Color.allNames.sorted(), .color)
    default: return []
    }
  }

  /// What the option `label` of `callee` takes.
  private func values(forLabel label: String, of callee: String, declaration: String?) -> [Item] {
    switch label {
    case "ease", "easing": return easings()
    case "sort": return sortFunctions()
    case "space": return symbols(Vocabulary.colorSpaces)
    case "on": return targetNames(groupsOnly: false)
    case "horizontal", "vertical": return symbols(Vocabulary.weights)
    case "reversed", "orient": return symbols(["true", "false"], .constant)
    case "amount": return symbols(Vocabulary.amounts)
    case "direction": return symbols(Vocabulary.slideDirections)
    case "color", "background": return symbols(Color.allNames.sorted(), .color)
    case "curve": return symbols(["linear", "smooth"])
    case "to",
      "from" where callee == "color" || callee == "discolor":
      return symbols(Color.allNames.sorted(), .color)
    case "to",
      "from" where callee == "fade":
      return symbols(["in", "out"])
    default: return []
    }
  }

  private func easings() -> [Item] {
    Vocabulary.easings.map { name in
      if let builtin = Vocabulary.builtin(name) {
        return Item(
          label: name, kind: .function, rank: 0, detail: builtin.signature,
          documentation: builtin.summary)
      }
      return Item(label: name, kind: .enumMember, rank: 0, detail: "easing")
    }
  }

  private func sortFunctions() -> [Item] {
    Vocabulary.sortFunctions.map { name in
      let builtin = Vocabulary.builtin(name)
      return Item(
        label: name, kind: name == "default" ? .enumMember : .function, rank: 0,
        detail: builtin?.signature ?? "member order", documentation: builtin?.summary)
    }
  }

  /// Views and groups bound in scope (and `view`), for `on:` and `stagger`.
  private func targetNames(groupsOnly: Bool) -> [Item] {
    var items = groupsOnly ? [] : [Item(label: "view", kind: .variable, rank: 0, detail: "view")]
    for d in declarations()
    where d.kind == .grid || d.kind == .group || (!groupsOnly && d.kind == .view) {
      items.append(Item(label: d.name, kind: .variable, rank: 0, detail: d.kind.description))
    }
    return items
  }

  /// Run handles bound in scope first, then the other names.
  private func handleNames() -> [Item] {
    declarations().filter { $0.kind == .runHandle }.map {
      Item(label: $0.name, kind: .variable, rank: 0, detail: "run handle")
    }
  }

  /// Every declaration visible at the cursor whose name matches the prefix:
  /// the parameters and loop variables around it, this file's names, then
  /// those of the files it imports. A file's top-level names are unique in
  /// its table, so only the few scoped names and the imports need checking
  /// against the others.
  private func declarations(limit: Int = Int.max) -> [Declaration] {
    let table = analysis.table
    let around = table.scoped(at: offset).filter { matches($0.name) }
    var shadowed = Set(around.map(\.name))
    var result = around
    for d in table.globals where matches(d.name) && !shadowed.contains(d.name) {
      if result.count >= limit { return result }
      result.append(d)
    }
    for imported in analysis.importedTables {
      for d in imported.globals where matches(d.name) {
        if !table.declares(d.name), shadowed.insert(d.name).inserted { result.append(d) }
      }
    }
    return result
  }

  /// Names an expression may use: bound names, parameters and loop
  /// variables of the statement being written, builtins, constants.
  private func expressionNames(_ t: [Token]) -> [Item] {
    var items: [Item] = []
    // No more names than one answer can carry (the list is then incomplete).
    for d in declarations(limit: Self.maximumItems + 1) {
      let kind: Kind = d.kind == .function ? .function : .variable
      items.append(Item(label: d.name, kind: kind, rank: 2, detail: d.kind.description))
    }
    // Parameters and loop variables of an unfinished `def` or `for`.
    for i in t.indices where i + 1 < t.count {
      if t[i].isWord("for"), t[i + 1].kind == .identifier {
        items.append(Item(label: t[i + 1].text, kind: .variable, rank: 2, detail: "loop variable"))
      }
      if t[i].isWord("def"), i + 2 < t.count, t[i + 2].kind == .leftParen {
        var k = i + 3
        while k < t.count, t[k].kind == .identifier || t[k].kind == .comma {
          if t[k].kind == .identifier {
            items.append(Item(label: t[k].text, kind: .variable, rank: 2, detail: "parameter"))
          }
          k += 1
        }
      }
    }
    items.append(Item(label: "view", kind: .variable, rank: 2, detail: "the default view"))
    for word in ["true", "false", "forever", "time"] {
      items.append(Item(label: word, kind: .constant, rank: 3))
    }
    for name in Vocabulary.builtinNames {
      let builtin = Vocabulary.builtin(name)
      items.append(
        Item(
          label: name, kind: .function, rank: 4, detail: builtin?.signature,
          documentation: builtin?.summary))
    }
    return items
  }

  /// After `.`: the members of what is before it.
  private func members(_ t: [Token]) -> [Item] {
    let dot = t.count - 1
    var kind: Declaration.Kind?
    if dot > 0, t[dot - 1].kind == .rightBracket {
      kind = .view
    } else if dot > 0, t[dot - 1].kind == .identifier {
      let name = t[dot - 1].text
      if name == "view" {
        kind = .view
      } else if let d = analysis.lookup(name, at: offset) {
        kind = d.kind
      }
    }
    let view =
      Vocabulary.viewMembers.map {
        Item(label: $0, kind: .property, rank: 0, detail: "view property")
      }
      + Vocabulary.viewReadOnlyMembers.map {
        Item(label: $0, kind: .field, rank: 0, detail: "view, read only")
      }
    let handle = Vocabulary.handleMembers.map {
      Item(label: $0, kind: .field, rank: 1, detail: "run handle")
    }
    let group = Vocabulary.groupMembers.map {
      Item(label: $0, kind: .field, rank: 1, detail: "group")
    }
    switch kind {
    case .view: return view
    case .grid, .group: return group
    case .runHandle: return handle
    default: return view + handle + group
    }
  }

  // MARK: Import paths

  /// Inside `import "...`: the `.anim` files and folders beside the document.
  private func importPaths(stringStart: Int) -> [JSON] {
    let lineStart = source.lineStarts[source.location(ofOffset: stringStart).line - 1]
    let before = String(decoding: source.bytes[lineStart..<stringStart], as: UTF8.self)
    guard before.trimmingSpaces() == "import \"" else { return [] }
    let typed = String(decoding: source.bytes[stringStart..<offset], as: UTF8.self)
    let directoryPart = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
    let base = URL(fileURLWithPath: source.path).deletingLastPathComponent()
    let directory =
      directoryPart.hasPrefix("/")
      ? URL(fileURLWithPath: directoryPart) : base.appendingPathComponent(directoryPart)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      return []
    }
    var items: [Item] = []
    for entry in entries.sorted() where !entry.hasPrefix(".") {
      var isDirectory: ObjCBool = false
      FileManager.default.fileExists(
        atPath: directory.appendingPathComponent(entry).path, isDirectory: &isDirectory)
      if isDirectory.boolValue {
        items.append(Item(label: directoryPart + entry + "/", kind: .folder, rank: 1))
      } else if entry.hasSuffix(".anim"),
        FilePaths.canonical(directory.appendingPathComponent(entry).path)
          != FilePaths.canonical(source.path)
      {
        items.append(Item(label: directoryPart + entry, kind: .file, rank: 0))
      }
    }
    return render(items, prefix: typed, from: stringStart)
  }

  // MARK: Output

  private func render(_ items: [Item], prefix: String, from start: Int) -> [JSON] {
    let range = source.lspRange(from: start, to: offset)
    let lowered = prefix.lowercased()
    var seen: Set<String> = []
    var out: [JSON] = []
    // By rank, and within a rank in the order the context listed them (a
    // bucket pass: the list may hold every name of a large script).
    var buckets: [[Item]] = Array(repeating: [], count: 5)
    for item in items { buckets[min(max(item.rank, 0), 4)].append(item) }
    for item in buckets.joined() {
      // One more than the limit tells the caller the list is incomplete.
      if out.count > Self.maximumItems { break }
      guard item.label.lowercased().hasPrefix(lowered), seen.insert(item.label).inserted else {
        continue
      }
      var object: [String: JSON] = [
        "label": .string(item.label), "kind": .int(item.kind.rawValue),
        "sortText": .string("\(item.rank)\(item.label)"),
        "textEdit": ["range": range, "newText": .string(item.insert ?? item.label)],
      ]
      if let insert = item.insert, insert != item.label {
        object["filterText"] = .string(insert)
      }
      if let detail = item.detail { object["detail"] = .string(detail) }
      if let documentation = item.documentation {
        object["documentation"] = ["kind": "markdown", "value": .string(documentation)]
      }
      out.append(.object(object))
    }
    return out
  }
}
