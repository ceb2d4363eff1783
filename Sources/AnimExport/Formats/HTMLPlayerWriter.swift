import AnimEngine

/// Writes a recording as one self-contained HTML page that plays it (SPEC
/// §13): inline SVG animated with the Web Animations API, with controls and
/// the `#t=T` hook that writes `<pre id="anim-state">`.
///
/// Each view is one `<rect>` whose presentation properties (`translate`,
/// `rotate`, `scale`, geometry, fill; see ``PlayerChannel``) are
/// animated by keyframes over the whole range [A, B], with a keyframe offset
/// per recorded keyframe and the interval's easing: `cubic-bezier()` for
/// exact curves, `steps(1, jump-end)` for holds, `linear` for straight
/// stretches and CSS `linear()` through the frames of a sampled one. Every
/// animation has keyframes at offsets 0 and 1, so a track that stops moving
/// before B holds its last value (a keyframe list that ends early would be
/// completed by the browser with the element's own value).
public enum HTMLPlayerWriter {
  /// Whether `view` is drawn as an SVG `<path>` (SPEC §16): any kind but a
  /// rect, and a rect that is morphed, whose anchor is not its centre or
  /// whose stroke shows at some time or whose corners differ; every other rect stays a `<rect>`, the fastest to draw. A
  /// text is a group of its drawings' paths instead (`textPaths`).
  static func isPath(_ view: RecordedView) -> Bool {
    if view.kind == .text { return false }
    // Corners of different radii (SPEC §21.3): a `<rect>` has one radius.
    return !rects.admits(view.kind) { p in view.track(p).keys.map(\.value) }
      || !RecordedCorners.areUniform(view)
  }

  /// What a `<rect>` draws itself (``PlayerChannel``): its box about its
  /// centre, turned and scaled, its corners rounded (`rx`, `ry`), filled at
  /// its alpha. A composed view's group draws its composition around it.
  static let rects = PlainViews(drawing: [
    .x, .y, .width, .height, .rotation, .scaleX, .scaleY, .alpha, .color,
    .cornerTopLeft, .cornerTopRight, .cornerBottomRight, .cornerBottomLeft,
  ])

  /// The channels of a view drawn as a path, beside `channels` (its
  /// ``PlayerChannel``s): the view's alpha is the stroke's opacity unless
  /// the element's `opacity` carries it.
  static func shapeChannels(_ view: RecordedView, _ channels: [PlayerChannel])
    -> [PlayerShapeChannel]
  {
    var all = PlayerShapeChannel.of(
      kind: view.kind, path: view.path,
      alphaInStroke: !channels.contains { $0.css == "opacity" }, dashed: isDashed(view))
    if view.track(.fillRule).keys.contains(where: { $0.value[0] != 0 }) {
      all.append(.fillRule)
    }
    // A text's outline is its drawings' paths (`textPaths`); its stroke and
    // trim are its group's, which its paths inherit.
    guard view.kind == .text else { return all }
    let dashes = isDashedText(view) ? PlayerShapeChannel.textDashes(view) : []
    return all.filter { $0.css != "d" }.map { channel in
      dashes.first { $0.css == channel.css } ?? channel
    }
  }

  /// Whether a text's stroke is drawn dashed: dashed at some time and never
  /// trimmed (a trimmed text's glyphs are cut into pieces of their own,
  /// whose pattern stands for the trim; drawn solid, with a warning).
  static func isDashedText(_ view: RecordedView) -> Bool {
    view.kind == .text && view.track(.dash).keys.contains { $0.value[0] != 0 } && !trims(view)
  }

  /// Whether a view's stroke is dashed at some time (SPEC §21.3). A text's
  /// outline is not one its channels can make (its glyphs are paths of
  /// their own): its stroke is drawn solid (docs/spec.md §21.3).
  static func isDashed(_ view: RecordedView) -> Bool {
    view.kind != .text && view.track(.dash).keys.contains { $0.value[0] != 0 }
  }

