#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a resolved segment does over its span.
enum SegmentForm {
  /// `a + (b − a)·E(u/d)`, per lane: numbers use lane 0, and colours in sRGB
  /// interpolate their four channels the same way.
  case number
  /// Colours interpolated in a colour space.
  case color(ColorSpace)
  /// A paint tween with a gradient at one end at least (SPEC §21.1): `a`
  /// and `b` are the paints at the ends, and in between the value is the
  /// mix `id` of ``PaintMixes`` at the eased progress.
  case paint(Double)
  /// The exact spring path to `b`, snapping to `b` at the end. (Boxed, as
  /// is `wideSpring`: a solution is 144 bytes, and every track keeps a
  /// segment, most of them not springs. The clock's hot curve shares the box.)
  case spring(SpringBox)
  /// A spring whose distance `a − b` overflows a double: the solution is that
  /// of the halved distance and velocity, and the path `2·(b/2 + x(t))`.
  case wideSpring(SpringBox)
  /// A whole play resolved in advance and read through a time map
  /// (`reverse`, `yoyo`, `ease`).
  case composite(CompositeTimeline)
  /// Along a motion path, by arc length at progress E(u/d).
  case path(MotionPath, MotionPath.Lane)
  /// The value frozen where it was (the cut of a fractional repeat).
  case hold
  /// An event on the event track.
  case event(EventKind)
}

/// A leaf with its values fixed: from `start` for `duration` seconds (both in
/// run-local time), going from `a` to `b`.
struct Segment {
  var start: Double
  var duration: Double
  var a: PropertyValue
  var b: PropertyValue
  var easing: Easing
  var form: SegmentForm

  var end: Double { start + duration }

  /// The value at run-local time `t`; the end value holds from `end` on
  /// (reached within the clock's tolerance, so a segment that starts where
  /// this one ends reads its exact end value).
  @inline(__always)
  func value(at t: Double) -> PropertyValue {
    let u = t - start
    if u >= duration || reached(start + duration, t) {
      if case .composite(let c) = form { return c.value(atLocal: u) }
      return b
    }
    return value(progressAt: max(u, 0), extrapolating: false)
  }

  /// The value at local time `u` (0…duration, or beyond when extrapolating).
  func value(progressAt u: Double, extrapolating: Bool) -> PropertyValue {
    switch form {
    case .number:
      if duration <= 0 { return b }
      let e = easing(extrapolating ? u / duration : min(u / duration, 1))
      // a + (b − a)·1 rounds (1e17 → −3 gives 0): the end value is b itself.
      if e == 1 { return b }
      let v = a + (b - a) * e
      if FiniteValues.isFinite(v) { return v }
      return PropertyValue(
        FiniteValues.interpolate(a[0], b[0], e), FiniteValues.interpolate(a[1], b[1], e),
        FiniteValues.interpolate(a[2], b[2], e), FiniteValues.interpolate(a[3], b[3], e))
    case .color(let space):
      if duration <= 0 { return b }
      let e = easing(extrapolating ? u / duration : min(u / duration, 1))
      let from = Color(r: a[0], g: a[1], b: a[2], a: a[3])
      let to = Color(r: b[0], g: b[1], b: b[2], a: b[3])
      let c = Color.interpolate(from: from, to: to, progress: e, in: space)
      return PropertyValue(c.r, c.g, c.b, c.a)
    case .paint(let id):
      if duration <= 0 { return b }
      let e = easing(extrapolating ? u / duration : min(u / duration, 1))
      if e == 1 { return b }
      if e == 0 { return a }
      return Paint.value(mix: id, progress: e)
    case .spring(let s):
      if u >= duration && !extrapolating { return b }
      return PropertyValue(
        FiniteValues.clamp(b[0] + s.displacement(at: u), fallback: b[0]), 0, 0, 0)
    case .wideSpring(let s):
      if u >= duration && !extrapolating { return b }
      let half = b[0] * 0.5 + s.displacement(at: u)
      return PropertyValue(FiniteValues.clamp(half * 2, fallback: b[0]), 0, 0, 0)
    case .composite(let c):
      return c.value(atLocal: u)
    case .path(let route, let lane):
      if duration <= 0 { return b }
      let e = easing(extrapolating ? u / duration : min(u / duration, 1))
      if e == 1 { return b }
      return PropertyValue(FiniteValues.clamp(route.value(lane, progress: e)), 0, 0, 0)
    case .hold, .event:
      return a
    }
  }

