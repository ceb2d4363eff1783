import AnimEngine

// Statements: declarations, commands, handlers, assignments.
//
// Keywords are contextual. A word from `StatementKeyword` starts its statement
// only at the start of a statement and only when the next token is not `=` or
// `.`: `pool = 3` and `time = 2` are assignments, `pool.count` an expression.
// `stage` is the stage statement only when `(` follows it (`stage(width: 400)`).
// A kind of view (`view`, `rect`, from `ViewKind.table`) declares a view only
// when a name follows (`view box`); otherwise `view` is the default view
// (`view.alpha = 0.5`) and `rect` an ordinary name. Inside statements, words such as `in`,
// `every`, `within`, `as`, `frames`, `all`, `done` are recognised only where
// the grammar expects them, so they remain usable as names and symbols.

/// The words that can start a statement, besides the kinds of view
/// (`ViewKind.table`: `view`, `rect`, …), which start a declaration.
enum StatementKeyword: String, CaseIterable {
  case grid, stage, group, `let`, def, `for`, `if`, `import`, print, trace, expect, seed
  case reset, fps
  case step, tick, settle, clear, cancel, finish, pause, resume, restart, flush, pool, on, run
  case seek, reverse

  /// The keywords (`allCases` builds a new array each time it is read) and
  /// their packed words (`RawToken.word`), in the same order; all keywords
  /// are at most 8 bytes.
  private static let keywords = allCases
  private static let words: [UInt64] = keywords.map { Word.pack($0.rawValue) }
  /// The packed words of the kinds of view, in `ViewKind` order.
  private static let kindWords: [UInt64] = ViewKind.allCases.map { Word.pack($0.name) }

  /// Every word that starts a statement, as the parser reads them: the
  /// kinds of view, then the keywords. Completion in the REPL and the
  /// language server offers these.
  static var statementWords: [String] {
    ViewKind.allCases.map(\.name) + ["sound"] + allCases.map(\.rawValue)
  }

  /// The keyword an identifier token spells, if any. A linear scan of a few
  /// dozen integers is cheaper than hashing.
  static func keyword(_ token: RawToken) -> StatementKeyword? {
    guard token.kind == .identifier, token.word != 0,
      let index = words.firstIndex(of: token.word)
    else { return nil }
    return keywords[index]
  }

  /// The kind of view an identifier token names (`rect`), if any.
  static func viewKind(_ token: RawToken) -> ViewKind? {
    guard token.kind == .identifier, token.word != 0,
      let index = kindWords.firstIndex(of: token.word)
    else { return nil }
    return ViewKind.allCases[index]
  }
}