  /// The attributes of a view drawn as a path: its outline at the first
  /// recorded frame (`d`, placed so the anchor point is at the origin), the
  /// stroke's length as 1 (so the trim is a dash pattern of period 1) and
  /// miter limit, and every ``PlayerShapeChannel``'s value at that frame as
  /// its style; the animations of `animations(of:…)` move them from there.
  static func pathAttributes(_ view: RecordedView, _ channels: [PlayerShapeChannel]) -> (
    attributes: String, style: String
  ) {
    var attributes = ""
    var style = ""
    for channel in channels {
      let values = channel.inputs.map { view.track($0).keys.first?.value ?? .zero }
      let value = channel.value(values)
      if channel.css == "d" {
        attributes = "d=\"\(PlayerShapeChannel.pathData(value))\""
      } else {
        style += "\(channel.css):\(channel.text(value));"
      }
    }
    attributes += " pathLength=\"1\" stroke-miterlimit=\"4\""
    return (attributes, style)
  }

  /// The page for `recording` on `stage`.
  ///
  /// The views' keyframes are written view by view, each view's tree dropped
  /// before the next (one tree of every keyframe would take many times the
  /// size of the page). `loop`: see `prepared`.
  public static func page(
    _ recording: StageRecording, stage: ExportStage, loop: Bool = false,
    sound: (() -> String?)? = nil
  ) -> String {
    var page = ""
    write(recording, stage: stage, loop: loop, sound: sound) { page += $0 }
    return page
  }

  /// Writes the page for `recording` on `stage` to `output`, in pieces of
  /// about `chunk` bytes (see `page`). `sound`, when given, gives the mix as
  /// the base64 of a WAV file, piece by piece until nil (SPEC §22): the
  /// page then plays it in sync
  /// (`HTMLPlayerSound`).
  public static func write(
    _ recording: StageRecording, stage: ExportStage, loop: Bool = false, chunk: Int = 1 << 16,
    sound: (() -> String?)? = nil, to output: (String) -> Void
  ) {
    let (recording, groups, span, rects) = prepared(recording, loop: loop)
    var html = HTMLPlayerTemplate.head
    html += stageOpening(stage)
    html += rects
    html += stageClosing
    html += HTMLPlayerTemplate.controls
    html += "<script id=\"anim-data\" type=\"application/json\">"
    html += dataHead(recording, span: span)
    html += ",\"views\":["
    let parents = Set(recording.views.compactMap(\.parent))
    for (i, view) in recording.views.enumerated() {
      if i > 0 { html += "," }
      writeViewData(
        view, i, recording: recording, span: span, parents: parents, group: groups[i], to: &html)
      if html.utf8.count >= chunk {
        output(html)
        html.removeAll(keepingCapacity: true)
      }
    }
    html += "]}"
    html += "</script>\n"
    if let sound {
      // The mix, then the player's code with its sound's after it, in the
      // one last script (the live preview runs the same two, from
      // `HTMLPlayerParts`, in one scope).
      output(html)
      html = ""
      HTMLPlayerSound.write(sound, to: output)
    }
    html += "<script>\n"
    html += HTMLPlayerTemplate.script
    if sound != nil { html += HTMLPlayerSound.script }
    html += "</script>\n</body>\n</html>\n"
    output(html)
  }

  /// The recording as the page draws it (a view's opacity taken into its
  /// one paint, or its group, SPEC §21.2; in a tree or with a group, each
  /// view's alpha the product of the alphas down the tree), how each view
  /// is composed, the span the page plays, and the stage's elements.
  ///
  /// With `loop` (`anim export --loop`, a recording of [A, B) without the
  /// frame at the seam), the page plays for the recording's frame count
  /// over its frame rate, the last frame shown for one frame's time like
  /// every other, so that looping never shows the seam twice.
  static func prepared(_ recording: StageRecording, loop: Bool, elements: Bool = true) -> (
    recording: StageRecording, groups: [RecordedGroup], span: Double, elements: String
  ) {
    let span =
      loop && recording.frameRate > 0
      ? Double(recording.frameCount) / recording.frameRate
      : recording.end - recording.start
    var (recording, groups) = recording.foldingOpacities()
    var rects = ""
    if isTree(recording, groups: groups) {
      // Each paint at the product of the alphas down the tree (SPEC §17).
      let world = recording.worldAlphaTracks()
      for i in recording.views.indices {
        let track = PropertyTrack(property: .alpha, keys: world[i].keys)
        if let t = recording.views[i].tracks.firstIndex(where: { $0.property == .alpha }) {
          recording.views[i].tracks[t] = track
        } else {
          // A held alpha (SPEC §17's product moves it all the same).
          recording.views[i].tracks.append(track)
        }
      }
      if elements { rects = treeElements(recording, groups: groups) }
    } else if elements {
      for (i, view) in recording.views.enumerated() {
        rects += element(view, i, recording: recording)
      }
    }
    return (recording, groups, span, rects)
  }

