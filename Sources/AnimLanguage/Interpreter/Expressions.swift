import AnimEngine

extension Interpreter {
  /// Evaluates an expression in `env`.
  func evaluate(_ expr: Expr, in env: Environment) throws -> Value {
    if stack.isNearlyExhausted {
      // Only calls (and handlers) nest deep enough to get here.
      throw RuntimeError(
        "recursion too deep for the stack: calls nest their expressions \(callDepth) calls deep",
        at: expr.range)
    }
    switch expr.kind {
    case .number(let v, _):
      return .number(v)
    case .string(let s):
      return .string(s)
    case .bool(let b):
      return .bool(b)
    case .interpolation, .record, .comprehension:
      return try dataLiteral(expr, in: env)
    case .identifier(let name):
      let value = lookup(name, in: env)
      noteUse(of: value)
      return value
    case .tuple(let items):
      return try tuple(items, in: env, at: expr.range)
    case .list(let items):
      guard let list = ValueList(try items.map { try evaluate($0, in: env) }) else {
        throw RuntimeError(
          "a list may nest \(ValueList.maximumDepth) deep and hold \(ValueList.maximumSize) items in all, nested lists included",
          at: expr.range)
      }
      return .list(list)
    case .call(let callee, let arguments):
      return try call(callee, arguments, at: expr.range, in: env)
    case .member(let base, let name):
      do {
        return try member(try evaluate(base, in: env), name, of: base, in: env)
      } catch let error as RuntimeError {
        throw withMisspeltNameHint(error, operands: [base], in: env)
      }
    case .index(let base, let index):
      return try subscriptValue(try evaluate(base, in: env), index, in: env, at: expr.range)
    case .negate(let operand):
      return try negate(try evaluate(operand, in: env), at: expr.range)
    case .not(let operand):
      return .bool(!(try condition(operand, in: env, "not")))
    case .binary(let op, let left, let right):
      return try binary(op, left, right, in: env, at: expr.range)
    case .chain(let op, let operands):
      return try chain(op, operands, in: env)
    case .run(let motion, let alias):
      let h = try startRun(motion, in: env)
      if let alias { env.assign(alias.name, .handle(h)) }
      return .handle(h)
    }
  }

  /// A name: a binding, else a builtin function, `time`, a colour name, or
  /// failing all of those a bare symbol (`in`, `out`, `forever`, `outQuad`).
  func lookup(_ name: String, in env: Environment) -> Value {
    if let v = env.lookup(name) { return v }
    if let b = Builtins.all[name] { return .function(Function(name: name, body: .builtin(b))) }
    if name == "time" { return .number(clock.now) }
    if let c = Color.named(name) { return .color(c) }
    // `none`, unless bound: what `v.parent` is at the root (SPEC §17).
    if name == "none" { return .none }
    return .symbol(name)
  }

  private func call(
    _ callee: Expr, _ arguments: [Argument], at range: SourceRange, in env: Environment
  ) throws -> Value {
    let f = try evaluate(callee, in: env)
    guard case .function(let function) = f else {
      if case .symbol(let name) = f {
        let known = Builtins.names + env.allNames
        throw RuntimeError(
          "unknown function '\(name)'", at: callee.range,
          hint: Spelling.closest(to: name, among: known).map { "did you mean '\($0)'?" })
      }
      throw RuntimeError(
        "cannot call a \(f.typeName)", at: callee.range, hint: shadowingHint(callee, f, in: env))
    }
    let items = try arguments.map {
      Arguments.Item(
        label: $0.label?.name, value: try evaluate($0.value, in: env), range: $0.value.range,
        labelRange: $0.label?.range)
    }
    switch function.body {
    case .builtin(let builtin):
      try spend(sizesOf: items.map(\.value), at: range)
      var args = Arguments(callee: function.name, items: items, range: range)
      do {
        return try builtin.call(&args, self)
      } catch let error as RuntimeError {
        throw withMisspeltNameHint(error, operands: arguments.map(\.value), in: env)
      }
    case .user(let parameters, let body, let closure, let defFile):
      return try callUser(
        function.name, parameters, body, closure, defFile, items, at: range,
        hint: shadowingHint(callee, f, in: env))
    }
  }

  /// A hint for a call whose name is bound to a value or a `def` that hides
  /// the builtin of the same name (`fade = 3; run fade(out, 1)`); nil for
  /// any other call. Only a failed call shows it.
  private func shadowingHint(_ callee: Expr, _ value: Value, in env: Environment) -> String? {
    guard case .identifier(let name) = callee.kind, Builtins.all[name] != nil,
      env.lookup(name) != nil
    else { return nil }
    let what = if case .function = value { "a def" } else { "a \(value.typeName)" }
    return
      "'\(name)' is bound to \(what) here, which hides the builtin \(name)(...); use another name"
  }

