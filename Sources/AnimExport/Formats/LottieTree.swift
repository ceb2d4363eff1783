import AnimEngine

/// Where a view's layer sits in a tree (SPEC §17) when the Lottie writer
/// writes one.
/// The space a composition's layers are placed in: the stage's (the main
/// composition), or a clip view's box space shifted by `origin` (its
/// descendants' precomposition). A group's precomposition takes the space
/// of the composition that draws it.
struct CompositionSpace {
  /// The clip view whose descendants the composition draws, or nil.
  let clip: Int?
  /// The shift of the clip's box space, or nil on the stage.
  let origin: Double?
  /// The composition's width and height in its pixels (a group's
  /// precomposition is as large as the one it is drawn in).
  let width: Double
  let height: Double
}

struct LayerTree {
  /// The recording the layer belongs to (for products of tracks).
  let recording: StageRecording
  /// The `ind` of the parent's layer in the same composition; nil for a
  /// layer at the root of its composition.
  let parent: Int?
  /// The view's world opacity: its alpha times its ancestors'.
  let worldAlpha: PropertyTrack
  /// Where a layer without a parent is placed: nil on the stage (the main
  /// composition); else in a clip's precomposition, whose space is the
  /// clip view's box space (times the stage scale) shifted by `origin`
  /// pixels both ways (see `LottieWriter.precompLayer`).
  let origin: Double?
}

