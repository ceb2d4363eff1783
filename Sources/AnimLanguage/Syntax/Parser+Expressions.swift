// Expressions, loosest first:
//
//   or         (short circuit)
//   and        (short circuit)
//   not        (prefix)
//   comparison (== != < <= > >= ~=, non-associative)
//   range      (..< ..., non-associative)
//   on         (binds a motion to a target)
//   |          (parallel)
//   + -        (sequence, arithmetic)
//   * / %      (repeat, arithmetic)
//   unary -
//   call, member, index
//
// The eight binary levels are parsed by precedence climbing in one function,
// as Lua's `subexpr` does, rather than by one function per level: it keeps the
// recursion per nested parenthesis to a handful of frames.

extension Parser {
  /// expression -> or
  ///
  /// Inlined: it only counts a level of nesting around `binary`.
  @inline(__always)
  mutating func expression() throws(ParseError) -> Expr {
    let saved = depth
    defer { depth = saved }
    try nest()
    return try binary(BinaryOperator.Precedence.or)
  }

  /// or             -> and { "or" and }
  /// and            -> not { "and" not }
  /// comparison     -> range [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" | "~=" ) range ]
  /// range          -> on [ ( "..<" | "..." ) on ]
  /// on             -> parallel { "on" parallel }
  /// parallel       -> additive { "|" additive }
  /// additive       -> multiplicative { ( "+" | "-" ) multiplicative }
  /// multiplicative -> unary { ( "*" | "/" | "%" ) unary }
  ///
  /// Parses operators of precedence `minimum` or tighter. Each operator's right
  /// operand is parsed one level tighter, which makes the loop left-associative;
  /// a second comparison or range operator at the same level is an error.
  mutating func binary(_ minimum: BinaryOperator.Precedence) throws(ParseError) -> Expr {
    // Most operands are a lone number, string or name before a `,`, a closing
    // bracket or the end of the statement (`fade(out, 1)`): nothing can follow
    // it here, so it is parsed directly, without going through `postfix`.
    if Parser.isLeaf(current), Parser.endsOperand(lookahead) { return try primary() }
    let saved = depth
    defer { depth = saved }
    // Only a leading `not` needs the `not` level; any other operand is read
    // here, and this loop takes its comparisons as well as `and` and `or`,
    // which keeps the common expression one call shallower.
    var left =
      minimum < .comparison && current.kind == .identifier && current.word == Word.not
      ? try logicalNot() : try unary()
    var nonAssociative: BinaryOperator.Precedence?
    // The operands of a `+` or `|` chain being read, kept flat (SPEC §14.5).
    var chain: (op: BinaryOperator, operands: [Expr])?
    // Binary nodes this loop has stacked on `left` so far: each is a level of
    // the tree (evaluating it recurses), but a chain is one level however
    // long it is.
    var levels = 0
    while let op = Parser.binaryOperator(current), op.precedence >= minimum {
      if op.precedence == nonAssociative { throw chained(op) }
      advance()
      // A newline after a word operator continues the line, as one after `+` does.
      if op == .on || op.isLogical { skipNewlines() }
      if chain?.op != op { levels += 1 }
      depth = saved + levels - 1
      try nest()
      let right: Expr
      if op == .and {
        right = try logicalNot()
      } else if let tighter = BinaryOperator.Precedence(rawValue: op.precedence.rawValue + 1) {
        right = try binary(tighter)
      } else {
        right = try unary()
      }
      if chain?.op == op {
        chain!.operands.append(right)
        continue
      }
      if let open = chain {
        left = Parser.joined(open.op, open.operands)
        chain = nil
      }
      if op == .add || op == .parallel {
        chain = (op, [left, right])
      } else {
        left = Expr(.binary(op, left, right), range: left.range.through(right.range))
      }
      if !op.precedence.isAssociative { nonAssociative = op.precedence }
    }
    if let open = chain { left = Parser.joined(open.op, open.operands) }
    return left
  }

  /// The operands of a `+` or `|` chain as one node: a binary for two, a
  /// flat chain for more.
  private static func joined(_ op: BinaryOperator, _ operands: [Expr]) -> Expr {
    let range = operands[0].range.through(operands[operands.count - 1].range)
    if operands.count == 2 { return Expr(.binary(op, operands[0], operands[1]), range: range) }
    return Expr(.chain(op, operands), range: range)
  }

  /// Whether a token is a whole primary expression by itself.
  private static func isLeaf(_ token: RawToken) -> Bool {
    switch token.kind {
    case .number, .string, .identifier: true
    default: false
    }
  }