  /// Whether the page draws `recording` as a tree of groups: it has
  /// parents, or a view composed as a group.
  static func isTree(_ recording: StageRecording, groups: [RecordedGroup]) -> Bool {
    recording.hasTree || groups.contains(.group)
  }

  /// The stage's `<svg>` up to its views: its size, its background and the
  /// group that places the world on it.
  static func stageOpening(_ stage: ExportStage) -> String {
    let w = stage.pixelWidth
    let h = stage.pixelHeight
    let transform =
      "translate(\(JSONValue.format(stage.offsetX)) \(JSONValue.format(stage.offsetY))) "
      + "scale(\(JSONValue.format(stage.scale))) "
      + "translate(\(JSONValue.format(-stage.originX)) \(JSONValue.format(-stage.originY)))"
    let bgFill =
      stage.background.map {
        "rgb(\(channel($0[0])) \(channel($0[1])) \(channel($0[2])) / \(JSONValue.format($0[3])))"
      } ?? "none"
    var html =
      "<svg id=\"stage\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" "
    html += "viewBox=\"0 0 \(w) \(h)\">\n"
    html += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(bgFill)\"></rect>\n"
    html += "<g transform=\"\(transform)\">\n"
    return html
  }

  /// What closes `stageOpening` after the views.
  static let stageClosing = "</g>\n</svg>\n"

  /// The player's data before its views: `{"start":…,"duration":…,"fps":…,
  /// "readout":…` (open: the views follow).
  static func dataHead(_ recording: StageRecording, span: Double) -> String {
    let head: [(String, JSONValue)] = [
      ("start", .number(recording.start)),
      ("duration", .number(span)),
      ("fps", .number(recording.frameRate)),
      ("readout", PlayerReadout.json),
    ]
    var html = ""
    JSONValue.writeMembers(head, to: &html, closing: false)
    return html
  }

  /// Writes view `i`'s entry of the player's data: its name, animations
  /// (with its group's, when `group` says it is composed as one) and (a
  /// text) the drawing shown at each frame. `parents` are the views with
  /// children.
  static func writeViewData(
    _ view: RecordedView, _ i: Int, recording: StageRecording, span: Double,
    parents: Set<ViewID>, group: RecordedGroup, to html: inout String
  ) {
    var animations = self.animations(of: view, recording: recording, span: span)
    if parents.contains(view.id) {
      animations += treeAnimations(of: view, index: i, recording: recording, span: span)
    }
    if group == .group {
      animations += groupAnimations(of: view, recording: recording, span: span)
      animations += effectAnimations(of: view, recording: recording, span: span)
    }
    if let path = pathAnimation(of: view, recording: recording, span: span) {
      // A morph's outline, sampled at every frame with equal vertex
      // counts; it replaces the `d` a shape channel animates.
      animations.append(path)
    }
    if view.kind.outline == .image {
      animations = imageAnimations(view, animations, recording: recording, span: span)
    }
    var members: [(String, JSONValue)] = [
      ("name", .string(view.name)), ("animations", .array(animations)),
    ]
    if view.kind == .text {
      // [frame, drawing] from the frame each drawing is first shown.
      let runs = textDrawings(view).runs.map {
        JSONValue.array([.integer($0.frame), .integer($0.drawing)])
      }
      members.append(("texts", .array(runs)))
    }
    JSONValue.object(members).write(to: &html)
  }

  /// One view's element: a `<rect>` centred on its origin, a `<path>`, or a
  /// text's group of paths, its first frame's values in its style.
  static func element(_ view: RecordedView, _ i: Int, recording: StageRecording) -> String {
    var initial = ""
    let channels = PlayerChannel.of(view)
    for channel in channels {
      let values = channel.sources.map {
        view.track($0.property).keys.first?.value[$0.lane] ?? 0
      }
      initial += "\(channel.css):\(channel.text(values));"
    }
    let marked = channels.contains { $0.css == "opacity" } ? " data-alpha=\"opacity\"" : ""
    // Gradient paints (SPEC §21.1): their definitions before the element,
    // the paint after the colour channels' (a later declaration wins).
    var definitions = ""
    var strokePaint = ""
    if let fill = gradientPaint(view, .color, recording: recording) {
      definitions += fill.definitions
      initial += "fill:\(fill.first);"
    }
    if let stroke = gradientPaint(view, .stroke, recording: recording) {
      definitions += stroke.definitions
      strokePaint = "stroke:\(stroke.first);"
    }
    return definitions
      + element(
        view, i, recording: recording, channels: channels, initial: initial, marked: marked,
        strokePaint: strokePaint)
  }