extension LottieWriter {
  /// Writes the layers of a recording with a tree (SPEC §17), topmost
  /// first, and returns the precomposition assets they use (JSON objects'
  /// text, comma-separated) and the largest `ind` written.
  ///
  /// One layer per view with `parent` set to its parent's `ind` (layer
  /// `i + 1` for the i-th recorded view), each paint's opacity the product
  /// of the view's and its ancestors' alphas (the layer's own opacity stays
  /// 100: a group opacity would composite the layer's fill and stroke as
  /// one). A layer takes one track matte, so clips that nest cannot each be
  /// a matte of the clipped layers: the descendants of a clipping view are
  /// instead a precomposition (an asset), drawn by one precomposition layer
  /// parented to the clip view's layer, under an opaque copy of the clip
  /// view's outline (`td: 1`, also parented to the clip view) used as its
  /// alpha matte (`tt: 1`, `tp` its `ind`: rlottie reads the matte as the
  /// layer above, thorvg by `tp`; both are given). A clip inside the
  /// precomposition nests another precomposition in it, so everything in
  /// the inner one is clipped by both: nested clips intersect.
  static func writeTree(
    _ recording: StageRecording, groups: [RecordedGroup], stage: ExportStage,
    images: [Int: ImageAsset] = [:], into out: inout String, chunk: Int,
    output: (String) -> Void
  ) -> (assets: String, lastIndex: Int) {
    let views = recording.views
    var index: [ViewID: Int] = [:]
    for (i, view) in views.enumerated() { index[view.id] = i }
    let world = recording.worldAlphaTracks()
    var children = [[Int]](repeating: [], count: views.count)
    var roots: [Int] = []
    for (i, view) in views.enumerated() {
      if let p = view.parent, let j = index[p] { children[j].append(i) } else { roots.append(i) }
    }
    func clips(_ i: Int) -> Bool {
      !children[i].isEmpty && views[i].track(.clip).keys.contains { $0.value[0] != 0 }
    }
    func parentOf(_ i: Int) -> Int? { views[i].parent.flatMap { index[$0] } }
    var nextIndex = views.count + 1
    // Precompositions still to be written as assets: a clip view's
    // descendants, or a composed view's group, each in the space of the
    // composition that draws it.
    var pending: [Pending] = []

    /// Writes the layers of one composition, topmost first, into `text`:
    /// the main one (`space` the stage's), the precomposition of a clip
    /// view's descendants, or a composed view's group.
    func writeComposition(
      _ compRoots: [Int], space: CompositionSpace, group: Int?, into text: inout String,
      stream: Bool
    ) {
      enum Entry {
        case view(Int)
        case contents(of: Int)
        case group(of: Int)
      }
      // Paint order, bottom first: a view, then its subtree, or the
      // precomposition of its subtree when it clips, or its group's when
      // it is composed; walked with a stack.
      var order: [Entry] = []
      var stack = Array(compRoots.reversed())
      while let i = stack.popLast() {
        if groups[i] == .group && i != group {
          order.append(.group(of: i))
          pending.append(Pending(view: i, kind: .group, space: space))
          continue
        }
        order.append(.view(i))
        if clips(i) {
          order.append(.contents(of: i))
          pending.append(
            Pending(
              view: i, kind: .contents,
              space: CompositionSpace(
                clip: i, origin: precompOrigin(views[i], stage: stage),
                width: 2 * precompOrigin(views[i], stage: stage),
                height: 2 * precompOrigin(views[i], stage: stage))))
        } else {
          stack.append(contentsOf: children[i].reversed())
        }
      }
      // In a group, the composed view's ancestors within the space, as null
      // layers that move as they do, so that it moves with them.
      var nulls: [Int: Int] = [:]
      if let g = group {
        var chain: [Int] = []
        var p = parentOf(g)
        while let a = p, a != space.clip {
          chain.append(a)
          p = parentOf(a)
        }
        for a in chain.reversed() {
          nulls[a] = nextIndex
          nextIndex += 1
        }
        for (n, a) in chain.reversed().enumerated() {
          let parent = parentOf(a).flatMap { nulls[$0] }
          let tree = LayerTree(
            recording: recording, parent: parent, worldAlpha: world[a], origin: space.origin)
          if n > 0 { text += "," }
          nullLayer(views[a], index: nulls[a]!, recording: recording, stage: stage, tree: tree)
            .write(to: &text)
        }
      }
      var written = nulls.count
      for entry in order.reversed() {
        if written > 0 { text += "," }
        switch entry {
        case .contents(let c):
          let matte = nextIndex
          let layer = nextIndex + 1
          nextIndex += 2
          matteLayer(views[c], index: matte, parent: c + 1, recording: recording, stage: stage)
            .write(to: &text)
          text += ","
          precompLayer(
            views[c], index: layer, parent: c + 1, matte: matte, recording: recording,
            stage: stage
          ).write(to: &text)
          written += 2
        case .group(let g):
          groupLayer(
            views[g], index: nextIndex, id: groupID(g), space: space, recording: recording
          ).write(to: &text)
          nextIndex += 1
          written += 1
        case .view(let i):
          let parent = parentOf(i)
          let parentIndex = parent.flatMap { nulls[$0] ?? ($0 == space.clip ? nil : $0 + 1) }
          let tree = LayerTree(
            recording: recording, parent: parentIndex, worldAlpha: world[i], origin: space.origin)
          shapeLayer(views[i], index: i + 1, recording: recording, stage: stage, tree: tree)
            .write(to: &text)
          written += 1
          if let asset = images[i] {
            // An image view's picture, beneath its stroke (SPEC §21.4).
            text += ","
            imageLayer(
              views[i], asset: asset, index: imageLayerIndex(i), parent: i + 1,
              recording: recording, stage: stage, tree: tree
            ).write(to: &text)
          }
        }
        if stream && text.utf8.count >= chunk {
          output(text)
          text.removeAll(keepingCapacity: true)
        }
      }
    }

    let stageSpace = CompositionSpace(
      clip: nil, origin: nil, width: Double(stage.pixelWidth), height: Double(stage.pixelHeight))
    writeComposition(roots, space: stageSpace, group: nil, into: &out, stream: true)
    var assets = ""
    while let next = pending.popLast() {
      if !assets.isEmpty { assets += "," }
      let c = next.view
      assets += "{\"id\":"
      switch next.kind {
      case .contents:
        JSONValue.quote(precompID(c), into: &assets)
        assets += ",\"nm\":"
        JSONValue.quote(views[c].name + " contents", into: &assets)
        assets += ",\"layers\":["
        var layers = ""
        writeComposition(
          children[c], space: next.space, group: nil, into: &layers, stream: false)
        assets += layers + "]}"
      case .group:
        JSONValue.quote(groupID(c), into: &assets)
        assets += ",\"nm\":"
        JSONValue.quote(views[c].name + " group", into: &assets)
        assets += ",\"layers\":["
        var layers = ""
        writeComposition([c], space: next.space, group: c, into: &layers, stream: false)
        assets += layers + "]}"
      }
    }
    return (assets, nextIndex - 1)
  }

  /// A precomposition still to be written.
  private struct Pending {
    enum Kind {
      /// A clip view's descendants (SPEC §17).
      case contents
      /// A composed view and its descendants (SPEC §21.2).
      case group
    }
    let view: Int
    let kind: Kind
    /// The space its layers are placed in.
    let space: CompositionSpace
  }

  /// The asset id of the precomposition of the descendants of the i-th
  /// recorded view.
  static func precompID(_ i: Int) -> String { "clip \(i + 1)" }

  /// The asset id of the group of the i-th recorded view (SPEC §21.2).
  static func groupID(_ i: Int) -> String { "group \(i + 1)" }

  /// How far a clip view's precomposition shifts its box space (pixels, both
  /// ways): players clip a precomposition to its rectangle (0, 0, w, h), so
  /// the clip view's box, where everything the clip lets through lies, must
  /// be well inside it: twice the largest side the box takes, plus 1024.
  /// A clip switched off at times lets its descendants through anywhere:
  /// then at least twice the stage's width and height, plus 1024.
  static func precompOrigin(_ clip: RecordedView, stage: ExportStage) -> Double {
    var side = 0.0
    for p in [Property.width, .height] {
      for key in clip.track(p).keys { side = max(side, abs(key.value[0])) }
    }
    var origin = (2 * side * stage.scale + 1024).rounded(.up)
    if !clip.track(.clip).isStatic {
      origin = max(origin, Double(2 * (stage.pixelWidth + stage.pixelHeight) + 1024))
    }
    let largest = Double(1 << 24)
    return origin.isFinite ? min(origin, largest) : largest
  }

