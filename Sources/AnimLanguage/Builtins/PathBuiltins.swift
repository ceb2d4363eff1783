import AnimEngine

/// `path(points, d, curve:, orient:)`: motion along a route (SPEC §14.3).
enum PathBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "path",
      summary:
        "path([(x0, y0), (x1, y1), …], d, curve: linear | smooth, orient: false | true | A): x and y along the points; path(d: \"M… C…\", d): along SVG path data"
    ) { args, interp in
      let route: MotionPath
      if let data = args.take("d") {
        route = try dataRoute(data)
      } else {
        let pointsItem = try args.require("points", "a list of points [(x0, y0), (x1, y1), …]")
        let points = try routePoints(pointsItem)
        let curve = try args.take("curve").map { try curveKind($0) } ?? .linear
        do {
          route = try MotionPath(points: points, curve: curve)
        } catch let error as EngineError {
          throw RuntimeError(error.message, at: pointsItem.range)
        }
      }
      let orient = try args.take("orient").map { try orientation($0) } ?? nil
      var changes = [Change(.x, .path(route, .x)), Change(.y, .path(route, .y))]
      if let orient { changes.append(Change(.rotation, .path(route, .angle(offset: orient)))) }
      return try MotionBuiltins.primitive(&args, interp, changes)
    }
  ]

  /// The points of a route: a list of finite points.
  private static func routePoints(_ item: Arguments.Item) throws -> [SIMD2<Double>] {
    guard case .list(let list) = item.value else {
      throw RuntimeError(
        "path needs a list of points [(x0, y0), (x1, y1), …], not \(item.value.typeName)",
        at: item.range)
    }
    var points: [SIMD2<Double>] = []
    for (i, value) in list.items.enumerated() {
      guard case .point(let x, let y) = value else {
        throw RuntimeError(
          "path point \(i) must be a point (x, y), not \(value.typeName)", at: item.range)
      }
      guard x.isFinite && y.isFinite else {
        throw RuntimeError("path point \(i) must have finite coordinates", at: item.range)
      }
      points.append(SIMD2(x, y))
    }
    return points
  }

  /// The route of `d:`: SVG path data of one subpath, absolute
  /// coordinates, travelled by arc length (SPEC §14.3; `anim import` writes
  /// a Lottie position's spatial Bézier this way).
  private static func dataRoute(_ item: Arguments.Item) throws -> MotionPath {
    guard case .string(let text) = item.value else {
      throw RuntimeError(
        "path's d: needs SVG path data in a string, not \(item.value.typeName)", at: item.range)
    }
    do {
      return try MotionPath(outline: PathDataParser.parse(text))
    } catch let error as PathDataError {
      throw RuntimeError(error.description, at: item.range)
    } catch let error as EngineError {
      throw RuntimeError(error.message, at: item.range)
    }
  }

  private static func curveKind(_ item: Arguments.Item) throws -> MotionPath.Curve {
    let name = try item.symbol("curve")
    guard let curve = MotionPath.Curve(rawValue: name), curve != .data else {
      throw RuntimeError(
        "curve must be linear or smooth, not '\(name)'", at: item.range)
    }
    return curve
  }

  /// `orient: false` (nil), `true` (0) or an angle in degrees added to the
  /// direction of travel.
  private static func orientation(_ item: Arguments.Item) throws -> Double? {
    if case .bool(let on) = item.value { return on ? 0 : nil }
    guard case .number = item.value else {
      throw RuntimeError(
        "orient must be true, false or an angle, not \(item.value.typeName)", at: item.range)
    }
    return try item.number("orient")
  }
}
