/// One shape as a view of its own: anim's kind when it draws what Lottie
/// draws, with runs for its animated properties; else Lottie's path of it,
/// morphing from keyframe to keyframe, or frame by frame where only that
/// is exact.
extension SceneBuilder {
  /// The view for `item` (not yet added). `needsLottieStart`: a trim will
  /// cut it, so it must start where Lottie's path starts. `asOutline`: a
  /// `shape` of Lottie's path, whatever the item (its box is the parent's
  /// space, for a gradient).
  func geometryView(
    _ item: ShapeItem, name: String, parent: Int, clock: TimeMap, needsLottieStart: Bool,
    asOutline: Bool = false
  ) throws(ImportError) -> ScriptView {
    noteGeometry(item)
    switch item.content {
    case .path,
      _ where asOutline:
      return try outlineView(item, name: name, parent: parent, clock: clock)
    case .rect(let p, let s, let r) where !needsLottieStart && Self.neverNegative(s):
      var view = ScriptView(kind: "rect", name: name, parent: parent)
      let own: [(name: String, track: Track<Double>)] = [
        ("width", Track(s, clock: clock, component: 0).map { $0[0] }),
        ("height", Track(s, clock: clock, component: 1).map { $0[1] }),
        ("cornerRadius", Track(r, clock: clock)),
      ]
      let tracks = (try position(p, of: &view, clock: clock) + own).map {
        (name: $0.name, track: $0.track.fromZero(rate: rate, end: end))
      }
      place(&view, tracks, skipZero: ["cornerRadius"])
      return view
    case .ellipse(let p, let s)
    where !(needsLottieStart && item.reversed) && Self.neverNegative(s):
      var view = ScriptView(kind: "ellipse", name: name, parent: parent)
      let own: [(name: String, track: Track<Double>)] = [
        ("width", Track(s, clock: clock, component: 0).map { $0[0] }),
        ("height", Track(s, clock: clock, component: 1).map { $0[1] }),
      ]
      let tracks = (try position(p, of: &view, clock: clock) + own).map {
        (name: $0.name, track: $0.track.fromZero(rate: rate, end: end))
      }
      place(&view, tracks, skipZero: [])
      return view
    case .star(let star)
    where Self.isKindStar(star, reversedAndTrimmed: needsLottieStart && item.reversed):
      return try starView(star, name: name, parent: parent, clock: clock)
    default:
      return try outlineView(item, name: name, parent: parent, clock: clock)
    }
  }

  /// A `shape` of Lottie's path of `item`: fixed, morphing from keyframe
  /// to keyframe, or sampled at every frame.
  private func outlineView(_ item: ShapeItem, name: String, parent: Int, clock: TimeMap)
    throws(ImportError) -> ScriptView
  {
    switch item.content {
    case .path(let p) where !p.isAnimated:
      var view = ScriptView(kind: "shape", name: name, parent: parent)
      view.settings = [("d", .string(PathData.text([p.first]))), ("anchor", .point(0, 0))]
      return view
    case .path(let p):
      noteReading(p)
      return try morphingView(
        Track(p, clock: clock).fromZero(rate: rate, end: end), name: name, parent: parent,
        ref: p.ref)
    default:
      if isFixed(item) {
        var view = ScriptView(kind: "shape", name: name, parent: parent)
        view.settings = [
          ("d", .string(PathData.text([fixedPath(item)]))), ("anchor", .point(0, 0)),
        ]
        return view
      }
      return try sampledShapeView(item, name: name, parent: parent, clock: clock)
    }
  }

  /// A shape's position `p` as x and y tracks; or, when it has spatial
  /// tangents (``hasRoute(_:)``), as the run along its route that a layer's
  /// position gets (``positionRun(_:ref:)``), added to `view` with x and y
  /// at its start, and no tracks. The players (ThorVG, lottie-web) move a
  /// rectangle's, an ellipse's and a star's centre along the route as a
  /// layer's; rlottie goes straight.
  private func position(_ p: Animated<[Double]>, of view: inout ScriptView, clock: TimeMap)
    throws(ImportError) -> [(name: String, track: Track<Double>)]
  {
    guard Self.hasRoute(p) else {
      return [
        ("x", Track(p, clock: clock, component: 0).map { $0[0] }),
        ("y", Track(p, clock: clock, component: 1).map { $0[1] }),
      ]
    }
    let track = Track(p, clock: clock).clampingRouteProgress().fromZero(rate: rate, end: end)
    view.set("x", .number(track.initial[0]))
    view.set("y", .number(track.initial[1]))
    view.runs.append(try positionRun(track, ref: p.ref))
    return []
  }

