import AnimEngine

/// A layer's items: its fill, and its stroke group with the trim.
extension LottieWriter {
  /// A layer's items: the outline and its fill, flat, for a view without a
  /// stroke (as every rect was written before shapes); else the stroke group
  /// above the fill group.
  static func items(
    _ view: RecordedView, _ shapes: [JSONValue], fill: JSONValue, ctx: Context, scale k: Double,
    trimmed: Bool, tree: LayerTree?
  ) -> [JSONValue] {
    guard !shapes.isEmpty else { return [] }
    let stroke = strokeGroup(view, shapes, ctx: ctx, scale: k, trimmed: trimmed, tree: tree)
    // An image's picture is a layer of its own (``imageLayer``): no fill.
    if view.kind.outline == .image { return stroke }
    return stroke.isEmpty ? shapes + [fill] : stroke + [group("fill", shapes + [fill])]
  }

  /// A shape group of `items` and its identity transform.
  static func group(_ name: String, _ items: [JSONValue]) -> JSONValue {
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    let transform: JSONValue = .object([
      ("ty", .string("tr")),
      ("p", fixed(.array([.integer(0), .integer(0)]))),
      ("a", fixed(.array([.integer(0), .integer(0)]))),
      ("s", fixed(.array([.integer(100), .integer(100)]))),
      ("r", fixed(.integer(0))),
      ("o", fixed(.integer(100))),
    ])
    return .object([
      ("ty", .string("gr")), ("nm", .string(name)), ("it", .array(items + [transform])),
    ])
  }

  /// The stroke group above the fill (SPEC §16.2–3): the outline, its trim
  /// `tm` when the view is trimmed (in its own group, so the fill stays
  /// whole), and `st` with the stroke's colour, opacity, width (scaled to
  /// pixels), cap, join and miter limit 4; nothing for a view whose stroke
  /// is transparent or zero-width throughout.
  static func strokeGroup(
    _ view: RecordedView, _ shapes: [JSONValue], ctx: Context, scale k: Double, trimmed: Bool,
    tree: LayerTree?
  ) -> [JSONValue] {
    let stroke = view.track(.stroke)
    let width = view.track(.strokeWidth)
    let invisible =
      (stroke.isStatic && stroke.keys[0].value[3] <= 0)
      || (width.isStatic && width.keys[0].value[0] <= 0)
    guard !invisible else { return [] }
    var items = shapes
    if trimmed {
      var start = ctx.property(
        [LottieTrack(view.track(.trimStart), lane: 0) { $0 * 100 }.clamped(to: 0, 100)],
        vector: false)
      var end = ctx.property(
        [LottieTrack(view.track(.trimEnd), lane: 0) { $0 * 100 }.clamped(to: 0, 100)],
        vector: false)
      // SPEC §16.3 strokes from min(s, e) to max(s, e); a start past the end
      // at some frame is written as those two, frame by frame.
      // A start that stays at 0 or an end that stays at 1 (draw, undraw)
      // never passes the other: no frame needs looking at.
      let startTrack = view.track(.trimStart)
      let endTrack = view.track(.trimEnd)
      let cannotCross =
        (startTrack.isStatic && startTrack.keys[0].value[0] <= 0)
        || (endTrack.isStatic && endTrack.keys[0].value[0] >= 1)
      let frames =
        cannotCross
        ? []
        : SampledShapes.frameTimes(ctx.recording).map { t in
          (
            min(max(startTrack.value(at: t)[0], 0), 1),
            min(max(endTrack.value(at: t)[0], 0), 1)
          )
        }
      if frames.contains(where: { $0.0 > $0.1 }) {
        start = SampledShapes.numbers(
          frames.map { [min($0.0, $0.1) * 100] }, vector: false, recording: ctx.recording)
        end = SampledShapes.numbers(
          frames.map { [max($0.0, $0.1) * 100] }, vector: false, recording: ctx.recording)
      }
      items.append(
        .object([
          ("ty", .string("tm")), ("nm", .string("trim")),
          ("s", start),
          ("e", end),
          (
            "o",
            ctx.property(
              [LottieTrack(view.track(.trimOffset), lane: 0) { $0 * 360 }], vector: false)
          ),
          ("m", .integer(shapes.count > 1 ? 2 : 1)),
        ]))
    }
    let first = view.track(.lineCap).keys[0].value[0]
    let cap = LineCap.allCases[min(max(Int(first), 0), 2)]
    let join = LineJoin.allCases[min(max(Int(view.track(.lineJoin).keys[0].value[0]), 0), 2)]
    let dash = dashMember(view, ctx: ctx, scale: k).map { [$0] } ?? []
    if let members = gradientMembers(view, stroke, ctx: ctx, tree: tree, scale: k) {
      items.append(
        .object(
          [("ty", .string("gs")), ("nm", .string("stroke"))] + members + [
            ("w", strokeWidth(view, ctx: ctx, scale: k)),
            ("lc", .integer(LottieShapes.lineCap(cap))),
            ("lj", .integer(LottieShapes.lineJoin(join))),
            ("ml", .integer(4)),
          ] + dash))
      return [group("stroke", items)]
    }
    items.append(
      .object(
        [
          ("ty", .string("st")), ("nm", .string("stroke")),
          (
            "c",
            ctx.property(
              (0..<3).map { lane in LottieTrack(stroke, lane: lane) { $0 } }, vector: true)
          ),
          (
            "o",
            ctx.property(
              [paintAlpha(stroke, tree).clamped(to: 0, 100)],
              vector: false)
          ),
          ("w", strokeWidth(view, ctx: ctx, scale: k)),
          ("lc", .integer(LottieShapes.lineCap(cap))),
          ("lj", .integer(LottieShapes.lineJoin(join))),
          ("ml", .integer(4)),
        ] + dash))
    return [group("stroke", items)]
  }

  /// The stroke's width `w` in pixels: `strokeWidth` × `k`, and a shape's
  /// times its viewBox scale (SPEC §21.3, ``ShapePath/strokeScale``), each
  /// frame's when its box is resized.
  static func strokeWidth(_ view: RecordedView, ctx: Context, scale k: Double) -> JSONValue {
    let width = view.track(.strokeWidth)
    guard let path = view.path else {
      return ctx.property([LottieTrack(width, lane: 0) { max($0, 0) * k }], vector: false)
    }
    let w = view.track(.width)
    let h = view.track(.height)
    if w.isStatic && h.isStatic {
      let f = path.strokeScale(width: w.keys[0].value[0], height: h.keys[0].value[0])
      return ctx.property([LottieTrack(width, lane: 0) { max($0, 0) * k * f }], vector: false)
    }
    let values = SampledShapes.frameTimes(ctx.recording).map { t in
      [
        max(width.value(at: t)[0], 0) * k
          * path.strokeScale(width: w.value(at: t)[0], height: h.value(at: t)[0])
      ]
    }
    return SampledShapes.numbers(values, vector: false, recording: ctx.recording)
  }
}
