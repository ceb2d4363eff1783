/// A hand-written recursive-descent parser for the grammar in `grammar/anim.ebnf`.
///
/// Each parse function is named after the production it parses, and its doc
/// comment quotes that production. This file holds the entry points and the
/// machinery (token helpers, error reporting, recovery); statements are in
/// `Parser+Statements.swift`, expressions in `Parser+Expressions.swift`.
///
/// Errors: a parse function throws `ParseError.recoverable` after recording a
/// diagnostic; the statement loop catches it, skips to the next statement
/// (`synchronize`) and goes on, so one bad line costs one error. Lexical errors
/// arrive as `error` tokens, which `advance()` reports and skips; the rest of
/// that statement's errors are then suppressed (they would be consequences).
public struct Parser {
  /// How deeply expressions and blocks may nest. Each parenthesis, bracket,
  /// argument list, member access, index, unary minus, binary operator and
  /// block adds a level, so no syntax tree is deeper than this, and the parser
  /// and the interpreter, which both recurse over the tree, cannot exhaust the
  /// stack. At the limit the parser needs under 512 KB of stack in a release
  /// build and about 4 MB in a debug build; a main thread has 8 MB. Real
  /// scripts stay far below it; 10 000 nested parentheses stop here with an
  /// error instead of crashing.
  public static let maximumNestingDepth = 256

  /// How many errors one parse reports before it stops with a note: after
  /// that many, later errors are mostly noise caused by the earlier ones.
  public static let maximumErrorCount = 20

  /// How many tokens the lexer reads ahead at a time. Reading them in a
  /// batch keeps the lexer's loop tight and lets `advance` move an index
  /// instead of copying tokens; 256 tokens (8 KB) stay in the L1 cache.
  static let tokensPerBatch = 256

  let source: SourceFile
  var lexer: Lexer
  /// The tokens read ahead: the previous token, the current one, the
  /// lookahead and the rest of the batch (see `readAhead`), up to `end`.
  /// Always `tokensPerBatch + 2` long: each batch is read over the last.
  var tokens: [RawToken]
  var end = 0
  /// Where the current token is in `tokens`.
  var index = 0
  /// Where the previous token is in `tokens`: before `index`, and further
  /// back than `index - 1` when error tokens were skipped in between.
  var previousIndex = 0
  /// The lexer as it was before it read `tokens[batchStart]`, from which
  /// `closeOpenGroupsForRecovery` reads the batch again.
  var lexerBeforeBatch: Lexer
  var batchStart = 0
  /// Whether `previous` is a real token (false before the first `advance`).
  var hasPrevious = false

  var diagnostics: [Diagnostic] = []
  var errorCount = 0
  /// Set after an error until the next statement separator: further errors
  /// in the same statement are consequences, not reported.
  var isPanicking = false
  /// Whether the first error was found at the end of input (`nil`: no error yet).
  var firstErrorIsAtEnd: Bool?
  /// Set when parsing must stop (too many errors, nesting too deep).
  var mustStop = false
  /// The current nesting depth (see `maximumNestingDepth`).
  var depth = 0
  /// A cache of identifier names by their packed bytes (see `name(_:)`):
  /// 512 slots, each the last name whose hash fell there.
  var recentNames = [(word: UInt64, name: String)](repeating: (0, ""), count: 512)

  private init(source: SourceFile) {
    self.init(source: source, lexer: Lexer(source: source), batch: Parser.tokensPerBatch)
  }

  /// A parser reading the tokens `lexer` gives from where it stands, a
  /// batch of `batch` at a time, `depth` levels deep already: an
  /// interpolation's expression inside a string (`interpolation(_:)`) is
  /// read by one of these, a few tokens at a time, so that it does not read
  /// far past its string.
  init(source: SourceFile, lexer: Lexer, depth: Int) {
    self.init(source: source, lexer: lexer, batch: 4)
    self.depth = depth
  }

  private init(source: SourceFile, lexer start: Lexer, batch: Int) {
    self.source = source
    self.lexer = start
    self.lexerBeforeBatch = start
    // A placeholder previous token, then the first batch; `advance` makes
    // the first token current.
    let start = SourceRange(start: 0, end: 0, line: 1, column: 1)
    let placeholder = RawToken(kind: .endOfFile, range: start)
    tokens = [RawToken](repeating: placeholder, count: batch + 2)
    tokens.withUnsafeMutableBufferPointer { buffer in
      lexer.read(into: UnsafeMutableBufferPointer(rebasing: buffer[1...]))
    }
    end = tokens.count
    batchStart = 1
    advance()
    hasPrevious = false
  }

  // MARK: - Entry points

  /// The largest source the parser accepts: source ranges store 32-bit offsets.
  public static let maximumSourceSize = Int(UInt32.max) - 1

