import AnimEngine

/// A Lottie transform (a layer's `ks`, a group's `tr`) as a `layer` view:
/// position as x, y; the anchor point as a point of the view's box (`anchor`
/// is the anchor divided by the box's size); rotation in degrees; scale and
/// opacity from percent. Animated values become runs.
extension SceneBuilder {
  /// Adds the view of transform `t` under `parent` and returns its index.
  /// `opacity`, when given, is the window the layer is shown in: the view's
  /// alpha is the transform's opacity there and 0 outside; nil leaves
  /// opacity out (an ancestor's copy: Lottie parents pass no opacity).
  /// `skewing` false leaves a skew out (noted): a track matte's chain,
  /// whose transforms the views beneath its clip undo without one.
  func transformView(
    _ t: ShapeTransform, name: String, parent: Int?, clock: TimeMap, box: (Double, Double),
    opacity window: (from: Double, to: Double)?, comment: String?, kind: String = "layer",
    skewing: Bool = true
  ) throws(ImportError) -> Int {
    var view = ScriptView(kind: kind, name: name, parent: parent)
    view.comment = comment
    let (w, h) = box
    var tracks: [(name: String, track: Track<Double>)] = []
    var routeRun: ScriptRun?
    var routeStart: (Double, Double)?
    // An auto-oriented position moves a view of its own (``orientedView``).
    var oriented: (cut: Track<[Double]>, uncut: Track<[Double]>)?
    if let p = t.position {
      let spatial = Self.hasRoute(p)
      if t.autoOrient && p.isAnimated {
        let uncut = Track(p, clock: clock).clampingRouteProgress()
        oriented = (uncut.fromZero(rate: rate, end: end), uncut)
      } else if spatial {
        // Along spatial Bézier routes: one run of `path(d:)` and `tween`s.
        let track = Track(p, clock: clock).clampingRouteProgress().fromZero(rate: rate, end: end)
        routeRun = try positionRun(track, ref: p.ref)
        routeStart = (track.initial[0], track.initial[1])
      } else {
        tracks.append(("x", Track(p, clock: clock, component: 0).map { $0[0] }))
        tracks.append(("y", Track(p, clock: clock, component: 1).map { $0[1] }))
      }
      noteReading(p)
    } else {
      if t.autoOrient && (t.positionX?.isAnimated == true || t.positionY?.isAnimated == true) {
        note(t.ref, "auto-orient of a position split into x and y not imported")
      }
      if let px = t.positionX {
        tracks.append(("x", Track(px, clock: clock)))
        noteReading(px)
      }
      if let py = t.positionY {
        tracks.append(("y", Track(py, clock: clock)))
        noteReading(py)
      }
    }
    tracks.append(("anchorX", Track(t.anchor, clock: clock, component: 0).map { $0[0] / w }))
    tracks.append(("anchorY", Track(t.anchor, clock: clock, component: 1).map { $0[1] / h }))
    tracks.append(("rotation", Track(t.rotation, clock: clock)))
    tracks.append(("scaleX", Track(t.scale, clock: clock, component: 0).map { $0[0] / 100 }))
    tracks.append(("scaleY", Track(t.scale, clock: clock, component: 1).map { $0[1] / 100 }))
    for p in [t.anchor, t.scale] { noteReading(p) }
    for p in [t.rotation, t.opacity] { noteReading(p) }
    if let window {
      let alpha = Track(t.opacity, clock: clock).map(Self.fraction)
      if shownAtEveryFrame(from: window.from, to: window.to) {
        tracks.append(("alpha", alpha))
      } else {
        tracks.append(
          ("alpha", alpha.shown(from: window.from, to: window.to, hidden: 0, rate: rate)))
      }
    }
    // A 3D layer's turn about x or y (not with auto-orient, whose turn
    // would come between them).
    var turned = t.autoOrient ? nil : turn3D(t, clock: clock)
    if let turn = t.turnsOutOfPlane, turned == nil {
      note(turn, "rotation about x or y (rx, ry) not imported: turned about z only")
    }
    // A skew is such a turn too (``SceneBuilder/skewTurn(_:clock:)``), but
    // not beside another or auto-orient.
    if t.autoOrient {
      noteSkew(t, "on an auto-oriented layer")
    } else if turned != nil {
      noteSkew(t, "on a layer turned about x or y")
    } else if !skewing {
      noteSkew(t, "on a track matte's layer or its groups")
    } else {
      turned = skewTurn(t, clock: clock)
    }
    tracks = tracks.map { ($0.name, $0.track.fromZero(rate: rate, end: end)) }
    if let turned {
      // The position moves the turn view; the layer's view sits at its
      // origin (``SceneBuilder/turn3D(_:clock:)``).
      var turnView = ScriptView(kind: "layer", name: "\(name)_turn", parent: parent)
      turnView.comment = view.comment
      view.comment = nil
      let moving = tracks.filter { $0.name == "x" || $0.name == "y" }
      tracks.removeAll { $0.name == "x" || $0.name == "y" }
      if let i = tracks.firstIndex(where: { $0.name == "rotation" }) {
        tracks[i].track = turned.rotation(tracks[i].track).fromZero(rate: rate, end: end)
      }
      let turning = turned.tracks.map { ($0.name, $0.track.fromZero(rate: rate, end: end)) }
      func first(_ name: String, _ fallback: Double) -> Double {
        (moving + turning).first { $0.name == name }?.track.initial ?? fallback
      }
      turnView.settings = [
        ("x", .number(routeStart?.0 ?? first("x", 0))),
        ("y", .number(routeStart?.1 ?? first("y", 0))),
        ("width", .number(1)), ("height", .number(1)), ("anchor", .point(0, 0)),
      ]
      if first("rotation", 0) != 0 {
        turnView.settings.append(("rotation", .number(first("rotation", 0))))
      }
      turnView.settings.append(("scaleX", .number(first("scaleX", 1))))
      turnView.settings.append(("scaleY", .number(first("scaleY", 1))))
      turnView.runs = MotionChain.runs(moving + turning)
      if let routeRun { turnView.runs.insert(routeRun, at: 0) }
      (routeRun, routeStart) = (nil, nil)
      view.parent = try add(turnView)
    }

    func initial(_ name: String) -> Double {
      tracks.first { $0.name == name }?.track.initial ?? 0
    }
    view.settings.append(("x", .number(routeStart?.0 ?? initial("x"))))
    view.settings.append(("y", .number(routeStart?.1 ?? initial("y"))))
    view.settings.append(("width", .number(w)))
    view.settings.append(("height", .number(h)))
    view.settings.append(("anchor", .point(initial("anchorX"), initial("anchorY"))))
    if initial("rotation") != 0 { view.settings.append(("rotation", .number(initial("rotation")))) }
    let (sx, sy) = (initial("scaleX"), initial("scaleY"))
    if sx == sy {
      if sx != 1 { view.settings.append(("scale", .number(sx))) }
    } else {
      view.settings.append(("scaleX", .number(sx)))
      view.settings.append(("scaleY", .number(sy)))
    }
    if window != nil, initial("alpha") != 1 {
      view.settings.append(("alpha", .number(initial("alpha"))))
    }
    view.runs = MotionChain.runs(tracks)
    if let routeRun { view.runs.insert(routeRun, at: 0) }
    if let oriented {
      view.parent = try orientedView(
        oriented.cut, uncut: oriented.uncut, name: name, parent: parent, comment: view.comment,
        ref: t.position?.ref)
      view.comment = nil
    }
    return try add(view)
  }

