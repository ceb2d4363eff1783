import AnimEngine

/// A track matte whose matte layer is a precomposition: its layers' fills,
/// each placed by its transforms (its parents' within the precomposition,
/// and those of the precompositions between) on the precomposition's
/// clock, are one outline in the matte layer's space — frame by frame
/// where any of them moves or is shown only part of the time (exact at
/// every frame), the union of the fills as the players draw an alpha
/// matte of opaque fills.
extension SceneBuilder {
  /// Where a precomposition's layer lands in the matte layer's space: its
  /// map at a script time (`affine`, or `fixed` when it never changes) and
  /// whether it is shown then (`always` when shown throughout).
  struct MattePlacement {
    var affine: (Double) -> Affine
    var fixed: Affine?
    var shown: (Double) -> Bool
    var always: Bool

    static var identity: MattePlacement {
      MattePlacement(
        affine: { _ in .identity }, fixed: .identity, shown: { _ in true }, always: true)
    }
  }

  /// The most precompositions nested inside a matte that are read.
  static let maximumMatteDepth = 16
  /// The most frames a matte of moving layers is drawn for, frame by frame.
  static let maximumMatteFrames = 2_000
  /// The most vertices precomposition mattes' outlines hold, over all the
  /// frames they are made for, in one file.
  static let maximumMatteVertices = 4_000_000
  /// The most work pairing moving mattes' outlines frame by frame may take
  /// in one file: frames × vertices², summed (about 2 s).
  static let maximumMatteMorphWork = 5e8

  /// One path of a matte's precomposition, in the matte layer's space:
  /// its track when nothing but its own keyframes moves it and it is shown
  /// throughout, otherwise where it is at a script time and whether it is
  /// shown then.
  struct MattePart {
    var fixed: Track<BezierPath>?
    var at: (Double) -> BezierPath
    var shown: (Double) -> Bool
    /// Taken at every frame already (a stroke's outline, large; a trimmed
    /// fill's pieces).
    var isFramewise = false

    /// The part running the other way.
    var reversed: MattePart {
      let at = self.at
      return MattePart(
        fixed: fixed.map { $0.map(\.reversed) }, at: { at($0).reversed }, shown: shown,
        isFramewise: isFramewise)
    }
  }

  /// The fills of `layers` (a precomposition's, on `clock`), each fill's
  /// paths placed in the matte layer's space, turned to run clockwise as
  /// a whole; each fill's alpha in `alphas`.
  func precompMatteParts(
    _ layers: [Layer], clock: TimeMap, placement: MattePlacement, luma: Bool, depth: Int,
    takingStrokes: Bool = true, parts: inout [MattePart], alphas: inout [Double]
  ) throws(ImportError) {
    let byIndex = Layer.positions(of: layers)
    for layer in layers where !layer.hidden && !layer.isMatte {
      let opacity = layer.transform.opacity
      if !opacity.isAnimated && opacity.first <= 0 { continue }
      let (from, to) = clock.span(layer.inPoint, layer.outPoint)
      guard shownAtSomeFrame(from: from, to: to) else { continue }
      if opacity.isAnimated || opacity.first != 100 {
        note(opacity.ref ?? layer.ref, "a layer of a matte's precomposition drawn at 100 % opacity")
      }
      if layer.matteMode != 0 {
        note(layer.ref, "a track matte inside a matte's precomposition not applied")
      }
      if !layer.masks.isEmpty {
        note(layer.masks[0].ref, "masks inside a matte's precomposition not applied")
      }
      let chain =
        try ancestors(of: layer, in: layers, byIndex: byIndex).reversed().map(\.transform)
        + [layer.transform]
      let moves = chain.contains { !isFixed(ShapeWalk.GroupStep(transform: $0, ref: layer.ref)) }
      let own: Affine? = moves ? nil : affineOf(chain, at: 0, clock: clock)
      var inner = placement
      if let own, let outer = placement.fixed {
        let whole = outer.concatenating(own)
        inner.affine = { _ in whole }
        inner.fixed = whole
      } else {
        inner.affine = { [unowned self] t in
          placement.affine(t).concatenating(own ?? self.affineOf(chain, at: t, clock: clock))
        }
        inner.fixed = nil
      }
      inner.shown = { t in t >= from && t < to && placement.shown(t) }
      inner.always = placement.always && shownAtEveryFrame(from: from, to: to)
      switch layer.kind {
      case .shape(let items):
        let fills = matteFills(items, luma: luma, takingStrokes: takingStrokes)
        alphas += fills.alphas.map { $0 * Self.fraction(opacity.first) }
        for (own, group) in zip(matteFillPaths(fills.groups, clock: clock), fills.groups) {
          var placedParts = own.map { placed($0, by: inner) }
          if Self.isTrimmed(group.paint) {
            for k in placedParts.indices { placedParts[k].isFramewise = true }
          }
          parts += Self.clockwise(placedParts, area: { $0.at(0).signedArea }, reversed: \.reversed)
        }
        // Strokes: their outlines (SceneBuilder+StrokeMatte), placed as
        // the fills are (already clockwise).
        for (paint, stroke) in fills.strokes {
          if let outline = matteStrokeOutline(paint, stroke, clock: clock) {
            var part = placed(outline, by: inner)
            part.isFramewise = true
            parts.append(part)
          }
        }
      case .solid(let color, let w, let h):
        let rect = Self.boxPath(w, h)
        alphas.append((luma ? Self.luminance(color) : 1) * Self.fraction(opacity.first))
        parts.append(placed(Track(initial: rect, segments: []), by: inner))
      case .precomp(let id, _, _):
        guard let precomp = composition.precomps[id] else { continue }
        guard depth < Self.maximumMatteDepth, layer.timeRemap == nil else {
          note(
            layer.ref, "a precomposition inside a matte's, time-remapped or too deep, not applied")
          continue
        }
        try precompMatteParts(
          precomp.layers,
          clock: clock.precomp(
            startTime: layer.startTime, stretch: layer.stretch > 0 ? layer.stretch : 1),
          placement: inner, luma: luma, depth: depth + 1, takingStrokes: takingStrokes,
          parts: &parts, alphas: &alphas)
      case .null: break
      default:
        note(layer.ref, "a layer of this type inside a matte's precomposition not applied")
      }
    }
  }

