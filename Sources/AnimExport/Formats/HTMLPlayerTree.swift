import AnimEngine

extension HTMLPlayerWriter {
  /// The elements of a recording with a tree (SPEC §17), in paint order: a
  /// view's element, then, when it has children, a group `t{i}` that moves
  /// as the view does (the same translate, rotate and scale animations,
  /// about the view's anchor point), holding, when the view clips, a group
  /// clipped by `clip{i}`, and in it a group `o{i}` that puts the box's
  /// top-left corner at the origin (``PlayerShapeChannel/boxCorner``,
  /// animated as the size and anchor move), holding the children's
  /// elements. A composed view (SPEC §21.2, ``RecordedGroup/group``) and
  /// all of that are wrapped in a group `g{i}` whose `opacity` is the
  /// view's (``groupAnimations(of:recording:span:)``). A clip is a
  /// `<clipPath>` of one `<path>` `c{i}`: the view's
  /// outline (a layer's box) placed as the view's own path is, its anchor
  /// point at the origin, whose `d` animates with the view's geometry
  /// (`treeAnimations`). Nesting is written with an explicit stack.
  static func treeElements(_ recording: StageRecording, groups: [RecordedGroup]) -> String {
    let views = recording.views
    var index: [ViewID: Int] = [:]
    for (i, view) in views.enumerated() { index[view.id] = i }
    var children = [[Int]](repeating: [], count: views.count)
    var roots: [Int] = []
    for (i, view) in views.enumerated() {
      if let p = view.parent, let j = index[p] { children[j].append(i) } else { roots.append(i) }
    }
    var out = ""
    // Views still to write (closing > 0: close that many groups instead).
    var stack: [(view: Int, closing: Int)] = roots.reversed().map { ($0, 0) }
    while let (i, closing) = stack.popLast() {
      if closing > 0 {
        out += String(repeating: "</g>", count: closing) + "\n"
        continue
      }
      let view = views[i]
      let grouped = groups[i] == .group
      if grouped {
        out += "<g id=\"g\(i)\" style=\"\(groupStyle(view))"
        out += "\(effectStyle(view, recording: recording))\">"
      }
      out += element(view, i, recording: recording)
      guard !children[i].isEmpty else {
        if grouped { out += "</g>\n" }
        continue
      }
      var state = ViewState()
      for p in Property.allCases where p.lanes > 0 {
        state[value: p] = view.track(p).keys.first?.value ?? .zero
      }
      var moves = ""
      for channel in PlayerChannel.all where ["translate", "rotate", "scale"].contains(channel.css)
      {
        let values = channel.sources.map { state[value: $0.property][$0.lane] }
        moves += "\(channel.css):\(channel.text(values));"
      }
      out += "<g id=\"t\(i)\" style=\"\(moves)\">"
      var closing = 2
      if clips(view) {
        // Off at the first frame (`clip` set later): none until it is on.
        let on = (view.track(.clip).keys.first?.value[0] ?? 1) != 0
        // A text whose anchor moves: its clip's glyphs moved by `translate`.
        let moved =
          view.kind == .text && anchorMoves(view) ? " style=\"\(firstBoxCorner(view))\"" : ""
        out +=
          "<clipPath id=\"clip\(i)\"><path id=\"c\(i)\"\(moved) d=\"\(clipPathData(view))\"></path>"
        out += "</clipPath>\n<g id=\"k\(i)\" style=\"clip-path:\(on ? "url(#clip\(i))" : "none")\">"
        closing += 1
      }
      let corner = PlayerShapeChannel.boxCorner
      let first = corner.value(corner.inputs.map { state[value: $0] })
      out += "<g id=\"o\(i)\" style=\"translate:\(corner.text(first))\">\n"
      stack.append((i, grouped ? closing + 1 : closing))
      stack.append(contentsOf: children[i].reversed().map { ($0, 0) })
    }
    return out
  }

  /// The style of a composed view's group `g{i}` at the recording's first
  /// frame: its opacity (written as recorded: the browser draws it clamped
  /// to 0…1, as the canvas does).
  static func groupStyle(_ view: RecordedView) -> String {
    "opacity:\(JSONValue.format(view.track(.opacity).keys.first?.value[0] ?? 1))"
  }

  /// The animations of a composed view's group `g{i}` (marked `"e": "g"`):
  /// its opacity, as recorded (an easing may carry it past 0…1: the browser
  /// draws it clamped); none when it stays.
  static func groupAnimations(of view: RecordedView, recording: StageRecording, span: Double)
    -> [JSONValue]
  {
    let track = view.track(.opacity)
    guard !track.isStatic, track.keys.count > 1 else { return [] }
    let keys = keyframes(track, lanes: [0], start: recording.start, span: span) {
      JSONValue.format($0[0])
    }
    return [.object([("p", .string("opacity")), ("k", .array(keys)), ("e", .string("g"))])]
  }

  /// Whether a view clips its descendants at some time of the recording.
  static func clips(_ view: RecordedView) -> Bool {
    view.track(.clip).keys.contains { $0.value[0] != 0 }
  }

  /// The keyframes of the `clip-path` of the group `k{i}` of clip view
  /// `i` whose `clip` is set on and off during the recording: its clip
  /// while `clip` is true, `none` while false, each held
  /// (`steps(1, jump-end)`) from its keyframe to the next; nil when
  /// `clip` stays as it is.
  static func clipSwitchKeyframes(
    _ view: RecordedView, index i: Int, recording: StageRecording, span: Double
  ) -> [JSONValue]? {
    let track = view.track(.clip)
    guard !track.isStatic, let first = track.keys.first, let last = track.keys.last else {
      return nil
    }
    func text(_ key: Keyframe) -> JSONValue {
      .string(key.value[0] != 0 ? "url(#clip\(i))" : "none")
    }
    func offset(_ time: Double) -> Double {
      span > 0 ? min(max((time - recording.start) / span, 0), 1) : 0
    }
    var keys: [JSONValue] = []
    if offset(first.time) > 0 {
      keys.append(.array([.number(0), text(first), .string("steps(1, jump-end)")]))
    }
    for key in track.keys {
      keys.append(.array([.number(offset(key.time)), text(key), .string("steps(1, jump-end)")]))
    }
    keys.append(.array([.number(1), text(last), .string("linear")]))
    return keys
  }

  /// The `d` channel of a clip view's outline: a layer clips to its box
  /// (SPEC §17), drawn as a rect's outline.
  static func clipChannel(_ view: RecordedView) -> PlayerShapeChannel {
    let kind = view.kind.outline == .none ? ViewKind.view : view.kind
    return PlayerShapeChannel.of(kind: kind, path: view.path, alphaInStroke: true)[0]
  }

  /// A clip's path data at the recording's first frame, its anchor point at
  /// the origin; for a text, its first drawing's (`textClipAnimation`
  /// follows the others).
  static func clipPathData(_ view: RecordedView) -> String {
    if view.kind == .text { return textClipPaths(view).first ?? "" }
    let channel = clipChannel(view)
    let value = channel.value(channel.inputs.map { view.track($0).keys.first?.value ?? .zero })
    return PlayerShapeChannel.pathData(value)
  }

  /// The animations of the groups of a view with children (see
  /// `treeElements`), each marked with the element it moves (`"e"`: `o`
  /// for the box corner's group, `c` for the clip's path, `k` for the
  /// clipped group): the box corner as the size and anchor move, a clip's
  /// outline as the view's geometry moves or morphs, and whether it clips
  /// as `clip` is set on and off.
  static func treeAnimations(
    of view: RecordedView, index i: Int, recording: StageRecording, span: Double
  ) -> [JSONValue] {
    func marked(_ css: String, _ keys: [JSONValue], _ element: String) -> JSONValue {
      .object([("p", .string(css)), ("k", .array(keys)), ("e", .string(element))])
    }
    var out: [JSONValue] = []
    let corner = PlayerShapeChannel.boxCorner
    if let keys = DerivedKeyframes.keyframes(corner, of: view, recording: recording, span: span) {
      out.append(marked(corner.css, keys, "o"))
    }
    guard clips(view) else { return out }
    if let keys = clipSwitchKeyframes(view, index: i, recording: recording, span: span) {
      out.append(marked("clip-path", keys, "k"))
    }
    if view.kind == .text {
      if let keys = textClipKeyframes(view, recording: recording, span: span) {
        out.append(marked("d", keys, "c"))
      }
      if anchorMoves(view),
        let keys = DerivedKeyframes.keyframes(corner, of: view, recording: recording, span: span)
      {
        out.append(marked(corner.css, keys, "c"))
      }
      return out
    }
    let channel = clipChannel(view)
    if let keys = DerivedKeyframes.keyframes(channel, of: view, recording: recording, span: span) {
      out.append(marked(channel.css, keys, "c"))
    }
    if case .object(let members)? = pathAnimation(of: view, recording: recording, span: span),
      let keys = members.first(where: { $0.0 == "k" })?.1, case .array(let list) = keys
    {
      out.append(marked("d", list, "c"))
    }
    return out
  }

  /// The path data of each distinct drawing of a text view (SPEC §18), as
  /// it clips: its glyphs (or, drawn as its letters, its letters' laid-out
  /// glyphs, `TextView.clipOutline()`) placed about the anchor point, as
  /// `textPaths` places the glyphs it draws.
  static func textClipPaths(_ view: RecordedView) -> [String] {
    let (ax, ay) = placingAnchor(view)
    return textDrawings(view).drawings.map { drawing in
      let box = (try? drawing.box()) ?? (width: 0, height: 0)
      return drawing.clipOutline().mapped {
        OutlinePoint($0.x - ax * abs(box.width), $0.y - ay * abs(box.height))
      }.svgPathData
    }
  }

  /// The keyframes of a text clip's `d`: each drawing from the frame it is
  /// first shown, held (`steps(1, jump-end)`) until the next, as the page
  /// shows the text's drawings; nil when the text shows one drawing. An
  /// empty drawing is `none` (it clips everything away).
  static func textClipKeyframes(_ view: RecordedView, recording: StageRecording, span: Double)
    -> [JSONValue]?
  {
    let runs = textDrawings(view).runs
    guard Set(runs.map(\.drawing)).count > 1 else { return nil }
    let paths = textClipPaths(view).map { $0.isEmpty ? "none" : "path(\"\($0)\")" }
    var keys: [JSONValue] = []
    for (k, run) in runs.enumerated() {
      let time = Double(run.frame) / recording.frameRate
      let offset = span > 0 ? min(max(time / span, 0), 1) : 0
      let value = JSONValue.string(paths[run.drawing])
      if k == 0 && offset > 0 {
        keys.append(.array([.number(0), value, .string("steps(1, jump-end)")]))
      }
      keys.append(.array([.number(offset), value, .string("steps(1, jump-end)")]))
    }
    if let last = runs.last {
      keys.append(.array([.number(1), .string(paths[last.drawing]), .string("linear")]))
    }
    return keys
  }
}
