import AnimEngine

/// A text's drawings as Lottie shape groups (SPEC §18).
extension LottieWriter {
  /// A text's shapes (SPEC §18): one group per distinct drawing it shows
  /// (a counting number: one per string), its glyph outlines as paths with
  /// the layer's fill and stroke as any outline's, visible (opacity 100, held) for the frames it is
  /// shown and hidden (0) for the others. No text layer: rlottie draws none.
  static func textGroups(
    _ view: RecordedView, fill: JSONValue, ctx: Context, scale k: Double, trimmed: Bool,
    tree: LayerTree?
  ) -> [JSONValue] {
    // Centred on the layer's origin as every kind's shapes are (in a
    // tree, the box's top-left corner there); the layer's anchor track
    // places the box's anchor point.
    textDrawingGroups(view, inBox: tree != nil, scale: k) { paths in
      Self.items(view, paths, fill: fill, ctx: ctx, scale: k, trimmed: trimmed, tree: tree)
    } outline: {
      $0.outline()
    }
  }

  /// One group per distinct drawing of text `view` (SPEC §18), visible
  /// (opacity 100, held) for the frames it is shown and hidden (0) for the
  /// others: `outline` of the drawing as paths, in its box (`inBox`, the
  /// box's top-left corner at the origin) or centred on the origin, then
  /// the items `items` makes of them.
  static func textDrawingGroups(
    _ view: RecordedView, inBox: Bool, scale k: Double,
    items: ([JSONValue]) -> [JSONValue], outline: (TextView) -> Outline
  ) -> [JSONValue] {
    var drawings: [TextView] = []
    var runsOf: [[(first: Int, end: Int)]] = []
    for (n, run) in view.textRuns.enumerated() {
      let end = n + 1 < view.textRuns.count ? view.textRuns[n + 1].frame : Int.max
      if let i = drawings.firstIndex(of: run.text) {
        runsOf[i].append((run.frame, end))
      } else {
        drawings.append(run.text)
        runsOf.append([(run.frame, end)])
      }
    }
    // Groups listed top first: the first drawing is the last group, so
    // groups never overlap in time anyway; order is only for readability.
    return zip(drawings, runsOf).enumerated().map { n, item in
      let (drawing, runs) = item
      var keys: [JSONValue] = []
      func key(_ frame: Int, _ value: Int) {
        keys.append(
          .object([
            ("t", .integer(frame)), ("s", .array([.integer(value)])), ("h", .integer(1)),
          ]))
      }
      if runs[0].first > 0 { key(0, 0) }
      for run in runs {
        key(run.first, 100)
        if run.end != Int.max { key(run.end, 0) }
      }
      let opacity: JSONValue =
        keys.count == 1
        ? .object([("a", .integer(0)), ("k", .integer(100))])
        : .object([("a", .integer(1)), ("k", .array(keys))])
      let zero: JSONValue = .object([
        ("a", .integer(0)), ("k", .array([.integer(0), .integer(0)])),
      ])
      let transform: JSONValue = .object([
        ("ty", .string("tr")),
        ("p", zero), ("a", zero),
        ("s", .object([("a", .integer(0)), ("k", .array([.integer(100), .integer(100)]))])),
        ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
        ("o", opacity),
      ])
      let (w, h) = inBox ? (0, 0) : (try? drawing.box()) ?? (width: 0, height: 0)
      let paths = LottieShapes.paths(outline(drawing)) {
        OutlinePoint(($0.x - w / 2) * k, ($0.y - h / 2) * k)
      }
      return .object([
        ("ty", .string("gr")),
        ("nm", .string("text \(n + 1): \(drawing.shown)")),
        ("it", .array(items(paths) + [transform])),
      ])
    }
  }
}
