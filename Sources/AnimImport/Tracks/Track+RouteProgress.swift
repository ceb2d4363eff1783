/// The players stop a position at the ends of its spatial route: an ease
/// whose progress leaves 0…1 (a bounce: `o.y` below 0, `i.y` above 1)
/// holds the value at the route's start while the progress is below 0 and
/// at its end while it is above 1 (lottie-web walks the route's length and
/// stops at its last point; ThorVG clamps the length it looks for). anim's
/// `path` carries on along the first or last direction instead (SPEC
/// §14.3), so such a segment is cut where its progress leaves 0…1.
extension Track where Value == [Double] {
  /// The track with each routed segment whose ease leaves 0…1 cut into a
  /// hold at its start, the route under the part of the ease within 0…1
  /// (renormalised: the same progress at every instant) and a hold at its
  /// end.
  func clampingRouteProgress() -> Track<[Double]> {
    var result = Track(initial: initial, segments: [])
    for segment in segments {
      guard segment.route != nil, case .bezier(let ease) = segment.ease,
        let (ua, ub) = ease.withinProgress, ua > 0 || ub < 1,
        let (part, _, _) = ease.part(from: ua, to: ub)
      else {
        result.segments.append(segment)
        continue
      }
      let length = segment.end - segment.start
      let (ta, tb) = (segment.start + ua * length, segment.start + ub * length)
      if ua > 0 {
        result.segments.append(
          Segment(
            start: segment.start, end: ta, from: segment.from, to: segment.from, ease: .linear))
      }
      var routed = segment
      (routed.start, routed.end) = (ta, tb)
      routed.ease = part.isLinear ? .linear : .bezier(part)
      result.segments.append(routed)
      if ub < 1 {
        result.segments.append(
          Segment(start: tb, end: segment.end, from: segment.to, to: segment.to, ease: .linear))
      }
    }
    return result
  }
}

extension Ease {
  /// The time fractions between which the progress stays within 0…1: from
  /// the last time it is at or below 0 to the first time it reaches 1
  /// after that; nil when the curve never leaves 0…1 (or its handles' x
  /// leave 0…1, where time is not a function of the curve).
  var withinProgress: (Double, Double)? {
    guard y1 < 0 || y1 > 1 || y2 < 0 || y2 > 1,
      (0...1).contains(x1), (0...1).contains(x2), y1.isFinite, y2.isFinite
    else { return nil }
    func y(_ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * y1 + 3 * u * s * s * y2 + s * s * s
    }
    func x(_ s: Double) -> Double {
      let u = 1 - s
      return 3 * u * u * s * x1 + 3 * u * s * s * x2 + s * s * s
    }
    // The curve's parameter where y first reaches 1, then the last one
    // before it where y is at most 0: each found on a grid of 1 024 steps,
    // then by bisection to the last bit (y turns at most twice, so a step
    // holds at most one crossing).
    let steps = 1024
    var s1 = 1.0
    for k in 1..<steps where y(Double(k) / Double(steps)) >= 1 {
      var (lo, hi) = (Double(k - 1) / Double(steps), Double(k) / Double(steps))
      for _ in 0..<64 {
        let mid = (lo + hi) / 2
        if y(mid) >= 1 { hi = mid } else { lo = mid }
      }
      s1 = hi
      break
    }
    var s0 = 0.0
    for k in stride(from: steps - 1, through: 1, by: -1)
    where y(Double(k) / Double(steps) * s1) <= 0 {
      var (lo, hi) = (Double(k) / Double(steps) * s1, Double(k + 1) / Double(steps) * s1)
      for _ in 0..<64 {
        let mid = (lo + hi) / 2
        if y(mid) <= 0 { lo = mid } else { hi = mid }
      }
      s0 = lo
      break
    }
    let (ua, ub) = (x(s0), x(s1))
    return ub > ua ? (ua, ub) : nil
  }
}
