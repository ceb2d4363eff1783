import AnimEngine

/// Writes a recording as Lottie JSON (the Lottie Animation Community's
/// specification 1.0; SPEC §13).
///
/// One shape layer per drawn view, topmost first, named after the view: a
/// rectangle (size, roundness) and a fill (colour, colour alpha), under the
/// layer transform (split position, rotation, scale in percent, opacity in
/// percent, anchor at the layer's origin, which is the view's centre). The
/// background, unless transparent, is a solid bottom layer. Frame k of the
/// file is the recording's time A + k/N.
public enum LottieWriter {
  /// The version string players look for (rlottie draws nothing without one).
  public static let version = "5.7.0"

  /// The Lottie document for `recording` on `stage`, as JSON text.
  public static func text(_ recording: StageRecording, stage: ExportStage) -> String {
    var text = ""
    write(recording, stage: stage) { text += $0 }
    return text
  }

  /// Writes the Lottie document for `recording` on `stage` to `output`, in
  /// pieces of about `chunk` bytes.
  ///
  /// Layer by layer: each layer's tree is made, written and dropped before
  /// the next, and the text goes out as it is made, so memory holds one
  /// layer, not the document (W2's 750 000 keyframes took 1.2 GB as one
  /// tree and its text).
  public static func write(
    _ recording: StageRecording, stage: ExportStage, chunk: Int = 1 << 16,
    to output: (String) -> Void
  ) {
    let frames = max(recording.frameCount, 1)
    // With a tree, the clips' precompositions are known only once the
    // layers are written: `assets` then comes after `layers`.
    var head: [(String, JSONValue)] = [
      ("v", .string(version)),
      ("nm", .string("anim")),
      ("ddd", .integer(0)),
      ("fr", .number(recording.frameRate)),
      ("ip", .integer(0)),
      ("op", .integer(frames)),
      ("w", .integer(stage.pixelWidth)),
      ("h", .integer(stage.pixelHeight)),
    ]
    if !recording.hasTree { head.append(("assets", .array([]))) }
    var out = ""
    JSONValue.writeMembers(head, to: &out, closing: false)
    out += ",\"layers\":["
    if recording.hasTree {
      let written = writeTree(recording, stage: stage, into: &out, chunk: chunk, output: output)
      if let background = stage.background {
        if !recording.views.isEmpty { out += "," }
        backgroundLayer(background, index: written.lastIndex + 1, frames: frames, stage: stage)
          .write(to: &out)
      }
      // The clips' precompositions (SPEC §17), after the layers that use them.
      out += "],\"assets\":[" + written.assets + "]}"
      output(out)
      return
    }
    let drawn = recording.views.reversed()
    for (i, view) in drawn.enumerated() {
      if i > 0 { out += "," }
      shapeLayer(view, index: i + 1, recording: recording, stage: stage).write(to: &out)
      if out.utf8.count >= chunk {
        output(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    if let background = stage.background {
      if !drawn.isEmpty { out += "," }
      backgroundLayer(background, index: drawn.count + 1, frames: frames, stage: stage)
        .write(to: &out)
    }
    out += "]}"
    output(out)
  }

  static func shapeLayer(
    _ view: RecordedView, index: Int, recording: StageRecording, stage: ExportStage,
    tree: LayerTree? = nil
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    let k = stage.scale
    func scalar(_ p: Property, _ map: @escaping (Double) -> Double) -> JSONValue {
      ctx.property([LottieTrack(view.track(p), lane: 0, map: map)], vector: false)
    }
    // anim draws alpha clamped to 0…1; players need not clamp an overshoot.
    let opacity = ctx.property(
      [LottieTrack(view.track(.alpha), lane: 0) { $0 * 100 }.clamped(to: 0, 100)], vector: false)
    func pair(_ a: Property, _ b: Property, _ map: @escaping (Double) -> Double) -> JSONValue {
      ctx.property(
        [
          LottieTrack(view.track(a), lane: 0, map: map),
          LottieTrack(view.track(b), lane: 0, map: map),
        ], vector: true)
    }
    let color = view.track(.color)
    // The shapes are centred on the layer's origin; the anchor point
    // (anchorX, anchorY of the box) sits at the layer's position.
    // An anchor that animates is sampled at every frame (the product of
    // the size and the anchor); in a tree, the anchor point in the box.
    let anchor =
      view.track(.anchorX).isStatic && view.track(.anchorY).isStatic
      ? ctx.property(
        tree != nil ? Self.boxAnchorTracks(view, scale: k) : Self.anchorTracks(view, scale: k),
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
    let transform: JSONValue = .object([
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
    let trimmed =
      !(view.track(.trimStart).isStatic && view.track(.trimEnd).isStatic
      && min(max(view.track(.trimStart).value(at: recording.start)[0], 0), 1) == 0
      && min(max(view.track(.trimEnd).value(at: recording.start)[0], 0), 1) == 1)
    // A morphed view (SPEC §16.4) and a trimmed one are paths: Lottie's own
    // shapes start elsewhere and cannot morph.
    let asPath = trimmed || SampledShapes.isMorphed(view)
    let shapes = outlineShapes(
      view, outline: asPath ? ViewOutline.path : view.kind.outline, recording: recording, ctx: ctx,
      scale: k, inBox: tree != nil)
    let fill: JSONValue = .object([
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
      ("r", .integer(1)),
    ])
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

  /// A paint's opacity in percent: its colour's alpha (lane 3 of `color`),
  /// times the view's world opacity in a tree (SPEC §17).
  static func paintAlpha(_ color: PropertyTrack, _ tree: LayerTree?) -> LottieTrack {
    guard let tree else { return LottieTrack(color, lane: 3) { $0 * 100 } }
    return LottieTrack(tree.recording.product([(color, 3), (tree.worldAlpha, 0)]), lane: 0) {
      $0 * 100
    }
  }

  /// A view's outline as Lottie shapes in its layer's space: centred on
  /// the layer's origin, or (`inBox`, in a tree) with the box's top-left
  /// corner there; times the stage scale `k`.
  static func outlineShapes(
    _ view: RecordedView, outline: ViewOutline, recording: StageRecording, ctx: Context,
    scale k: Double, inBox: Bool
  ) -> [JSONValue] {
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
    let centre =
      inBox
      ? pair(.width, .height) { abs($0) / 2 * k }
      : .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])
    switch outline {
    case .rectangle:
      return [
        .object([
          ("ty", .string("rc")),
          ("nm", .string("rectangle")),
          ("d", .integer(1)),
          ("p", centre),
          ("s", pair(.width, .height) { $0 * k }),
          ("r", scalar(.cornerRadius) { max($0, 0) * k }),
        ])
      ]
    case .ellipse:
      return [
        .object([
          ("ty", .string("el")),
          ("nm", .string("ellipse")),
          ("d", .integer(1)),
          ("p", centre),
          ("s", pair(.width, .height) { $0 * k }),
        ])
      ]
    case .text:
      // A text's layer draws its own groups (`textGroups`); this is a clip
      // matte's (SPEC §17): each drawing's glyphs as they clip, in the box,
      // for the frames it is shown, each group with its own opaque fill
      // (the matte layer adds no fill of its own for a text).
      guard inBox else { return [] }
      let opaque: JSONValue = .object([
        ("ty", .string("fl")), ("nm", .string("matte")),
        (
          "c",
          .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0), .integer(0)]))])
        ),
        ("o", .object([("a", .integer(0)), ("k", .integer(100))])), ("r", .integer(1)),
      ])
      return textDrawingGroups(view, inBox: true, scale: k) { paths in
        paths + [opaque]
      } outline: {
        $0.clipOutline()
      }
    case .polygon, .star, .path, .none:
      // An outline that changes is keyframed at every frame; else it is the
      // outline at the first recorded frame, centred on the layer's
      // position (or in its box), as one static path per subpath.
      if SampledShapes.outlineMoves(view),
        let sampled = SampledShapes.paths(view, recording: recording, scale: k, inBox: inBox)
      {
        return sampled
      }
      let state = SampledShapes.outlineState(view, at: recording.start)
      let w = inBox ? 0 : abs(state[.width])
      let h = inBox ? 0 : abs(state[.height])
      return LottieShapes.paths(view.kind.outline.outline(of: state, path: view.path)) {
        OutlinePoint(($0.x - w / 2) * k, ($0.y - h / 2) * k)
      }
    }
  }

  /// In a tree, the anchor point in the layer's space: the box's point
  /// (anchorX·w, anchorY·h)·k, for an anchor that stays (one that moves is
  /// sampled at every frame instead).
  private static func boxAnchorTracks(_ view: RecordedView, scale k: Double) -> [LottieTrack] {
    let a0 = view.track(.anchorX).keys[0].value[0]
    let b0 = view.track(.anchorY).keys[0].value[0]
    return [
      LottieTrack(view.track(.width), lane: 0) { abs($0) * a0 * k },
      LottieTrack(view.track(.height), lane: 0) { abs($0) * b0 * k },
    ]
  }

  /// The layer's anchor point in its own pixels: the box's point
  /// (anchorX, anchorY) relative to its centre, ((ax − ½)·w, (ay − ½)·h)·k.
  private static func anchorTracks(_ view: RecordedView, scale k: Double) -> [LottieTrack] {
    let ax = view.track(.anchorX)
    let ay = view.track(.anchorY)
    let w = view.track(.width)
    let h = view.track(.height)
    if ax.isStatic && ay.isStatic && ax.keys[0].value[0] == 0.5 && ay.keys[0].value[0] == 0.5 {
      return [
        LottieTrack(ax, lane: 0) { _ in 0 }, LottieTrack(ay, lane: 0) { _ in 0 },
      ]
    }
    // The anchor stays (one that moves is sampled at every frame by the
    // caller): it scales the size's track.
    let a0 = ax.keys[0].value[0]
    let b0 = ay.keys[0].value[0]
    return [
      LottieTrack(w, lane: 0) { ($0 * (a0 - 0.5)) * k },
      LottieTrack(h, lane: 0) { ($0 * (b0 - 0.5)) * k },
    ]
  }

  /// A layer's items: the outline and its fill, flat, for a view without a
  /// stroke (as every rect was written before shapes); else the stroke group
  /// above the fill group.
  private static func items(
    _ view: RecordedView, _ shapes: [JSONValue], fill: JSONValue, ctx: Context, scale k: Double,
    trimmed: Bool, tree: LayerTree?
  ) -> [JSONValue] {
    guard !shapes.isEmpty else { return [] }
    let stroke = strokeGroup(view, shapes, ctx: ctx, scale: k, trimmed: trimmed, tree: tree)
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
  private static func strokeGroup(
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
    items.append(
      .object([
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
        (
          "w",
          ctx.property(
            [LottieTrack(width, lane: 0) { max($0, 0) * k }], vector: false)
        ),
        ("lc", .integer(LottieShapes.lineCap(cap))),
        ("lj", .integer(LottieShapes.lineJoin(join))),
        ("ml", .integer(4)),
      ]))
    return [group("stroke", items)]
  }

  /// A text's shapes (SPEC §18): one group per distinct drawing it shows
  /// (a counting number: one per string), its glyph outlines as paths with
  /// the layer's fill and stroke as any outline's, visible (opacity 100, held) for the frames it is
  /// shown and hidden (0) for the others. No text layer: rlottie draws none.
  private static func textGroups(
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
  private static func textDrawingGroups(
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

  private static func backgroundLayer(
    _ c: PropertyValue, index: Int, frames: Int, stage: ExportStage
  ) -> JSONValue {
    func hex(_ v: Double) -> String {
      let byte = Int((min(max(v, 0), 1) * 255).rounded())
      let s = String(byte, radix: 16)
      return s.count == 1 ? "0" + s : s
    }
    let w = stage.pixelWidth
    let h = stage.pixelHeight
    return .object([
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(1)),
      ("nm", .string("background")),
      ("sr", .integer(1)),
      (
        "ks",
        .object([
          ("a", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("p", .object([("a", .integer(0)), ("k", .array([.integer(0), .integer(0)]))])),
          ("s", .object([("a", .integer(0)), ("k", .array([.integer(100), .integer(100)]))])),
          ("r", .object([("a", .integer(0)), ("k", .integer(0))])),
          ("o", .object([("a", .integer(0)), ("k", .number(min(max(c[3], 0), 1) * 100))])),
        ])
      ),
      ("ao", .integer(0)),
      ("sw", .integer(w)),
      ("sh", .integer(h)),
      ("sc", .string("#" + hex(c[0]) + hex(c[1]) + hex(c[2]))),
      ("ip", .integer(0)),
      ("op", .integer(frames)),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }

  /// Frame arithmetic shared by a layer's properties.
  struct Context {
    let recording: StageRecording

    func frame(_ t: Double) -> Double { (t - recording.start) * recording.frameRate }

    /// Frame times strictly inside (t0, t1), in seconds.
    func frameTimes(_ t0: Double, _ t1: Double) -> [Double] {
      let n = recording.frameRate
      let a = recording.start
      var k = ((t0 - a) * n).rounded(.down) + 1
      var out: [Double] = []
      while true {
        let t = a + k / n
        if t >= t1 - 1e-9 * max(1, abs(t1)) { break }
        if t > t0 + 1e-9 * max(1, abs(t0)) { out.append(t) }
        k += 1
      }
      return out
    }

    /// An animatable property from one or more one-dimensional tracks.
    func property(_ tracks: [LottieTrack], vector: Bool) -> JSONValue {
      let keys = LottieTrack.merge(tracks, frameTimes: frameTimes)
      let still = keys.allSatisfy { $0.values == keys[0].values }
      if still {
        let values = keys[0].values
        return .object([
          ("a", .integer(0)),
          ("k", vector ? .array(values.map(JSONValue.number)) : .number(values[0])),
        ])
      }
      // Written straight to text: a tree node per keyframe, value and
      // handle cost more than the numbers (W2 has 750 000 keyframes).
      var out = "{\"a\":1,\"k\":["
      for (i, key) in keys.enumerated() {
        if i > 0 { out += "," }
        out += "{\"t\":"
        out += JSONValue.format(frame(key.time))
        out += ",\"s\":["
        for (j, v) in key.values.enumerated() {
          if j > 0 { out += "," }
          out += JSONValue.format(v)
        }
        out += "]"
        if i + 1 < keys.count {
          switch key.out {
          case .hold:
            out += ",\"h\":1"
          case .curve(let x1, let y1, let x2, let y2):
            out += ",\"o\":{\"x\":[\(JSONValue.format(x1))],\"y\":[\(JSONValue.format(y1))]}"
            out += ",\"i\":{\"x\":[\(JSONValue.format(x2))],\"y\":[\(JSONValue.format(y2))]}"
          }
        }
        out += "}"
      }
      out += "]}"
      return .raw(out)
    }
  }
}