  private func callUser(
    _ name: String, _ parameters: [String], _ body: Expr, _ closure: Environment,
    _ defFile: SourceFile, _ items: [Arguments.Item], at range: SourceRange, hint: String?
  ) throws -> Value {
    try spend(1, at: range)
    if callDepth >= Self.maximumCallDepth {
      throw RuntimeError(
        "recursion deeper than \(Self.maximumCallDepth) calls in '\(name)'", at: range)
    }
    if stack.isNearlyExhausted {
      throw RuntimeError(
        "recursion too deep for the stack in '\(name)' (\(callDepth) calls deep)", at: range,
        hint: "each call's expression nests too: make the function's body simpler")
    }
    let scope = Environment(parent: closure)
    var bound = Set<String>()
    var positional = items.filter { $0.label == nil }.makeIterator()
    for item in items where item.label != nil {
      guard parameters.contains(item.label!) else {
        throw RuntimeError("\(name) has no parameter '\(item.label!)'", at: item.range, hint: hint)
      }
      scope.define(item.label!, item.value)
      bound.insert(item.label!)
    }
    for p in parameters where !bound.contains(p) {
      guard let item = positional.next() else {
        throw RuntimeError("\(name) needs a value for '\(p)'", at: range, hint: hint)
      }
      scope.define(p, item.value)
    }
    if let extra = positional.next() {
      throw RuntimeError(
        "too many arguments to \(name): it takes \(parameters.count)", at: extra.range, hint: hint)
    }
    callDepth += 1
    defer { callDepth -= 1 }
    // The body runs in the def's file (an import's, maybe): an error in it
    // points there, and says where the innermost call was made.
    let callFile = file
    file = defFile
    defer { file = callFile }
    do {
      return try evaluate(body, in: scope)
    } catch var error as RuntimeError {
      if error.file == nil { error.file = defFile }
      if error.hint == nil {
        let at =
          callFile.path == defFile.path
          ? "line \(range.line), column \(range.column)"
          : "\(callFile.path):\(range.line):\(range.column)"
        error.hint = "in '\(name)', called at \(at)"
      }
      throw error
    }
  }

  private func subscriptValue(
    _ base: Value, _ index: Expr, in env: Environment, at range: SourceRange
  ) throws -> Value {
    if case .record(let record) = base {
      return try field(of: record, try evaluate(index, in: env), at: index.range)
    }
    // A list of views and groups is indexed as the group it is (SPEC §20).
    var base = base
    if case .list(let items) = base, items.groupCount > 0,
      let views = try viewsOfList(items, at: range)
    {
      base = .group(ViewGroup(name: "list", members: views))
    }
    let count: Int
    switch base {
    case .group(let g): count = g.members.count
    case .list(let items): count = items.count
    default: throw RuntimeError("cannot index a \(base.typeName)", at: range)
    }
    if case .group(let g) = base, case .sparse(let indices) = g.family {
      // A family's member by the index it was declared with (SPEC §23.1).
      return .view(try Family.member(of: g, indices, try evaluate(index, in: env), at: index.range))
    }
    let i = try position(index, in: env, count: count)
    switch base {
    case .group(let g): return .view(g.members[i])
    case .list(let items): return items[i]
    default: return .none
    }
  }

  /// The position `index` names among `count` items: a whole number in range.
  func position(_ index: Expr, in env: Environment, count: Int) throws -> Int {
    let i = try number(index, in: env, "index")
    guard i.rounded() == i else {
      throw RuntimeError(
        "index \(NumberText.format(i)) is not a whole number", at: index.range,
        hint: "members are numbered 0, 1, 2, …; use floor(i) or round(i)")
    }
    guard i >= 0, i < Double(count) else {
      throw RuntimeError(
        "index \(NumberText.format(i)) is out of range 0..<\(count)", at: index.range)
    }
    return Int(i)
  }
}

extension Interpreter {
  /// A pair `(x, y)`: a point of two numbers, or a gradient's stop
  /// `(offset, colour)` (SPEC §21.1); four numbers `(tl, tr, br, bl)`: corner
  /// radii (SPEC §21.3); three numbers and a colour `(x, y, blur, colour)`:
  /// a shadow (SPEC §21.2), held as a list of the four for the `shadow`
  /// alias to take. Apart from `evaluate`, whose stack frame every nested
  /// call pays for (recursion's depth is bounded by it).
  @inline(never)
  func tuple(_ items: [Expr], in env: Environment, at range: SourceRange) throws -> Value {
    if items.count == 4 {
      let values = try items.map { try evaluate($0, in: env) }
      let shadow: Bool
      switch values[3] {
      case .color, .string: shadow = true
      default: shadow = false
      }
      let names =
        shadow
        ? ["shadow's x offset", "shadow's y offset", "shadow's blur"]
        : ["top-left radius", "top-right radius", "bottom-right radius", "bottom-left radius"]
      let numbers = try zip(values, zip(items, names)).map { value, named in
        guard case .number(let v) = value else {
          throw RuntimeError(
            "\(named.1) must be a number, not \(value.typeName)", at: named.0.range,
            hint: "(tl, tr, br, bl) are corner radii; (x, y, blur, colour) a shadow")
        }
        guard v.isFinite else { throw RuntimeError("\(named.1) must be finite", at: named.0.range) }
        return v
      }
      guard !shadow else {
        return ValueList(numbers.map { .number($0) } + [values[3]]).map { .list($0) } ?? .none
      }
      return .corners(CornerRadii(numbers[0], numbers[1], numbers[2], numbers[3]))
    }
    guard items.count == 2 else {
      throw RuntimeError(
        "a point has two coordinates, not \(items.count)", at: range,
        hint: "four numbers (tl, tr, br, bl) are corner radii")
    }
    let x = try number(items[0], in: env, "x coordinate")
    // `(offset, colour)`: a gradient's stop (SPEC §21.1).
    let second = try evaluate(items[1], in: env)
    switch second {
    case .number(let y):
      guard y.isFinite else {
        throw RuntimeError("y coordinate must be finite", at: items[1].range)
      }
      return .point(x, y)
    case .color(let c): return .stop(x, c)
    case .string(let s):
      if let c = Color.parseHex(s) { return .stop(x, c) }
      if s.hasPrefix("#") {
        throw RuntimeError(
          "\"\(s)\" is not a colour; expected #rgb, #rrggbb or #rrggbbaa", at: items[1].range)
      }
    default: break
    }
    throw RuntimeError(
      "y coordinate must be a number, not \(second.typeName)", at: items[1].range)
  }
}
