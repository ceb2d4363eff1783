import AnimEngine
import RealModule

/// What a comparison found.
struct Comparison {
  var holds: Bool
}

extension Interpreter {
  /// Default tolerance of `==` on numbers (relative and absolute).
  static let exactTolerance = 1e-9
  /// Tolerance of `~=` on numbers (relative and absolute).
  static let approximateTolerance = 1e-3

  /// `expect COND [within tol]`: a failure is reported and the script goes on.
  func expect(_ condition: Expr, within toleranceExpr: Expr?, in env: Environment) throws {
    let tolerance = try toleranceExpr.map { e -> Double in
      let t = try number(e, in: env, "tolerance")
      if t < 0 { throw RuntimeError("tolerance must not be negative", at: e.range) }
      return t
    }
    guard case .binary(let op, let left, let right) = condition.kind, op.isComparison else {
      if let toleranceExpr {
        // The tolerance belongs to one comparison: inside `and`, `or` or `not`
        // it could mean any of them.
        throw RuntimeError(
          "'within' needs a comparison, such as view.x == 100 within 0.5, at the top of expect",
          at: toleranceExpr.range, hint: "expect each comparison on its own line")
      }
      let value = try evaluate(condition, in: env)
      guard case .bool(let b) = value else {
        throw RuntimeError(
          "expect needs a comparison such as view.alpha == 0.5, or another boolean, not \(Self.article(value.typeName)) \(value.typeName)",
          at: condition.range)
      }
      if !b {
        report("expectation failed: \(file.text(in: condition.range)) is false", condition.range)
      }
      return
    }
    let actual = try evaluate(left, in: env)
    let expected = try evaluate(right, in: env)
    if try compare(op, actual, expected, tolerance: tolerance, at: condition.range).holds { return }
    // Values of different types can print alike (`1` and `"1"`): then name the types.
    let types = actual.typeName == expected.typeName ? nil : (actual.typeName, expected.typeName)
    var wanted = op == .equal ? "" : "\(op.spelling) "
    wanted += Formatting.display(expected, scene: scene)
    if let types { wanted += " (a \(types.1))" }
    if let tolerance { wanted += " within \(NumberText.format(tolerance))" }
    var got = Formatting.display(actual, scene: scene)
    if let types { got += " (a \(types.0))" }
    report(
      "expectation failed: \(file.text(in: left.range)) is \(got), expected \(wanted)",
      condition.range)
  }

  private func report(_ message: String, _ range: SourceRange) {
    var error = RuntimeError("\(message) (t=\(NumberText.format(clock.now)))", at: range)
    error.file = file
    expectationFailed(error)
  }

  /// Compares two values; `==` and `~=` use tolerances (SPEC §7).
  func compare(
    _ op: BinaryOperator, _ a: Value, _ b: Value, tolerance: Double?, at range: SourceRange
  ) throws -> Comparison {
    switch op {
    case .equal:
      return Comparison(
        holds: try equal(a, b, tolerance ?? Self.exactTolerance, relative: tolerance == nil, range))
    case .approximatelyEqual:
      return Comparison(
        holds: try equal(
          a, b, tolerance ?? Self.approximateTolerance, relative: tolerance == nil, range))
    case .notEqual:
      return Comparison(
        holds:
          !(try equal(a, b, tolerance ?? Self.exactTolerance, relative: tolerance == nil, range)))
    default:
      guard case .number(let x) = a, case .number(let y) = b else {
        throw RuntimeError(
          "'\(op.spelling)' compares numbers, not \(a.typeName) and \(b.typeName)", at: range)
      }
      // Ordered comparisons agree with `==` (SPEC §20): when `==` holds (within
      // its tolerance, or the one `within` gives), `<` and `>` are false and
      // `<=` and `>=` true, so `0.1 + 0.2 <= 0.3` and `expect x >= 1` after
      // a motion that lands a rounding short of 1 both hold.
      let same = close(x, y, tolerance ?? Self.exactTolerance, relative: tolerance == nil)
      switch op {
      case .less: return Comparison(holds: x < y && !same)
      case .lessEqual: return Comparison(holds: x < y || same)
      case .greater: return Comparison(holds: x > y && !same)
      default: return Comparison(holds: x > y || same)
      }
    }
  }

  /// SPEC §7's tolerance: `|x - y|` at most `tol`, or (the defaults of `==`
  /// and `~=`) at most `tol` times the larger of `|x|` and `|y|`. swift-numerics
  /// says exactly that for finite numbers, the only ones anim has (arithmetic
  /// that would give another is an error), and a finite `tol`.
  private func close(_ x: Double, _ y: Double, _ tol: Double, relative: Bool) -> Bool {
    x.isApproximatelyEqual(to: y, absoluteTolerance: tol, relativeTolerance: relative ? tol : 0)
  }