extension Parser {
  /// statement -> viewDeclaration | gridDeclaration | groupDeclaration | letBinding
  ///            | functionDefinition | forLoop | ifStatement | importStatement | printStatement
  ///            | traceStatement | expectStatement | clockStatement | runControl
  ///            | handler | runStatement | assignmentOrExpression
  mutating func statement() throws(ParseError) -> Stmt {
    if check(.rightBrace) {
      throw error("unexpected '}' with no open '{'", at: current.range)
    }
    if checkWord(Word.else), lookahead.kind == .leftBrace || lookahead.word == Word.if {
      throw error(
        "'else' without 'if'", at: current.range,
        hint: "'else' follows the '}' of an if block, as in 'if c { … } else { … }'")
    }
    if check(.identifier), current.word == Word.and || current.word == Word.or,
      Parser.canStartExpression(lookahead)
    {
      let word = text(current)
      throw error(
        "a statement cannot start with '\(word)'", at: current.range,
        hint: "to continue the previous line, end it with '\(word)' instead of starting this one")
    }
    // `view box`, `rect card(…)`: a kind of view followed by a name. Without
    // a name, `view` is the default view (`view.alpha = 0.5`).
    if lookahead.kind == .identifier, let kind = StatementKeyword.viewKind(current) {
      return try viewDeclaration(kind)
    }
    // `sound click("click.wav")`: like a kind of view, a declaration only
    // when a name follows, so `sound` stays an ordinary name otherwise.
    if checkWord(Word.sound), lookahead.kind == .identifier {
      return try soundDeclaration()
    }
    guard let keyword = StatementKeyword.keyword(current),
      lookahead.kind != .equal, lookahead.kind != .dot
    else {
      return try assignmentOrExpression()
    }
    let start = current.range
    switch keyword {
    case .grid: return try declaration(start) { .gridDeclaration(name: $0, arguments: $2) }
    case .stage:
      guard lookahead.kind == .leftParen else { return try assignmentOrExpression() }
      return try stageStatement(start)
    case .group: return try groupDeclaration()
    case .let: return try letBinding()
    case .def: return try functionDefinition()
    case .for: return try forLoop()
    case .if: return try ifStatement()
    case .import: return try importStatement()
    case .print: return try printStatement()
    case .trace: return try traceStatement()
    case .expect: return try expectStatement()
    case .seed: return try command(start) { .seed($0) }
    case .fps: return try command(start) { .fps($0) }
    case .step: return try stepStatement()
    case .reset: return bare(.reset)
    case .tick: return bare(.tick)
    case .settle: return bare(.settle)
    case .flush: return bare(.flush)
    case .pool: return bare(.pool)
    case .clear: return try runControl(start) { .clear($0) }
    case .cancel: return try runControl(start) { .cancel($0) }
    case .finish: return try runControl(start) { .finish($0) }
    case .pause: return try runControl(start) { .pause($0) }
    case .resume: return try runControl(start) { .resume($0) }
    case .restart: return try restartStatement()
    case .seek: return try seekStatement()
    case .reverse:
      // `reverse(m)` is the motion builtin; `reverse h` the statement.
      guard lookahead.kind != .leftParen else { return try assignmentOrExpression() }
      advance()
      let run = try expression()
      return Stmt(.reverse(run), range: range(from: start))
    case .on: return try handler()
    case .run:
      let (motion, alias) = try runParts()
      return Stmt(.run(motion: motion, alias: alias), range: range(from: start))
    }
  }

  /// A keyword statement with no operand: `reset`, `tick`, `settle`, `flush`, `pool`.
  private mutating func bare(_ kind: Stmt.Kind) -> Stmt {
    let start = current.range
    advance()
    return Stmt(kind, range: start)
  }

  /// A keyword statement with one expression operand: `seed n`, `fps n`.
  private mutating func command(_ start: SourceRange, _ make: (Expr) -> Stmt.Kind)
    throws(ParseError) -> Stmt
  {
    advance()
    let value = try expression()
    return Stmt(make(value), range: range(from: start))
  }

  /// viewDeclaration -> viewKind IDENT [ "[" expression "]" ] [ propertyList ] [ childBlock ]
  /// childBlock -> "{" { viewDeclaration } "}"
  /// (a text's list may begin with its string, unlabelled: `text t("Hi", size: 20)`;
  /// `rect bar[i](…)` declares a member of the family `bar`, SPEC §23.1)
  private mutating func viewDeclaration(_ kind: ViewKind) throws(ParseError) -> Stmt {
    let start = current.range
    let head = try declaration(start, allowsIndex: true) {
      .viewDeclaration(kind: kind, name: $0, index: $1, arguments: $2, children: [])
    }
    // The block opens on the declaration's line: a `{` on a line of its own
    // starts nothing else, but reading it as a block there would surprise.
    guard check(.leftBrace),
      case .viewDeclaration(_, let name, let index, let arguments, _) = head.kind
    else { return head }
    let children = try block("expected '{'")
    for child in children {
      guard case .viewDeclaration = child.kind else {
        throw error(
          "only view declarations may be in a view's block", at: child.range,
          hint: "declare children such as 'rect body(x: 0, y: 0)' inside '\(name.name) { … }'")
      }
    }
    return Stmt(
      .viewDeclaration(
        kind: kind, name: name, index: index, arguments: arguments, children: children),
      range: range(from: start))
  }