  /// Parses a whole script or REPL entry.
  public static func parse(_ source: SourceFile) -> ParseResult {
    if let tooLarge = sizeError(source) {
      return ParseResult(statements: [], diagnostics: [tooLarge], isIncomplete: false)
    }
    var parser = Parser(source: source)
    let statements = parser.program()
    return ParseResult(
      statements: statements, diagnostics: parser.diagnostics,
      isIncomplete: parser.firstErrorIsAtEnd ?? false)
  }

  /// Parses a whole script, handing each top-level statement to `body` as
  /// soon as it is parsed instead of keeping them all (`anim check` of a huge
  /// script then holds one statement's tree at a time). The result's
  /// `statements` is empty.
  public static func parse(_ source: SourceFile, each body: (Stmt) -> Void) -> ParseResult {
    if let tooLarge = sizeError(source) {
      return ParseResult(statements: [], diagnostics: [tooLarge], isIncomplete: false)
    }
    var parser = Parser(source: source)
    parser.program(each: body)
    return ParseResult(
      statements: [], diagnostics: parser.diagnostics,
      isIncomplete: parser.firstErrorIsAtEnd ?? false)
  }

  /// Parses a single expression filling the whole source (blank lines around
  /// it allowed), for the REPL's `:ast EXPR`. A `run` expression is accepted.
  /// Returns `nil` for the expression when there is any error.
  public static func parseExpression(_ source: SourceFile) -> (Expr?, [Diagnostic]) {
    if let tooLarge = sizeError(source) { return (nil, [tooLarge]) }
    var parser = Parser(source: source)
    parser.skipSeparators()
    do throws(ParseError) {
      let expression = try parser.value()
      parser.skipSeparators()
      if !parser.check(.endOfFile) { throw parser.expected("expected end of expression") }
      return (parser.diagnostics.isEmpty ? expression : nil, parser.diagnostics)
    } catch {
      return (nil, parser.diagnostics)
    }
  }

  private static func sizeError(_ source: SourceFile) -> Diagnostic? {
    guard source.bytes.count > maximumSourceSize else { return nil }
    return .error(
      "source is too large (limit 4 GiB)", at: SourceRange(start: 0, end: 0, line: 1, column: 1))
  }

  // MARK: - Program and recovery

  /// program -> { separator } [ statement { separator { separator } statement } ] { separator } EOF
  mutating func program() -> [Stmt] {
    var statements: [Stmt] = []
    program { statements.append($0) }
    return statements
  }

  /// program, handing each statement to `body` as it is parsed.
  mutating func program(each body: (Stmt) -> Void) {
    skipSeparators()
    while !check(.endOfFile), !mustStop {
      do throws(ParseError) {
        if let statement = try statementWithRecovery(inBlock: false) {
          body(statement)
        }
      } catch {
        break
      }
      skipSeparators()
    }
  }

  /// Parses one statement and its end; on a recoverable error, skips to the
  /// next statement and returns `nil`. Rethrows only `.fatal`.
  mutating func statementWithRecovery(inBlock: Bool) throws(ParseError) -> Stmt? {
    do throws(ParseError) {
      let statement = try self.statement()
      try endOfStatement(inBlock: inBlock)
      if mustStop { throw ParseError.fatal }
      // A lexical error inside the statement was reported and its token
      // skipped; what is left parsed, but is not what was written.
      return isPanicking ? nil : statement
    } catch {
      if error == .fatal || mustStop { throw .fatal }
      synchronize(inBlock: inBlock)
      return nil
    }
  }

  /// After a statement: a newline, `;`, the end of input, or (in a block) the `}`.
  mutating func endOfStatement(inBlock: Bool) throws(ParseError) {
    switch current.kind {
    case .newline, .semicolon, .endOfFile: return
    case .rightBrace where inBlock: return
    default: throw expected("expected end of statement")
    }
  }

  /// Skips tokens up to the end of the statement in error: the next newline or
  /// `;` outside braces (left for `skipSeparators`), or the `}` closing the
  /// enclosing block. A `{ ... }` in the bad statement is skipped whole, so an
  /// error in a loop's header does not turn its body into stray statements.
  @inline(never)
  mutating func synchronize(inBlock: Bool) {
    closeOpenGroupsForRecovery()
    var braces = 0
    while !check(.endOfFile) {
      switch current.kind {
      case .newline, .semicolon:
        if braces == 0 { return }
      case .leftBrace:
        braces += 1
      case .rightBrace:
        if braces > 0 {
          braces -= 1
        } else if inBlock {
          return
        }
      default:
        break
      }
      advance()
    }
  }

  /// separator -> NEWLINE | ";"   (any number of them)
  @inline(never)
  mutating func skipSeparators() {
    while check(.newline) || check(.semicolon) {
      isPanicking = false
      advance()
    }
  }