  /// The element of `element(_:_:recording:)`, its gradients' definitions
  /// aside.
  private static func element(
    _ view: RecordedView, _ i: Int, recording: StageRecording, channels: [PlayerChannel],
    initial: String, marked: String, strokePaint: String
  ) -> String {
    if view.kind == .text {
      // A text (SPEC §18): its outline is its glyphs, one path per distinct
      // drawing it shows; the script shows the frame's one. The group
      // carries the stroke and trim.
      let stroke = pathAttributes(view, shapeChannels(view, channels)).style + strokePaint
      var out = "<g id=\"v\(i)\"\(marked) style=\"\(initial)\(stroke)\">"
      // An anchor that moves: the glyphs from the box's corner, moved.
      let moving = anchorMoves(view)
      if moving { out += "<g id=\"a\(i)\" style=\"\(firstBoxCorner(view))\">" }
      // A text showing several drawings whose trim never shows: each glyph
      // once, as a symbol, and each drawing as where it goes (SPEC §23.3).
      let glyphs = trims(view) ? nil : TextGlyphs.of(view)
      let drawings = glyphs.map { glyphUses($0, view, i) } ?? textPaths(view)
      for (j, paths) in drawings.enumerated() {
        out += j == 0 ? "<g>" : "<g style=\"display:none\">"
        out += paths + "</g>"
      }
      if moving { out += "</g>" }
      let symbols = glyphs.map { glyphSymbols($0, i) } ?? ""
      return symbols + out + "</g>\n"
    }
    if view.kind.outline == .image {
      return imageElement(view, i, initial: initial, marked: marked, recording: recording)
    }
    if isPath(view), let contours = contourOutline(view) {
      // Several subpaths, trimmed (see `contourOutline`).
      let stroke = pathAttributes(view, shapeChannels(view, channels)).style + strokePaint
      let paths =
        contours.moves
        ? movingContourPaths(view, i, recording: recording)
        : contourPaths(contours.outline, offset: firstDashOffset(view))
      return "<g id=\"v\(i)\"\(marked) style=\"\(initial)\(stroke)\">" + paths + "</g>\n"
    }
    if isPath(view) {
      let path = pathAttributes(view, shapeChannels(view, channels))
      return
        "<path id=\"v\(i)\"\(marked) style=\"\(initial)\(path.style)\(strokePaint)\" \(path.attributes)></path>\n"
    }
    return "<rect id=\"v\(i)\"\(marked) style=\"\(initial)\"></rect>\n"
  }

