import AnimEngine

/// Works out what fits where the cursor is from the tokens before it (lexed
/// afresh, so a statement the parser could not read still gets completion),
/// and offers: statement keywords where a statement starts (the parser's
/// own table, `StatementKeyword` and the kinds of view), the words that may
/// follow each part of a statement (`step to`, `on h done`, `run m as`),
/// names bound in scope, builtins with their signatures, a call's option
/// labels (`ease:`), the values an option or argument takes (easings after
/// `ease:`, sort functions after `sort:`, positions inside `radial(`), views
/// and groups after `on`, and members after `.`.
///
/// One engine serves the language server and the REPL; each gives it the
/// names it knows (`CompletionScope`) and shows the offers its own way.
public struct CompletionEngine {
  /// The names the host knows.
  public let scope: any CompletionScope
  /// The word being typed (already left out of the tokens).
  public let prefix: String
  /// The most bound names one answer carries.
  public let nameLimit: Int

  /// An engine for the word `prefix` with the names of `scope`.
  public init(scope: any CompletionScope, prefix: String, nameLimit: Int = Int.max) {
    self.scope = scope
    self.prefix = prefix
    self.nameLimit = nameLimit
  }

  /// The offers for the word after `tokens`: the tokens from the start of
  /// the statement before the cursor's (or any earlier point) up to the
  /// word, without the end-of-input token.
  public func offers(after tokens: [Token]) -> [CompletionOffer] {
    context(tokens)
  }

  // MARK: Tokens

  static func isOpener(_ k: TokenKind) -> Bool {
    k == .leftParen || k == .leftBracket || k == .leftBrace
  }

  static func isCloser(_ k: TokenKind) -> Bool {
    k == .rightParen || k == .rightBracket || k == .rightBrace
  }

  /// Whether a token can end an expression (so what follows is an operator
  /// or a keyword such as `on`, `as`, `every`, `within`).
  static func endsExpression(_ t: Token) -> Bool {
    switch t.kind {
    case .identifier: return !connectives.contains(t.text)
    case .number, .string, .rightParen, .rightBracket: return true
    default: return false
    }
  }

  /// Words that join two parts of a statement (`m on box`, `run m as h`,
  /// `trace x every 0.1 for 1`, `expect a == b within 0.1`, `step to 2`):
  /// after one of them an expression or a name follows, not an operator.
  static let connectives: Set<String> = [
    "on", "as", "every", "for", "within", "to", "until", "in", "if", "and", "or", "not",
  ]

  // MARK: Contexts