  /// Whether a position's keyframes give spatial tangents (`to`, `ti`) that
  /// are not all zero: a route that is not the straight line.
  static func hasRoute(_ p: Animated<[Double]>) -> Bool {
    p.keyframes.contains { k in
      (k.outTangent ?? []).contains { $0 != 0 } || (k.inTangent ?? []).contains { $0 != 0 }
    }
  }

  /// A position that follows spatial Bézier routes (Lottie's `to`, `ti`):
  /// `path(d: "M… C…")` along each curved segment (by arc length, as the
  /// players go), `tween(x:, y:)` along straight ones.
  func positionRun(_ track: Track<[Double]>, ref: JSONRef?) throws(ImportError) -> ScriptRun {
    if track.segments.contains(where: \.routeCut) {
      note(ref, "a spatial route cut at time 0 drawn straight from there")
    }
    try Self.checkRoutes(track, ref: ref)
    let parts = MotionChain.parts(track, same: ==) { segment, to, duration, ease in
      guard duration > 0, segment.route != nil, segment.to == to else {
        return .tween(
          [("x", .number(to[0])), ("y", .number(to[1]))], duration: duration, ease: ease)
      }
      return .path(d: Self.routeData(segment), duration: duration, ease: ease)
    }
    return ScriptRun(parts: parts)
  }

  /// Refuses a track whose route the script could not move along: one the
  /// engine's `path` cannot measure in doubles (tangents of 1e308), which
  /// would stop the script at its `run` (exit 70) instead of the import
  /// with the property's pointer. `straight` checks the moving segments
  /// without a route too (an auto-oriented position moves along `M… L…`
  /// there).
  static func checkRoutes(_ track: Track<[Double]>, ref: JSONRef?, straight: Bool = false)
    throws(ImportError)
  {
    for segment in track.segments
    where segment.route != nil || (straight && segment.from != segment.to) {
      // Only the measure is asked: a route of no length is the script's
      // to allow or refuse, as it always was.
      guard let outline = try? PathDataParser.parse(routeData(segment)) else { continue }
      do {
        _ = try MotionPath(outline: outline)
      } catch let error where error == MotionPath.tooLong {
        throw ImportError(
          ref?.pointer ?? "", "a spatial route too long for double-precision numbers")
      } catch {
        continue
      }
    }
  }

  /// Notes how a property was read: an expression on it is not evaluated
  /// (its keyframes or value are used), a loop past its bound is not
  /// repeated; keyframes out of time order are put in order as the players
  /// read them (``KeyframeOrder``).
  func noteReading<V>(_ p: Animated<V>) {
    if p.hasExpression {
      note(p.ref, "expression not evaluated (its keyframes or value are used)")
    }
    if p.loopCut {
      note(
        p.ref,
        "loopOut not repeated: more than \(KeyframeLoop.maximumKeyframes) keyframes for it or "
          + "\(KeyframeLoop.maximumKeyframesInAll) for the file's loops (the last keyframe holds)")
    }
    if p.reordered {
      note(p.ref, "keyframes out of time order, read as the players read them")
    }
  }
}
