import AnimEngine

/// Fills under trim paths. The players fill the piece a trim leaves of each
/// path, closed by a straight line back to the piece's start, where anim's
/// own trim (SPEC §16.3) trims only the stroke. So the importer cuts the
/// pieces itself, with anim's trim of an outline (the cut a stroke's
/// `trimStart`, `trimEnd` and `trimOffset` draw), and fills them as one
/// `shape`: once when nothing moves, else at every frame.
extension SceneBuilder {
  /// The most frames a trimmed fill is cut at.
  static let maximumTrimmedFillFrames = 10_000
  /// The most vertices a trimmed fill's cuts take in all (frames × the
  /// vertices of its paths).
  static let maximumTrimmedFillWork = 500_000

  /// The frames ``framewise(_:ref:_:)`` takes over `spans`.
  static func frameCount(_ spans: [ClosedRange<Double>], rate: Double, end: Double) -> Int {
    let start = max(0, spans.map(\.lowerBound).min() ?? 0)
    let last = min(end, spans.map(\.upperBound).max() ?? 0)
    guard last > start else { return 0 }
    let count = (last * rate).rounded(.up) - (start * rate).rounded(.down)
    return count < 1e9 ? Int(count) : Int.max
  }

  /// Whether a trim that does not leave its shapes whole applies to any of
  /// the paint's shapes.
  static func isTrimmed(_ paint: ShapeWalk.Paint) -> Bool {
    paint.shapes.contains { $0.trims.contains { !isTrivial($0) } }
  }

  /// One trim's start, end and offset as fractions over script time.
  private struct TrimTracks {
    var start, end, offset: Track<Double>
    /// Trims its shapes one after another as one path (`m` 2), not each on
    /// its own (`m` 1).
    var sequential: Bool
    var index: Int

    var moving: [ClosedRange<Double>] { [start.span, end.span, offset.span].compactMap { $0 } }

    /// What the trim leaves of `outline` at `t`. A piece that runs past
    /// the start of a lone closed path is one contour through the start,
    /// as lottie-web and ThorVG fill it (anim's trim gives two pieces
    /// meeting there, each with its own caps for a stroke, SPEC §16.3;
    /// rlottie fills the two apart).
    func piece(of outline: Outline, at t: Double) -> Outline {
      let cut = outline.trimmed(
        start: start.value(at: t), end: end.value(at: t), offset: offset.value(at: t))
      guard outline.subpaths.count == 1, let whole = outline.subpaths.first, whole.isClosed,
        cut.subpaths.count == 2, cut.subpaths[0].end == whole.start,
        cut.subpaths[1].start == whole.start
      else { return cut }
      let (before, after) = (cut.subpaths[0], cut.subpaths[1])
      return Outline([
        Subpath(start: before.start, segments: before.segments + after.segments, isClosed: false)
      ])
    }
  }

  /// The fill `style` of the trimmed shapes of `paint`, as one `shape`
  /// under `parent` (the paint's group): the pieces ``trimmedFill(_:clock:throughGroups:)``
  /// cuts; past its bound, the fill drawn untrimmed.
  func buildTrimmedFill(
    _ paint: ShapeWalk.Paint, style: PaintStyle, parent: Int, clock: TimeMap, layer: String
  ) throws(ImportError) {
    guard let first = paint.shapes.first else { return }
    guard let outline = trimmedFill(paint, clock: clock) else {
      try paintShapes(paint, style: style, parent: parent, clock: clock, layer: layer)
      return
    }
    var view = try morphingView(
      outline, name: viewName(layer, first.item), parent: parent, ref: first.item.ref,
      framewise: true)
    try finish(&view, style: style, trims: [], clock: clock)
  }

