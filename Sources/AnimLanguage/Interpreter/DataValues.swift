import AnimEngine

// Strings, lists and records as values (SPEC §23.1): interpolation, record
// literals, comprehensions, reading a record's field, and setting an item of
// a list or a field of a record in place.

extension Interpreter {
  /// An interpolated string, a record or a comprehension. Kept out of
  /// `evaluate`, whose frame every nested call stacks.
  @inline(never)
  func dataLiteral(_ expr: Expr, in env: Environment) throws -> Value {
    switch expr.kind {
    case .interpolation(let parts):
      return try interpolate(parts, in: env, at: expr.range)
    case .record(let fields):
      return try recordValue(fields, in: env, at: expr.range)
    case .comprehension(let variable, let sequence, let condition, let body):
      return try comprehension(variable, sequence, condition, body, in: env, at: expr.range)
    default:
      return .none
    }
  }

  /// `"total: \(n)"`: the text, with each expression's value as `print`
  /// shows it.
  func interpolate(_ parts: [InterpolationPart], in env: Environment, at range: SourceRange)
    throws -> Value
  {
    var text = ""
    for part in parts {
      switch part {
      case .text(let piece): text += piece
      case .value(let e): text += Formatting.display(try evaluate(e, in: env), scene: scene)
      }
      if text.utf8.count > Formatting.maximumLength {
        throw RuntimeError(
          "the string would be longer than the limit of \(Formatting.maximumLength) bytes",
          at: range)
      }
    }
    try spend(text.utf8.count / 1000, at: range)
    return .string(text)
  }

  /// `{month: "Jan", sales: 120}`.
  func recordValue(_ fields: [RecordField], in env: Environment, at range: SourceRange) throws
    -> Value
  {
    let values = try fields.map { try evaluate($0.value, in: env) }
    guard let record = ValueRecord(shape: RecordShape(fields.map(\.name.name)), values: values)
    else { throw Self.tooLarge(at: range) }
    return .record(record)
  }

  /// `[for x in xs if c: body]`: body's value for each item of the sequence
  /// for which c holds, in a scope of its own (as a `for` loop's).
  func comprehension(
    _ variable: Identifier, _ sequence: Expr, _ condition: Expr?, _ body: Expr,
    in env: Environment, at range: SourceRange
  ) throws -> Value {
    let scope = Environment(parent: env)
    var items: [Value] = []
    var size = 0
    try forEachItem(of: try evaluate(sequence, in: env), at: sequence.range) { item in
      scope.define(variable.name, item)
      if let condition, !(try self.condition(condition, in: scope, "if")) { return }
      let value = try evaluate(body, in: scope)
      size += 1 + value.nesting.size
      if size > ValueList.maximumSize { throw Self.tooLarge(at: range) }
      items.append(value)
    }
    guard let list = ValueList(items) else { throw Self.tooLarge(at: range) }
    return .list(list)
  }

  /// A list or record that would pass the limits of `ValueList`.
  static func tooLarge(at range: SourceRange) -> RuntimeError {
    RuntimeError(
      "a list may nest \(ValueList.maximumDepth) deep and hold \(ValueList.maximumSize) items in all, nested lists and records included",
      at: range)
  }

  /// `r["sales"]`: the field a string names.
  func field(of record: ValueRecord, _ key: Value, at range: SourceRange) throws -> Value {
    guard case .string(let name) = key else {
      throw RuntimeError(
        "a record's field is named by a string, not \(Self.article(key.typeName)) \(key.typeName)",
        at: range, hint: "r[\"sales\"], or r.sales")
    }
    return try field(of: record, named: name, at: range)
  }

  /// The field `name` of a record, or an error naming the closest field.
  func field(of record: ValueRecord, named name: String, at range: SourceRange) throws -> Value {
    if let value = record[name] { return value }
    let names = record.shape.names
    let hint =
      Spelling.closest(to: name, among: names).map { "did you mean '\($0)'?" }
      ?? (names.isEmpty
        ? "the record has no fields"
        : "its fields are \(names.prefix(8).joined(separator: ", "))\(names.count > 8 ? ", …" : "")")
    throw RuntimeError("the record has no field '\(name)'", at: range, hint: hint)
  }

