import AnimEngine

/// Lottie shape items for an outline drawn as SPEC §16 draws a view: its
/// subpaths as `sh` paths (the one geometry, so a player draws exactly
/// anim's cubics, start points and directions), a fill `fl`, and a stroke
/// `st` trimmed by `tm`. The stroke and its trim are a group of their own,
/// above the fill's group (Lottie draws earlier items on top), so the fill
/// stays untrimmed. Values here are static; a writer animating them puts
/// keyframes in the same places.
public enum LottieShapes {
  /// Lottie's `lc`: 1 butt, 2 round, 3 square.
  public static func lineCap(_ cap: LineCap) -> Int {
    switch cap {
    case .butt: 1
    case .round: 2
    case .square: 3
    }
  }

  /// Lottie's `lj`: 1 miter, 2 round, 3 bevel.
  public static func lineJoin(_ join: LineJoin) -> Int {
    switch join {
    case .miter: 1
    case .round: 2
    case .bevel: 3
    }
  }

  /// One `sh` item per subpath, points mapped by `transform` (for example
  /// the stage scale).
  public static func paths(
    _ outline: Outline, transform: (OutlinePoint) -> OutlinePoint = { $0 }
  ) -> [JSONValue] {
    outline.mapped(transform).lottiePaths.map { path in
      func points(_ list: [OutlinePoint]) -> JSONValue {
        .array(list.map { .array([.number($0.x), .number($0.y)]) })
      }
      let shape: JSONValue = .object([
        ("i", points(path.inTangents)),
        ("o", points(path.outTangents)),
        ("v", points(path.vertices)),
        ("c", .bool(path.isClosed)),
      ])
      return .object([
        ("ty", .string("sh")),
        ("nm", .string("path")),
        ("ks", .object([("a", .integer(0)), ("k", shape)])),
      ])
    }
  }

  /// The fill group (paths, `fl` with the nonzero rule) and, when there is a
  /// stroke, the stroke group above it (paths, `tm`, `st` with a miter limit
  /// of 4), as the items of a shape layer. Colours' alpha is the item's
  /// opacity; trim fractions are percentages and the offset degrees. With
  /// several subpaths the trim runs over them one after another (`m` 2,
  /// "individually"), as SPEC §16.3 measures a shape's length as the sum of
  /// its subpaths'; with one, `m` is 1 ("simultaneously", the same piece for
  /// one path), because rlottie 1.3.8 strokes the whole path for a
  /// wrapped-around piece in mode 2 and draws it right in mode 1 (pinned by
  /// tests/checkers/test_outline.py).
  public static func items(
    _ paths: [JSONValue], fill: Color?, stroke: Color?, strokeWidth: Double, cap: LineCap,
    join: LineJoin, trim: (start: Double, end: Double, offset: Double)
  ) -> [JSONValue] {
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    func colour(_ c: Color) -> JSONValue {
      fixed(.array([.number(c.r), .number(c.g), .number(c.b), .integer(1)]))
    }
    func opacity(_ c: Color) -> JSONValue { fixed(.number(min(max(c.a, 0), 1) * 100)) }
    var result: [JSONValue] = []
    if let stroke, strokeWidth > 0 {
      let s = min(max(trim.start, 0), 1)
      let e = min(max(trim.end, 0), 1)
      var strokeItems = paths
      if !(min(s, e) == 0 && max(s, e) == 1) {
        strokeItems.append(
          .object([
            ("ty", .string("tm")), ("nm", .string("trim")),
            ("s", fixed(.number(min(s, e) * 100))), ("e", fixed(.number(max(s, e) * 100))),
            ("o", fixed(.number(trim.offset * 360))), ("m", .integer(paths.count > 1 ? 2 : 1)),
          ]))
      }
      strokeItems.append(
        .object([
          ("ty", .string("st")), ("nm", .string("stroke")), ("c", colour(stroke)),
          ("o", opacity(stroke)), ("w", fixed(.number(strokeWidth))),
          ("lc", .integer(lineCap(cap))), ("lj", .integer(lineJoin(join))), ("ml", .integer(4)),
        ]))
      result.append(LottieWriter.group("stroke", strokeItems))
    }
    if let fill {
      result.append(
        LottieWriter.group(
          "fill",
          paths + [
            .object([
              ("ty", .string("fl")), ("nm", .string("fill")), ("c", colour(fill)),
              ("o", opacity(fill)), ("r", .integer(1)),
            ])
          ]))
    }
    return result
  }
}