  /// The animations of one view: `{"p": CSS property, "k": keyframes}`, with
  /// `"add": true` on one composited onto the animation before it. A
  /// property that never changes has none (the `<rect>`'s style holds it).
  static func animations(of view: RecordedView, recording: StageRecording, span: Double)
    -> [JSONValue]
  {
    let start = recording.start
    var out: [JSONValue] = []
    func animation(_ css: String, _ keys: [JSONValue], add: Bool = false) -> JSONValue {
      var members: [(String, JSONValue)] = [("p", .string(css)), ("k", .array(keys))]
      if add { members.append(("add", .bool(true))) }
      return .object(members)
    }
    let channels = PlayerChannel.of(view)
    let fillGradient = gradientPaint(view, .color, recording: recording)
    let strokeGradient = gradientPaint(view, .stroke, recording: recording)
    if isPath(view) || view.kind == .text {
      let contours = view.kind != .text ? contourOutline(view) : nil
      // A moving outline of several subpaths: its paths' `d`, dash and
      // offset are sampled (see `movingContourPaths`).
      let sampled: Set<String> =
        contours?.moves == true ? ["d", "stroke-dasharray", "stroke-dashoffset"] : ["d"]
      if contours?.moves == true {
        out += movingContourAnimations(view, recording: recording, span: span)
      }
      for channel in shapeChannels(view, channels)
      where !(contours != nil && sampled.contains(channel.css))
        && !(strokeGradient != nil && channel.css == "stroke")
      {
        if let keys = DerivedKeyframes.keyframes(
          channel, of: view, recording: recording, span: span)
        {
          out.append(animation(channel.css, keys))
        }
      }
    }
    for channel in channels where !(fillGradient != nil && channel.css == "fill") {
      var tracks = channel.properties.map { view.track($0) }
      if channel.css == "fill" && channel.sources.count == 4 {
        tracks[0] = PlayerChannel.straightColour(tracks[0], recording: recording)
      }
      let moving = tracks.map { !$0.isStatic && $0.keys.count > 1 }
      guard moving.contains(true) else { continue }
      if tracks.count == 1 {
        let keys = keyframes(
          tracks[0], lanes: channel.sources.map(\.lane), start: start, span: span,
          text: channel.text)
        out.append(animation(channel.css, keys))
        continue
      }
      // Two properties (lane 0 each): one animation when they move on the
      // same keyframes, else one each, the second added to the first.
      let a = tracks[0]
      let b = tracks[1]
      let a0 = a.keys.first?.value[0] ?? 0
      let b0 = b.keys.first?.value[0] ?? 0
      let unit = channel.identity ?? 0
      if moving[0] && moving[1] && sameTiming(a.keys, b.keys) {
        let joined = PropertyTrack(property: a.property, keys: joinedKeys(a.keys, b.keys))
        out.append(
          animation(
            channel.css,
            keyframes(joined, lanes: [0, 1], start: start, span: span, text: channel.text)))
      } else if moving[0] && moving[1] {
        out.append(
          animation(
            channel.css,
            keyframes(a, lanes: [0], start: start, span: span) { channel.text([$0[0], unit]) }))
        out.append(
          animation(
            channel.css,
            keyframes(b, lanes: [0], start: start, span: span) { channel.text([unit, $0[0]]) },
            add: true))
      } else if moving[0] {
        out.append(
          animation(
            channel.css,
            keyframes(a, lanes: [0], start: start, span: span) { channel.text([$0[0], b0]) }))
      } else {
        out.append(
          animation(
            channel.css,
            keyframes(b, lanes: [0], start: start, span: span) { channel.text([a0, $0[0]]) }))
      }
    }
    for (paint, css) in [(fillGradient, "fill"), (strokeGradient, "stroke")] {
      if let paint, let a = gradientAnimation(paint, css: css, recording: recording, span: span) {
        out.append(a)
      }
    }
    if view.kind == .text, anchorMoves(view),
      let keys = DerivedKeyframes.keyframes(
        PlayerShapeChannel.boxCorner, of: view, recording: recording, span: span)
    {
      // A text whose anchor moves: its glyphs' group `a{i}` (see `element`).
      out.append(.object([("p", .string("translate")), ("k", .array(keys)), ("e", .string("a"))]))
    }
    return out
  }

  /// The `d` of a `<path>` whose outline changes (a morph, an animated size
  /// of a polygon, star or shape; SPEC §16.4): a keyframe at every frame
  /// with the outline anim draws then, placed so the anchor point is at the
  /// origin, every frame with the same commands (so the browser
  /// interpolates them), linear in between. Nil for an outline that stays.
  static func pathAnimation(of view: RecordedView, recording: StageRecording, span: Double)
    -> JSONValue?
  {
    guard SampledShapes.isMorphed(view), isPath(view) else { return nil }
    let times = SampledShapes.frameTimes(recording)
    guard
      let outlines = SampledShapes.equalized(
        view, at: times,
        place: { w, h, ax, ay in { OutlinePoint($0.x - ax * w, $0.y - ay * h) } })
    else { return nil }
    let values = outlines.map { "path(\"\($0.svgPathData)\")" }
    var keys: [JSONValue] = []
    for (i, value) in values.enumerated() {
      // Inside a run of equal frames only its ends are needed.
      if i > 0 && i + 1 < values.count && values[i - 1] == value && values[i + 1] == value {
        continue
      }
      let offset = span > 0 ? min(max((times[i] - recording.start) / span, 0), 1) : 0
      keys.append(.array([.number(offset), .string(value), .string("linear")]))
    }
    if let last = values.last, times.count == 1 || (times.last! - recording.start) < span {
      keys.append(.array([.number(1), .string(last), .string("linear")]))
    }
    return .object([("p", .string("d")), ("k", .array(keys))])
  }

