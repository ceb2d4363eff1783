import AnimEngine

/// The composition stage in Lottie (SPEC §21.2): a composed view and its
/// descendants are a precomposition (an asset) in the space of the
/// composition that draws it, drawn by one precomposition layer whose
/// opacity is the view's. Inside, the view's ancestors within that space
/// are null layers that move as they do, so the view moves with them.
extension LottieWriter {
  /// The precomposition layer (`ty: 0`) that draws the group of `view`:
  /// unparented, placed as the composition it is in (an identity
  /// transform), as large as it, at the view's opacity in percent.
  static func groupLayer(
    _ view: RecordedView, index: Int, id: String, space: CompositionSpace,
    recording: StageRecording, stage: ExportStage
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    let opacity = ctx.property(
      [LottieTrack(view.track(.opacity), lane: 0) { $0 * 100 }.clamped(to: 0, 100)],
      vector: false)
    var members: [(String, JSONValue)] = [
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(0)),
      ("nm", .string(view.name + " group")),
      ("sr", .integer(1)),
      ("refId", .string(id)),
      (
        "ks",
        .object([
          ("a", fixed(.array([.integer(0), .integer(0)]))),
          ("p", fixed(.array([.integer(0), .integer(0)]))),
          ("s", fixed(.array([.integer(100), .integer(100)]))),
          ("r", fixed(.integer(0))),
          ("o", opacity),
        ])
      ),
      ("ao", .integer(0)),
      ("w", .integer(Int(space.width))),
      ("h", .integer(Int(space.height))),
      ("ip", .integer(0)),
      ("op", .integer(max(recording.frameCount, 1))),
      ("st", .integer(0)),
      ("bm", .integer(blendMode(view, recording: recording))),
    ]
    // Blur and drop shadow (LottieEffects), after the layer's own members.
    if let ef = effects(view, space: space, recording: recording, stage: stage, ctx: ctx) {
      members.append(("ef", ef))
    }
    return .object(members)
  }

  /// A null layer (`ty: 3`) that moves as `view` does (its layer transform
  /// in a tree), drawing nothing: an ancestor of a composed view inside its
  /// group's precomposition.
  static func nullLayer(
    _ view: RecordedView, index: Int, recording: StageRecording, stage: ExportStage,
    tree: LayerTree
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    var members: [(String, JSONValue)] = [
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(3)),
      ("nm", .string(view.name)),
      ("sr", .integer(1)),
    ]
    if let parent = tree.parent { members.append(("parent", .integer(parent))) }
    return .object(
      members + [
        ("ks", layerTransform(view, ctx: ctx, stage: stage, tree: tree)),
        ("ao", .integer(0)),
        ("ip", .integer(0)),
        ("op", .integer(max(recording.frameCount, 1))),
        ("st", .integer(0)),
      ])
  }
}
