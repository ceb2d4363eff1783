import AnimEngine

/// One view's shape layer: its transform, its outline, fill and stroke.
extension LottieWriter {
  /// One view's shape layer: its transform (``layerTransform``), then its
  /// outline's shapes with the fill and the stroke group (``items``), or a
  /// text's drawings (``textGroups``). In a tree (SPEC §17), `tree` says
  /// where it sits.
  static func shapeLayer(
    _ view: RecordedView, index: Int, recording: StageRecording, stage: ExportStage,
    tree: LayerTree? = nil, glyphs: (text: LottieGlyphText, id: String)? = nil
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    let k = stage.scale
    let trimmed =
      !(view.track(.trimStart).isStatic && view.track(.trimEnd).isStatic
      && min(max(view.track(.trimStart).value(at: recording.start)[0], 0), 1) == 0
      && min(max(view.track(.trimEnd).value(at: recording.start)[0], 0), 1) == 1)
    // A morphed view (SPEC §16.4), a trimmed one and a dashed one (§21.3)
    // are paths: Lottie's own shapes start elsewhere and cannot morph.
    let asPath = trimmed || SampledShapes.isMorphed(view) || Self.dashPattern(view) != nil
    let shapes = outlineShapes(
      view, outline: asPath ? ViewOutline.path : view.kind.outline, recording: recording, ctx: ctx,
      scale: k, inBox: tree != nil)
    let fill =
      gradientFill(view, ctx: ctx, tree: tree, scale: k) ?? fillItem(view, ctx: ctx, tree: tree)
    // A text's outline is its glyphs (SPEC §18): one group per distinct
    // drawing it shows, each with the items every kind has.
    let items =
      view.kind == .text
      ? textGroups(view, fill: fill, ctx: ctx, scale: k, trimmed: trimmed, tree: tree)
      : Self.items(view, shapes, fill: fill, ctx: ctx, scale: k, trimmed: trimmed, tree: tree)
    var members: [(String, JSONValue)] = [
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(4)),
      ("nm", .string(view.name)),
      ("sr", .integer(1)),
    ]
    if let parent = tree?.parent { members.append(("parent", .integer(parent))) }
    let transform = layerTransform(
      view, ctx: ctx, stage: stage, tree: tree,
      shift: glyphs.map { ($0.text.width / 2, $0.text.height / 2) })
    if let glyphs {
      // A precomposition of the text's glyph slots (SPEC §23.3).
      members[2] = ("ty", .integer(0))
      return .object(
        members + [
          ("refId", .string(glyphs.id)),
          ("ks", transform),
          ("ao", .integer(0)),
          ("w", .number(glyphs.text.width)),
          ("h", .number(glyphs.text.height)),
          ("ip", .integer(0)),
          ("op", .integer(max(recording.frameCount, 1))),
          ("st", .integer(0)),
          ("bm", .integer(0)),
        ])
    }
    return .object(
      members + [
        ("ks", transform),
        ("ao", .integer(0)),
        ("shapes", .array(items)),
        ("ip", .integer(0)),
        ("op", .integer(max(recording.frameCount, 1))),
        ("st", .integer(0)),
        ("bm", .integer(0)),
      ])
  }

  /// A view's layer transform `ks`: its anchor point (the box's point
  /// (anchorX, anchorY) at the layer's position), its split position,
  /// scale in percent, rotation, and opacity: its alpha in percent outside
  /// a tree; 100 in a tree, where each paint carries the world opacity.
  /// `shift` moves a still anchor by a constant (a glyph text's
  /// precomposition has the layer's origin at its centre, SPEC §23.3).
  static func layerTransform(
    _ view: RecordedView, ctx: Context, stage: ExportStage, tree: LayerTree?,
    shift anchorShift: (x: Double, y: Double)? = nil
  ) -> JSONValue {
    let recording = ctx.recording
    let k = stage.scale
    func scalar(_ p: Property, _ map: @escaping (Double) -> Double) -> JSONValue {
      ctx.property([LottieTrack(view.track(p), lane: 0, map: map)], vector: false)
    }
    func pair(_ a: Property, _ b: Property, _ map: @escaping (Double) -> Double) -> JSONValue {
      ctx.property(
        [
          LottieTrack(view.track(a), lane: 0, map: map),
          LottieTrack(view.track(b), lane: 0, map: map),
        ], vector: true)
    }
    // anim draws alpha clamped to 0…1; players need not clamp an overshoot.
    let opacity = ctx.property(
      [LottieTrack(view.track(.alpha), lane: 0) { $0 * 100 }.clamped(to: 0, 100)], vector: false)
    // The shapes are centred on the layer's origin; the anchor point
    // (anchorX, anchorY of the box) sits at the layer's position.
    // An anchor that animates is sampled at every frame (the product of
    // the size and the anchor); in a tree, the anchor point in the box.
    let anchor =
      view.track(.anchorX).isStatic && view.track(.anchorY).isStatic
      ? ctx.property(
        tree != nil
          ? Self.boxAnchorTracks(view, scale: k)
          : Self.anchorTracks(view, scale: k, shift: anchorShift),
        vector: true)
      : SampledShapes.numbers(
        SampledShapes.frameTimes(recording).map { t in
          let w = view.track(.width).value(at: t)[0]
          let h = view.track(.height).value(at: t)[0]
          let ax = view.track(.anchorX).value(at: t)[0]
          let ay = view.track(.anchorY).value(at: t)[0]
          return tree != nil
            ? [ax * abs(w) * k, ay * abs(h) * k] : [(ax - 0.5) * w * k, (ay - 0.5) * h * k]
        }, vector: true, recording: recording)
    // In a tree (SPEC §17) a layer's space is its box's, times k: a child's
    // position is its x, y there, and only a root's is placed on the stage.
    // A root of a clip's precomposition is placed in the clip's box space
    // shifted by the precomposition's origin.
    let atRoot = tree?.parent == nil && tree?.origin == nil
    let shift = tree?.parent == nil ? tree?.origin ?? 0 : 0
    return .object([
      ("a", anchor),
      (
        "p",
        .object([
          ("s", .bool(true)),
          ("x", scalar(.x) { atRoot ? stage.pixelX($0) : $0 * k + shift }),
          ("y", scalar(.y) { atRoot ? stage.pixelY($0) : $0 * k + shift }),
        ])
      ),
      ("s", pair(.scaleX, .scaleY) { $0 * 100 }),
      ("r", scalar(.rotation) { $0 }),
      ("o", tree == nil ? opacity : .object([("a", .integer(0)), ("k", .integer(100))])),
    ])
  }

  /// A view's fill `fl`: its colour and, in percent, the colour's alpha
  /// (times the world opacity in a tree), and its fill rule (`r`).
  static func fillItem(_ view: RecordedView, ctx: Context, tree: LayerTree?) -> JSONValue {
    let color = view.track(.color)
    return .object([
      ("ty", .string("fl")),
      ("nm", .string("fill")),
      (
        "c",
        ctx.property(
          (0..<3).map { lane in LottieTrack(color, lane: lane) { $0 } }, vector: true)
      ),
      (
        "o",
        ctx.property(
          [paintAlpha(color, tree).clamped(to: 0, 100)],
          vector: false)
      ),
      ("r", .integer(fillRule(view))),
    ])
  }

  /// A paint's opacity in percent: its colour's alpha (lane 3 of `color`),
  /// times the view's world opacity in a tree (SPEC §17).
  static func paintAlpha(_ color: PropertyTrack, _ tree: LayerTree?) -> LottieTrack {
    guard let tree else { return LottieTrack(color, lane: 3) { $0 * 100 } }
    return LottieTrack(tree.recording.product([(color, 3), (tree.worldAlpha, 0)]), lane: 0) {
      $0 * 100
    }
  }
}