  /// Whether a token ends an operand: no operator, call, member or index
  /// can start with it.
  private static func endsOperand(_ token: RawToken) -> Bool {
    switch token.kind {
    case .comma, .rightParen, .rightBracket, .rightBrace, .newline, .semicolon, .endOfFile: true
    default: false
    }
  }

  /// Reports a second comparison or range operator at the same level.
  @inline(never)
  private mutating func chained(_ op: BinaryOperator) -> ParseError {
    let what = op.precedence == .comparison ? "comparison" : "range"
    return error(
      "\(what) operators cannot be chained", at: current.range,
      hint: "add parentheses, or compare in two steps")
  }

  /// The binary operator a token spells, if it is one. (Static, so that
  /// calling it does not copy the whole parser; inlined, so that the switch
  /// here and the one of `precedence` become one.)
  @inline(__always)
  private static func binaryOperator(_ token: RawToken) -> BinaryOperator? {
    switch token.kind {
    case .equalEqual: .equal
    case .bangEqual: .notEqual
    case .less: .less
    case .lessEqual: .lessEqual
    case .greater: .greater
    case .greaterEqual: .greaterEqual
    case .tildeEqual: .approximatelyEqual
    case .halfOpenRange: .halfOpenRange
    case .closedRange: .closedRange
    case .pipe: .parallel
    case .plus: .add
    case .minus: .subtract
    case .star: .multiply
    case .slash: .divide
    case .percent: .remainder
    case .identifier where token.word == Word.on: .on
    case .identifier where token.word == Word.and: .and
    case .identifier where token.word == Word.or: .or
    default: nil
    }
  }

  /// not -> "not" not | comparison
  ///
  /// `not` is the operator only when an expression follows it: alone
  /// (`print not`, `f(not)`) it stays a name, as every keyword does.
  mutating func logicalNot() throws(ParseError) -> Expr {
    guard current.kind == .identifier, current.word == Word.not,
      Parser.canStartExpression(lookahead)
    else { return try binary(.comparison) }
    let start = current.range
    advance()
    let saved = depth
    defer { depth = saved }
    try nest()
    let operand = try logicalNot()
    return Expr(.not(operand), range: start.through(operand.range))
  }

  /// unary -> "-" unary | postfix
  ///
  /// Inlined, so that an operand without a minus (nearly all) costs no call
  /// of its own on the way from `binary` to `postfix`.
  @inline(__always)
  mutating func unary() throws(ParseError) -> Expr {
    check(.minus) ? try negation() : try postfix()
  }

  /// "-" unary
  mutating func negation() throws(ParseError) -> Expr {
    let minus = current.range
    advance()
    let saved = depth
    defer { depth = saved }
    try nest()
    let operand = try unary()
    return Expr(.negate(operand), range: minus.through(operand.range))
  }

  /// postfix -> primary { "(" [ arguments ] ")" | "." IDENT | "[" expression "]" }
  mutating func postfix() throws(ParseError) -> Expr {
    let saved = depth
    defer { depth = saved }
    var expression = try primary()
    while true {
      if check(.leftParen) {
        let open = current
        advance()
        try nest()
        let arguments = try self.arguments(opening: open)
        expression = Expr(
          .call(callee: expression, arguments: arguments), range: range(from: expression.range))
      } else if match(.dot) {
        try nest()
        let name = try consumeIdentifier("expected property name after '.'")
        expression = Expr(.member(expression, name: name), range: range(from: expression.range))
      } else if check(.leftBracket) {
        let open = current
        advance()
        try nest()
        let index = try self.expression()
        try close(.rightBracket, "expected ']' after index", opening: open, items: nil)
        expression = Expr(.index(expression, index: index), range: range(from: expression.range))
      } else {
        return expression
      }
    }
  }

  /// arguments -> argument { "," argument } [ "," ]
  ///
  /// Parses up to and including the closing `)`; the `(` is already consumed.
  mutating func arguments(opening open: RawToken) throws(ParseError) -> [Argument] {
    // Built in place: growing the array moves its elements without
    // retaining them, and most calls have at most four arguments.
    var arguments: [Argument] = []
    arguments.reserveCapacity(4)
    while !check(.rightParen) {
      arguments.append(try argument())
      if !match(.comma) { break }
    }
    try close(.rightParen, "expected ')' after arguments", opening: open, items: "arguments")
    return arguments
  }

