import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Colours and arithmetic helpers.
enum ValueBuiltins {
  static let list: [Builtin] = [
    Builtin(name: "rgb", summary: "rgb(r, g, b[, a]): channels 0–255, alpha 0–1") { args, _ in
      let r = try channel(&args, "r", 255)
      let g = try channel(&args, "g", 255)
      let b = try channel(&args, "b", 255)
      let a = try args.take("a", orNext: true).map { try bounded($0, "alpha", 1) } ?? 1
      try args.finish()
      return .color(Color(r: r / 255, g: g / 255, b: b / 255, a: a))
    },
    Builtin(name: "hsb", summary: "hsb(h, s, b[, a]): hue in degrees, s, b and alpha 0–1") {
      args, _ in
      let h = try args.require("h", "a hue").number("hue")
      let s = try bounded(try args.require("s", "a saturation"), "saturation", 1)
      let v = try bounded(try args.require("b", "a brightness"), "brightness", 1)
      let a = try args.take("a", orNext: true).map { try bounded($0, "alpha", 1) } ?? 1
      try args.finish()
      return .color(hsbColor(h, s, v, a))
    },
    math("abs", "abs(x)") { abs($0) },
    math("floor", "floor(x)") { $0.rounded(.down) },
    math("ceil", "ceil(x)") { $0.rounded(.up) },
    math("round", "round(x): to the nearest whole number") { $0.rounded() },
    math("sqrt", "sqrt(x)") { $0.squareRoot() },
    math("sin", "sin(deg): sine of an angle in degrees") { sin($0 * .pi / 180) },
    math("cos", "cos(deg): cosine of an angle in degrees") { cos($0 * .pi / 180) },
    Builtin(name: "min", summary: "min(a, b, ...) or min(xs): the smallest") { args, _ in
      try fold(&args, "min", Swift.min)
    },
    Builtin(name: "max", summary: "max(a, b, ...) or max(xs): the largest") { args, _ in
      try fold(&args, "max", Swift.max)
    },
  ]

  static func channel(_ args: inout Arguments, _ name: String, _ limit: Double) throws -> Double {
    try bounded(try args.require(name, "a value for \(name)"), name, limit)
  }

  static func bounded(_ item: Arguments.Item, _ what: String, _ limit: Double) throws -> Double {
    let v = try item.number(what)
    if v < 0 || v > limit {
      throw RuntimeError(
        "\(what) \(NumberText.format(v)) is outside 0…\(NumberText.format(limit))", at: item.range)
    }
    return v
  }

  static func hsbColor(_ h: Double, _ s: Double, _ v: Double, _ a: Double) -> Color {
    Color.fromHSB(Color.HSB(h: h, s: s, b: v, a: a))
  }

  static func math(_ name: String, _ summary: String, _ f: @escaping @Sendable (Double) -> Double)
    -> Builtin
  {
    Builtin(name: name, summary: summary) { args, _ in
      let item = try args.require("x", "a number")
      let x = try item.number("argument")
      try args.finish()
      let y = f(x)
      guard y.isFinite else {
        throw RuntimeError(
          "\(name)(\(NumberText.format(x))) is not a finite number", at: args.range)
      }
      return .number(y)
    }
  }

  /// `min(a, b, …)` or `min(xs)`: the numbers given, or a list's.
  static func fold(_ args: inout Arguments, _ name: String, _ f: (Double, Double) -> Double) throws
    -> Value
  {
    guard let first = args.next() else {
      throw RuntimeError("\(name) needs at least one number", at: args.range)
    }
    if case .list(let items) = first.value {
      try args.finish()
      guard let head = items.first else {
        throw RuntimeError("\(name) of an empty list", at: first.range)
      }
      var result = try number(head, first, name, 0)
      for (index, item) in items.enumerated().dropFirst() {
        result = f(result, try number(item, first, name, index))
      }
      return .number(result)
    }
    var result = try first.number("argument")
    while let item = args.next() { result = f(result, try item.number("argument")) }
    try args.finish()
    return .number(result)
  }

  /// Item `index` of a list given to `min` or `max`, a number.
  private static func number(_ value: Value, _ list: Arguments.Item, _ name: String, _ index: Int)
    throws -> Double
  {
    guard case .number(let v) = value else {
      throw RuntimeError(
        "\(name) compares numbers, not \(value.typeName) (item \(index))", at: list.range)
    }
    return v
  }
}