  /// Whether two tracks have keyframes at the same times, leaving them the
  /// same way.
  private static func sameTiming(_ a: KeyframeList, _ b: KeyframeList) -> Bool {
    guard a.count == b.count else { return false }
    for i in 0..<a.count where a[i].time != b[i].time || a[i].out != b[i].out { return false }
    return true
  }

  /// Keyframes of `a` carrying `b`'s lane-0 value in lane 1.
  private static func joinedKeys(_ a: KeyframeList, _ b: KeyframeList) -> KeyframeList {
    var out = KeyframeList()
    for i in 0..<a.count {
      var key = a[i]
      key.value[1] = b[i].value[0]
      out.append(key)
    }
    return out
  }

  /// A text view's distinct drawings, and each run as (first frame,
  /// drawing index).
  static func textDrawings(_ view: RecordedView)
    -> (drawings: [TextView], runs: [(frame: Int, drawing: Int)])
  {
    var drawings: [TextView] = []
    var runs: [(frame: Int, drawing: Int)] = []
    for run in view.textRuns {
      let j = drawings.firstIndex(of: run.text) ?? drawings.count
      if j == drawings.count { drawings.append(run.text) }
      runs.append((run.frame, j))
    }
    return (drawings, runs)
  }

  private static func channel(_ v: Double) -> String {
    JSONValue.format((min(max(v, 0), 1) * 255 * 1000).rounded() / 1000)
  }

  /// One animation's keyframes as `[offset, CSS value, easing]` triples,
  /// from offset 0 to offset 1: `lanes` of each recorded keyframe given to
  /// `text`. A sampled stretch of a single lane becomes one interval eased
  /// by CSS `linear()` through its frames (when its ends differ).
  static func keyframes(
    _ track: PropertyTrack, lanes: [Int], start: Double, span: Double,
    text: ([Double]) -> String
  ) -> [JSONValue] {
    let keys = track.keys
    guard let first = keys.first, let last = keys.last else { return [] }
    var out: [JSONValue] = []
    func offset(_ time: Double) -> Double {
      span > 0 ? min(max((time - start) / span, 0), 1) : 0
    }
    func triple(_ at: Double, _ key: Keyframe, _ easing: String) -> JSONValue {
      .array([.number(at), .string(text(lanes.map { key.value[$0] })), .string(easing)])
    }
    if offset(first.time) > 0 { out.append(triple(0, first, "linear")) }
    var i = 0
    while i < keys.count {
      let key = keys[i]
      let at = offset(key.time)
      if i + 1 == keys.count {
        out.append(triple(at, key, "linear"))
        break
      }
      switch key.out {
      case .hold:
        out.append(triple(at, key, "steps(1, jump-end)"))
      case .linear:
        out.append(triple(at, key, "linear"))
      case .bezier(let x1, let y1, let x2, let y2):
        let n = [x1, y1, x2, y2].map(JSONValue.format).joined(separator: ", ")
        out.append(triple(at, key, "cubic-bezier(\(n))"))
      case .sampled:
        var j = i + 1
        while j + 1 < keys.count && keys[j].out == .sampled { j += 1 }
        if lanes.count == 1 && j > i + 1 && keys[j].value[lanes[0]] != key.value[lanes[0]] {
          let lane = lanes[0]
          let v = key.value[lane]
          let v1 = keys[j].value[lane]
          var stops = ["0"]
          let interval = keys[j].time - key.time
          for m in (i + 1)..<j {
            let p = (keys[m].value[lane] - v) / (v1 - v)
            let x = (keys[m].time - key.time) / interval * 100
            stops.append("\(JSONValue.format(p)) \(JSONValue.format(x))%")
          }
          stops.append("1")
          out.append(triple(at, key, "linear(\(stops.joined(separator: ", ")))"))
          i = j
          continue
        }
        out.append(triple(at, key, "linear"))
      }
      i += 1
    }
    if offset(last.time) < 1 { out.append(triple(1, last, "linear")) }
    return out
  }
}