  /// Skips newlines inside a statement (before a `{`, after `on`).
  @inline(never)
  mutating func skipNewlines() {
    while check(.newline) { advance() }
  }

  // MARK: - Tokens

  /// The token just consumed.
  var previous: RawToken { tokens[previousIndex] }

  /// The token being looked at.
  var current: RawToken { tokens[index] }

  /// The token after `current` (possibly an `error` token, never reported from here).
  var lookahead: RawToken { tokens[index + 1] }

  /// Moves to the next token, reporting and skipping lexical errors.
  mutating func advance() {
    previousIndex = index
    index += 1
    hasPrevious = true
    if index + 1 >= end { readAhead() }
    while tokens[index].kind == .error { skipErrorToken() }
  }

  /// Reports the current token, an error, and moves past it.
  @inline(never)
  private mutating func skipErrorToken() {
    reportLexicalError(current)
    index += 1
    if index + 1 >= end { readAhead() }
  }

  /// Reads the next batch of tokens when the lookahead is missing, keeping
  /// only the previous and the current token before it.
  ///
  /// Never inlined: it runs once per batch, and the lexer's loop it calls
  /// must stay out of the frames of the recursive parse functions.
  @inline(never)
  private mutating func readAhead() {
    lexerBeforeBatch = lexer
    var batch: [RawToken] = []
    swap(&batch, &tokens)  // moves the array out, so that writing to it copies nothing
    batch[0] = batch[previousIndex]
    batch[1] = batch[index]
    batch.withUnsafeMutableBufferPointer { buffer in
      lexer.read(into: UnsafeMutableBufferPointer(rebasing: buffer[2...]))
    }
    swap(&batch, &tokens)
    end = tokens.count
    previousIndex = 0
    index = 1
    batchStart = 2
  }

  /// Makes the lexer forget the `(` and `[` still open, as
  /// `Lexer.closeOpenGroupsForRecovery` does, at the point where it would be
  /// had it read no further than the lookahead token: the tokens of the batch
  /// up to the lookahead are read again from `lexerBeforeBatch` (they come
  /// out the same), and those after it are dropped, to be read again with
  /// the groups closed.
  mutating func closeOpenGroupsForRecovery() {
    var lexer = lexerBeforeBatch
    var position = batchStart
    while position <= index + 1 {
      _ = lexer.nextRawToken()
      position += 1
    }
    lexer.closeOpenGroupsForRecovery()
    end = index + 2
    self.lexer = lexer
    lexerBeforeBatch = lexer
    batchStart = index + 2
  }

  /// Whether the current token has this kind.
  func check(_ kind: TokenKind) -> Bool {
    current.kind == kind
  }

  /// Whether the current token is the identifier `word` (a contextual keyword
  /// from `Word`).
  func checkWord(_ word: UInt64) -> Bool {
    current.isWord(word)
  }

  /// Consumes the current token if it has this kind.
  mutating func match(_ kind: TokenKind) -> Bool {
    guard check(kind) else { return false }
    advance()
    return true
  }

  /// Consumes the current token if it is the identifier `word`.
  mutating func matchWord(_ word: UInt64) -> Bool {
    guard checkWord(word) else { return false }
    advance()
    return true
  }

  /// Consumes a token of this kind, or reports `message` (see `expected`).
  /// The message and hint are only built when needed.
  @discardableResult
  mutating func consume(
    _ kind: TokenKind, _ message: @autoclosure () -> String,
    hint: @autoclosure () -> String? = nil
  ) throws(ParseError) -> RawToken {
    guard check(kind) else { throw expected(message(), hint: hint()) }
    advance()
    return previous
  }

  /// Consumes an identifier (any word, keywords included), or reports `message`.
  mutating func consumeIdentifier(_ message: @autoclosure () -> String) throws(ParseError)
    -> Identifier
  {
    let token = try consume(.identifier, message())
    return Identifier(name(token), range: token.range)
  }

  /// An identifier token's name. Names of up to 8 bytes come from
  /// `recentNames` when they were seen recently (most are: `x`, `fade`,
  /// `view`), which saves decoding and validating their bytes again.
  @inline(__always)
  mutating func name(_ token: RawToken) -> String {
    // Fibonacci hashing: the top bits of the product depend on every byte.
    let slot = Int(truncatingIfNeeded: (token.word &* 0x9E37_79B9_7F4A_7C15) >> 55)
    if token.word != 0, recentNames[slot].word == token.word { return recentNames[slot].name }
    return newName(token, slot: slot)
  }

  /// `name(_:)` for a name not in `recentNames`.
  @inline(never)
  private mutating func newName(_ token: RawToken, slot: Int) -> String {
    let name = text(token)
    if token.word != 0 { recentNames[slot] = (token.word, name) }
    return name
  }

