import AnimEngine

extension Interpreter {
  func negate(_ v: Value, at range: SourceRange) throws -> Value {
    switch v {
    case .number(let x): return .number(-x)
    case .point(let x, let y): return .point(-x, -y)
    default: throw RuntimeError("cannot negate a \(v.typeName)", at: range)
    }
  }

  func binary(
    _ op: BinaryOperator, _ left: Expr, _ right: Expr, in env: Environment, at range: SourceRange
  ) throws -> Value {
    if op.isLogical {
      // Short circuit: `false and e` and `true or e` never evaluate `e`.
      let a = try condition(left, in: env, op.spelling)
      if a == (op == .or) { return .bool(a) }
      return .bool(try condition(right, in: env, op.spelling))
    }
    let a = try evaluate(left, in: env)
    let b = try evaluate(right, in: env)
    do {
      return try combine(op, a, b, left.range, right.range, at: range)
    } catch let error as RuntimeError {
      throw withMisspeltNameHint(error, operands: [left, right], in: env)
    }
  }

  /// The boolean `e` evaluates to, for `if`, `and`, `or` and `not`
  /// (`user` names which); any other value is an error naming its type.
  func condition(_ e: Expr, in env: Environment, _ user: String) throws -> Bool {
    let value = try evaluate(e, in: env)
    guard case .bool(let b) = value else {
      let what = user == "if" ? "an if condition" : "'\(user)'"
      // A misspelt name (`if flg`) is a symbol here: say which name was meant.
      var error = withMisspeltNameHint(
        RuntimeError(
          "\(what) needs a boolean, not \(Self.article(value.typeName)) \(value.typeName)",
          at: e.range), operands: [e], in: env)
      if error.hint == nil { error.hint = "compare it, as in x > 0 or h.state == finished" }
      throw error
    }
    return b
  }

  /// "a" or "an" before a type's name.
  static func article(_ typeName: String) -> String {
    typeName.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }

  /// `a + b + c …` or `a | b | c …` (SPEC §14.5): the operands from left to
  /// right, as the left-associated operators would combine them; consecutive
  /// motions are gathered into one flat sequence or parallel, built once, so
  /// a chain of n motions costs O(n).
  func chain(_ op: BinaryOperator, _ operands: [Expr], in env: Environment) throws -> Value {
    var value = try evaluate(operands[0], in: env)
    var valueRange = operands[0].range
    // Motions gathered since `value` was last combined (their flattened
    // parts), and the range they cover.
    var parts: [Motion] = []
    for operand in operands.dropFirst() {
      let next = try evaluate(operand, in: env)
      let range = valueRange.through(operand.range)
      if case .motion(let m) = next, !parts.isEmpty || Self.isMotion(value) {
        if parts.isEmpty, case .motion(let first) = value { parts = flatParts(first, op) }
        parts += flatParts(m, op)
        valueRange = range
        continue
      }
      if !parts.isEmpty {
        value = try joinedMotion(op, parts, at: valueRange)
        parts = []
      }
      value = try combine(op, value, next, valueRange, operand.range, at: range)
      valueRange = range
    }
    if !parts.isEmpty { value = try joinedMotion(op, parts, at: valueRange) }
    return value
  }

  private static func isMotion(_ v: Value) -> Bool {
    if case .motion = v { return true }
    return false
  }

  private func flatParts(_ m: Motion, _ op: BinaryOperator) -> [Motion] {
    switch (m.node, op) {
    case (.parallel(let ps), .parallel), (.sequence(let ps), .add): return ps
    default: return [m]
    }
  }

  private func joinedMotion(_ op: BinaryOperator, _ parts: [Motion], at range: SourceRange) throws
    -> Value
  {
    .motion(
      try build(range) {
        op == .parallel ? try Motion.parallel(parts) : try Motion.sequence(parts)
      })
  }

  /// `a op b` of two values, `a` written at `leftRange` and `b` at
  /// `rightRange`.
  func combine(
    _ op: BinaryOperator, _ a: Value, _ b: Value, _ leftRange: SourceRange,
    _ rightRange: SourceRange, at range: SourceRange
  ) throws -> Value {
    if op.isComparison {
      return .bool(try compare(op, a, b, tolerance: nil, at: range).holds)
    }
    switch op {
    case .halfOpenRange, .closedRange:
      guard case .number(let lo) = a, case .number(let hi) = b else {
        throw RuntimeError("a range needs numbers, not \(a.typeName) and \(b.typeName)", at: range)
      }
      return .range(lo, hi, inclusive: op == .closedRange)
    case .and, .or:
      // Reached only through `binary`, which evaluates them lazily.
      guard case .bool(let x) = a, case .bool(let y) = b else {
        throw RuntimeError(
          "'\(op.spelling)' needs booleans, not \(a.typeName) and \(b.typeName)", at: range)
      }
      return .bool(op == .and ? x && y : x || y)
    case .on:
      let m = try motionOperand(a, leftRange, "on")
      if m.hasSound && !m.animatesProperties {
        throw RuntimeError(
          "a play has no target: it plays a sound, not a view", at: range,
          hint: "run it without 'on': run play(…)")
      }
      let views = try targetViews(Arguments.Item(label: nil, value: b, range: rightRange))
      return .motion(try build(range) { try Motion.bound(m, to: views) })
    case .parallel:
      let m1 = try motionOperand(a, leftRange, "|")
      let m2 = try motionOperand(b, rightRange, "|")
      return .motion(try build(range) { try Motion.parallel(flatten(m1, m2, parallel: true)) })
    default:
      return try arithmetic(op, a, b, leftRange, rightRange, at: range)
    }
  }

