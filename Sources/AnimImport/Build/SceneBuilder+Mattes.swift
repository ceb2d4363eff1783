import AnimEngine

/// Track mattes (`tt`): the layer is drawn only where its matte layer
/// draws. The matte's filled outline becomes a clipping view (SPEC §17)
/// under copies of the matte's transforms; beneath it, views that undo
/// those transforms (each `T(p)·R(r)·S(s)·T(−a)` undone by
/// `T(a)·S(1/s)` then `R(−r)·T(−p)`) bring the drawing back to its own
/// place, and the layer follows as usual. A clip is all or nothing: an
/// alpha matte is its fills' union; a luma matte is the same where its
/// fills are white; an inverted matte is the outside of a fixed outline.
extension SceneBuilder {
  /// Builds the views above a matted layer: the clip of the matte's outline
  /// and, when the matte is not opaque throughout, a view whose `alpha` is
  /// how opaque it is (``fadeLayer(_:name:parent:)``: the group `opacity`
  /// once the layer's drawing is beneath it, if that is several views).
  /// Returns the view the layer goes under. With `level`, one region of a
  /// matte taken apart (``matteLevels(_:luma:clock:)``): its outline and
  /// level instead of the matte's whole outline, and its other clips
  /// nested under it.
  func buildMatte(
    for position: Int, of layers: [Layer], byIndex: [Int: Int], clock: TimeMap, parent: Int?,
    size: (Double, Double), name: String, level: MatteLevel? = nil
  ) throws(ImportError) -> Int? {
    let target = layers[position]
    guard let sourcePosition = Layer.matteSource(of: position, in: layers, byIndex: byIndex)
    else {
      note(target.ref, "its track matte layer is missing: drawn without the matte")
      return parent
    }
    let source = layers[sourcePosition]
    let inverted = target.matteMode == 2 || target.matteMode == 4
    let luma = target.matteMode == 3 || target.matteMode == 4
    guard (1...4).contains(target.matteMode) else {
      note(target.ref, "track matte mode \(target.matteMode) not imported")
      return parent
    }
    // The matte's outline, in its layer's space.
    let noted = notes.count
    let found: MatteOutline?
    if let level {
      found = level.outline
    } else {
      found = try matteOutline(source, luma: luma, clock: clock, inverted: inverted)
    }
    guard let outline = found else {
      // Unless the outline's reading said why.
      if notes.count == noted {
        note(source.ref, "a track matte that draws no fill: drawn without the matte")
      }
      return parent
    }
    // How opaque the matte is where it draws: its layer's opacity within
    // its in and out points, times its fill's (and, for luma, its colour's
    // luminance). The drawing beneath the clip is drawn at that alpha.
    let (from, to) = clock.span(source.inPoint, source.outPoint)
    var matteAlpha = Track(source.transform.opacity, clock: clock).map {
      Self.fraction($0) * outline.alpha
    }
    if !shownAtEveryFrame(from: from, to: to) {
      matteAlpha = matteAlpha.shown(from: from, to: to, hidden: 0, rate: rate)
    }
    matteAlpha = matteAlpha.fromZero(rate: rate, end: end)
    if inverted && (matteAlpha.isAnimated || matteAlpha.initial != 1) {
      note(
        source.transform.opacity.ref ?? source.ref,
        "an inverted matte that is not opaque throughout drawn as opaque")
    }
    let matteName = "\(name)_matte"
    // The matte's transforms, outermost first.
    let lineage = try ancestors(of: source, in: layers, byIndex: byIndex)
    var chain: [(Layer, ShapeTransform)] = lineage.reversed().map { ($0, $0.transform) }
    chain.append((source, source.transform))
    var node = parent
    for (layer, transform) in chain {
      node = try transformView(
        transform, name: matteName, parent: node, clock: clock, box: box(of: layer, in: size),
        opacity: nil,
        comment: layer.ref.index == source.ref.index
          ? "Track matte of \"\(target.name)\": layer \"\(source.name)\" (\(source.ref.pointer))"
          : nil, skewing: false)
    }
    // The matte layer's own masks cut its outline too (clips nest); an
    // inverted matte is the outside of both together.
    let masks = source.masks.filter { $0.mode != "n" }
    let insideMasked = masks.isEmpty ? nil : outline.inside
    if insideMasked == nil {
      node = try buildMasks(source, parent: node!, clock: clock, name: matteName)
    }
    // The groups between the matte layer and its outline.
    var made: [ShapeWalk.GroupStep.Key: Int] = [:]
    for step in outline.groups {
      node = try groupView(
        step, parent: node!, clock: clock, layer: matteName, made: &made, skewing: false)
    }
    if let (w, h) = outline.box {
      var frame = ScriptView(kind: "shape", name: "\(matteName)_frame", parent: node)
      frame.settings = [
        ("d", .string(PathData.text([Self.boxPath(w, h)]))), ("anchor", .point(0, 0)),
        ("color", .word("transparent")), ("clip", .bool(true)),
      ]
      node = try add(frame)
    }
    if let inside = insideMasked {
      node = try invertedMatteClips(
        inside, masks: masks, source: source, parent: node!, clock: clock, name: matteName)
    } else {
      // The outline, then a region's other clips, each an invisible clip
      // nested in the one before.
      for view in [outline.view] + (level?.clips ?? []).map(\.view) {
        var clip = view
        clip.parent = node
        clip.set("color", .word("transparent"))
        clip.set("clip", .bool(true))
        clip.set("alpha", .number(1))
        node = try add(clip)
      }
    }
    if !inverted && (matteAlpha.isAnimated || matteAlpha.initial != 1) {
      node = try fadeLayer(matteAlpha, name: "\(matteName)_alpha", parent: node!)
    }
    // Undo the groups and the transforms, innermost first.
    for step in outline.groups.reversed() {
      if let t = step.transform, !Self.isIdentity(t) {
        node = try inverseViews(t, parent: node!, clock: clock, box: (1, 1), name: matteName)
      }
    }
    for (layer, transform) in chain.reversed() {
      if transform.autoOrient && transform.position?.isAnimated == true {
        note(layer.ref, "a matte layer that auto-orients: the layer it mattes is turned with it")
      }
      node = try inverseViews(
        transform, parent: node!, clock: clock, box: box(of: layer, in: size), name: matteName)
    }
    return node
  }