  /// argument -> [ IDENT ":" ] expression
  mutating func argument() throws(ParseError) -> Argument {
    var label: Identifier?
    if check(.identifier), lookahead.kind == .colon {
      label = Identifier(name(current), range: current.range)
      advance()
      advance()
    }
    let value = try expression()
    return Argument(label: label, value: value)
  }

  /// primary -> NUMBER | STRING | interpolation | "true" | "false" | IDENT
  ///          | "(" expression ")"
  ///          | "(" expression "," expression { "," expression } ")"
  ///          | "[" [ expression { "," expression } [ "," ] ] "]"
  ///          | comprehension | record
  mutating func primary() throws(ParseError) -> Expr {
    let token = current
    switch token.kind {
    case .number:
      advance()
      return Expr(.number(token.number, unit: token.unit), range: token.range)
    case .string:
      advance()
      if token.hasInterpolation { return try interpolation(token) }
      return Expr(.string(stringValue(token)), range: token.range)
    case .identifier:
      advance()
      switch token.word {
      case Word.true: return Expr(.bool(true), range: token.range)
      case Word.false: return Expr(.bool(false), range: token.range)
      case Word.not where Parser.canStartExpression(current):
        // `not` binds looser than comparisons and arithmetic, so it cannot
        // start their operands (`a == not b`, `x + not y`).
        throw error(
          "'not' cannot start an operand of an operator", at: token.range,
          hint: "'not' applies to a whole comparison: write 'not (a == b)', or 'a == (not b)'")
      default: return Expr(.identifier(name(token)), range: token.range)
      }
    case .leftParen:
      advance()
      let first = try expression()
      guard match(.comma) else {
        try close(.rightParen, "expected ')' after expression", opening: token, items: nil)
        // Grouping: `(e)` is `e`, over the brackets' range, so that the
        // source text of `(a + b) * 3` (a run's label) keeps its `(`.
        var grouped = first
        grouped.range = range(from: token.range)
        return grouped
      }
      var elements: [Expr] = []
      elements.reserveCapacity(4)  // one allocation for points and most tuples
      elements.append(first)
      repeat { elements.append(try expression()) } while match(.comma)
      try close(.rightParen, "expected ')' after point", opening: token, items: "coordinates")
      return Expr(.tuple(elements), range: range(from: token.range))
    case .leftBracket:
      advance()
      if checkWord(Word.for), lookahead.kind == .identifier {
        return try comprehension(opening: token)
      }
      var elements: [Expr] = []
      while !check(.rightBracket) {
        elements.append(try expression())
        if !match(.comma) { break }
      }
      try close(
        .rightBracket, "expected ']' after list elements", opening: token, items: "elements")
      return Expr(.list(elements), range: range(from: token.range))
    case .leftBrace:
      return try record()
    default:
      throw missingExpression()
    }
  }

  /// Reports a missing expression; a line that starts with a binary operator
  /// gets a hint, since only an operator at the end of a line continues it.
  @inline(never)
  private mutating func missingExpression() -> ParseError {
    let startsLine =
      !hasPrevious || previous.kind == .newline || previous.kind == .semicolon
      || previous.range.line < current.range.line
    guard startsLine, Parser.binaryOperator(current) != nil, !check(.minus) else {
      return expected("expected expression")
    }
    return expected(
      "expected expression",
      hint: "to continue the previous line, end it with the operator instead of starting this one")
  }

  /// Consumes the closer of a bracketed list, or reports `message` with a hint:
  /// a missing comma when another item follows on the same line, `:` for `=`
  /// in arguments, otherwise where the unclosed bracket was opened.
  mutating func close(
    _ closer: TokenKind, _ message: @autoclosure () -> String, opening: RawToken, items: String?
  ) throws(ParseError) {
    if match(closer) { return }
    throw unclosed(message(), opening: opening, items: items)
  }

  @inline(never)
  private mutating func unclosed(_ message: String, opening: RawToken, items: String?) -> ParseError
  {
    let sameLine = current.range.line == previous.range.line && current.kind != .newline
    let hint: String
    if let items, sameLine, Parser.canStartExpression(current) {
      hint = "separate \(items) with ','"
    } else if items == "arguments" || items == "properties", current.kind == .equal {
      hint = "labels are written with ':', as in 'to: (100, 0)'"
    } else {
      hint =
        "the '\(opening.kind.spelling ?? "")' opened at \(opening.range.location) is not closed"
    }
    return expected(message, hint: hint)
  }
}
