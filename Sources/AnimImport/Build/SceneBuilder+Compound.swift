import AnimEngine

/// Outlines made of several paths that move: one path over time, so that a
/// single morphing view draws them (a fill of several shapes, masks added
/// together, the outside of a mask or matte).
extension SceneBuilder {
  /// One track from several: where all share their segment times and
  /// eases, each segment's ends combined (combining is linear in the
  /// vertices, so the mix of the combined is the combined of the mixes);
  /// otherwise the combination at every frame.
  func compound(
    _ tracks: [Track<BezierPath>], ref: JSONRef?, _ combine: ([BezierPath]) -> BezierPath
  ) -> Track<BezierPath> {
    let moving = tracks.filter(\.isAnimated)
    if let lead = moving.first,
      moving.allSatisfy({ MotionChain.sameTiming($0, lead) })
    {
      var result = Track(initial: combine(tracks.map(\.initial)), segments: [])
      for (i, segment) in lead.segments.enumerated() {
        func at(_ pick: (Segment<BezierPath>) -> BezierPath) -> BezierPath {
          combine(
            tracks.map { track in
              track.isAnimated ? pick(track.segments[i]) : track.initial
            })
        }
        var combined = segment
        combined.from = at(\.from)
        combined.to = at(\.to)
        combined.route = nil
        result.segments.append(combined)
      }
      return result
    }
    return framewise(moving.compactMap(\.span), ref: ref) { t in
      combine(tracks.map { $0.value(at: t) })
    }
  }

  /// A path taken at every frame over the time any of `spans` (those of
  /// the moving tracks it depends on) covers, straight from frame to frame,
  /// and held before and after: `value` at t (``sampleTimes(fromFrame:to:vertices:)``;
  /// taken at fewer times past the file's budget, noted at `ref`).
  func framewise(
    _ spans: [ClosedRange<Double>], ref: JSONRef?, _ value: (Double) -> BezierPath
  ) -> Track<BezierPath> {
    framewise(spans, ref: ref, vertices: \.vertices.count, value)
  }

  /// Any value taken so, each counting `vertices` of it against the file's
  /// budget (a point: 1).
  func framewise<Value>(
    _ spans: [ClosedRange<Double>], ref: JSONRef?, vertices: (Value) -> Int,
    _ value: (Double) -> Value
  ) -> Track<Value> {
    let start = max(0, spans.map(\.lowerBound).min() ?? 0)
    let last = min(end, spans.map(\.upperBound).max() ?? 0)
    let initial = value(0)
    let (times, thinned) = sampleTimes(
      fromFrame: (start * rate).rounded(.down), to: last, vertices: vertices(initial))
    if thinned { noteThinned(ref, pieces: times.count - 1) }
    return Track(initial: initial, segments: Self.pieces(times, value))
  }

  /// A painted shape's outline over time, in its paint's group: its path,
  /// or Lottie's path of a rectangle, ellipse or star, through the groups
  /// between (fixed ones applied to the points; moving ones frame by
  /// frame).
  func pathTrack(_ shape: ShapeWalk.PaintedShape, clock: TimeMap) -> Track<BezierPath> {
    var track: Track<BezierPath>
    switch shape.item.content {
    case .path(let p): track = Track(p, clock: clock).fromZero(rate: rate, end: end)
    default:
      if isFixed(shape.item) {
        track = Track(initial: fixedPath(shape.item), segments: [])
      } else {
        track = sampledPath(shape.item, clock: clock)
      }
    }
    guard !shape.groups.isEmpty else { return track }
    if shape.groups.allSatisfy(isFixed) {
      let affine = fixedAffine(shape.groups)
      return track.map { $0.transformed(affine) }
    }
    // Moving groups: the shape through them at every frame.
    let transforms = shape.groups.compactMap(\.transform)
    let placed = track
    func at(_ t: Double) -> BezierPath {
      placed.value(at: t).transformed(affineOf(transforms, at: t, clock: clock))
    }
    let initial = at(0)
    let (times, thinned) = sampleTimes(fromFrame: 0, to: end, vertices: initial.vertices.count)
    if thinned { noteThinned(shape.item.ref, pieces: times.count - 1) }
    return Track(initial: initial, segments: Self.pieces(times, at))
  }

  /// Transforms (outermost first) at script time `t`.
  func affineOf(_ transforms: [ShapeTransform], at t: Double, clock: TimeMap) -> Affine {
    var result = Affine.identity
    for transform in transforms {
      func number(_ p: Animated<Double>) -> Double { Track(p, clock: clock).value(at: t) }
      func point(_ p: Animated<[Double]>) -> [Double] { Track(p, clock: clock).value(at: t) }
      let p =
        transform.position.map { Track($0, clock: clock).value(at: t, alongRoutes: true) }
        ?? [transform.positionX.map(number) ?? 0, transform.positionY.map(number) ?? 0]
      result = result.concatenating(
        Self.groupAffine(
          position: p, anchor: point(transform.anchor), scale: point(transform.scale),
          rotation: number(transform.rotation), skew: number(transform.skew),
          axis: number(transform.skewAxis)))
    }
    return result
  }

  /// An animated rectangle, ellipse or star as Lottie's path at every frame.
  func sampledPath(_ item: ShapeItem, clock: TimeMap) -> Track<BezierPath> {
    guard let at = pathFunction(item, clock: clock) else {
      return Track(initial: fixedPath(item), segments: [])
    }
    let initial = at.path(0)
    let (times, thinned) = sampleTimes(
      fromFrame: 0, to: min(at.end, end), vertices: initial.vertices.count)
    if thinned { noteThinned(item.ref, pieces: times.count - 1) }
    return Track(initial: initial, segments: Self.pieces(times, at.path))
  }
}