  /// The outline a matte layer clips with, and the groups above it.
  struct MatteOutline {
    var view: ScriptView
    var groups: [ShapeWalk.GroupStep]
    /// How opaque its fills make it (0…1): their opacity and, for a luma
    /// matte, their colour's luminance.
    var alpha = 1.0
    /// A precomposition's frame, which clips its outline: (0, 0) to
    /// (w, h) in the matte layer's space.
    var box: (Double, Double)?
    /// For an inverted matte, the clockwise parts whose outside `view` is
    /// (in the matte layer's space, under no groups).
    var inside: [Track<BezierPath>]?
  }

  private func matteOutline(_ source: Layer, luma: Bool, clock: TimeMap, inverted: Bool)
    throws(ImportError) -> MatteOutline?
  {
    switch source.kind {
    case .solid(let color, let w, let h):
      var view = ScriptView(kind: "shape", name: "matte", parent: nil)
      let rect = Self.boxPath(w, h)
      let paths = inverted ? [Self.outsidePath(), rect] : [rect]
      view.settings = [("d", .string(PathData.text(paths))), ("anchor", .point(0, 0))]
      return MatteOutline(
        view: view, groups: [], alpha: luma ? Self.luminance(color) : 1,
        inside: inverted ? [Track(initial: rect, segments: [])] : nil)
    case .shape(let items):
      // An inverted matte's strokes are noted, not drawn: its outline is the
      // outside of one winding, and a stroke's pieces overlap.
      let (fillGroups, alphas, strokes) = matteFills(
        items, luma: luma, takingStrokes: !inverted)
      let fills = fillGroups.flatMap { group in group.paint.shapes.map { (group.paint, $0) } }
      let alpha = alphas.first ?? 1
      if alphas.contains(where: { abs($0 - alpha) > 1e-9 }) {
        note(source.ref, "matte fills of different opacities drawn as the first's")
      }
      if !strokes.isEmpty {
        // Strokes: their outlines at every frame they move, joined with
        // the fills' paths.
        var parts = matteFillPaths(fillGroups, clock: clock).flatMap(Self.clockwise)
        for (paint, stroke) in strokes {
          guard let outline = matteStrokeOutline(paint, stroke, clock: clock) else { return nil }
          parts.append(outline)
        }
        return try joinedMatte(
          parts, alpha: alpha, inverted: inverted, ref: source.ref, framewise: true)
      }
      guard let (firstPaint, firstShape) = fills.first else { return nil }
      // Trimmed fills' pieces are taken at every frame already.
      let trimmed = fillGroups.contains { Self.isTrimmed($0.paint) }
      if fills.count == 1 && !inverted && !trimmed {
        // One shape: its own view, under its groups.
        var view: ScriptView
        if case .path(let p) = firstShape.item.content, p.isAnimated {
          view = try morphingView(
            Track(p, clock: clock).fromZero(rate: rate, end: end), name: "matte", parent: 0,
            ref: p.ref)
        } else if isFixed(firstShape.item) {
          view = ScriptView(kind: "shape", name: "matte", parent: nil)
          view.settings = [
            ("d", .string(PathData.text([fixedPath(firstShape.item)]))), ("anchor", .point(0, 0)),
          ]
        } else {
          view = try sampledShapeView(firstShape.item, name: "matte", parent: 0, clock: clock)
        }
        return MatteOutline(
          view: view, groups: firstPaint.groups + firstShape.groups, alpha: alpha)
      }
      // Several shapes, or the outside: one outline in the layer's space.
      let parts = matteFillPaths(fillGroups, clock: clock).flatMap(Self.clockwise)
      return try joinedMatte(
        parts, alpha: alpha, inverted: inverted, ref: source.ref, framewise: trimmed)
    case .precomp(let id, let w, let h):
      guard let precomp = composition.precomps[id], source.timeRemap == nil else {
        note(source.ref, "a time-remapped precomposition as a track matte not imported")
        return nil
      }
      var parts: [MattePart] = []
      var alphas: [Double] = []
      try precompMatteParts(
        precomp.layers,
        clock: clock.precomp(
          startTime: source.startTime, stretch: source.stretch > 0 ? source.stretch : 1),
        placement: .identity, luma: luma, depth: 0, takingStrokes: !inverted, parts: &parts,
        alphas: &alphas)
      guard !parts.isEmpty else { return nil }
      guard let tracks = matteTracks(parts, ref: source.ref) else { return nil }
      let alpha = alphas.first ?? 1
      if alphas.contains(where: { abs($0 - alpha) > 1e-9 }) {
        note(source.ref, "matte fills of different opacities drawn as the first's")
      }
      // With strokes' outlines (taken at every frame already, and large),
      // frame by frame without checking each morph point by point.
      var outline = try joinedMatte(
        tracks, alpha: alpha, inverted: inverted, ref: source.ref,
        framewise: parts.contains(where: \.isFramewise))
      // The precomposition's frame clips what it draws.
      if w > 0 && h > 0 && !inverted { outline.box = (w, h) }
      return outline
    case .text(.success(let text))
    where !inverted && text.documents.count == 1 && !text.hasAnimators && !text.followsPath:
      // A text's glyphs (SceneBuilder+Text), their outlines one clip.
      let document = text.documents[0].document
      guard document.fill != nil else { return nil }
      guard let (font, glyphs) = glyphs(for: document) else {
        // No glyphs to draw the text with: the players draw nothing of it,
        // so nothing of the layer it mattes (lottie-data-model's
        // `BERLIN-FORD`: a gradient band shown whole before, 3.5 % of the
        // pixels off both players).
        note(
          source.ref,
          "a text matte without glyph outlines (chars) of its font '\(document.font)': the"
            + " layer it mattes is hidden, as the players draw it")
        var view = ScriptView(kind: "shape", name: "matte", parent: nil)
        view.settings = [("d", .string("M0 0")), ("anchor", .point(0, 0))]
        return MatteOutline(view: view, groups: [], alpha: 1)
      }
      guard
        let paths = Self.textOutline(
          document, ascent: font?.ascent ?? 0, glyphs: glyphs, limit: Self.maximumTextVertices),
        paths.allSatisfy(Self.isWithinReach), paths.contains(where: { !$0.segments.isEmpty })
      else { return nil }
      var view = ScriptView(kind: "shape", name: "matte", parent: nil)
      view.settings = [("d", .string(PathData.text(paths))), ("anchor", .point(0, 0))]
      return MatteOutline(
        view: view, groups: [], alpha: luma ? Self.luminance(document.fill ?? [0, 0, 0]) : 1)
    case .text(.success):
      note(source.ref, "a text matte inverted, animated or changing not imported")
      return nil
    case .image(let id) where !luma:
      // A clip is a path and an image's alpha is not: its frame, which
      // holds all it draws, clips instead (exact for an opaque picture).
      guard let image = composition.images[id], image.width > 0, image.height > 0 else {
        note(source.ref, "a matte layer of this type not imported")
        return nil
      }
      note(
        source.ref,
        "an image as an alpha matte clips with its frame: the picture's own transparency is"
          + " not followed")
      var view = ScriptView(kind: "shape", name: "matte", parent: nil)
      let rect = Self.boxPath(image.width, image.height)
      view.settings = [
        ("d", .string(PathData.text(inverted ? [Self.outsidePath(), rect] : [rect]))),
        ("anchor", .point(0, 0)),
      ]
      return MatteOutline(
        view: view, groups: [], alpha: 1,
        inside: inverted ? [Track(initial: rect, segments: [])] : nil)
    default:
      note(source.ref, "a matte layer of this type not imported")
      return nil
    }
  }

