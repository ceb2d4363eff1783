import AnimEngine

/// Animated outlines: a `shape` that morphs (SPEC §16.4) from keyframe to
/// keyframe into invisible views holding each keyframe's path.
///
/// anim's morph pairs two outlines segment by segment when they have as
/// many segments and its rotation of a closed outline's start finds none
/// better than none — then it moves every point on a straight line, as
/// Lottie's players do. Where it would subdivide or rotate, the segment is
/// cut into frames (exact at every frame).
extension SceneBuilder {
  /// The most invisible outlines one import declares for morphs.
  static let maximumMorphTargets = 200_000
  /// The most vertices one animated path's empty keyframes may be filled
  /// in with (``morphable(_:)``): a bound on memory, as a file of many
  /// empty keyframes beside one huge path would otherwise ask for terabytes.
  static let maximumFilledVertices = 10_000_000

  /// A `shape` named `name` morphing through `keyframes`. Where anim's
  /// morph between two of them would not move each point straight (their
  /// vertex counts differ), the segment is cut into frames, each mixed
  /// vertex by vertex as the players mix keyframes, and noted; unless the
  /// track is `framewise` already (taken at every frame by the importer:
  /// exact at each, anim's morph between them).
  func morphingView(
    _ keyframes: Track<BezierPath>, name: String, parent: Int, ref: JSONRef?,
    framewise: Bool = false
  ) throws(ImportError) -> ScriptView {
    guard let (track, opened) = Self.morphable(keyframes) else {
      throw ImportError(
        ref?.pointer ?? "",
        "empty path keyframes that would take more than \(Self.maximumFilledVertices) vertices"
          + " in all to fill in (the import's limit)")
    }
    if opened {
      note(
        ref,
        "keyframes both open and closed: every outline drawn open"
          + " (a stroke's start has caps, not a join)"
      )
    }
    var view = ScriptView(kind: "shape", name: name, parent: parent)
    view.settings = [
      ("d", .string(PathData.text([track.initial], keepEmptySegments: true))),
      ("anchor", .point(0, 0)),
    ]
    // No keyframe has a segment (each is a lone vertex, or none): the
    // path draws nothing at any time, and anim cannot morph outlines it
    // does not have.
    guard track.values.contains(where: { !$0.segments.isEmpty }) else { return view }
    // anim morphs outlines of at most `MorphPair.maximumSegments` segments
    // (a script that morphed more would stop with an error when run).
    if let large = track.values.first(where: { $0.segments.count + 1 > MorphPair.maximumSegments })
    {
      note(
        ref,
        "a moving outline of \(large.segments.count) segments, more than the "
          + "\(MorphPair.maximumSegments) anim morphs, drawn as it is at the start")
      return view
    }
    // Segments anim would morph otherwise than Lottie: frame by frame.
    var segments: [Segment<BezierPath>] = []
    var current = track.initial
    var inexact = false
    var unsampled = false
    for segment in track.segments {
      let from = segment.from
      // The frames a cut takes (at most `sampled`'s 100 000) times the
      // larger outline's vertices.
      let frames = min(100_000, max(1, ((segment.end - segment.start) * rate).rounded(.up)))
      let work = frames * Double(max(from.vertices.count, segment.to.vertices.count, 1))
      if framewise || Self.morphIsExact(current, from) && Self.morphIsExact(from, segment.to)
        || segment.ease == .hold
      {
        segments.append(segment)
      } else if Double(sampledVertices) + work > Double(Self.maximumSampledVertices) {
        // Past the file's budget (a 1 000-vertex path keyframed over 10
        // million frames was cut into 100 000 outlines, past 4.8 GB).
        segments.append(segment)
        unsampled = true
      } else {
        sampledVertices += Int(work)
        let pieces = Track<BezierPath>.sampled(segment, rate: rate)
        var previous = from
        for piece in pieces where !Self.morphIsExact(previous, piece.to) {
          inexact = true
          previous = piece.to
        }
        segments += pieces
      }
      current = segment.to
    }
    if inexact {
      note(ref, "path keyframes that anim cannot morph point by point (drawn approximately)")
    }
    if unsampled {
      note(
        ref,
        "path keyframes that anim cannot morph point by point, over more frames than the import "
          + "cuts them into (\(Self.maximumSampledVertices) vertices in a file): morphed by "
          + "anim between keyframes")
    }
    let sampled = Track(initial: track.initial, segments: segments)
    var targets: [BezierPath: Int] = [:]
    for segment in sampled.segments {
      for value in [segment.from, segment.to] where targets[value] == nil {
        guard morphTargetCount < Self.maximumMorphTargets else {
          throw ImportError(
            "", "more than \(Self.maximumMorphTargets) keyframe outlines (the import's limit)")
        }
        var hidden = ScriptView(kind: "shape", name: "\(name)_key", parent: nil)
        hidden.isMorphTarget = true
        hidden.settings = [
          ("d", .string(PathData.text([value], keepEmptySegments: true))),
          ("anchor", .point(0, 0)), ("alpha", .number(0)),
        ]
        targets[value] = try add(hidden)
        morphTargetCount += 1
      }
    }
    view.runs = [
      ScriptRun(
        parts: MotionChain.parts(sampled, same: ==) { _, to, duration, ease in
          .morph(to: targets[to]!, duration: duration, ease: ease)
        })
    ]
    return view
  }

