import AnimEngine

/// Strings, lists and data files (SPEC §23.1): `fixed`, `grouped`,
/// `string`, `len`, `sum`, `range`, `csv`, `json` (`min` and `max` of a
/// list are `ValueBuiltins`').
enum DataBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "fixed",
      summary:
        "fixed(x, digits): x with that many decimals, as a number text shows it: fixed(2.5, 2) is \"2.50\""
    ) { args, _ in
      let x = try args.require("x", "a number").number("x")
      let digits = try wholeDigits(try args.require("decimals", "a number of decimals"))
      try args.finish()
      return .string(
        ShownNumber.text(x, digits: digits, grouping: false, prefix: "", suffix: ""))
    },
    Builtin(
      name: "grouped",
      summary:
        "grouped(x[, digits]): x with a comma every three digits: grouped(1234567) is \"1,234,567\""
    ) { args, _ in
      let x = try args.require("x", "a number").number("x")
      let digits = try args.take("decimals", orNext: true).map(wholeDigits)
      try args.finish()
      return .string(grouped(x, digits: digits))
    },
    Builtin(name: "string", summary: "string(x): x as print shows it") { args, interp in
      let item = try args.require("x", "a value")
      try args.finish()
      if case .string = item.value { return item.value }
      return .string(Formatting.display(item.value, scene: interp.scene))
    },
    Builtin(
      name: "len",
      summary:
        "len(x): the letters of a string, the items of a list, the fields of a record, the views of a group"
    ) { args, _ in
      let item = try args.require("x", "a string, list, record or group")
      try args.finish()
      switch item.value {
      case .string(let s): return .number(Double(s.count))
      case .list(let items): return .number(Double(items.count))
      case .record(let record): return .number(Double(record.values.count))
      case .group(let g): return .number(Double(g.members.count))
      default:
        throw RuntimeError(
          "len needs a string, list, record or group, not \(item.value.typeName)", at: item.range)
      }
    },
    Builtin(
      name: "sum", summary: "sum(xs): the numbers (or points) of a list added up; 0 when empty"
    ) { args, _ in
      let item = try args.require("xs", "a list")
      try args.finish()
      let items = try numbers(item, "sum")
      guard case .point = items.first else {
        var total = 0.0
        for (index, value) in items.enumerated() {
          guard case .number(let v) = value else { throw mixed(item, value, index) }
          total += v
        }
        guard total.isFinite else { throw notFinite(item) }
        return .number(total)
      }
      var (x, y) = (0.0, 0.0)
      for (index, value) in items.enumerated() {
        guard case .point(let px, let py) = value else { throw mixed(item, value, index) }
        (x, y) = (x + px, y + py)
      }
      guard x.isFinite, y.isFinite else { throw notFinite(item) }
      return .point(x, y)
    },
    Builtin(
      name: "range",
      summary:
        "range([start, ]stop[, step]): the numbers from start (0) by step (1) up to stop, stop left out, as d3.range"
    ) { args, _ in
      let first = try args.require("start", "a number").number("start")
      let second = try args.take("stop", orNext: true).map { try $0.number("stop") }
      let stepItem = args.take("step", orNext: true)
      let step = try stepItem.map { try $0.number("step") } ?? 1
      try args.finish()
      let (start, stop) = second.map { (first, $0) } ?? (0, first)
      guard step != 0 else {
        throw RuntimeError("range's step must not be 0", at: stepItem?.range ?? args.range)
      }
      let count = max(0, ((stop - start) / step).rounded(.up))
      guard count.isFinite, count <= Double(ValueList.maximumSize) else {
        throw RuntimeError(
          "range would hold \(Formatting.count(count)) numbers, more than the limit of \(ValueList.maximumSize)",
          at: args.range)
      }
      var items: [Value] = []
      items.reserveCapacity(Int(count))
      for i in 0..<Int(count) { items.append(.number(start + Double(i) * step)) }
      return .list(ValueList(items)!)
    },
    Builtin(
      name: "csv", summary: "csv(\"file.csv\"): the rows of a CSV file, records keyed by its header"
    ) { args, interp in try data(.csv, &args, interp) },
    Builtin(
      name: "json", summary: "json(\"file.json\"): the value a JSON file holds, objects as records"
    ) { args, interp in try data(.json, &args, interp) },
  ]

  /// `csv(path)`, `json(path)`.
  private static func data(_ format: DataFormat, _ args: inout Arguments, _ interp: Interpreter)
    throws -> Value
  {
    let item = try args.require("path", "the path of a file")
    guard case .string(let path) = item.value else {
      throw RuntimeError(
        "\(format.rawValue) needs the path of a file as a string, not \(item.value.typeName)",
        at: item.range, hint: "\(format.rawValue)(\"data.\(format.rawValue)\")")
    }
    try args.finish()
    return try interp.readData(path, format, pathRange: item.range, call: args.range)
  }

  /// A number of decimals: whole, 0…20 (as a number text's `digits`).
  private static func wholeDigits(_ item: Arguments.Item) throws -> Int {
    let d = try item.number("decimals")
    guard d.rounded() == d, d >= 0, d <= Double(ShownNumber.maximumDigits) else {
      throw RuntimeError(
        "decimals must be a whole number from 0 to \(ShownNumber.maximumDigits), not \(NumberText.format(d))",
        at: item.range)
    }
    return Int(d)
  }

  /// `grouped(x)`: as JavaScript's `toLocaleString("en-US")` shows x: at
  /// most three decimals, none that end in 0; `grouped(x, d)` shows d.
  static func grouped(_ x: Double, digits: Int?) -> String {
    let text = ShownNumber.text(x, digits: digits ?? 3, grouping: true, prefix: "", suffix: "")
    guard digits == nil, text.contains(".") else { return text }
    var trimmed = Substring(text)
    while trimmed.last == "0" { trimmed.removeLast() }
    if trimmed.last == "." { trimmed.removeLast() }
    return trimmed == "-0" ? "0" : String(trimmed)
  }

  /// The items of a list argument.
  static func numbers(_ item: Arguments.Item, _ callee: String) throws -> ValueList {
    guard case .list(let items) = item.value else {
      throw RuntimeError(
        "\(callee) needs a list, not \(item.value.typeName)", at: item.range,
        hint: "\(callee)([1, 2, 3])")
    }
    return items
  }

  private static func mixed(_ item: Arguments.Item, _ value: Value, _ index: Int) -> RuntimeError {
    RuntimeError(
      "sum adds numbers, or points, not \(value.typeName) (item \(index))", at: item.range)
  }

  private static func notFinite(_ item: Arguments.Item) -> RuntimeError {
    RuntimeError("the sum is not a finite number", at: item.range)
  }
}