  /// The fills of a matte's shape items (each with whether it fills
  /// even-odd), and each fill's alpha: its opacity and, for a luma matte,
  /// its colour's luminance. Strokes and gradients are noted.
  func matteFills(_ items: [ShapeItem], luma: Bool, takingStrokes: Bool = false)
    -> (
      groups: [(paint: ShapeWalk.Paint, evenOdd: Bool)], alphas: [Double],
      strokes: [(paint: ShapeWalk.Paint, stroke: ShapeItem.Stroke)]
    )
  {
    let walk = ShapeWalk(items)
    var fillGroups: [(paint: ShapeWalk.Paint, evenOdd: Bool)] = []
    var alphas: [Double] = []
    var strokes: [(paint: ShapeWalk.Paint, stroke: ShapeItem.Stroke)] = []
    for paint in walk.paints {
      var content = paint.item.content
      if case .gradient(false, let approximation, _) = content { content = approximation }
      switch content {
      case .fill(let fill):
        alphas.append(
          matteAlpha(
            "fill", fill.opacity, fill.color, luma: luma, share: fill.gradientAlpha,
            ref: paint.item.ref))
        if !paint.shapes.isEmpty { fillGroups.append((paint, fill.evenOdd)) }
      case .stroke(let stroke) where takingStrokes:
        alphas.append(
          matteAlpha("stroke", stroke.opacity, stroke.color, luma: luma, ref: paint.item.ref))
        if !paint.shapes.isEmpty { strokes.append((paint, stroke)) }
      case .stroke, .gradient:
        note(paint.item.ref, "a matte's stroke or gradient is not part of its clip")
      default: break
      }
    }
    return (fillGroups, alphas, strokes)
  }

