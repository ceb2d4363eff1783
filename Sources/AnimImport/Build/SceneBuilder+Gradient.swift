import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Gradient fills and strokes (`gf`, `gs`) as anim's gradients (SPEC
/// §21.1): Lottie's points, in the paint's group space, mapped into the
/// unit coordinates of the box of the view that draws the shape; its
/// colour and opacity stops as anim's stops (``GradientStops``); keyframed
/// stops and points as `tween`s of the gradient.
extension SceneBuilder {
  /// A view's box in its parent's space: left, top, width, height.
  struct Box: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
  }

  /// The box of a view the importer made: its `x`, `y`, `width`, `height`
  /// and `anchor` settings (a `shape` without a size is 100 × 100, as
  /// anim draws it).
  static func box(of view: ScriptView) -> Box {
    func number(_ name: String, _ fallback: Double) -> Double {
      if case .number(let v)? = view.setting(name) { return v }
      return fallback
    }
    let w = number("width", 100)
    let h = number("height", 100)
    var (ax, ay) = (0.5, 0.5)
    if case .point(let x, let y)? = view.setting("anchor") { (ax, ay) = (x, y) }
    return Box(x: number("x", 0) - ax * w, y: number("y", 0) - ay * h, width: w, height: h)
  }

  /// Whether a gradient paint may draw `item` as anim's own kind (its box
  /// fixed and not turned): a fixed rectangle or ellipse under a linear
  /// gradient. Any other shape is drawn as its outline, a `shape` whose
  /// box is its parent's space scaled by 100 (a radial gradient stays a
  /// circle there, as Lottie draws it).
  func gradientKeepsKind(_ gradient: GradientPaint, _ item: ShapeItem) -> Bool {
    guard !gradient.radial, isFixed(item) else { return false }
    switch item.content {
    case .rect, .ellipse: return true
    default: return false
    }
  }

  /// The gradient's points and stops as one track of numbers: start x, y,
  /// end x, y, the focal point's x, y, then `g.k` (``joinedTrack(_:)``).
  func gradientTrack(_ g: GradientPaint, clock: TimeMap) -> Track<[Double]> {
    func point(_ p: Animated<[Double]>) -> Track<[Double]> {
      Track(p, clock: clock).map { v in [v.first ?? 0, v.count > 1 ? v[1] : 0] }
    }
    let start = point(g.start)
    let end = point(g.end)
    let highlight = Track(g.highlight, clock: clock).map { [$0] }
    let angle = Track(g.angle, clock: clock).map { [$0] }
    // Start, end, highlight and angle at one time, then the focal point
    // worked out of them, as lottie-web does (Self.focal).
    let parts = [start, end, highlight, angle]
    var points = joinedTrack(parts, ref: g.ref)
    if g.radial, !Self.tweensAsRadial(points) {
      if let framewise = framewiseTrack(parts) {
        points = framewise
      } else {
        note(
          g.ref,
          "a radial gradient whose start and end turn about each other over more than "
            + "\(Self.maximumFramewise) frames: its radius is drawn straight between keyframes")
      }
    }
    let geometry = points.map { v in
      Array(v[0..<4]) + (g.radial ? Self.focal(v) : [v[0], v[1]])
    }
    return joinedTrack([geometry, Track(g.stops, clock: clock)], ref: g.ref)
  }

  /// Whether a tween of anim's `radial(center:, radius:)` between each
  /// segment's ends is the gradient the players draw in between: its
  /// radius |end − start| changes linearly only while end − start keeps its
  /// direction, and its focal point stays the centre only without a
  /// highlight. A start and end that turn about each other are otherwise
  /// taken at every frame (lottie-image's sky: a radius 29 % too large
  /// between keyframes).
  static func tweensAsRadial(_ points: Track<[Double]>) -> Bool {
    points.segments.allSatisfy { segment in
      let (a, b) = (segment.from, segment.to)
      let (ax, ay, bx, by) = (a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1])
      let cross = ax * by - ay * bx
      let scale = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
      return abs(cross) <= 1e-9 * scale && ax * bx + ay * by >= 0 && a[4] == 0 && b[4] == 0
    }
  }

  /// A radial gradient's focal point from its start, end, highlight length
  /// `h` (percent of the radius, held within ±99 %) and angle `a` (degrees
  /// from the line start → end): the start moved that share of the radius
  /// at that angle, as lottie-web and ThorVG draw it.
  static func focal(_ v: [Double]) -> [Double] {
    let (sx, sy, ex, ey) = (v[0], v[1], v[2], v[3])
    let h = v[4].isFinite ? min(max(v[4] / 100, -0.99), 0.99) : 0
    guard h != 0 else { return [sx, sy] }
    let radius = ((ex - sx) * (ex - sx) + (ey - sy) * (ey - sy)).squareRoot()
    let angle = atan2(ey - sy, ex - sx) + (v[5].isFinite ? v[5] : 0) * .pi / 180
    let d = radius * h
    let f = [sx + cos(angle) * d, sy + sin(angle) * d]
    return f.allSatisfy(\.isFinite) ? f : [sx, sy]
  }

  /// The most frames ``framewiseTrack(_:)`` takes values at.
  static let maximumFramewise = 10_000

  /// Tracks of numbers as one track of them all, one after another.
  /// Tracks keyframed at the same times with the same eases share their
  /// segments; otherwise the values are sampled at every frame (straight
  /// between frames), or past ``maximumFramewise`` frames taken at every
  /// keyframe of any of them (straight between, noted at `ref`).
  func joinedTrack(_ parts: [Track<[Double]>], ref: JSONRef) -> Track<[Double]> {
    func joined(_ values: [[Double]]) -> [Double] { values.flatMap { $0 } }
    let animated = parts.filter(\.isAnimated)
    let track: Track<[Double]>
    if let base = animated.first,
      animated.dropFirst().allSatisfy({ MotionChain.sameTiming(base, $0) })
    {
      track = Track(
        initial: joined(parts.map(\.initial)),
        segments: base.segments.indices.map { i in
          Segment(
            start: base.segments[i].start, end: base.segments[i].end,
            from: joined(parts.map { $0.isAnimated ? $0.segments[i].from : $0.initial }),
            to: joined(parts.map { $0.isAnimated ? $0.segments[i].to : $0.initial }),
            ease: base.segments[i].ease)
        })
    } else if !animated.isEmpty {
      if let framewise = framewiseTrack(parts) { return framewise }
      note(
        ref,
        "values keyframed at different times, moving over more than \(Self.maximumFramewise) "
          + "frames: drawn straight between their keyframes")
      return keyframewiseTrack(parts)
    } else {
      track = Track(initial: joined(parts.map(\.initial)), segments: [])
    }
    return track.fromZero(rate: rate, end: end)
  }

  /// Tracks of numbers as one track of them all, taken at every frame
  /// from the first segment's start to the last one's end (straight
  /// between frames); nil past ``maximumFramewise`` frames (a file of
  /// 10 million frames took 9.6 GB and wrote a 1.4 GB script).
  func framewiseTrack(_ parts: [Track<[Double]>]) -> Track<[Double]>? {
    func joined(_ values: [[Double]]) -> [Double] { values.flatMap { $0 } }
    let animated = parts.filter(\.isAnimated)
    let initial = joined(parts.map(\.initial))
    guard !animated.isEmpty else { return Track(initial: initial, segments: []) }
    let first = animated.compactMap { $0.segments.first?.start }.min() ?? 0
    let last = min(animated.compactMap { $0.segments.last?.end }.max() ?? 0, max(end, first))
    let span = ((last - first) * rate).rounded(.up)
    guard span <= Double(Self.maximumFramewise) else { return nil }
    let frames = max(1, Int(span))
    func at(_ t: Double) -> [Double] { joined(parts.map { $0.value(at: t) }) }
    let times =
      (0..<frames).map { first + Double($0) / rate } + [min(last, first + Double(frames) / rate)]
    return Track(initial: initial, segments: Self.pieces(times, at)).fromZero(rate: rate, end: end)
  }

  /// Tracks of numbers as one track of them all, taken at every time any
  /// of them has a keyframe (straight between): exact there, and as long
  /// as the file's keyframes, however many frames they span.
  func keyframewiseTrack(_ parts: [Track<[Double]>]) -> Track<[Double]> {
    func at(_ t: Double) -> [Double] { parts.flatMap { $0.value(at: t) } }
    let times = Set(parts.flatMap { $0.segments.flatMap { [$0.start, $0.end] } }).sorted()
    return Track(initial: parts.flatMap(\.initial), segments: Self.pieces(times, at))
      .fromZero(rate: rate, end: end)
  }

  /// Sets `property` of `view` to the gradient and adds its runs.
  func applyGradient(
    _ g: GradientPaint, property: String, to view: inout ScriptView, clock: TimeMap
  ) {
    noteReading(g.start)
    noteReading(g.end)
    noteReading(g.stops)
    let box = Self.box(of: view)
    let track = gradientTrack(g, clock: clock)
    let animated = track.isAnimated
    func value(_ raw: [Double]) -> ScriptValue {
      .gradient(
        Self.scriptGradient(
          raw, radial: g.radial, count: g.count, box: box, merge: !animated,
          pieces: animated ? 1 : 8))
    }
    view.set(property, value(track.initial))
    guard animated else { return }
    let parts = MotionChain.parts(track, same: ==) { _, to, duration, ease in
      .tween([(property, value(to))], duration: duration, ease: ease)
    }
    view.runs.append(ScriptRun(parts: parts))
  }

  /// One value of ``gradientTrack(_:clock:)`` in `box`'s unit coordinates.
  /// A linear gradient's lines of one colour are perpendicular in Lottie's
  /// space, in anim's unit space: from the start, anim's vector is
  /// S·d·|d|² / |S·d|² (S the box's size, d the end minus the start), the
  /// inverse of what the Lottie export writes. A radial gradient's radius
  /// is the distance from start to end over the box's width.
  static func scriptGradient(
    _ raw: [Double], radial: Bool, count: Int, box: Box, merge: Bool = true, pieces: Int = 1
  ) -> ScriptGradient {
    let v = raw.count >= 4 ? raw : raw + Array(repeating: 0, count: 4 - raw.count)
    let w = box.width != 0 ? abs(box.width) : 1
    let h = box.height != 0 ? abs(box.height) : 1
    let (sx, sy, dx, dy) = (v[0], v[1], v[2] - v[0], v[3] - v[1])
    let fx = (sx - box.x) / w
    let fy = (sy - box.y) / h
    let stops = GradientStops.stops(
      Array(raw.dropFirst(6)), count: count, merge: merge, pieces: pieces
    ).map { [tidy($0[0])] + $0.dropFirst() }
    if radial {
      let r = (dx * dx + dy * dy).squareRoot() / w
      var points = [fx, fy, r].map(finite)
      if raw.count >= 6, raw[4] != sx || raw[5] != sy {
        points += [(raw[4] - box.x) / w, (raw[5] - box.y) / h].map(finite)
      }
      return ScriptGradient(radial: true, points: points, stops: stops)
    }
    let d2 = dx * dx + dy * dy
    let (ux, uy) = (dx * w, dy * h)
    let u2 = ux * ux + uy * uy
    let k = u2 > 0 ? d2 / u2 : 0
    return ScriptGradient(
      radial: false, points: [fx, fy, fx + ux * k, fy + uy * k].map(finite), stops: stops)
  }

  /// A unit coordinate rounded to 1e-9 (far below a pixel of any box anim
  /// draws), so that scripts read 0.42857142857 rather than every digit;
  /// huge values are kept as they are, and a value past a double's range
  /// (points 1e200 apart) is 0.
  private static func finite(_ x: Double) -> Double { x.isFinite ? tidy(x) : 0 }

  private static func tidy(_ x: Double) -> Double {
    guard abs(x) < 1e6 else { return x }
    let r = (x * 1e9).rounded() / 1e9
    return r == 0 ? 0 : r
  }
}