  /// The layer that draws a clip view's descendants (a precomposition layer,
  /// `ty: 0`), parented to the clip view's layer with the precomposition's
  /// origin on the box's top-left corner, under the clip's matte.
  static func precompLayer(
    _ clip: RecordedView, index: Int, parent: Int, matte: Int, recording: StageRecording,
    stage: ExportStage
  ) -> JSONValue {
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    let origin = precompOrigin(clip, stage: stage)
    return .object([
      ("ddd", .integer(0)),
      ("ind", .integer(index)),
      ("ty", .integer(0)),
      ("nm", .string(clip.name + " contents")),
      ("sr", .integer(1)),
      ("parent", .integer(parent)),
      ("tt", .integer(1)),
      ("tp", .integer(matte)),
      ("refId", .string(precompID(parent - 1))),
      (
        "ks",
        .object([
          ("a", fixed(.array([.number(origin), .number(origin)]))),
          ("p", fixed(.array([.integer(0), .integer(0)]))),
          ("s", fixed(.array([.integer(100), .integer(100)]))),
          ("r", fixed(.integer(0))),
          ("o", fixed(.integer(100))),
        ])
      ),
      ("ao", .integer(0)),
      ("w", .integer(Int(2 * origin))),
      ("h", .integer(Int(2 * origin))),
      ("ip", .integer(0)),
      ("op", .integer(max(recording.frameCount, 1))),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }

  /// A hidden matte layer (`td: 1`): the clip view's outline filled opaque
  /// (whatever the view's own colour or alpha), untrimmed, in the clip
  /// view's box space, as it changes (a morph included); a layer clips to
  /// its box (SPEC §17). While `clip` is set off, the matte also covers the
  /// whole precomposition (``clipSwitch(_:ctx:stage:)``).
  static func matteLayer(
    _ clip: RecordedView, index: Int, parent: Int, recording: StageRecording, stage: ExportStage
  ) -> JSONValue {
    let ctx = Context(recording: recording)
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    // A morphed clip (SPEC §16.4) is its keyframed path, as its own layer's.
    let outline =
      clip.kind.outline == .none
      ? ViewOutline.rectangle : SampledShapes.isMorphed(clip) ? .path : clip.kind.outline
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
      // A text's drawings are groups, each with its own fill (a fill here
      // would fill the hidden ones too in rlottie).
      (
        "shapes",
        .array(
          shapes + (clip.kind == .text ? [] : [fill]) + clipSwitch(clip, ctx: ctx, stage: stage))
      ),
      ("ip", .integer(0)),
      ("op", .integer(max(recording.frameCount, 1))),
      ("st", .integer(0)),
      ("bm", .integer(0)),
    ])
  }

  /// For a clip view whose `clip` is set on and off during the recording,
  /// a group for its matte layer: a rectangle over the whole
  /// precomposition (``precompOrigin(_:stage:)`` each way from the box's
  /// top-left corner), filled opaque while `clip` is false and transparent
  /// while it is true, held from each change to the next; none when `clip`
  /// stays as it is.
  static func clipSwitch(_ clip: RecordedView, ctx: Context, stage: ExportStage) -> [JSONValue] {
    let track = clip.track(.clip)
    guard !track.isStatic else { return [] }
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    let side = 2 * precompOrigin(clip, stage: stage)
    var keys: [JSONValue] = []
    for (n, key) in track.keys.enumerated() {
      var members: [(String, JSONValue)] = [
        ("t", .number(ctx.frame(key.time))),
        ("s", .array([.integer(key.value[0] != 0 ? 0 : 100)])),
      ]
      if n + 1 < track.keys.count { members.append(("h", .integer(1))) }
      keys.append(.object(members))
    }
    let zero = fixed(.array([.integer(0), .integer(0)]))
    return [
      .object([
        ("ty", .string("gr")), ("nm", .string("clip off")),
        (
          "it",
          .array([
            .object([
              ("ty", .string("rc")), ("d", .integer(1)),
              ("s", fixed(.array([.number(side), .number(side)]))), ("p", zero),
              ("r", fixed(.integer(0))),
            ]),
            .object([
              ("ty", .string("fl")), ("nm", .string("clip off")),
              ("c", fixed(.array([.integer(0), .integer(0), .integer(0)]))),
              ("o", .object([("a", .integer(1)), ("k", .array(keys))])), ("r", .integer(1)),
            ]),
            .object([
              ("ty", .string("tr")), ("p", zero), ("a", zero),
              ("s", fixed(.array([.integer(100), .integer(100)]))), ("r", fixed(.integer(0))),
              ("o", fixed(.integer(100))),
            ]),
          ])
        ),
      ])
    ]
  }
}