  /// How opaque a matte's fill or stroke (`what`) is: its opacity at its
  /// first keyframe, times `share` and, for a luma matte, its colour's
  /// luminance; a moving one is noted.
  private func matteAlpha(
    _ what: String, _ opacity: Animated<Double>, _ color: Animated<[Double]>, luma: Bool,
    share: Double = 1, ref: JSONRef
  ) -> Double {
    if opacity.isAnimated || (luma && color.isAnimated) {
      note(
        ref,
        "a matte \(what) whose opacity\(luma ? " or colour" : "") moves drawn as it is at "
          + "its first keyframe")
    }
    let luminance = luma ? Self.luminance(color.first) : 1
    return Self.fraction(opacity.first) * share * luminance
  }

  /// Each matte fill's paths over time in its layer's space. A fill's
  /// paths keep their own directions, so that one running the other way
  /// stays a hole, as the non-zero rule fills them (an even-odd fill's are
  /// turned so, by their nesting at the start).
  func matteFillPaths(_ fillGroups: [(paint: ShapeWalk.Paint, evenOdd: Bool)], clock: TimeMap)
    -> [[Track<BezierPath>]]
  {
    fillGroups.map { paint, evenOdd in
      var own: [Track<BezierPath>]
      if Self.isTrimmed(paint), let pieces = trimmedFill(paint, clock: clock, throughGroups: true) {
        // A trimmed fill: the pieces its trims leave, as the players fill them.
        own = [pieces]
      } else {
        own = paint.shapes.map { shape in
          var whole = shape
          whole.groups = paint.groups + shape.groups
          return pathTrack(whole, clock: clock)
        }
      }
      if evenOdd {
        if let reversals = EvenOdd.reversals(own.map(\.initial)) {
          own = zip(own, reversals).map { $1 ? $0.map(\.reversed) : $0 }
        } else {
          note(paint.item.ref, "an even-odd matte fill of crossing paths drawn non-zero")
        }
      }
      return own
    }
  }