  /// viewKind -> "view" | "rect" | "ellipse" | "polygon" | "star" | "shape" | "layer" | "text"
  /// gridDeclaration -> "grid" IDENT [ propertyList ]
  /// propertyList -> "(" [ property { "," property } [ "," ] ] ")"
  /// property -> IDENT ":" expression
  private mutating func declaration(
    _ start: SourceRange, allowsIndex: Bool = false,
    _ make: (Identifier, Expr?, [Argument]) -> Stmt.Kind
  ) throws(ParseError) -> Stmt {
    let keyword = text(current)
    advance()
    let name = try consumeIdentifier("expected \(keyword) name after '\(keyword)'")
    var index: Expr?
    if allowsIndex, check(.leftBracket) {
      // `rect bar[i](…)`: a member of the family `bar` (SPEC §23.1).
      let open = current
      advance()
      let saved = depth
      defer { depth = saved }
      try nest()
      index = try expression()
      try close(.rightBracket, "expected ']' after the member's index", opening: open, items: nil)
    }
    var properties: [Argument] = []
    if check(.leftParen) {
      let open = current
      advance()
      let saved = depth
      defer { depth = saved }
      try nest()
      while !check(.rightParen) {
        // `text title("Hello", …)`: a text's string may come first, unlabelled.
        let isTextString = keyword == "text" && properties.isEmpty
        guard isTextString || check(.identifier) && lookahead.kind == .colon else {
          throw expected("expected a property label such as 'x:' in \(keyword) declaration")
        }
        properties.append(try argument())
        if !match(.comma) { break }
      }
      try close(
        .rightParen, "expected ')' after \(keyword) properties", opening: open, items: "properties")
    }
    return Stmt(make(name, index, properties), range: range(from: start))
  }

  /// stageStatement -> "stage" propertyList
  private mutating func stageStatement(_ start: SourceRange) throws(ParseError) -> Stmt {
    advance()
    let open = current
    advance()
    let saved = depth
    defer { depth = saved }
    try nest()
    var properties: [Argument] = []
    while !check(.rightParen) {
      guard check(.identifier), lookahead.kind == .colon else {
        throw expected("expected a setting label such as 'width:' in stage")
      }
      properties.append(try argument())
      if !match(.comma) { break }
    }
    try close(.rightParen, "expected ')' after stage settings", opening: open, items: "settings")
    return Stmt(.stage(arguments: properties), range: range(from: start))
  }