  /// `track` (a path in its layer's space) placed by `placement`.
  private func placed(_ track: Track<BezierPath>, by placement: MattePlacement) -> MattePart {
    if let fixed = placement.fixed, placement.always {
      let mapped = track.map { $0.transformed(fixed) }
      return MattePart(fixed: mapped, at: { mapped.value(at: $0) }, shown: { _ in true })
    }
    return MattePart(
      fixed: nil, at: { t in track.value(at: t).transformed(placement.affine(t)) },
      shown: placement.shown)
  }

  /// The parts as tracks to be joined: their own when each has one;
  /// otherwise each sampled at every frame, a part not shown collapsed
  /// onto its first vertex (it fills nothing and keeps its vertices, so
  /// that frames morph into each other point by point), and held from one
  /// frame to the next where a part appears or disappears. Nil (noted at
  /// `ref`) when that would take more than ``maximumMatteFrames`` frames,
  /// the outlines more than ``maximumMatteVertices`` vertices in all, or
  /// their morphs more than ``maximumMatteMorphWork``.
  func matteTracks(_ parts: [MattePart], ref: JSONRef) -> [Track<BezierPath>]? {
    let vertices = parts.reduce(0) { $0 + $1.at(0).vertices.count }
    let tracks = parts.compactMap(\.fixed)
    // (end · rate a hair past a whole number is that number of frames.)
    let frames = tracks.count == parts.count ? 1 : (end * rate * (1 - 1e-12)).rounded(.up)
    guard frames <= Double(Self.maximumMatteFrames) else {
      note(
        ref,
        "a matte precomposition that moves, over \(Self.maximumMatteFrames) frames: drawn "
          + "without the matte")
      return nil
    }
    // The outlines written, and the pairing of each frame's outline with
    // the next, which anim's morph does in time quadratic in its vertices.
    // Both are counted over all of a file's precomposition mattes.
    let v = Double(vertices)
    let work = frames == 1 ? 0 : frames * v * v
    guard frames * v <= matteBudget.vertices, work <= matteBudget.work else {
      // `frames` counts the steps from frame to frame; the outlines drawn
      // are one more (frames 0…999 of a file of op 1000).
      let drawn = tracks.count == parts.count ? 1 : Int(frames) + 1
      note(
        ref,
        "a matte precomposition too large to draw frame by frame (\(vertices) vertices a "
          + "frame, \(drawn) frames): drawn without the matte")
      return nil
    }
    matteBudget.vertices -= frames * v
    matteBudget.work -= work
    if tracks.count == parts.count { return tracks }
    func at(_ part: MattePart, _ t: Double) -> BezierPath {
      part.shown(t) ? part.at(t) : part.at(t).collapsed
    }
    // Each frame's paths are found once: the end of one segment is the
    // start of the next.
    var current = parts.map { at($0, 0) }
    var result = current.map { Track(initial: $0, segments: []) }
    var k = 0.0
    while k < frames {
      let (t0, t1) = (k / rate, min((k + 1) / rate, end))
      let next = parts.map { at($0, t1) }
      let ease: ScriptEase = parts.contains { $0.shown(t0) != $0.shown(t1) } ? .hold : .linear
      for i in parts.indices {
        result[i].segments.append(
          Segment(start: t0, end: t1, from: current[i], to: next[i], ease: ease))
      }
      current = next
      k += 1
    }
    return result
  }
}

extension BezierPath {
  /// The path with every vertex at its first and no handles: it encloses
  /// nothing.
  var collapsed: BezierPath {
    let point = vertices.first ?? .zero
    return BezierPath(
      vertices: vertices.map { _ in point }, inTangents: inTangents.map { _ in .zero },
      outTangents: outTangents.map { _ in .zero }, closed: closed)
  }
}