  /// Keeps `a + b + c` one flat sequence (and `a | b | c` one parallel).
  private func flatten(_ a: Motion, _ b: Motion, parallel: Bool) -> [Motion] {
    func parts(_ m: Motion) -> [Motion] {
      switch (m.node, parallel) {
      case (.parallel(let ps), true), (.sequence(let ps), false): return ps
      default: return [m]
      }
    }
    return parts(a) + parts(b)
  }

  private func motionOperand(_ v: Value, _ range: SourceRange, _ op: String) throws -> Motion {
    guard case .motion(let m) = v else {
      throw RuntimeError(
        "'\(op)' needs motions, not \(v.typeName)", at: range,
        hint: Self.isTarget(v) ? Self.boundMotionHint(op) : nil)
    }
    return m
  }

  /// Whether `v` is what `on` binds a motion to: a view or a group.
  private static func isTarget(_ v: Value) -> Bool {
    switch v {
    case .view, .group: return true
    default: return false
    }
  }

  /// The hint for a view met by `+` or `|`: `m on a + m2` reads as
  /// `m on (a + m2)`, since both bind tighter than `on` (SPEC §23.3).
  private static func boundMotionHint(_ op: String) -> String {
    "to \(op == "|" ? "join" : "chain") motions bound to views, bracket each: "
      + "(fade(out, 1) on a) \(op) (fade(in, 1) on b) ('\(op)' binds tighter than 'on')"
  }

  private func arithmetic(
    _ op: BinaryOperator, _ a: Value, _ b: Value, _ leftRange: SourceRange,
    _ rightRange: SourceRange, at range: SourceRange
  ) throws -> Value {
    switch (a, b) {
    case (.number(let x), .number(let y)):
      return .number(try numeric(op, x, y, at: range))
    case (.point(let x1, let y1), .point(let x2, let y2)) where op == .add || op == .subtract:
      return .point(try numeric(op, x1, x2, at: range), try numeric(op, y1, y2, at: range))
    case (.point(let x, let y), .number(let k)) where op == .multiply || op == .divide:
      return .point(try numeric(op, x, k, at: range), try numeric(op, y, k, at: range))
    case (.number(let k), .point(let x, let y)) where op == .multiply:
      return .point(try numeric(op, k, x, at: range), try numeric(op, k, y, at: range))
    case (.string(let s), .string(let t)) where op == .add:
      // `s = s + s` in a loop doubles the string each time.
      guard s.utf8.count + t.utf8.count <= Formatting.maximumLength else {
        throw RuntimeError(
          "the joined string would be longer than the limit of \(Formatting.maximumLength) bytes",
          at: range)
      }
      try spend((s.utf8.count + t.utf8.count) / 1000, at: range)
      return .string(s + t)
    case (.list(let x), .list(let y)) where op == .add:
      // `[a] + [b]` joins (SPEC §23.1).
      try spend((x.count + y.count) / 100, at: range)
      guard let joined = ValueList(x.items + y.items) else { throw Self.tooLarge(at: range) }
      return .list(joined)
    case (.motion(let m1), .motion(let m2)) where op == .add:
      return .motion(try build(range) { try Motion.sequence(flatten(m1, m2, parallel: false)) })
    case (.motion(let m), _) where op == .multiply:
      return .motion(try repeatMotion(m, b, rightRange, at: range))
    case (_, .motion(let m)) where op == .multiply:
      return .motion(try repeatMotion(m, a, leftRange, at: range))
    case (.motion, .number), (.number, .motion):
      throw RuntimeError(
        "cannot '\(op.spelling)' a motion and a number", at: range,
        hint: op == .add ? "to delay a motion, write wait(d) + m or delay(m, d)" : nil)
    case (.string, _), (_, .string):
      // A string joins only strings: a number shown in one is interpolated.
      throw RuntimeError(
        "cannot '\(op.spelling)' a \(a.typeName) and a \(b.typeName)", at: range,
        hint: op == .add ? "to put a value in a string, interpolate it: \"total: \\(n)\"" : nil)
    case (.motion, _), (_, .motion):
      throw RuntimeError(
        "cannot '\(op.spelling)' a \(a.typeName) and a \(b.typeName)", at: range,
        hint: op == .add && (Self.isTarget(a) || Self.isTarget(b))
          ? Self.boundMotionHint(op.spelling) : nil)
    default:
      throw RuntimeError("cannot '\(op.spelling)' a \(a.typeName) and a \(b.typeName)", at: range)
    }
  }

  private func repeatMotion(
    _ m: Motion, _ count: Value, _ countRange: SourceRange, at range: SourceRange
  ) throws -> Motion {
    let n: Double
    switch count {
    case .number(let v): n = v
    case .symbol("forever"): n = .infinity
    default:
      throw RuntimeError(
        "a motion repeats a number of times or forever, not \(count.typeName)", at: countRange)
    }
    if n.isInfinite && count.typeName == "number" {
      throw RuntimeError(
        "repeat count must be finite (write forever to repeat without end)", at: countRange)
    }
    return try build(range) { try Motion.repeating(m, count: n) }
  }

  /// Arithmetic on finite numbers that refuses to produce NaN or infinity.
  func numeric(_ op: BinaryOperator, _ x: Double, _ y: Double, at range: SourceRange) throws
    -> Double
  {
    let r: Double
    switch op {
    case .add: r = x + y
    case .subtract: r = x - y
    case .multiply: r = x * y
    case .divide:
      if y == 0 { throw RuntimeError("division by zero", at: range) }
      r = x / y
    case .remainder:
      if y == 0 { throw RuntimeError("remainder by zero", at: range) }
      r = x.truncatingRemainder(dividingBy: y)
    default: r = .nan
    }
    guard r.isFinite else {
      throw RuntimeError(
        "\(NumberText.format(x)) \(op.spelling) \(NumberText.format(y)) is not a finite number",
        at: range)
    }
    return r
  }
}