  /// Sets each track's value at 0 and its runs (a zero in `skipZero` is
  /// the default and left out).
  private func place(
    _ view: inout ScriptView, _ tracks: [(name: String, track: Track<Double>)],
    skipZero: Set<String>
  ) {
    for (name, track) in tracks where !(skipZero.contains(name) && track.initial == 0) {
      view.set(name, .number(track.initial))
    }
    view.runs += MotionChain.runs(tracks)
  }

  /// Whether a rectangle's or ellipse's size is never negative at its
  /// keyframes. Lottie's path of a negative size is the shape mirrored,
  /// which the players fill as the shape of the size's magnitude; anim's
  /// `rect` and `ellipse` have no negative size (a declared one is an
  /// error, a moving one is drawn as 0), so such a shape is drawn as
  /// Lottie's path.
  static func neverNegative(_ size: Animated<[Double]>) -> Bool {
    size.keyframes.allSatisfy { $0.value.allSatisfy { !($0 < 0) } }
  }

  /// Whether anim's `star` or `polygon` draws this Lottie star exactly: no
  /// roundness, a whole number of points (3 or more) that does not change,
  /// an inner radius within the outer one.
  static func isKindStar(_ s: ShapeItem.Star, reversedAndTrimmed: Bool) -> Bool {
    guard !reversedAndTrimmed, !s.outerRoundness.isAnimated, s.outerRoundness.first == 0,
      !s.innerRoundness.isAnimated, s.innerRoundness.first == 0 || s.isPolygon,
      !s.points.isAnimated, s.points.first == s.points.first.rounded(), s.points.first >= 3,
      s.points.first <= 10_000
    else { return false }
    if s.isPolygon { return true }
    // innerRadius = ir / or, in (0, 1], and exactly a curve when only one
    // of the two moves... or neither.
    let radii = s.outerRadius.keyframes.map(\.value) + s.innerRadius.keyframes.map(\.value)
    guard radii.allSatisfy({ $0 > 0 }) else { return false }
    let ratioOK = s.innerRadius.keyframes.allSatisfy { k in
      s.outerRadius.keyframes.allSatisfy { k.value <= $0.value }
    }
    return ratioOK && !(s.outerRadius.isAnimated && s.innerRadius.isAnimated)
  }

  private func starView(_ s: ShapeItem.Star, name: String, parent: Int, clock: TimeMap)
    throws(ImportError) -> ScriptView
  {
    var view = ScriptView(kind: s.isPolygon ? "polygon" : "star", name: name, parent: parent)
    view.set(s.isPolygon ? "sides" : "points", .number(s.points.first))
    var tracks: [(name: String, track: Track<Double>)] =
      try position(s.position, of: &view, clock: clock) + [
        ("width", Track(s.outerRadius, clock: clock).map { $0 * 2 }),
        ("height", Track(s.outerRadius, clock: clock).map { $0 * 2 }),
        ("rotation", Track(s.rotation, clock: clock)),
      ]
    if !s.isPolygon {
      if s.outerRadius.isAnimated {
        // A fixed inner radius over a moving outer one: the ratio is no
        // curve; sample it at every frame.
        let outer = Track(s.outerRadius, clock: clock)
        let inner = s.innerRadius.first
        tracks.append(
          ("innerRadius", sampledRatio(outer, inner: inner, ref: s.outerRadius.ref)))
      } else {
        let outer = s.outerRadius.first
        tracks.append(("innerRadius", Track(s.innerRadius, clock: clock).map { $0 / outer }))
      }
    }
    tracks = tracks.map { (name: $0.name, track: $0.track.fromZero(rate: rate, end: end)) }
    place(&view, tracks, skipZero: ["rotation"])
    return view
  }

  /// inner / outer(t) as straight pieces between frames (past
  /// ``Track/maximumFrameTimes``, between keyframes, noted at `ref`).
  private func sampledRatio(_ outer: Track<Double>, inner: Double, ref: JSONRef?)
    -> Track<Double>
  {
    let (pieces, cut) = Track<Double>.sampled(outer.segments, rate: rate)
    if cut { noteFrames(ref, "a star's outer radius") }
    return Track<Double>(
      initial: inner / outer.initial,
      segments: pieces.map { piece in
        Segment(
          start: piece.start, end: piece.end, from: inner / piece.from, to: inner / piece.to,
          ease: .linear)
      })
  }

  /// Notes how the properties of `item`'s geometry were read (an
  /// expression on one is not evaluated).
  private func noteGeometry(_ item: ShapeItem) {
    switch item.content {
    case .path(let p): noteReading(p)
    case .rect(let p, let s, let r):
      noteReading(p)
      noteReading(s)
      noteReading(r)
    case .ellipse(let p, let s):
      noteReading(p)
      noteReading(s)
    case .star(let star):
      noteReading(star.position)
      for p in [
        star.outerRadius, star.innerRadius, star.outerRoundness, star.innerRoundness, star.points,
        star.rotation,
      ] {
        noteReading(p)
      }
    default: break
    }
  }
}