  /// `xs[i] = v`, `r.sales = v`, `r["sales"] = v`, `rows[0].sales = v`: sets
  /// an item of the list or a field of the record a name holds (the name is
  /// then bound to the changed copy: lists and records are values). False
  /// when `target` is no such path (`g[0].x = 1` sets a view's property),
  /// so that the caller handles it.
  func assignInPlace(_ target: Expr, _ value: Value, in env: Environment) throws -> Bool {
    guard let (name, steps) = try dataPath(target, in: env), var whole = env.lookup(name) else {
      return false
    }
    // The binding lets go of its value while it is changed, so that the
    // change is made in place rather than on a copy.
    env.assign(name, .none)
    defer { env.assign(name, whole) }
    try set(&whole, steps[...], to: value)
    return true
  }

  /// One step of a path into a list or record: an item's position or a
  /// field's name (evaluated), with where it is written.
  private struct DataStep {
    var key: Value
    var range: SourceRange
  }

  /// The name and steps of `target` when it is a path into the list or
  /// record a name holds (`xs[i]`, `r.a`, `rows[0]["b"].c`) whose every
  /// step but the last reaches a list or record, else nil. The positions
  /// are evaluated here, before anything changes.
  private func dataPath(_ target: Expr, in env: Environment) throws -> (String, [DataStep])? {
    var written: [(index: Expr?, field: Identifier?)] = []
    var node = target
    while true {
      switch node.kind {
      case .index(let base, let index):
        written.append((index, nil))
        node = base
        continue
      case .member(let base, let name):
        written.append((nil, name))
        node = base
        continue
      case .identifier(let name):
        guard !written.isEmpty, var current = env.lookup(name) else { return nil }
        var steps: [DataStep] = []
        for (depth, step) in written.reversed().enumerated() {
          let key: Value
          let range: SourceRange
          if let index = step.index {
            key = try evaluate(index, in: env)
            range = index.range
          } else {
            key = .string(step.field!.name)
            range = step.field!.range
          }
          steps.append(DataStep(key: key, range: range))
          if depth == written.count - 1 { break }
          // Each step but the last must reach a list or a record.
          switch current {
          case .list(let list):
            guard case .number = key else { return nil }
            current = list[try position(of: key, at: range, count: list.count)]
          case .record(let record):
            guard case .string(let field) = key, let next = record[field] else { return nil }
            current = next
          default:
            return nil
          }
        }
        switch current {
        case .list, .record: return (name, steps)
        default: return nil
        }
      default:
        return nil
      }
    }
  }

  /// Sets what `steps` lead to inside `whole` to `value`.
  private func set(_ whole: inout Value, _ steps: ArraySlice<DataStep>, to value: Value) throws {
    guard let step = steps.first else {
      whole = value
      return
    }
    let rest = steps.dropFirst()
    switch whole {
    case .list(var list):
      let i = try position(of: step.key, at: step.range, count: list.count)
      whole = .none  // `list` is the only holder now
      var item = list[i]
      // Both hold the item now; `list` lets go of it while it changes.
      _ = list.set(i, to: .none)
      try set(&item, rest, to: value)
      guard list.set(i, to: item) else { throw Self.tooLarge(at: step.range) }
      whole = .list(list)
    case .record(var record):
      guard case .string(let name) = step.key else {
        throw RuntimeError(
          "a record's field is named by a string, not \(Self.article(step.key.typeName)) \(step.key.typeName)",
          at: step.range, hint: "r[\"sales\"], or r.sales")
      }
      guard let position = record.shape.position(of: name) else {
        // A new field, as the last step (`r.note = "x"`).
        guard let grown = record.adding(name, value) else { throw Self.tooLarge(at: step.range) }
        whole = .record(grown)
        return
      }
      whole = .none
      var item = record.values[position]
      _ = record.set(position, to: .none)
      try set(&item, rest, to: value)
      guard record.set(position, to: item) else { throw Self.tooLarge(at: step.range) }
      whole = .record(record)
    default:
      throw RuntimeError(
        "cannot set an item of \(Self.article(whole.typeName)) \(whole.typeName)", at: step.range)
    }
  }

  /// The position a list's index names among `count` items.
  private func position(of key: Value, at range: SourceRange, count: Int) throws -> Int {
    guard case .number(let i) = key else {
      throw RuntimeError("index must be a number, not \(key.typeName)", at: range)
    }
    guard i.rounded() == i else {
      throw RuntimeError(
        "index \(NumberText.format(i)) is not a whole number", at: range,
        hint: "items are numbered 0, 1, 2, …; use floor(i) or round(i)")
    }
    guard i >= 0, i < Double(count) else {
      throw RuntimeError("index \(NumberText.format(i)) is out of range 0..<\(count)", at: range)
    }
    return Int(i)
  }
}