  /// One fill's paths, the whole fill turned to run clockwise, so that
  /// fills add up to their union.
  static func clockwise(_ own: [Track<BezierPath>]) -> [Track<BezierPath>] {
    clockwise(own, area: \.initial.signedArea, reversed: { $0.map(\.reversed) })
  }

  /// `own` turned as a whole when its parts' areas (at the start) add up
  /// to a counter-clockwise run.
  static func clockwise<Part>(
    _ own: [Part], area: (Part) -> Double, reversed: (Part) -> Part
  ) -> [Part] {
    own.reduce(0) { $0 + area($1) } < 0 ? own.map(reversed) : own
  }

  /// The rectangle from (0, 0) to (w, h): a solid's, a precomposition's
  /// frame.
  static func boxPath(_ w: Double, _ h: Double) -> BezierPath {
    ShapeGeometry.rect(center: [w / 2, h / 2], size: [w, h], roundness: 0, reversed: false)
  }

  /// The outline of `parts` joined into one path (after the outside of
  /// everything, for an inverted matte), a morphing view when it moves.
  func joinedMatte(
    _ parts: [Track<BezierPath>], alpha: Double, inverted: Bool, ref: JSONRef,
    framewise: Bool = false
  ) throws(ImportError) -> MatteOutline {
    let inside = parts
    var parts = parts
    if inverted { parts.insert(Track(initial: Self.outsidePath(), segments: []), at: 0) }
    let outline = compound(parts, ref: ref, BezierPath.joined)
    var view: ScriptView
    if outline.isAnimated {
      view = try morphingView(outline, name: "matte", parent: 0, ref: ref, framewise: framewise)
    } else {
      view = ScriptView(kind: "shape", name: "matte", parent: nil)
      view.settings = [
        ("d", .string(PathData.text([outline.initial]))), ("anchor", .point(0, 0)),
      ]
    }
    return MatteOutline(view: view, groups: [], alpha: alpha, inside: inverted ? inside : nil)
  }

  static func luminance(_ c: [Double]) -> Double {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
  }

