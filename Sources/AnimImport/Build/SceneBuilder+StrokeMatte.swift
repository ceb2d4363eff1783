import AnimEngine

/// A track matte's strokes (SPEC §25.1): the region each stroke covers
/// (``StrokeOutline``), cut by its trim, at every frame anything of it
/// moves, so that a line drawn on by trim paths reveals what it mattes.
extension SceneBuilder {
  /// The most frames × vertices a matte's stroke outlines may take.
  static let maximumStrokeMatteWork = 2_000_000

  /// The outline of `stroke` over the shapes of `paint`, in its layer's
  /// space; nil (noted) past ``maximumStrokeMatteWork``.
  func matteStrokeOutline(
    _ paint: ShapeWalk.Paint, _ stroke: ShapeItem.Stroke, clock: TimeMap
  ) -> Track<BezierPath>? {
    let paths = paint.shapes.map { shape in
      var whole = shape
      whole.groups = paint.groups + shape.groups
      return pathTrack(whole, clock: clock)
    }
    // The width is in the paint's group's space: scaled by its groups.
    var scale = 1.0
    if !paint.groups.isEmpty {
      if !paint.groups.allSatisfy(isFixed) {
        note(paint.item.ref, "a matte stroke in moving groups drawn at its width unscaled")
      } else {
        let m = fixedAffine(paint.groups)
        scale = abs(m.a * m.d - m.b * m.c).squareRoot()
      }
    }
    noteReading(stroke.width)
    let width = Track(stroke.width, clock: clock).map { $0 * scale }.fromZero(rate: rate, end: end)
    if stroke.dashes != nil { note(stroke.dashes, "a matte stroke's dashes drawn solid") }
    // Each shape's first trim that does not leave it whole.
    typealias Cut = (start: Track<Double>, end: Track<Double>, offset: Track<Double>)
    var cuts: [Cut?] = []
    for shape in paint.shapes {
      guard let (trim, t) = activeTrim(shape) else {
        cuts.append(nil)
        continue
      }
      if t.mode == 2 && paint.shapes.count > 1 {
        note(trim.ref, "a matte stroke trimmed over several shapes in sequence cut shape by shape")
      }
      cuts.append(trimTracks(t, clock: clock))
    }
    let (cap, join, limit) = (stroke.cap, stroke.join, stroke.miterLimit)
    var chord = 2.0
    func outline(at t: Double, trimmed: Bool = true) -> BezierPath {
      var pieces: [BezierPath] = []
      for (track, cut) in zip(paths, cuts) {
        let path = track.value(at: t)
        var drawn = [path]
        if trimmed, let cut {
          drawn = Outline([path.subpath]).trimmed(
            start: cut.start.value(at: t), end: cut.end.value(at: t),
            offset: cut.offset.value(at: t)
          ).subpaths.map(BezierPath.init)
        }
        for piece in drawn {
          pieces += StrokeOutline.pieces(
            piece, width: width.value(at: t), cap: cap, join: join, miterLimit: limit,
            chord: chord)
        }
      }
      return pieces.isEmpty ? Self.pointPath() : BezierPath.joined(pieces)
    }
    var spans = paths.compactMap(\.span) + [width.span].compactMap { $0 }
    for cut in cuts {
      spans += [cut?.start.span, cut?.end.span, cut?.offset.span].compactMap { $0 ?? nil }
    }
    let frames = spans.isEmpty ? 1 : Self.frameCount(spans, rate: rate, end: end)
    // Bounded before the frames are made: the whole untrimmed outline at
    // the start, grown as its paths' most vertices are to their first.
    let first = paths.reduce(0) { $0 + $1.initial.vertices.count }
    let most = paths.reduce(0) { sum, track in
      sum + (track.values.map(\.vertices.count).max() ?? 0)
    }
    func wholeVertices() -> Double {
      Double(outline(at: 0, trimmed: false).vertices.count) * Double(most)
        / Double(max(first, 1))
    }
    var whole = wholeVertices()
    // Coarser pieces where the whole outline would pass a quarter of what
    // anim morphs (a matte joins it with its other parts).
    let share = Double(MorphPair.maximumSegments) / 4
    if whole > share {
      chord *= whole / share
      whole = wholeVertices()
    }
    guard frames <= Self.maximumTrimmedFillFrames,
      Double(frames) * max(whole, 1) <= Double(Self.maximumStrokeMatteWork)
    else {
      note(
        paint.item.ref,
        "a matte stroke whose outline takes more than \(Self.maximumStrokeMatteWork) vertices"
          + " over its frames not imported")
      return nil
    }
    return spans.isEmpty
      ? Track(initial: outline(at: 0), segments: [])
      : framewise(spans, ref: paint.item.ref) { outline(at: $0) }
  }
}