  /// The source text of a token: an identifier's name.
  func text(_ token: RawToken) -> String {
    Lexer.text(source.bytes, token.range)
  }

  /// A string token's value, escapes resolved.
  func stringValue(_ token: RawToken) -> String {
    Lexer.stringValue(source.bytes, token)
  }

  /// Whether a token can begin an expression.
  static func canStartExpression(_ token: RawToken) -> Bool {
    switch token.kind {
    case .identifier, .number, .string, .leftParen, .leftBracket, .minus: true
    default: false
    }
  }

  /// Whether a token ends a statement: a newline, `;`, `}` or the end of input.
  static func endsStatement(_ token: RawToken) -> Bool {
    switch token.kind {
    case .newline, .semicolon, .rightBrace, .endOfFile: true
    default: false
    }
  }

  /// The range from `start` to the end of the last consumed token.
  func range(from start: SourceRange) -> SourceRange {
    start.through(previous.range)
  }

  // MARK: - Errors

  /// Reports that something was expected here.
  ///
  /// When the current token is on the same line as the previous one, the error
  /// points at it and names it: `expected expression, found '}'`. When the line
  /// (or the input) ended first, it points just after the previous token, where
  /// the missing thing belongs, and says no more than `message`: for
  /// `run fade(out, 1 + wait(2)` the caret goes right after `wait(2)`, on the
  /// same line, not at whatever starts the next line.
  @inline(never)
  mutating func expected(_ message: String, hint: String? = nil) -> ParseError {
    let lineEnded =
      current.kind == .endOfFile || current.kind == .newline
      || current.range.line != previous.range.line
    if hasPrevious, lineEnded, previous.kind != .newline, previous.kind != .semicolon {
      let end = previous.range.end
      let location = source.location(ofOffset: end)
      let range = SourceRange(start: end, end: end, line: location.line, column: location.column)
      return error(message, at: range, hint: hint)
    }
    return error("\(message), found \(describe(current))", at: current.range, hint: hint)
  }

  /// Records an error (unless one was already reported in this statement) and
  /// returns the error to throw.
  @inline(never)
  mutating func error(_ message: String, at range: SourceRange, hint: String? = nil)
    -> ParseError
  {
    if firstErrorIsAtEnd == nil { firstErrorIsAtEnd = current.kind == .endOfFile }
    if isPanicking { return mustStop ? .fatal : .recoverable }
    isPanicking = true
    return record(.error(message, at: range, hint: hint))
  }

  /// Increases the nesting depth, failing for good past `maximumNestingDepth`.
  /// Callers restore `depth` when they return.
  mutating func nest() throws(ParseError) {
    depth += 1
    if depth > Parser.maximumNestingDepth { throw nestedTooDeeply() }
  }

  @inline(never)
  private mutating func nestedTooDeeply() -> ParseError {
    if firstErrorIsAtEnd == nil { firstErrorIsAtEnd = false }
    _ = record(
      .error(
        "expression nested too deeply (limit \(Parser.maximumNestingDepth))", at: current.range))
    mustStop = true
    return .fatal
  }

  private mutating func reportLexicalError(_ token: RawToken) {
    if firstErrorIsAtEnd == nil { firstErrorIsAtEnd = false }
    isPanicking = true
    let message = token.error?.message(offending: text(token)) ?? "invalid token"
    _ = record(.error(message, at: token.range))
  }

  /// Appends a diagnostic, or the "too many errors" note once the limit is reached.
  private mutating func record(_ diagnostic: Diagnostic) -> ParseError {
    if mustStop { return .fatal }
    guard errorCount < Parser.maximumErrorCount else {
      diagnostics.append(
        .note(
          "too many errors (\(Parser.maximumErrorCount)); stopping here", at: diagnostic.range))
      mustStop = true
      return .fatal
    }
    errorCount += 1
    diagnostics.append(diagnostic)
    return .recoverable
  }

  /// How a token is named in "found ..." messages: `'}'`, `'step'`,
  /// `string "hi"`, `end of line`, `end of input`.
  func describe(_ token: RawToken) -> String {
    switch token.kind {
    case .newline: return "end of line"
    case .endOfFile: return "end of input"
    case .string:
      let value = stringValue(token)
      return "string \(SyntaxFormat.quoted(value.count > 20 ? value.prefix(20) + "..." : value))"
    default:
      let text = text(token)
      return "'\(text.count > 20 ? text.prefix(20) + "..." : text)'"
    }
  }
}

/// How a parse function gives up: `recoverable` errors are caught at the next
/// statement boundary; `fatal` ones (too many errors, nesting too deep) end the parse.
enum ParseError: Error, Equatable {
  case recoverable
  case fatal
}