  /// A position with spatial tangents taken along its route at every
  /// frame its route moves (the players' arc length,
  /// ``Track/value(at:alongRoutes:)``), straight between frames, held
  /// before and after (``framewise(_:ref:vertices:_:)``).
  private func routedFramewise(_ p: Animated<[Double]>, clock: TimeMap) -> Track<[Double]> {
    let track = Track(p, clock: clock)
    guard let span = track.span else { return track }
    return framewise([span], ref: p.ref, vertices: { _ in 1 }) {
      track.value(at: $0, alongRoutes: true)
    }
  }

  /// Views that undo `t`: `T(a)·S(1/s)`, then `R(−r)·T(−p)`; returns the
  /// inner one.
  private func inverseViews(
    _ t: ShapeTransform, parent: Int, clock: TimeMap, box: (Double, Double), name: String
  ) throws(ImportError) -> Int {
    // Undo scale about the anchor.
    var first = ScriptView(kind: "layer", name: "\(name)_undo", parent: parent)
    let (w, h) = box
    var tracks: [(name: String, track: Track<Double>)] = [
      ("x", Track(t.anchor, clock: clock, component: 0).map { $0[0] }),
      ("y", Track(t.anchor, clock: clock, component: 1).map { $0[1] }),
    ]
    for (axis, component) in [("scaleX", 0), ("scaleY", 1)] {
      let s = Track(t.scale, clock: clock, component: component).map { $0[component] / 100 }
      let inverse: (Double) -> Double = { $0 == 0 ? 1 : 1 / $0 }
      let (pieces, cut) = Track<Double>.sampled(s.segments, rate: rate)
      if cut, component == 0 { noteFrames(t.scale.ref, "a matte's scale") }
      tracks.append(
        (
          axis,
          Track(
            initial: inverse(s.initial),
            segments: pieces.map {
              Segment(
                start: $0.start, end: $0.end, from: inverse($0.from), to: inverse($0.to),
                ease: .linear)
            })
        ))
    }
    tracks = tracks.map { ($0.name, $0.track.fromZero(rate: rate, end: end)) }
    first.settings = [
      ("x", .number(tracks[0].track.initial)), ("y", .number(tracks[1].track.initial)),
      ("width", .number(1)), ("height", .number(1)), ("anchor", .point(0, 0)),
      ("scaleX", .number(tracks[2].track.initial)), ("scaleY", .number(tracks[3].track.initial)),
    ]
    first.runs = MotionChain.runs(tracks)
    let firstIndex = try add(first)
    // Undo rotation, then position: the anchor is the position.
    var second = ScriptView(kind: "layer", name: "\(name)_undo", parent: firstIndex)
    var tracks2: [(name: String, track: Track<Double>)] = [
      ("rotation", Track(t.rotation, clock: clock).map { -$0 })
    ]
    if let p = t.position, Self.hasRoute(p) {
      // Along its route, as the matte layer moves (``positionRun(_:ref:)``):
      // taken at every frame, straight between.
      let routed = routedFramewise(p, clock: clock)
      tracks2.append(("anchorX", routed.map { $0[0] }))
      tracks2.append(("anchorY", routed.map { $0[1] }))
    } else if let p = t.position {
      tracks2.append(("anchorX", Track(p, clock: clock, component: 0).map { $0[0] }))
      tracks2.append(("anchorY", Track(p, clock: clock, component: 1).map { $0[1] }))
    } else {
      if let px = t.positionX { tracks2.append(("anchorX", Track(px, clock: clock))) }
      if let py = t.positionY { tracks2.append(("anchorY", Track(py, clock: clock))) }
    }
    tracks2 = tracks2.map { ($0.name, $0.track.fromZero(rate: rate, end: end)) }
    func initial(_ n: String) -> Double { tracks2.first { $0.name == n }?.track.initial ?? 0 }
    second.settings = [
      ("width", .number(1)), ("height", .number(1)),
      ("anchor", .point(initial("anchorX"), initial("anchorY"))),
    ]
    if initial("rotation") != 0 {
      second.settings.append(("rotation", .number(initial("rotation"))))
    }
    second.runs = MotionChain.runs(tracks2)
    _ = (w, h)
    return try add(second)
  }
}