  /// What the trims leave of `paint`'s shapes over time, filled as one
  /// path: each shape's path through its groups, cut by the first trim that
  /// applies to it (a second is noted), the pieces joined into one outline
  /// (``BezierPath/joined(_:)``), in the paint's group or, `throughGroups`,
  /// through the paint's groups into its layer's space (a matte's outline;
  /// the cut is made in the group, as the players trim). Taken once when
  /// nothing moves, else at every frame over the time anything does; nil,
  /// with a note, past ``maximumTrimmedFillFrames`` frames or
  /// ``maximumTrimmedFillWork`` vertices.
  func trimmedFill(_ paint: ShapeWalk.Paint, clock: TimeMap, throughGroups: Bool = false)
    -> Track<BezierPath>?
  {
    guard let first = paint.shapes.first else { return nil }
    let paths = paint.shapes.map { pathTrack($0, clock: clock) }
    var trims: [TrimTracks?] = []
    for shape in paint.shapes {
      guard let (trim, t) = activeTrim(shape) else {
        trims.append(nil)
        continue
      }
      let cut = trimTracks(t, clock: clock)
      trims.append(
        TrimTracks(
          start: cut.start, end: cut.end, offset: cut.offset, sequential: t.mode == 2,
          index: trim.ref.index))
    }
    let groups = throughGroups ? paint.groups : []
    let fixedGroups = groups.allSatisfy(isFixed)
    let outer = fixedGroups ? fixedAffine(groups) : .identity
    let transforms = groups.compactMap(\.transform)
    func filled(at t: Double) -> BezierPath {
      var pieces: [BezierPath] = []
      var k = 0
      while k < paths.count {
        guard let trim = trims[k] else {
          pieces.append(paths[k].value(at: t))
          k += 1
          continue
        }
        // A sequential trim cuts the run of shapes it applies to as one
        // outline, subpath after subpath.
        var run = [paths[k].value(at: t).subpath]
        k += 1
        while trim.sequential, k < paths.count, trims[k]?.index == trim.index {
          run.append(paths[k].value(at: t).subpath)
          k += 1
        }
        pieces += trim.piece(of: Outline(run), at: t).subpaths.map(BezierPath.init)
      }
      let joined = BezierPath.joined(pieces)
      if groups.isEmpty { return joined }
      return joined.transformed(fixedGroups ? outer : affineOf(transforms, at: t, clock: clock))
    }
    var spans = paths.compactMap(\.span) + trims.flatMap { $0?.moving ?? [] }
    if !fixedGroups { spans.append(0...end) }
    // Cut at every frame over the time anything moves: bounded, as the
    // work grows with frames × vertices; past the bound, drawn as before
    // anim cut fills (untrimmed), with a note.
    let frames = spans.isEmpty ? 1 : Self.frameCount(spans, rate: rate, end: end)
    let vertices = paths.reduce(0) { sum, track in
      sum + (track.values.map(\.vertices.count).max() ?? 0)
    }
    guard frames <= Self.maximumTrimmedFillFrames,
      Double(frames) * Double(max(vertices, 1)) <= Double(Self.maximumTrimmedFillWork)
    else {
      note(
        paint.shapes.lazy.flatMap(\.trims).first { !Self.isTrivial($0) }?.ref ?? paint.item.ref,
        "trim paths on a fill moving over more than \(Self.maximumTrimmedFillFrames) frames"
          + " or \(Self.maximumTrimmedFillWork) vertices in all: the fill is drawn untrimmed")
      return nil
    }
    return spans.isEmpty
      ? Track(initial: filled(at: 0), segments: [])
      : framewise(spans, ref: first.item.ref, filled)
  }
}

extension SceneBuilder {
  /// The trim `shape`'s trims make together (``activeTrim(_:)``).
  func activeTrim(_ shape: ShapeWalk.PaintedShape) -> (item: ShapeItem, trim: ShapeItem.Trim)? {
    activeTrim(shape.trims)
  }

  /// The trim `trims` (the first applied first) make together
  /// (``TrimChain``), and the first of them; nil when none cuts. Where
  /// they are not one trim, the first that cuts is drawn alone and the
  /// trim after it (or the whole trim turning it) noted; expressions on
  /// any of `trims` are noted.
  func activeTrim(_ trims: [ShapeItem]) -> (item: ShapeItem, trim: ShapeItem.Trim)? {
    func values(_ item: ShapeItem) -> ShapeItem.Trim? {
      guard case .trim(let t) = item.content else { return nil }
      return t
    }
    // Expressions on any of them are noted: one on a trim that leaves the
    // whole path too, which the expression might have cut.
    for t in trims.compactMap(values) {
      noteReading(t.start)
      noteReading(t.end)
      noteReading(t.offset)
    }
    // A trim that leaves the whole path draws it whole, but one with an
    // offset before trims that cut turns where they start.
    guard let cutting = trims.firstIndex(where: { !Self.isTrivial($0) }) else { return nil }
    let turning = trims[..<cutting].filter { item in
      values(item).map { $0.offset.isAnimated || $0.offset.first != 0 } ?? false
    }
    let cutters = trims[cutting...].filter { !Self.isTrivial($0) }
    let active = turning + cutters
    let cuts = active.compactMap(values)
    guard cuts.count == active.count, let cutter = cutters.first, let alone = values(cutter)
    else { return nil }
    if let chain = TrimChain.combined(cuts) { return (active[0], chain) }
    note(
      cutters.count > 1 ? cutters[1].ref : active[0].ref,
      "a second trim on the same shape not drawn (it has an offset or cuts shapes individually,"
        + " or they move over more than \(TrimChain.maximumFrames) frames)")
    return (cutter, alone)
  }

  /// A trim's start and end (fractions) and offset (turns) over script time.
  func trimTracks(_ t: ShapeItem.Trim, clock: TimeMap) -> (
    start: Track<Double>, end: Track<Double>, offset: Track<Double>
  ) {
    (
      Track(t.start, clock: clock).map { $0 / 100 }.fromZero(rate: rate, end: end),
      Track(t.end, clock: clock).map { $0 / 100 }.fromZero(rate: rate, end: end),
      Track(t.offset, clock: clock).map { $0 / 360 }.fromZero(rate: rate, end: end)
    )
  }
}

extension BezierPath {
  /// The path as an outline's subpath (its closing segment, when closed,
  /// the subpath's last).
  var subpath: Subpath {
    Subpath(
      start: vertices.first ?? .zero, segments: segments.map { CubicSegment($0.1, $0.2, $0.3) },
      isClosed: closed)
  }

  /// An outline's subpath as a Lottie path: its vertices, each segment's
  /// controls as the tangents out of its start and into its end.
  init(_ subpath: Subpath) {
    let vertices = subpath.vertices
    var inTangents = Array(repeating: OutlinePoint.zero, count: vertices.count)
    var outTangents = inTangents
    for (k, segment) in subpath.segments.enumerated() where k < vertices.count {
      let j = (k + 1) % vertices.count
      outTangents[k] = segment.control1 - vertices[k]
      inTangents[j] = segment.control2 - vertices[j]
    }
    self.init(
      vertices: vertices, inTangents: inTangents, outTangents: outTangents,
      closed: subpath.isClosed)
  }
}
