import AnimEngine

/// What a `shape` declaration says of its outline (SPEC §16.1, §23.1): path
/// data `d:`, or `points:` with `closed:` and `smooth:`, and the `viewBox:`
/// either is in, each with where it is written.
struct ShapeSettings {
  var pathData: (text: String, range: SourceRange)?
  var viewBox: (corner: [Double], range: SourceRange)?
  var points: (points: [OutlinePoint], range: SourceRange)?
  var closed: (value: Bool, range: SourceRange)?
  var smooth: (value: Bool, range: SourceRange)?
}

extension Interpreter {
  /// Takes a shape's setting `label` (`d`, `viewBox`, `points`, `closed`,
  /// `smooth`) into `settings`; false for any other label.
  func takeShapeSetting(
    _ argument: Argument, _ label: String, into settings: inout ShapeSettings,
    in env: Environment
  ) throws -> Bool {
    switch label {
    case "d":
      guard case .string(let text) = try evaluate(argument.value, in: env) else {
        throw RuntimeError(
          "d must be a string of SVG path data, such as \"M0 0 L10 10\"", at: argument.range)
      }
      settings.pathData = (text, argument.range)
    case "viewBox":
      settings.viewBox = (try viewBoxNumbers(argument, in: env), argument.range)
    case "points":
      settings.points = (
        try Self.shapePoints(try evaluate(argument.value, in: env), at: argument.range),
        argument.range
      )
    case "closed", "smooth":
      let value = try evaluate(argument.value, in: env)
      guard case .bool(let flag) = value else {
        throw RuntimeError(
          "\(label) must be true or false, not \(value.typeName)", at: argument.range)
      }
      if label == "closed" {
        settings.closed = (flag, argument.range)
      } else {
        settings.smooth = (flag, argument.range)
      }
    default:
      return false
    }
    return true
  }

  /// A list of at least two points `(x, y)`, each finite.
  static func shapePoints(_ value: Value, at range: SourceRange) throws -> [OutlinePoint] {
    guard case .list(let items) = value else {
      throw RuntimeError(
        "points must be a list of points (x, y), not \(value.typeName)", at: range,
        hint: "points: [(0, 100), (50, 20), (100, 60)]")
    }
    var points: [OutlinePoint] = []
    points.reserveCapacity(items.count)
    for (i, item) in items.enumerated() {
      guard case .point(let x, let y) = item else {
        throw RuntimeError(
          "points must be a list of points (x, y): item \(i) is \(article(item.typeName)) \(item.typeName)",
          at: range)
      }
      points.append(OutlinePoint(x, y))
    }
    guard points.count >= 2 else {
      throw RuntimeError(
        "a shape through points needs at least 2 of them, not \(points.count)", at: range)
    }
    return points
  }

  /// `viewBox: (x, y, w, h)`: four numbers.
  func viewBoxNumbers(_ argument: Argument, in env: Environment) throws -> [Double] {
    guard case .tuple(let items) = argument.value.kind, items.count == 4 else {
      throw RuntimeError(
        "viewBox must be four numbers (x, y, width, height)", at: argument.range,
        hint: "viewBox: (0, 0, 24, 24)")
    }
    return try items.map { try number($0, in: env, "viewBox") }
  }

  /// A shape's outline from its settings: path data, or the line through
  /// its points; in its viewBox (the box `state` declares when none is
  /// given), each checked where it is written. `state`'s `d` is set to the
  /// path data (for points, the outline's).
  func shapePath(_ settings: ShapeSettings, _ state: inout ViewState, name: Identifier) throws
    -> ShapePath
  {
    if let pathData = settings.pathData, let points = settings.points {
      _ = pathData
      throw RuntimeError(
        "a shape takes d: or points:, not both", at: points.range,
        hint: "points: draws the line through them; d: is SVG path data")
    }
    if settings.points == nil, let flag = settings.closed ?? settings.smooth {
      throw RuntimeError(
        "closed: and smooth: go with points:", at: flag.range,
        hint: "shape \(name.name)(points: [(0, 0), (50, 40), (100, 0)], smooth: true)")
    }
    let corner =
      settings.viewBox?.corner ?? [0, 0, abs(state[.width]), abs(state[.height])]
    if let (message, hint) = GeometrySettings.problem(viewBox: corner) {
      throw RuntimeError(message, at: settings.viewBox?.range ?? name.range, hint: hint)
    }
    guard let box = try? ViewBox(x: corner[0], y: corner[1], width: corner[2], height: corner[3])
    else { throw RuntimeError("bad viewBox", at: settings.viewBox?.range ?? name.range) }
    if let points = settings.points {
      let shape = ShapePoints(
        points: points.points, closed: settings.closed?.value ?? false,
        smooth: settings.smooth?.value ?? false)
      let outline = shape.outline
      state[object: Self.pathDataProperty] = .string(shape.pathData)
      return ShapePath(outline: outline, viewBox: box, points: shape)
    }
    guard let pathData = settings.pathData else {
      throw RuntimeError(
        "a shape needs its outline as path data or points", at: name.range,
        hint:
          "shape \(name.name)(d: \"M0 0 L100 0 L50 100 Z\", viewBox: (0, 0, 100, 100)), or shape \(name.name)(points: [(0, 0), (50, 40)])"
      )
    }
    // Parsed once: its error, if any, is the one `anim check` reports.
    let outline: Outline
    do {
      outline = try PathDataParser.parse(pathData.text)
    } catch {
      let (message, hint) = GeometrySettings.problem(error, in: pathData.text)
      throw RuntimeError(message, at: pathData.range, hint: hint)
    }
    state[object: Self.pathDataProperty] = .string(pathData.text)
    return ShapePath(outline: outline, viewBox: box)
  }
}

extension Interpreter {
  /// `s.points`: the points shape `id` is drawn through now, in its viewBox
  /// (SPEC §23.1).
  func shapePoints(of id: ViewID, at range: SourceRange) throws -> Value {
    guard let shape = scene.shapePoints(of: id) else {
      throw RuntimeError(
        "\(scene.name(of: id)) is drawn from path data, not points", at: range,
        hint: "a shape declared with points: [(x, y), …] has points")
    }
    return .list(ValueList(shape.points.map { .point($0.x, $0.y) })!)
  }

  /// `s.points = [(x, y), …]`: the shape's points at once, as many as it has.
  func assignPoints(_ id: ViewID, _ value: Value, at range: SourceRange) throws {
    let points = try Self.shapePoints(value, at: range)
    var state = scene.state(of: id)
    if let problem = scene.pointsProblem(of: id, count: points.count) {
      throw RuntimeError(problem, at: range)
    }
    guard
      let outline = scene.pointsOutline(of: id, to: points, from: state[value: .outline])
    else { return }
    state[value: .outline] = PropertyValue(outline, 1, 0, 0)
    scene.set(id, state)
  }
}
