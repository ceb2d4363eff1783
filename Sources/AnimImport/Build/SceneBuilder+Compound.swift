import AnimEngine

/// Outlines made of several paths that move: one path over time, so that a
/// single morphing view draws them (a fill of several shapes, masks added
/// together, the outside of a mask or matte).
extension SceneBuilder {
  /// One track from several: where all share their segment times and
  /// eases, each segment's ends combined (combining is linear in the
  /// vertices, so the mix of the combined is the combined of the mixes);
  /// otherwise the combination at every frame.
  func compound(_ tracks: [Track<BezierPath>], _ combine: ([BezierPath]) -> BezierPath)
    -> Track<BezierPath>
  {
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
    return framewise(moving.compactMap(\.span)) { t in combine(tracks.map { $0.value(at: t) }) }
  }

  /// A path taken at every frame over the time any of `spans` (those of
  /// the moving tracks it depends on) covers, straight from frame to frame,
  /// and held before and after: `value` at t.
  func framewise(_ spans: [ClosedRange<Double>], _ value: (Double) -> BezierPath)
    -> Track<BezierPath>
  {
    let start = max(0, spans.map(\.lowerBound).min() ?? 0)
    let last = min(end, spans.map(\.upperBound).max() ?? 0)
    var result = Track(initial: value(0), segments: [])
    var k = (start * rate).rounded(.down)
    var from = value(k / rate)
    while k / rate < last, result.segments.count < 100_000 {
      let (t0, t1) = (k / rate, min((k + 1) / rate, last))
      let to = value(t1)
      result.segments.append(Segment(start: t0, end: t1, from: from, to: to, ease: .linear))
      from = to
      k += 1
    }
    return result
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
    var result = Track(initial: placed.value(at: 0), segments: [])
    var k = 0.0
    func at(_ t: Double) -> BezierPath {
      placed.value(at: t).transformed(affineOf(transforms, at: t, clock: clock))
    }
    result.initial = at(0)
    while k / rate < end, result.segments.count < 100_000 {
      let (t0, t1) = (k / rate, min((k + 1) / rate, end))
      result.segments.append(Segment(start: t0, end: t1, from: at(t0), to: at(t1), ease: .linear))
      k += 1
    }
    return result
  }

  /// Transforms (outermost first) at script time `t`.
  func affineOf(_ transforms: [ShapeTransform], at t: Double, clock: TimeMap) -> Affine {
    var result = Affine.identity
    for transform in transforms {
      func number(_ p: Animated<Double>) -> Double { Track(p, clock: clock).value(at: t) }
      func point(_ p: Animated<[Double]>) -> [Double] { Track(p, clock: clock).value(at: t) }
      let p =
        transform.position.map(point)
        ?? [transform.positionX.map(number) ?? 0, transform.positionY.map(number) ?? 0]
      let a = point(transform.anchor)
      let s = point(transform.scale)
      let (sin, cos) = Affine.sinCos(degrees: number(transform.rotation))
      let (sx, sy) = (s[0] / 100, s[1] / 100)
      let (ma, mb, mc, md) = (cos * sx, sin * sx, -sin * sy, cos * sy)
      result = result.concatenating(
        Affine(
          a: ma, b: mb, c: mc, d: md, tx: p[0] - (ma * a[0] + mc * a[1]),
          ty: p[1] - (mb * a[0] + md * a[1])))
    }
    return result
  }

  /// An animated rectangle, ellipse or star as Lottie's path at every frame.
  func sampledPath(_ item: ShapeItem, clock: TimeMap) -> Track<BezierPath> {
    guard let at = pathFunction(item, clock: clock) else {
      return Track(initial: fixedPath(item), segments: [])
    }
    var result = Track(initial: at.path(0), segments: [])
    let last = min(at.end, end)
    var k = 0.0
    while k / rate < last, result.segments.count < 100_000 {
      let (t0, t1) = (k / rate, min((k + 1) / rate, last))
      result.segments.append(
        Segment(start: t0, end: t1, from: at.path(t0), to: at.path(t1), ease: .linear))
      k += 1
    }
    return result
  }
}