  /// The rate of change of lane 0 at run-local time `t` (units per second);
  /// a spring that takes this property over starts with it.
  func velocity(at t: Double) -> Double {
    let u = t - start
    if u >= duration || u < 0 { return 0 }
    switch form {
    case .number:
      return FiniteValues.scaledDifference(
        a[0], b[0], easing.derivative(at: u / duration) / duration)
    case .spring(let s):
      return s.velocity(at: u)
    case .wideSpring(let s):
      return FiniteValues.clamp(s.velocity(at: u) * 2)
    case .composite, .path:
      let h = min(1e-6, u, duration - u)
      if h <= 0 { return 0 }
      return FiniteValues.scaledDifference(value(at: t - h)[0], value(at: t + h)[0], 1 / (2 * h))
    case .color, .paint, .hold, .event:
      return 0
    }
  }
}

/// A play resolved ahead of time (with the values it passes through fixed at
/// its start) and read through a time map.
final class CompositeTimeline {
  enum Mode {
    case reversed
    case yoyo
    case eased(Easing)
  }
  let initial: PropertyValue
  let segments: [Segment]
  /// Length of the resolved play (the body), not of the composite.
  let duration: Double
  let mode: Mode
  /// Run seconds per second of the resolved play (`speed` divides it).
  let scale: Double

  init(initial: PropertyValue, segments: [Segment], duration: Double, mode: Mode, scale: Double) {
    self.initial = initial
    self.segments = segments
    self.duration = duration
    self.mode = mode
    self.scale = scale
  }

  /// The value at local time `u` (run seconds) of the composite.
  func value(atLocal runU: Double) -> PropertyValue {
    let u = runU / scale
    switch mode {
    case .reversed:
      return sample(duration - min(max(u, 0), duration))
    case .yoyo:
      let w = min(max(u, 0), 2 * duration)
      return sample(w <= duration ? w : 2 * duration - w)
    case .eased(let e):
      if duration <= 0 { return sample(0) }
      let p = min(max(u / duration, 0), 1)
      return sample(duration * e(p))
    }
  }

  /// The value the resolved play has at its local time `tau`; outside 0…D the
  /// first or last segment extrapolates (an overshooting easing of the whole).
  func sample(_ tau: Double) -> PropertyValue {
    guard let first = segments.first else { return initial }
    if tau < 0 && first.start <= 0 {
      return first.value(progressAt: tau - first.start, extrapolating: true)
    }
    if tau < first.start { return initial }
    var lo = 0
    var hi = segments.count - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if segments[mid].start <= tau { lo = mid } else { hi = mid - 1 }
    }
    let s = segments[lo]
    let u = tau - s.start
    let overshoot =
      tau > duration && abs(s.end - duration) <= tolerance(duration) && lo == segments.count - 1
    if overshoot { return s.value(progressAt: u, extrapolating: true) }
    if u >= s.duration { return s.value(at: tau) }
    return s.value(progressAt: u, extrapolating: false)
  }
}

/// A spring solution on the heap, shared by a segment and the clock's hot
/// curve, so that neither keeps 144 bytes inline for the tracks that do not
/// spring.
final class SpringBox {
  let solution: SpringSolution
  /// Natural seconds per run second: `speed(m, k)` plays a spring in m at k
  /// times its natural rate, so its value at local time u is the natural
  /// value at k·u (SPEC §14.6).
  let rate: Double
  init(_ solution: SpringSolution, rate: Double = 1) {
    self.solution = solution
    self.rate = rate
  }

  /// The displacement from the target `u` run seconds after the start.
  @inline(__always)
  func displacement(at u: Double) -> Double {
    solution.displacement(at: rate == 1 ? u : u * rate)
  }

  /// The rate of change `u` run seconds after the start, per run second.
  func velocity(at u: Double) -> Double {
    rate == 1 ? solution.velocity(at: u) : solution.velocity(at: u * rate) * rate
  }

  /// Whether two boxes trace the same path.
  func same(as other: SpringBox) -> Bool {
    solution == other.solution && rate == other.rate
  }
}