  /// The keyframes' outlines made such that anim can morph between any two
  /// (it morphs only outlines alike in being closed, each with a segment):
  /// a path of no segment (no vertex, or one) becomes the first outline
  /// with a segment, shrunk to the path's vertex (or that outline's first);
  /// where some outlines are closed and others open, the closed ones are
  /// opened, with their closing segment drawn as a last segment (the same
  /// fill; a stroke's start has caps instead of a join). Whether any was
  /// opened; nil when filling in the empty paths would take more than
  /// ``maximumFilledVertices`` vertices.
  static func morphable(_ track: Track<BezierPath>) -> (Track<BezierPath>, opened: Bool)? {
    let values = track.values
    guard let model = values.first(where: { !$0.segments.isEmpty }) else { return (track, false) }
    let hasEmpty = values.contains { $0.segments.isEmpty }
    let mixed =
      values.contains { $0.closed && !$0.segments.isEmpty }
      && values.contains { !$0.closed && !$0.segments.isEmpty }
    guard hasEmpty || mixed else { return (track, false) }
    let empties = values.count { $0.segments.isEmpty }
    guard empties <= Self.maximumFilledVertices / max(model.vertices.count, 1) else { return nil }
    let zero = OutlinePoint(0, 0)
    func fixed(_ path: BezierPath) -> BezierPath {
      var path = path
      if path.segments.isEmpty {
        let point = path.vertices.first ?? model.vertices[0]
        let count = model.vertices.count
        path = BezierPath(
          vertices: Array(repeating: point, count: count),
          inTangents: Array(repeating: zero, count: count),
          outTangents: Array(repeating: zero, count: count), closed: model.closed)
      }
      if mixed && path.closed {
        path.vertices.append(path.vertices[0])
        path.inTangents.append(path.inTangents[0])
        path.outTangents.append(zero)
        path.closed = false
      }
      return path
    }
    return (track.map(fixed), mixed)
  }

  /// Whether anim's morph from `a` to `b` moves each point of `a` straight
  /// to the same point of `b`, as a Lottie player does.
  static func morphIsExact(_ a: BezierPath, _ b: BezierPath) -> Bool {
    guard a.vertices.count == b.vertices.count, a.closed == b.closed, !a.vertices.isEmpty,
      let outlineA = try? PathDataParser.parse(PathData.text([a], keepEmptySegments: true)),
      let outlineB = try? PathDataParser.parse(PathData.text([b], keepEmptySegments: true)),
      outlineA.subpaths.count == 1, outlineB.subpaths.count == 1,
      let pair = try? MorphPair(target: outlineA, other: outlineB)
    else { return false }
    return pair.from == outlineA.subpaths[0] && pair.to == outlineB.subpaths[0]
  }

  /// An animated rectangle, ellipse or star that anim's kinds cannot draw
  /// as Lottie does: Lottie's path of it at every frame, morphing.
  func sampledShapeView(_ item: ShapeItem, name: String, parent: Int, clock: TimeMap)
    throws(ImportError) -> ScriptView
  {
    try morphingView(sampledPath(item, clock: clock), name: name, parent: parent, ref: item.ref)
  }

  /// Lottie's path of an animated rectangle, ellipse or star at script time
  /// t, and the time its last keyframe ends.
  func pathFunction(_ item: ShapeItem, clock: TimeMap) -> (
    path: (Double) -> BezierPath, end: Double
  )? {
    func number(_ p: Animated<Double>) -> Track<Double> { Track(p, clock: clock) }
    func point(_ p: Animated<[Double]>) -> Track<[Double]> { Track(p, clock: clock) }
    switch item.content {
    case .rect(let p, let s, let r):
      let (tp, ts, tr) = (point(p), point(s), number(r))
      let end =
        [tp.segments.last?.end, ts.segments.last?.end, tr.segments.last?.end]
        .compactMap { $0 }.max() ?? 0
      return (
        { t in
          ShapeGeometry.rect(
            center: tp.value(at: t, alongRoutes: true), size: ts.value(at: t),
            roundness: tr.value(at: t),
            reversed: item.reversed)
        }, end
      )
    case .ellipse(let p, let s):
      let (tp, ts) = (point(p), point(s))
      let end = [tp.segments.last?.end, ts.segments.last?.end].compactMap { $0 }.max() ?? 0
      return (
        { t in
          ShapeGeometry.ellipse(
            center: tp.value(at: t, alongRoutes: true), size: ts.value(at: t),
            reversed: item.reversed)
        }, end
      )
    case .star(let s):
      let tp = point(s.position)
      let others = [
        s.outerRadius, s.innerRadius, s.outerRoundness, s.innerRoundness, s.points, s.rotation,
      ].map(number)
      let end =
        ([tp.segments.last?.end] + others.map { $0.segments.last?.end }).compactMap { $0 }.max()
        ?? 0
      if s.points.isAnimated {
        note(s.points.ref, "an animated number of points drawn frame by frame")
      }
      return (
        { t in
          ShapeGeometry.star(
            polygon: s.isPolygon, center: tp.value(at: t, alongRoutes: true),
            points: others[4].value(at: t),
            outerRadius: others[0].value(at: t), innerRadius: others[1].value(at: t),
            outerRoundness: others[2].value(at: t), innerRoundness: others[3].value(at: t),
            rotation: others[5].value(at: t), reversed: item.reversed)
        }, end
      )
    default:
      return nil
    }
  }
}
