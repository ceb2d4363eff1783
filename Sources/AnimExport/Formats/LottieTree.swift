import AnimEngine

/// Where a view's layer sits in a tree (SPEC §17) when the Lottie writer
/// writes one.
struct LayerTree {
  /// The recording the layer belongs to (for products of tracks).
  let recording: StageRecording
  /// The `ind` of the parent's layer; nil at the root.
  let parent: Int?
  /// The view's world opacity: its alpha times its ancestors'.
  let worldAlpha: PropertyTrack
  /// The `ind` of the matte layer just above it, when a clip applies.
  let matte: Int?
}

extension LottieWriter {
  /// Writes the layers of a recording with a tree (SPEC §17), topmost
  /// first: one layer per view with `parent` set to its parent's `ind`
  /// (layer `i + 1` for the i-th recorded view), each paint's opacity the
  /// product of the view's and its ancestors' alphas (the layer's own
  /// opacity stays 100: a group opacity would composite the layer's fill
  /// and stroke as one), and for a view inside a clip a hidden matte layer
  /// just above it (`td: 1`): an opaque copy of the clip view's outline,
  /// parented to the clip view's layer so it follows it, that the view uses
  /// as an alpha matte (`tt: 1`, `tp` its `ind`). rlottie reads the matte
  /// as the layer above, thorvg by `tp`: both are given. A layer has one
  /// matte, so under nested clips only the innermost clips in Lottie.
  /// Returns the number of layers written.
  static func writeTree(
    _ recording: StageRecording, stage: ExportStage, into out: inout String, chunk: Int,
    output: (String) -> Void
  ) -> Int {
    let views = recording.views
    var index: [ViewID: Int] = [:]
    for (i, view) in views.enumerated() { index[view.id] = i }
    let world = recording.worldAlphaTracks()
    // Paint order (a view, then its subtree), walked with a stack.
    var children = [[Int]](repeating: [], count: views.count)
    var roots: [Int] = []
    for (i, view) in views.enumerated() {
      if let p = view.parent, let j = index[p] { children[j].append(i) } else { roots.append(i) }
    }
    var order: [Int] = []
    var stack = Array(roots.reversed())
    while let i = stack.popLast() {
      order.append(i)
      stack.append(contentsOf: children[i].reversed())
    }
    func clips(_ i: Int) -> Bool {
      let track = views[i].track(.clip)
      return track.keys.contains { $0.value[0] != 0 }
    }
    func innermostClip(_ i: Int) -> Int? {
      var p = views[i].parent.flatMap { index[$0] }
      while let j = p {
        if clips(j) { return j }
        p = views[j].parent.flatMap { index[$0] }
      }
      return nil
    }
    var written = 0
    var nextMatte = views.count + 1
    for i in order.reversed() {
      let view = views[i]
      var matte: Int?
      if let clip = innermostClip(i) {
        if written > 0 { out += "," }
        matteLayer(
          views[clip], index: nextMatte, parent: clip + 1, recording: recording, stage: stage
        ).write(to: &out)
        matte = nextMatte
        nextMatte += 1
        written += 1
      }
      if written > 0 { out += "," }
      let tree = LayerTree(
        recording: recording, parent: view.parent.flatMap { index[$0] }.map { $0 + 1 },
        worldAlpha: world[i], matte: matte)
      shapeLayer(view, index: i + 1, recording: recording, stage: stage, tree: tree)
        .write(to: &out)
      written += 1
      if out.utf8.count >= chunk {
        output(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    return max(written, nextMatte - 1)
  }

  /// A hidden matte layer (`td: 1`): the clip view's outline filled opaque
  /// (whatever the view's own colour or alpha), untrimmed, in the clip
  /// view's box space; a layer clips to its box (SPEC §17).
  static func matteLayer(
    _ clip: RecordedView, index: Int, parent: Int, recording: StageRecording, stage: ExportStage
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    let outline = clip.kind.outline == .none ? ViewOutline.rectangle : clip.kind.outline
    let shapes = outlineShapes(
      clip, outline: outline, recording: recording, ctx: ctx, scale: stage.scale, inBox: true)
    let fill: JSONValue = .object([
      ("ty", .string("fl")), ("nm", .string("matte")),
      ("c", fixed(.array([.integer(0), .integer(0), .integer(0)]))),
      ("o", fixed(.integer(100))), ("r", .integer(1)),
    ])
    return .object([
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(4)),
      ("nm", .string(clip.name + " clip")),
      ("sr", .integer(1)),
      ("parent", .integer(parent)),
      ("td", .integer(1)),
      (
        "ks",
        .object([
          ("a", fixed(.array([.integer(0), .integer(0)]))),
          ("p", fixed(.array([.integer(0), .integer(0)]))),
          ("s", fixed(.array([.integer(100), .integer(100)]))),
          ("r", fixed(.integer(0))),
          ("o", fixed(.integer(100))),
        ])
      ),
      ("ao", .integer(0)),
      ("shapes", .array(shapes + [fill])),
      ("ip", .integer(0)),
      ("op", .integer(max(recording.frameCount, 1))),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }
}