  private func equal(_ a: Value, _ b: Value, _ tol: Double, relative: Bool, _ range: SourceRange)
    throws -> Bool
  {
    switch (a, b) {
    case (.number(let x), .number(let y)):
      return close(x, y, tol, relative: relative)
    case (.point(let x1, let y1), .point(let x2, let y2)):
      return close(x1, x2, tol, relative: relative) && close(y1, y2, tol, relative: relative)
    case (.gradient(let g), .gradient(let h)):
      // Same kind and stop count; points, radius and offsets as numbers,
      // colours as colours.
      guard g.kindName == h.kindName, g.stops.count == h.stops.count else { return false }
      var numbers: [(Double, Double)] = []
      switch (g.geometry, h.geometry) {
      case (.linear(let f0, let t0), .linear(let f1, let t1)):
        numbers = [(f0.x, f1.x), (f0.y, f1.y), (t0.x, t1.x), (t0.y, t1.y)]
      case (.radial(let c0, let r0, let f0), .radial(let c1, let r1, let f1)):
        numbers = [(c0.x, c1.x), (c0.y, c1.y), (r0, r1), (f0.x, f1.x), (f0.y, f1.y)]
      default: return false
      }
      numbers += zip(g.stops, h.stops).map { ($0.offset, $1.offset) }
      guard numbers.allSatisfy({ close($0.0, $0.1, tol, relative: relative) }) else {
        return false
      }
      for (a, b) in zip(g.stops, h.stops)
      where !(try equal(.color(a.color), .color(b.color), tol, relative: relative, range)) {
        return false
      }
      return true
    case (.corners(let c1), .corners(let c2)):
      return zip(c1.all, c2.all).allSatisfy { close($0, $1, tol, relative: relative) }
    case (.stop(let o1, let c1), .stop(let o2, let c2)):
      guard close(o1, o2, tol, relative: relative) else { return false }
      return try equal(.color(c1), .color(c2), tol, relative: relative, range)
    case (.color(let c), _), (_, .color(let c)):
      let other = try color(Arguments.Item(label: nil, value: a == c ? b : a, range: range))
      // Colours compare per channel in 0–255 units: `==` holds when they print
      // alike (within half a step), `~=` within 1.5 steps, `within` as given.
      // Not `isApproximatelyEqual`: the limit is in steps, with 1e-9 of slack, not a tolerance.
      let limit = relative ? (tol == Self.exactTolerance ? 0.5 : 1.5) : tol
      let pairs = [(c.r, other.r), (c.g, other.g), (c.b, other.b), (c.a, other.a)]
      return pairs.allSatisfy { abs($0.0 - $0.1) * 255 <= limit + 1e-9 }
    case (.string(let s), .string(let t)), (.symbol(let s), .symbol(let t)),
      (.string(let s), .symbol(let t)), (.symbol(let s), .string(let t)):
      return s == t
    case (.bool(let x), .bool(let y)):
      return x == y
    case (.none, .none):
      // `v.parent == none` asks whether a view is at the root (SPEC §17).
      return true
    case (.view(let x), .view(let y)):
      return x == y
    case (.handle(let x), .handle(let y)):
      return x === y
    case (.group(let x), .group(let y)):
      return x.members == y.members
    case (.list(let x), .list(let y)):
      guard x.count == y.count else { return false }
      for (u, v) in zip(x, y) where !(try equal(u, v, tol, relative: relative, range)) {
        return false
      }
      return true
    case (.record(let x), .record(let y)):
      // The same fields, in any order, with equal values.
      guard x.values.count == y.values.count else { return false }
      for (name, u) in x.fields {
        guard let v = y[name], try equal(u, v, tol, relative: relative, range) else { return false }
      }
      return true
    case (.range(let a1, let b1, let i1), .range(let a2, let b2, let i2)):
      return i1 == i2 && close(a1, a2, tol, relative: relative)
        && close(b1, b2, tol, relative: relative)
    case (.easing(let x), .easing(let y)):
      return x == y
    case (.sound(let x), .sound(let y)):
      return x.number == y.number
    case (.motion, .motion), (.function, .function), (.sort, .sort):
      // Two motions built alike are different values, and the same one is
      // not worth asking about: what they do is what a test should compare.
      throw RuntimeError(
        "\(a.typeName)s cannot be compared", at: range,
        hint: a.typeName == "motion"
          ? "compare the properties a motion animates, after running it" : nil)
    default:
      return false
    }
  }
}

extension Value {
  fileprivate static func == (lhs: Value, rhs: Color) -> Bool {
    if case .color(let c) = lhs { return c == rhs }
    return false
  }
}
