import AnimEngine

/// `linear(from:, to:, stops:)` and `radial(center:, radius:, stops:,
/// focal:)` (`focal:` optional, the centre when absent): the
/// gradients `color` and `stroke` take (SPEC §21.1). The two names are also
/// stagger sorts (`linear(leftToRight)`, `radial(middle)`): a call is a
/// gradient when it has a gradient's label or a point or list argument.
enum GradientBuiltins {
  /// The labels of each gradient builtin, in positional order.
  static let linearLabels = ["from", "to", "stops"]
  static let radialLabels = ["center", "radius", "stops", "focal"]

  /// Whether a call of `name` with `args` asks for a gradient, not a sort.
  static func isGradientCall(_ name: String, _ args: Arguments) -> Bool {
    let labels = name == "linear" ? linearLabels : radialLabels
    return args.items.contains { item in
      if let label = item.label { return labels.contains(label) }
      switch item.value {
      case .point, .list, .number: return true
      default: return false
      }
    }
  }

  /// The gradient a `linear(…)` or `radial(…)` call makes.
  static func gradient(_ name: String, _ args: inout Arguments, _ interp: Interpreter) throws
    -> Value
  {
    var geometry: Gradient.Geometry
    if name == "linear" {
      let from = try args.require("from", "a start point, from: (x, y)").point("from")
      let to = try args.require("to", "an end point, to: (x, y)").point("to")
      geometry = .linear(from: OutlinePoint(from.0, from.1), to: OutlinePoint(to.0, to.1))
    } else {
      let center = try args.require("center", "a centre, center: (x, y)").point("center")
      let item = try args.require("radius", "a radius, radius: r")
      let radius = try item.number("radius")
      if radius < 0 {
        throw RuntimeError(
          "radius must not be negative, got \(NumberText.format(radius))", at: item.range)
      }
      geometry = .radial(center: OutlinePoint(center.0, center.1), radius: radius)
    }
    let stopsItem = try args.require("stops", "stops: [(offset, colour), …]")
    let stops = try self.stops(stopsItem, interp)
    if name == "radial", let item = args.take("focal", orNext: true),
      case .radial(let center, let radius, _) = geometry
    {
      // SPEC §21.1: where offset 0 sits, in the box's unit coordinates.
      let focal = try item.point("focal")
      geometry = .radial(
        center: center, radius: radius, focal: OutlinePoint(focal.0, focal.1))
    }
    try args.finish()
    do {
      return .gradient(try Gradient(geometry, stops: stops))
    } catch {
      throw RuntimeError(error.message, at: stopsItem.range)
    }
  }

  /// The stops of a `stops:` list: each `(offset, colour)`, the offset a
  /// number in 0…1 not below the one before it.
  static func stops(_ item: Arguments.Item, _ interp: Interpreter) throws -> [GradientStop] {
    guard case .list(let items) = item.value else {
      throw RuntimeError(
        "stops must be a list of (offset, colour), not \(item.value.typeName)", at: item.range,
        hint: "stops: [(0, \"#ff6a00\"), (1, \"#ee0979\")]")
    }
    var stops: [GradientStop] = []
    for (i, value) in items.enumerated() {
      guard case .stop(let offset, let color) = value else {
        throw RuntimeError(
          "stop \(i + 1) must be (offset, colour), not \(value.typeName)", at: item.range,
          hint: "stops: [(0, \"#ff6a00\"), (1, \"#ee0979\")]")
      }
      stops.append(GradientStop(offset: offset, color: color))
      if stops.count > Gradient.maximumStops { break }
    }
    if let problem = Gradient.stopsProblem(stops.map(\.offset)) {
      throw RuntimeError(problem, at: item.range)
    }
    return stops
  }
}

extension Interpreter {
  /// A paint: a colour (a colour value, a name, a "#rrggbb" string) or a
  /// gradient (SPEC §21.1).
  func paint(_ item: Arguments.Item) throws -> Paint {
    if case .gradient(let g) = item.value { return .gradient(g) }
    do {
      return .color(try color(item))
    } catch let error as RuntimeError
      where error.message.hasPrefix("expected a colour")
    {
      throw RuntimeError(
        "expected a colour or a gradient, not \(item.value.typeName)", at: item.range)
    }
  }
}
