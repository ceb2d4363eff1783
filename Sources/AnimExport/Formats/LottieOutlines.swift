import AnimEngine

/// A view's outline as Lottie shapes, and where its anchor puts them.
extension LottieWriter {
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
    func box(corners: JSONValue) -> [JSONValue] {
      [
        .object([
          ("ty", .string("rc")),
          ("nm", .string("rectangle")),
          ("d", .integer(1)),
          ("p", centre),
          ("s", pair(.width, .height) { $0 * k }),
          ("r", corners),
        ])
      ]
    }
    switch outline {
    case .rectangle where RecordedCorners.areUniform(view):
      return box(corners: scalar(.cornerTopLeft) { max($0, 0) * k })
    case .image:
      // The box, square-cornered (SPEC §21.4): for the stroke and clips.
      return box(corners: .object([("a", .integer(0)), ("k", .integer(0))]))
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
    case .rectangle, .polygon, .star, .path, .none:
      // A rectangle whose corners differ (SPEC §21.3) is a path: an `rc` has
      // one radius.
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
  static func boxAnchorTracks(_ view: RecordedView, scale k: Double) -> [LottieTrack] {
    let a0 = view.track(.anchorX).keys[0].value[0]
    let b0 = view.track(.anchorY).keys[0].value[0]
    return [
      LottieTrack(view.track(.width), lane: 0) { abs($0) * a0 * k },
      LottieTrack(view.track(.height), lane: 0) { abs($0) * b0 * k },
    ]
  }

  /// The layer's anchor point in its own pixels: the box's point
  /// (anchorX, anchorY) relative to its centre, ((ax − ½)·w, (ay − ½)·h)·k.
  /// `shift` moves it by a constant (a glyph text's precomposition has the
  /// layer's origin at its centre).
  static func anchorTracks(
    _ view: RecordedView, scale k: Double, shift: (x: Double, y: Double)? = nil
  ) -> [LottieTrack] {
    let ax = view.track(.anchorX)
    let ay = view.track(.anchorY)
    let w = view.track(.width)
    let h = view.track(.height)
    let (sx, sy) = shift ?? (0, 0)
    if ax.isStatic && ay.isStatic && ax.keys[0].value[0] == 0.5 && ay.keys[0].value[0] == 0.5 {
      return [
        LottieTrack(ax, lane: 0) { _ in sx }, LottieTrack(ay, lane: 0) { _ in sy },
      ]
    }
    // The anchor stays (one that moves is sampled at every frame by the
    // caller): it scales the size's track.
    let a0 = ax.keys[0].value[0]
    let b0 = ay.keys[0].value[0]
    if shift == nil {
      return [
        LottieTrack(w, lane: 0) { ($0 * (a0 - 0.5)) * k },
        LottieTrack(h, lane: 0) { ($0 * (b0 - 0.5)) * k },
      ]
    }
    return [
      LottieTrack(w, lane: 0) { ($0 * (a0 - 0.5)) * k + sx },
      LottieTrack(h, lane: 0) { ($0 * (b0 - 0.5)) * k + sy },
    ]
  }
}