  private func context(_ t: [Token]) -> [CompletionOffer] {
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
      if let last = t.last, last.isWord("on") { return targetNames(groupsOnly: false) }
      return t.last.map(Self.endsExpression) == true ? [] : expressionNames(t)
    }
    // A statement: from the last boundary at this level.
    var start = (open ?? -1) + 1
    for i in stride(from: t.count - 1, through: start, by: -1)
    where t[i].kind == .newline || t[i].kind == .semicolon || t[i].kind == .rightBrace {
      start = i + 1
      break
    }
    if start == t.count, start > 0, t[start - 1].kind == .rightBrace {
      // Right after a block's `}` on its line no statement may start: only
      // the `else` of an if block.
      return Self.closesIfBlock(t, at: start - 1) ? [keyword("else", rank: 0)] : []
    }
    // `else` may also start the line after an if block's `}`.
    if start == t.count, start >= 2, t[start - 1].kind == .newline,
      Self.closesIfBlock(t, at: start - 2)
    {
      return [keyword("else", rank: 0)] + statementContext([], all: t)
    }
    return statementContext(Array(t[start...]), all: t)
  }

  /// Whether the `}` at `close` ends the block of an `if` or `else`, so that
  /// `else` may follow it. A `}` whose `{` is not among the tokens (a REPL
  /// line with no entry before it) may: the tokens cannot tell.
  static func closesIfBlock(_ t: [Token], at close: Int) -> Bool {
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
    if i < 0 { return true }
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

  private func keyword(_ word: String, rank: Int = 0) -> CompletionOffer {
    CompletionOffer(label: word, kind: .keyword, rank: rank)
  }

  private func words(_ list: [String], rank: Int = 0) -> [CompletionOffer] {
    list.map { keyword($0, rank: rank) }
  }

  /// The statement `s` (its tokens so far; `all` is every token before the
  /// cursor, for the names a `def` or `for` binds).
  private func statementContext(_ s: [Token], all: [Token]) -> [CompletionOffer] {
    guard let first = s.first else {
      return words(Vocabulary.statementKeywords, rank: 1) + expressionNames(all, values: false)
    }
    let last = s[s.count - 1]
    // `m on |` anywhere in a statement but its start: a view or a group.
    if s.count > 1, last.isWord("on") { return targetNames(groupsOnly: false) }
    if first.isWord("else") {
      if s.count == 1 { return [keyword("if")] }
      guard s[1].isWord("if") else { return [] }
      return s.count == 2 ? expressionNames(all) : afterExpression(s, all, ["and", "or"])
    }
    // A keyword followed by `=` or `.` is a name (`pool = 3`, `pool.count`).
    let isName = s.count > 1 && (s[1].kind == .equal || s[1].kind == .dot)
    if first.kind == .identifier, !isName {
      if ViewKind.named(first.text) != nil { return [] }
      if let keyword = StatementKeyword(rawValue: first.text) {
        return after(keyword, s, all)
      }
    }
    // An assignment or an expression statement.
    if s.count == 2, s[1].kind == .equal { return words(["run"]) + expressionNames(all) }
    return afterExpression(s, all, ["on"])
  }

  /// What may follow the statement keyword `keyword` in `s`. The switch
  /// names every keyword of the parser's table, so a new statement cannot
  /// be added without saying what completes after it.
  private func after(_ keyword: StatementKeyword, _ s: [Token], _ all: [Token])
    -> [CompletionOffer]
  {
    let count = s.count
    let last = s[count - 1]
    switch keyword {
    case .group:
      if count >= 3, s[2].kind == .equal {
        return Self.endsExpression(last) && count > 3 ? words(["on"]) : expressionNames(all)
      }
      return []
    case .grid, .def, .import, .stage:
      // Names, then a call's labels or a path: the other contexts.
      return []
    case .let:
      if count >= 3, s[2].kind == .equal {
        if count == 3 { return words(["run"]) + expressionNames(all) }
        return afterExpression(s, all, ["on"])
      }
      return []
    case .for:
      if count == 2 { return words(["in"]) }
      if count >= 3, s[2].isWord("in") { return afterExpression(s, all, []) }
      return []
    case .step:
      if count == 1 { return words(["to", "until"]) + expressionNames(all) }
      if count == 2, s[1].isWord("until") { return handleNames() }
      if count == 2, s[1].isWord("to") { return expressionNames(all) }
      if Self.endsExpression(last), !s[1].isWord("to"), !s[1].isWord("until") {
        return words(["frames", "frame"])
      }
      return Self.endsExpression(last) ? [] : expressionNames(all)
    case .clear, .cancel, .finish, .pause, .resume:
      return count == 1 ? words(["all"]) + handleNames() : []
    case .restart, .reverse:
      return count == 1 ? handleNames() : []
    case .seek:
      if count == 1 { return handleNames() }
      if count == 2 { return words(["to"]) }
      return afterExpression(s, all, [])
    case .on:
      if count == 1 { return handleNames() }
      if count == 2, Self.endsExpression(last) {
        return Vocabulary.handlerEvents.map { CompletionOffer(label: $0, kind: .event, rank: 0) }
      }
      return []
    case .run:
      if count == 1 { return expressionNames(all) }
      if s.contains(where: { $0.isWord("as") }) { return [] }
      return afterExpression(s, all, ["on", "as"])
    case .trace:
      if s.contains(where: { $0.isWord("every") }) {
        return afterExpression(s, all, s.contains(where: { $0.isWord("for") }) ? [] : ["for"])
      }
      return count == 1 ? expressionNames(all) : afterExpression(s, all, ["every"])
    case .expect:
      if s.contains(where: { $0.isWord("within") }) { return afterExpression(s, all, []) }
      return count == 1
        ? expressionNames(all) : afterExpression(s, all, ["within", "and", "or"])
    case .if:
      return count == 1 ? expressionNames(all) : afterExpression(s, all, ["and", "or"])
    case .print, .seed, .fps:
      return count == 1 ? expressionNames(all) : afterExpression(s, all, [])
    case .reset, .tick, .settle, .flush, .pool:
      // Statements of one word.
      return []
    }
  }

  /// After an operand: the given keywords; after an operator: names.
  private func afterExpression(_ s: [Token], _ all: [Token], _ keywords: [String])
    -> [CompletionOffer]
  {
    guard let last = s.last else { return expressionNames(all) }
    if Self.endsExpression(last) { return words(keywords) }
    return expressionNames(all)
  }

  /// Inside `callee(...)`: labels not used yet, the values the current
  /// argument takes, and names.
  private func callContext(_ t: [Token], open: Int) -> [CompletionOffer] {
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
      let labelOffers = labels.filter { !used.contains($0) }.map {
        CompletionOffer(
          label: $0 + ":", kind: .property, rank: 0, detail: callee.map { "option of \($0)" },
          insert: $0 + ": ")
      }
      if declaration != nil || callee == "stage" { return labelOffers }
      return values(forArgument: positional, of: callee) + labelOffers + expressionNames(t)
    }
    if current.count == 2, current[0].kind == .identifier, current[1].kind == .colon {
      if current[0].isWord("on") { return targetNames(groupsOnly: false) }
      return values(forLabel: current[0].text, of: callee ?? "") + expressionNames(t)
    }
    if let last = current.last {
      if last.isWord("on"), current.count > 1 { return targetNames(groupsOnly: false) }
      if Self.endsExpression(last) { return [keyword("on")] }
    }
    return expressionNames(t)
  }

  private func symbols(
    _ list: [String], _ kind: CompletionOffer.Kind = .value, detail: String? = nil
  )
    -> [CompletionOffer]
  {
    list.map { CompletionOffer(label: $0, kind: kind, rank: 0, detail: detail) }
  }

  /// What the `index`th unlabelled argument of `callee` takes.
  private func values(forArgument index: Int, of callee: String?) -> [CompletionOffer] {
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
    case ("morph", 0): return targetNames(groupsOnly: false)
    case ("color", 0), ("discolor", 0): return symbols(Color.allNames.sorted(), .color)
    default: return []
    }
  }

  /// What the option `label` of `callee` takes: for a view property (a
  /// declaration's setting, `tween`'s target) what its type in the property
  /// table takes, colours or its choices.
  private func values(forLabel label: String, of callee: String) -> [CompletionOffer] {
    let declaration = PropertyTable.standard.property(named: label)?.declaration
    switch declaration?.type {
    case .color?: return symbols(Color.allNames.sorted(), .color)
    case .choice(let cases)?: return symbols(cases)
    case .boolean?: return symbols(["true", "false"], .constant)
    case .number? where !declaration!.namedValues.isEmpty:
      // The words a number also takes (`weight: bold`).
      return symbols(declaration!.namedValues.map(\.word))
    default: break
    }
    switch label {
    case "ease", "easing": return easings()
    case "sort": return sortFunctions()
    case "space": return symbols(Vocabulary.colorSpaces)
    case "to" where callee == "morph": return targetNames(groupsOnly: false)
    case "horizontal", "vertical": return symbols(Vocabulary.weights)
    case "reversed", "orient": return symbols(["true", "false"], .constant)
    case "amount": return symbols(Vocabulary.amounts)
    case "direction": return symbols(Vocabulary.slideDirections)
    case "background": return symbols(Color.allNames.sorted(), .color)
    case "curve": return symbols(["linear", "smooth"])
    case "to" where callee == "color" || callee == "discolor",
      "from" where callee == "color" || callee == "discolor":
      return symbols(Color.allNames.sorted(), .color)
    case "to" where callee == "fade", "from" where callee == "fade":
      return symbols(["in", "out"])
    default: return []
    }
  }

  private func easings() -> [CompletionOffer] {
    Vocabulary.easings.map { name in
      if let builtin = Vocabulary.builtin(name) {
        return CompletionOffer(
          label: name, kind: .function, rank: 0, detail: builtin.signature,
          documentation: builtin.summary)
      }
      return CompletionOffer(label: name, kind: .value, rank: 0, detail: "easing")
    }
  }

  private func sortFunctions() -> [CompletionOffer] {
    Vocabulary.sortFunctions.map { name in
      let builtin = Vocabulary.builtin(name)
      return CompletionOffer(
        label: name, kind: name == "default" ? .value : .function, rank: 0,
        detail: builtin?.signature ?? "member order", documentation: builtin?.summary)
    }
  }

  /// Views and groups bound in scope (and `view`), for `on` and `stagger`;
  /// for `on`, also the names that may hold a view.
  private func targetNames(groupsOnly: Bool) -> [CompletionOffer] {
    var offers =
      groupsOnly ? [] : [CompletionOffer(label: "view", kind: .variable, rank: 0, detail: "view")]
    for name in scope.names(matching: prefix, limit: nameLimit)
    where name.kind == .grid || name.kind == .group
      || (!groupsOnly && (name.kind == .view || name.kind == .unknown))
    {
      offers.append(
        CompletionOffer(label: name.name, kind: .variable, rank: 0, detail: name.detail))
    }
    return offers
  }

  /// Run handles bound in scope.
  private func handleNames() -> [CompletionOffer] {
    scope.names(matching: prefix, limit: nameLimit).filter { $0.kind == .runHandle }.map {
      CompletionOffer(label: $0.name, kind: .variable, rank: 0, detail: $0.detail)
    }
  }

  /// Names an expression may use: bound names, parameters and loop
  /// variables of the statement being written, `view`, constants, `not`,
  /// builtins, and (with `values`, where a value goes rather than a
  /// statement) colour names.
  private func expressionNames(_ t: [Token], values: Bool = true) -> [CompletionOffer] {
    var offers: [CompletionOffer] = []
    for name in scope.names(matching: prefix, limit: nameLimit) {
      let kind: CompletionOffer.Kind = name.kind == .function ? .function : .variable
      offers.append(CompletionOffer(label: name.name, kind: kind, rank: 2, detail: name.detail))
    }
    // Parameters and loop variables of an unfinished `def` or `for`.
    for i in t.indices where i + 1 < t.count {
      if t[i].isWord("for"), t[i + 1].kind == .identifier {
        offers.append(
          CompletionOffer(label: t[i + 1].text, kind: .variable, rank: 2, detail: "loop variable"))
      }
      if t[i].isWord("def"), i + 2 < t.count, t[i + 2].kind == .leftParen {
        var k = i + 3
        while k < t.count, t[k].kind == .identifier || t[k].kind == .comma {
          if t[k].kind == .identifier {
            offers.append(
              CompletionOffer(label: t[k].text, kind: .variable, rank: 2, detail: "parameter"))
          }
          k += 1
        }
      }
    }
    offers.append(
      CompletionOffer(label: "view", kind: .variable, rank: 2, detail: "the default view"))
    for word in ["true", "false", "forever", "time"] {
      offers.append(CompletionOffer(label: word, kind: .constant, rank: 3))
    }
    if values { offers.append(keyword("not", rank: 3)) }
    for name in Vocabulary.builtinNames {
      let builtin = Vocabulary.builtin(name)
      offers.append(
        CompletionOffer(
          label: name, kind: .function, rank: 4, detail: builtin?.signature,
          documentation: builtin?.summary))
    }
    if values {
      for name in Color.allNames.sorted() {
        offers.append(CompletionOffer(label: name, kind: .color, rank: 5, detail: "colour"))
      }
    }
    return offers
  }

  /// After `.`: the members of what is before it.
  private func members(_ t: [Token]) -> [CompletionOffer] {
    let dot = t.count - 1
    var owner: MemberOwner?
    if dot > 0, t[dot - 1].kind == .rightBracket {
      owner = indexedBase(t, close: dot - 1).map(scope.owner(of:)) ?? .view(nil)
    } else if dot > 0, t[dot - 1].kind == .identifier {
      owner = scope.owner(of: t[dot - 1].text)
    }
    func view(_ kind: ViewKind?) -> [CompletionOffer] {
      let settable = kind.map(Vocabulary.viewMembers(of:)) ?? Vocabulary.viewMembers
      return settable.map {
        CompletionOffer(label: $0, kind: .property, rank: 0, detail: "view property")
      }
        + Vocabulary.viewReadOnlyMembers(of: kind).map {
          CompletionOffer(label: $0, kind: .field, rank: 0, detail: "view, read only")
        }
    }
    let handle = Vocabulary.handleMembers.map {
      CompletionOffer(label: $0, kind: .field, rank: 1, detail: "run handle")
    }
    let group = Vocabulary.groupMembers.map {
      CompletionOffer(label: $0, kind: .field, rank: 1, detail: "group")
    }
    switch owner {
    case .view(let kind)?: return view(kind)
    case .group?: return group
    case .handle?: return handle
    case .record(let fields)?:
      return fields.filter(SyntaxFormat.isWord).map {
        CompletionOffer(label: $0, kind: .field, rank: 0, detail: "record field")
      }
    case .nothing?: return []
    case nil: return view(nil) + handle + group
    }
  }

  /// `tiles[2]` for the tokens `tiles [ 2 ]` ending at `close`; nil when
  /// the index is not a whole number written out.
  private func indexedBase(_ t: [Token], close: Int) -> String? {
    guard close >= 3, t[close - 1].kind == .number, t[close - 2].kind == .leftBracket,
      t[close - 3].kind == .identifier, t[close - 1].unit == nil,
      let index = Int(exactly: t[close - 1].number)
    else { return nil }
    return "\(t[close - 3].text)[\(index)]"
  }
}
