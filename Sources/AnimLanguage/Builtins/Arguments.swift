import AnimEngine

/// The evaluated arguments of a builtin call, consumed as the builtin binds
/// them; anything left over is an error naming it.
struct Arguments {
  struct Item {
    var label: String?
    var value: Value
    var range: SourceRange
    /// Where the label is written, when it is (`eas` in `fade(out, 1, eas: x)`).
    var labelRange: SourceRange?
  }
  private(set) var items: [Item]
  let callee: String
  let range: SourceRange

  init(callee: String, items: [Item], range: SourceRange) {
    self.callee = callee
    self.items = items
    self.range = range
  }

  var isEmpty: Bool { items.isEmpty }

  /// Number of unlabelled arguments not yet taken.
  var unlabelledCount: Int { items.count { $0.label == nil } }

  /// Removes and returns the argument labelled `label`.
  mutating func take(_ label: String) -> Item? {
    guard let i = items.firstIndex(where: { $0.label == label }) else { return nil }
    return items.remove(at: i)
  }

  /// Removes and returns the first unlabelled argument.
  mutating func next() -> Item? {
    guard let i = items.firstIndex(where: { $0.label == nil }) else { return nil }
    return items.remove(at: i)
  }

  /// Removes and returns the argument labelled `label`, else the next
  /// unlabelled one.
  mutating func take(_ label: String, orNext: Bool) -> Item? {
    take(label) ?? (orNext ? next() : nil)
  }

  /// Removes and returns the arguments matching `predicate`, in order.
  mutating func itemsMatching(_ predicate: (Item) -> Bool) -> [Item] {
    let taken = items.filter(predicate)
    items.removeAll(where: predicate)
    return taken
  }

  /// Fails if an argument was not used.
  func finish() throws {
    guard let extra = items.first else { return }
    if let label = extra.label {
      // The caret goes under the label, the misspelt word, not its value.
      let known = BuiltinOptions.labels(of: callee)
      let hint =
        Spelling.closest(to: label, among: known).map { "did you mean '\($0):'?" }
        ?? (known.isEmpty
          ? "\(callee) takes no labels" : "\(callee) takes \(known.joined(separator: ", "))")
      throw RuntimeError(
        "\(callee) has no parameter '\(label)'", at: extra.labelRange ?? extra.range, hint: hint)
    }
    throw RuntimeError("too many arguments to \(callee)", at: extra.range)
  }

  /// A required argument: labelled `label`, else the next unlabelled one.
  mutating func require(_ label: String, _ what: String) throws -> Item {
    if let item = take(label, orNext: true) { return item }
    throw RuntimeError("\(callee) needs \(what)", at: range)
  }
}

extension Arguments.Item {
  /// The argument as a finite number.
  func number(_ what: String) throws -> Double {
    guard case .number(let v) = value else {
      throw RuntimeError("\(what) must be a number, not \(value.typeName)", at: range)
    }
    guard v.isFinite else { throw RuntimeError("\(what) must be finite", at: range) }
    return v
  }

  /// The argument as a duration: a finite number ≥ 0.
  func duration(_ what: String = "duration") throws -> Double {
    let v = try number(what)
    if v < 0 {
      throw RuntimeError("\(what) must not be negative, got \(NumberText.format(v))", at: range)
    }
    return v
  }

  /// The argument as a point `(x, y)`.
  func point(_ what: String) throws -> (Double, Double) {
    guard case .point(let x, let y) = value else {
      throw RuntimeError("\(what) must be a point (x, y), not \(value.typeName)", at: range)
    }
    guard x.isFinite && y.isFinite else { throw RuntimeError("\(what) must be finite", at: range) }
    return (x, y)
  }

  /// The argument as a bare word.
  func symbol(_ what: String) throws -> String {
    switch value {
    case .symbol(let s): return s
    case .function(let f): return f.name
    default:
      throw RuntimeError("\(what) must be a name, not \(value.typeName)", at: range)
    }
  }
}