  /// groupDeclaration -> "group" IDENT "=" expression
  private mutating func groupDeclaration() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let name = try consumeIdentifier("expected group name after 'group'")
    try consume(.equal, "expected '=' after group name")
    let value = try expression()
    return Stmt(.groupDeclaration(name: name, value: value), range: range(from: start))
  }

  /// letBinding -> "let" IDENT "=" value
  private mutating func letBinding() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let name = try consumeIdentifier("expected name after 'let'")
    try consume(.equal, "expected '=' after name in 'let'")
    let value = try value()
    return Stmt(.letBinding(name: name, value: value), range: range(from: start))
  }

  /// functionDefinition -> "def" IDENT "(" [ IDENT { "," IDENT } ] ")" "=" expression
  private mutating func functionDefinition() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let name = try consumeIdentifier("expected function name after 'def'")
    let open = try consume(.leftParen, "expected '(' after function name")
    var parameters: [Identifier] = []
    while !check(.rightParen) {
      let parameter = try consumeIdentifier("expected parameter name")
      if parameters.contains(where: { $0.name == parameter.name }) {
        throw error("duplicate parameter '\(parameter.name)'", at: parameter.range)
      }
      parameters.append(parameter)
      if !match(.comma) { break }
    }
    try close(.rightParen, "expected ')' after parameters", opening: open, items: "parameters")
    try consume(
      .equal, "expected '=' after parameters", hint: "functions read 'def name(a, b) = expression'")
    let body = try expression()
    return Stmt(
      .functionDefinition(name: name, parameters: parameters, body: body), range: range(from: start)
    )
  }

  /// forLoop -> "for" IDENT "in" expression { NEWLINE } block
  private mutating func forLoop() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let variable = try consumeIdentifier("expected loop variable name after 'for'")
    guard matchWord(Word.in) else { throw expected("expected 'in' after loop variable") }
    let sequence = try expression()
    let body = try block("expected '{' after for-loop sequence")
    return Stmt(
      .forLoop(variable: variable, sequence: sequence, body: body), range: range(from: start))
  }

  /// ifStatement -> "if" expression block { "else" "if" expression block } [ "else" block ]
  ///
  /// `else` may follow the `}` on the same line or on the next one.
  private mutating func ifStatement() throws(ParseError) -> Stmt {
    let start = current.range
    var branches: [ConditionalBranch] = []
    var otherwise: [Stmt]?
    advance()
    while true {
      let condition = try expression()
      let body = try block("expected '{' after the if condition")
      branches.append(ConditionalBranch(condition: condition, body: body))
      if check(.newline), lookahead.kind == .identifier, lookahead.word == Word.else {
        advance()
      }
      guard matchWord(Word.else) else { break }
      guard matchWord(Word.if) else {
        otherwise = try block("expected '{' or 'if' after 'else'")
        break
      }
    }
    return Stmt(.conditional(branches: branches, otherwise: otherwise), range: range(from: start))
  }

  /// block -> "{" { separator } [ statement { separator { separator } statement } ] { separator } "}"
  ///
  /// Newlines before the `{` are allowed. Statements inside are separated by
  /// newlines or `;` as at the top level; an error skips to the next one.
  mutating func block(_ message: String) throws(ParseError) -> [Stmt] {
    skipNewlines()
    let open = try consume(.leftBrace, message)
    let saved = depth
    defer { depth = saved }
    try nest()
    var body: [Stmt] = []
    skipSeparators()
    while !check(.rightBrace), !check(.endOfFile) {
      if let statement = try statementWithRecovery(inBlock: true) {
        body.append(statement)
      }
      skipSeparators()
    }
    try consume(
      .rightBrace, "expected '}' at end of block",
      hint: "the '{' opened at \(open.range.location) is not closed")
    return body
  }

  /// soundDeclaration -> "sound" IDENT "(" STRING ")"
  private mutating func soundDeclaration() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let name = try consumeIdentifier("expected sound name after 'sound'")
    let hint = "a sound is declared from its file: sound \(name.name)(\"click.wav\")"
    let open = try consume(
      .leftParen, "expected '(' and the sound's file after its name", hint: hint)
    guard check(.string) else {
      throw expected("expected the sound's file as a string", hint: hint)
    }
    let path = current
    advance()
    try close(.rightParen, "expected ')' after the sound's file", opening: open, items: "arguments")
    return Stmt(
      .soundDeclaration(name: name, path: stringValue(path), pathRange: path.range),
      range: range(from: start))
  }

  /// importStatement -> "import" STRING
  private mutating func importStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let path = try consume(.string, "expected a file path string after 'import'")
    return Stmt(.importFile(path: stringValue(path)), range: range(from: start))
  }

  /// printStatement -> "print" [ expression { "," expression } ]
  private mutating func printStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    var values: [Expr] = []
    if !Parser.endsStatement(current) {
      repeat { values.append(try expression()) } while match(.comma)
    }
    return Stmt(.print(values), range: range(from: start))
  }

  /// traceStatement -> "trace" expression { "," expression } "every" expression "for" expression
  private mutating func traceStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    var values: [Expr] = []
    repeat { values.append(try expression()) } while match(.comma)
    guard matchWord(Word.every) else {
      throw expected(
        "expected 'every' after traced values", hint: "trace reads 'trace v.x every 0.25 for 1'")
    }
    let interval = try expression()
    guard matchWord(Word.for) else {
      throw expected(
        "expected 'for' after trace interval", hint: "trace reads 'trace v.x every 0.25 for 1'")
    }
    let duration = try expression()
    return Stmt(
      .trace(values: values, interval: interval, duration: duration), range: range(from: start))
  }

  /// expectStatement -> "expect" expression [ "within" expression ]
  private mutating func expectStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let condition = try expression()
    let tolerance = matchWord(Word.within) ? try expression() : nil
    return Stmt(.expect(condition: condition, tolerance: tolerance), range: range(from: start))
  }

  /// stepStatement -> "step" ( "to" expression | "until" expression
  ///                         | expression [ "frames" | "frame" ] )
  ///
  /// `to` and `until` are keywords here only when an expression follows them,
  /// so `step to` alone steps by the value of a variable named `to`.
  private mutating func stepStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    if checkWord(Word.to) || checkWord(Word.until), Parser.canStartExpression(lookahead) {
      let isTo = checkWord(Word.to)
      advance()
      let value = try expression()
      return Stmt(isTo ? .stepTo(value) : .stepUntil(value), range: range(from: start))
    }
    let amount = try expression()
    if matchWord(Word.frames) || matchWord(Word.frame) {
      return Stmt(.stepFrames(amount), range: range(from: start))
    }
    return Stmt(.step(amount), range: range(from: start))
  }

  /// runControl -> ( "clear" | "cancel" | "finish" | "pause" | "resume" ) ( "all" | expression )
  private mutating func runControl(_ start: SourceRange, _ make: (RunTarget) -> Stmt.Kind)
    throws(ParseError) -> Stmt
  {
    advance()
    if checkWord(Word.all), Parser.endsStatement(lookahead) {
      advance()
      return Stmt(make(.all), range: range(from: start))
    }
    let run = try expression()
    return Stmt(make(.run(run)), range: range(from: start))
  }

  /// restartStatement -> "restart" expression
  private mutating func restartStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    if checkWord(Word.all), Parser.endsStatement(lookahead) {
      throw error("'restart' takes one run handle, not 'all'", at: current.range)
    }
    let run = try expression()
    return Stmt(.restart(run), range: range(from: start))
  }

  /// seekStatement -> "seek" expression "to" expression
  private mutating func seekStatement() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let run = try expression()
    guard checkWord(Word.to) else {
      throw error("expected 'to' after the run in 'seek h to t'", at: current.range)
    }
    advance()
    let time = try expression()
    return Stmt(.seek(run: run, time: time), range: range(from: start))
  }

  /// handler -> "on" expression event block
  /// event -> "done" | "start" | "repeat" | "mark" STRING
  private mutating func handler() throws(ParseError) -> Stmt {
    let start = current.range
    advance()
    let run = try expression()
    guard check(.identifier) else {
      throw expected("expected handler event (done, start, repeat or mark)")
    }
    let word = current.word
    guard word == Word.done || word == Word.start || word == Word.repeat || word == Word.mark
    else {
      let text = text(current)
      let suggestion = Spelling.closest(to: text, among: ["done", "start", "repeat", "mark"])
      throw error(
        "unknown handler event '\(text)'; expected done, start, repeat or mark",
        at: current.range, hint: suggestion.map { "did you mean '\($0)'?" })
    }
    advance()
    let event: HandlerEvent
    switch word {
    case Word.done: event = .done
    case Word.start: event = .start
    case Word.repeat: event = .repeat
    default:
      event = .mark(stringValue(try consume(.string, "expected mark name string after 'mark'")))
    }
    let body = try block("expected '{' after handler event")
    return Stmt(.handler(run: run, event: event, body: body), range: range(from: start))
  }

  /// assignmentOrExpression -> target "=" value | expression
  /// target -> IDENT { "." IDENT | "[" expression "]" }
  mutating func assignmentOrExpression() throws(ParseError) -> Stmt {
    let target = try expression()
    guard check(.equal) else { return Stmt(.expression(target), range: target.range) }
    guard Parser.isAssignable(target) else {
      throw error(
        "cannot assign to this expression", at: target.range,
        hint: "assign to a name, a property such as 'view.alpha', or an element such as 'g[0].x'")
    }
    advance()
    let value = try value()
    return Stmt(.assignment(target: target, value: value), range: target.range.through(value.range))
  }

  /// Whether an expression can be assigned to: a name, or members and indexes of one.
  static func isAssignable(_ expression: Expr) -> Bool {
    switch expression.kind {
    case .identifier: true
    case .member(let base, _), .index(let base, _): isAssignable(base)
    default: false
    }
  }

  /// value -> runExpression | expression
  ///
  /// `run` starts a run expression here only when an expression follows it.
  mutating func value() throws(ParseError) -> Expr {
    if checkWord(Word.run), Parser.canStartExpression(lookahead) {
      return try runExpression()
    }
    return try expression()
  }

  /// runExpression -> "run" expression [ "as" IDENT ]
  mutating func runExpression() throws(ParseError) -> Expr {
    let start = current.range
    let (motion, alias) = try runParts()
    return Expr(.run(motion: motion, alias: alias), range: range(from: start))
  }

  /// The parts of a run expression or statement: the motion and the `as` name.
  private mutating func runParts() throws(ParseError) -> (Expr, Identifier?) {
    advance()
    let motion = try expression()
    var alias: Identifier?
    if matchWord(Word.as) {
      alias = try consumeIdentifier("expected a name for the run after 'as'")
    }
    return (motion, alias)
  }
}
