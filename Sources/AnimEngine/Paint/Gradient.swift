/// One colour stop of a gradient: where it sits along the gradient (0…1)
/// and its colour (straight alpha, as every colour).
public struct GradientStop: Sendable, Hashable {
  /// Where the stop sits, 0 (the start point or the centre) … 1 (the end
  /// point or the radius).
  public var offset: Double
  /// The stop's colour.
  public var color: Color

  public init(offset: Double, color: Color) {
    self.offset = offset
    self.color = color
  }
}

/// A linear or radial gradient in a view's box, in unit coordinates: (0, 0)
/// the box's top-left corner, (1, 1) its bottom-right (SPEC §21.1, as SVG's
/// `objectBoundingBox`). A radius is a fraction of the box's width along x
/// and of its height along y, so a circle in unit coordinates is the ellipse
/// the box stretches it to.
///
/// Colours between two stops are interpolated in sRGB with premultiplied
/// alpha, as CSS does (a stop fading to transparent keeps its neighbour's
/// hue rather than greying through the transparent stop's colour); before
/// the first stop and after the last the end colours extend (pad).
public struct Gradient: Sendable, Hashable {
  /// Where the gradient runs.
  public enum Geometry: Sendable, Hashable {
    /// From `from` (offset 0) to `to` (offset 1), constant along the lines
    /// perpendicular to it in unit coordinates.
    case linear(from: OutlinePoint, to: OutlinePoint)
    /// Offset 1 on the circle of `radius` about `center`; offset 0 at
    /// `focal` (the centre unless a focal point is given), each offset
    /// between on the circle about the point that far from the focal point
    /// towards the centre, of that share of the radius: SVG's two-point
    /// radial gradient with `fr` 0, and Lottie's highlight. A focal point
    /// past ``focalLimit`` of the radius from the centre is drawn at that
    /// share in its direction (``drawnFocal``).
    case radial(center: OutlinePoint, radius: Double, focal: OutlinePoint)

    /// A radial gradient whose focal point is its centre.
    public static func radial(center: OutlinePoint, radius: Double) -> Geometry {
      .radial(center: center, radius: radius, focal: center)
    }
  }

  /// How far from the centre, as a share of the radius, a focal point is
  /// drawn at most: 0.99, as lottie-web and ThorVG clamp Lottie's highlight
  /// (SVG 1.1 moves a focal point outside onto the circle; SVG 2 draws a
  /// cone there instead). Every backend and export draws the clamped point.
  public static let focalLimit = 0.99

  /// Where the gradient runs.
  public var geometry: Geometry
  /// The stops, at least two, offsets in 0…1 non-decreasing.
  public var stops: [GradientStop]

  /// The most stops a gradient may have (a limit so that exports, which may
  /// add stops, stay small).
  public static let maximumStops = 256

  /// A gradient, refused with a message when its stops or geometry are
  /// not what SPEC §21.1 allows: fewer than two stops or more than
  /// ``maximumStops``, an offset outside 0…1 or below the one before it,
  /// a point or radius that is not finite, a negative radius.
  public init(_ geometry: Geometry, stops: [GradientStop]) throws(EngineError) {
    if let problem = Self.problem(geometry: geometry, stops: stops) {
      throw EngineError(problem)
    }
    self.geometry = geometry
    self.stops = stops
  }

  /// A gradient already known to be valid (mixed from two valid ones).
  init(unchecked geometry: Geometry, stops: [GradientStop]) {
    self.geometry = geometry
    self.stops = stops
  }

  /// What is wrong with a gradient of `geometry` and `stops`, or nil.
  public static func problem(geometry: Geometry, stops: [GradientStop]) -> String? {
    switch geometry {
    case .linear(let from, let to):
      guard from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else {
        return "a gradient's points must be finite"
      }
    case .radial(let center, let radius, let focal):
      guard center.x.isFinite, center.y.isFinite else {
        return "a gradient's center must be finite"
      }
      guard focal.x.isFinite, focal.y.isFinite else {
        return "a radial gradient's focal point must be finite"
      }
      guard radius.isFinite, radius >= 0 else {
        return
          "a radial gradient's radius must be a finite number ≥ 0, not \(NumberText.format(radius))"
      }
    }
    return stopsProblem(stops.map(\.offset))
  }

  /// What is wrong with stops at `offsets`, or nil (SPEC §21.1).
  public static func stopsProblem(_ offsets: [Double]) -> String? {
    guard offsets.count >= 2 else {
      return "a gradient needs at least 2 stops, not \(offsets.count)"
    }
    guard offsets.count <= maximumStops else {
      return "a gradient has at most \(maximumStops) stops, not \(offsets.count)"
    }
    var previous = 0.0
    for (i, offset) in offsets.enumerated() {
      guard offset.isFinite, offset >= 0, offset <= 1 else {
        return "stop \(i + 1)'s offset \(NumberText.format(offset)) is outside 0…1"
      }
      guard offset >= previous else {
        return
          "stop \(i + 1)'s offset \(NumberText.format(offset)) is below the one before it (\(NumberText.format(previous))); offsets must not decrease"
      }
      previous = offset
    }
    return nil
  }

  /// `linear` or `radial`: the word a script writes.
  public var kindName: String {
    switch geometry {
    case .linear: return "linear"
    case .radial: return "radial"
    }
  }

  /// Whether two gradients can be tweened into each other: the same kind
  /// and number of stops (SPEC §21.1).
  public func tweens(with other: Gradient) -> Bool {
    kindName == other.kindName && stops.count == other.stops.count
  }

  /// This gradient with every stop at `color` (its offsets and points
  /// kept): what a colour is when it tweens to or from this gradient.
  public func uniform(_ color: Color) -> Gradient {
    Gradient(
      unchecked: geometry, stops: stops.map { GradientStop(offset: $0.offset, color: color) })
  }

  /// The gradient `progress` of the way from `from` to `to` (which
  /// ``tweens(with:)``): stop by stop, each offset linearly and each colour
  /// as a colour motion blends it in `space`; the points and the radius
  /// linearly. Progress outside 0…1 (an overshooting easing) extrapolates;
  /// offsets are then held in 0…1 and non-decreasing, a radius at ≥ 0, so
  /// what is drawn is always a gradient.
  public static func mixing(
    _ from: Gradient, _ to: Gradient, progress: Double, in space: ColorSpace = .srgb
  ) -> Gradient {
    let e = progress.isNaN ? 0 : progress
    if e == 0 { return from }
    if e == 1 { return to }
    func lerp(_ a: Double, _ b: Double) -> Double { FiniteValues.interpolate(a, b, e) }
    func lerp(_ a: OutlinePoint, _ b: OutlinePoint) -> OutlinePoint {
      OutlinePoint(lerp(a.x, b.x), lerp(a.y, b.y))
    }
    let geometry: Geometry
    switch (from.geometry, to.geometry) {
    case (.linear(let f0, let t0), .linear(let f1, let t1)):
      geometry = .linear(from: lerp(f0, f1), to: lerp(t0, t1))
    case (.radial(let c0, let r0, let f0), .radial(let c1, let r1, let f1)):
      geometry = .radial(center: lerp(c0, c1), radius: max(lerp(r0, r1), 0), focal: lerp(f0, f1))
    default:
      geometry = to.geometry
    }
    var stops: [GradientStop] = []
    stops.reserveCapacity(from.stops.count)
    var previous = 0.0
    for (a, b) in zip(from.stops, to.stops) {
      let offset = max(min(max(lerp(a.offset, b.offset), 0), 1), previous)
      previous = offset
      stops.append(
        GradientStop(
          offset: offset,
          color: Color.interpolate(from: a.color, to: b.color, progress: e, in: space)
        ))
    }
    return Gradient(unchecked: geometry, stops: stops)
  }

  /// Where a point of the box in unit coordinates lies along the gradient:
  /// 0 at the start (or centre), 1 at the end (or on the circle). A linear
  /// gradient whose ends coincide, or a radial one of radius 0, is its last
  /// stop everywhere (as SVG and Skia draw them), so gives 1.
  @inlinable @inline(__always)
  public func position(at p: OutlinePoint) -> Double {
    switch geometry {
    case .linear(let from, let to):
      let d = to - from
      let length2 = d.x * d.x + d.y * d.y
      guard length2 > 0 else { return 1 }
      let q = p - from
      return (q.x * d.x + q.y * d.y) / length2
    case .radial(let center, let radius, let focal):
      guard radius > 0 else { return 1 }
      if focal == center {
        let q = p - center
        return (q.x * q.x + q.y * q.y).squareRoot() / radius
      }
      // The t ≥ 0 whose circle, about f + t·(c − f) of radius t·r, passes
      // through p: t²(|d|² − r²) − 2t(q·d) + |q|² = 0 with q = p − f,
      // d = c − f; |d| < r, so one root is ≥ 0.
      let f = Self.drawnFocal(center: center, radius: radius, focal: focal)
      let q = p - f
      let d = center - f
      let a = d.x * d.x + d.y * d.y - radius * radius
      let b = q.x * d.x + q.y * d.y
      let c = q.x * q.x + q.y * q.y
      return (b - (b * b - a * c).squareRoot()) / a
    }
  }

  /// The focal point drawn for a radial gradient: `focal`, or when it lies
  /// farther than ``focalLimit`` of the radius from the centre, the point
  /// at that share of the radius in its direction.
  public static func drawnFocal(center: OutlinePoint, radius: Double, focal: OutlinePoint)
    -> OutlinePoint
  {
    let d = focal - center
    // The length scaled by the larger side, so that points 1e308 away do
    // not overflow to infinity.
    let m = max(abs(d.x), abs(d.y))
    guard m > 0, m.isFinite else { return focal }
    let (ux, uy) = (d.x / m, d.y / m)
    let length = (ux * ux + uy * uy).squareRoot()
    let limit = radius * focalLimit
    guard length * m > limit else { return focal }
    let k = limit / length
    return OutlinePoint(center.x + ux * k, center.y + uy * k)
  }

  /// The colour at position `t` along the gradient (``position(at:)``),
  /// premultiplied: (r·a, g·a, b·a, a), interpolated between the stops
  /// around `t` with premultiplied alpha, padded outside them.
  public func premultiplied(at t: Double) -> SIMD4<Double> {
    GradientRamp(self).premultiplied(at: t)
  }
}

/// A gradient's stops made ready for drawing: premultiplied colours, so a
/// renderer finds the colour at a position with a search and one blend.
public struct GradientRamp: Sendable {
  /// Each stop's offset.
  public let offsets: [Double]
  /// Each stop's colour premultiplied: (r·a, g·a, b·a, a).
  public let colors: [SIMD4<Double>]

  /// The ramp of `gradient`'s stops.
  public init(_ gradient: Gradient) {
    offsets = gradient.stops.map(\.offset)
    colors = gradient.stops.map {
      SIMD4($0.color.r * $0.color.a, $0.color.g * $0.color.a, $0.color.b * $0.color.a, $0.color.a)
    }
  }

  /// The premultiplied colour at position `t`: the first stop's before it
  /// (or at it), the last stop's from the last offset on, and between two
  /// stops their premultiplied colours blended linearly. Where two stops
  /// share an offset the colour jumps there, to the later stop's.
  @inlinable @inline(__always)
  public func premultiplied(at t: Double) -> SIMD4<Double> {
    offsets.withUnsafeBufferPointer { offsets in
      colors.withUnsafeBufferPointer { colors in
        Self.premultiplied(at: t, offsets: offsets, colors: colors)
      }
    }
  }

  /// ``premultiplied(at:)`` of the ramp of `offsets` and `colors` (a
  /// renderer's loop holds them once for all its pixels).
  @inlinable @inline(__always)
  public static func premultiplied(
    at t: Double, offsets: UnsafeBufferPointer<Double>, colors: UnsafeBufferPointer<SIMD4<Double>>
  ) -> SIMD4<Double> {
    let n = offsets.count
    if !(t > offsets[0]) { return colors[0] }
    if t >= offsets[n - 1] { return colors[n - 1] }
    // The last stop at or before t; stops are few, so a linear search.
    var i = 0
    while i + 2 < n && offsets[i + 1] <= t { i += 1 }
    let o0 = offsets[i]
    let o1 = offsets[i + 1]
    let f = (t - o0) / (o1 - o0)
    return colors[i] + (colors[i + 1] - colors[i]) * f
  }
}

extension Gradient {
  /// Stops that, interpolated with straight alpha (as SVG, Chromium's
  /// canvas and Lottie players do), draw this gradient's premultiplied
  /// interpolation (SPEC §21.1) to within `tolerance` in every
  /// premultiplied channel: between two stops of one alpha the two agree;
  /// a transparent stop takes its neighbour's colour on each side (two
  /// stops at its offset, exact); elsewhere the premultiplied line is
  /// sampled, each piece halved until its straight blend is within the
  /// tolerance (at most 64 pieces between two stops).
  public func straightStops(tolerance: Double = 0.25 / 255) -> [GradientStop] {
    func premultiplied(_ c: Color) -> SIMD4<Double> {
      SIMD4(c.r * c.a, c.g * c.a, c.b * c.a, c.a)
    }
    func straight(_ p: SIMD4<Double>) -> Color {
      p[3] > 0 ? Color(r: p[0] / p[3], g: p[1] / p[3], b: p[2] / p[3], a: p[3]) : .clear
    }
    var out: [GradientStop] = []
    func add(_ stop: GradientStop) {
      if let last = out.last, last == stop { return }
      out.append(stop)
    }
    for (s0, s1) in zip(stops, stops.dropFirst()) {
      var (c0, c1) = (s0.color, s1.color)
      // A transparent end takes the other's colour: straight and
      // premultiplied blends then agree everywhere between the two.
      if c0.a == 0 { c0 = Color(r: c1.r, g: c1.g, b: c1.b, a: 0) }
      if c1.a == 0 { c1 = Color(r: c0.r, g: c0.g, b: c0.b, a: 0) }
      add(GradientStop(offset: s0.offset, color: c0))
      if s1.offset == s0.offset || c0.a == c1.a || c0.a == 0 || c1.a == 0 {
        add(GradientStop(offset: s1.offset, color: c1))
        continue
      }
      let p0 = premultiplied(c0)
      let p1 = premultiplied(c1)
      func at(_ f: Double) -> SIMD4<Double> { p0 + (p1 - p0) * f }
      func piece(_ f0: Double, _ f1: Double, depth: Int) {
        let m = (f0 + f1) / 2
        let a = straight(at(f0))
        let b = straight(at(f1))
        let mid = Color(
          r: (a.r + b.r) / 2, g: (a.g + b.g) / 2, b: (a.b + b.b) / 2, a: (a.a + b.a) / 2)
        let error = premultiplied(mid) - at(m)
        let worst = max(max(abs(error[0]), abs(error[1])), max(abs(error[2]), abs(error[3])))
        if depth < 6 && worst > tolerance {
          piece(f0, m, depth: depth + 1)
          piece(m, f1, depth: depth + 1)
        } else {
          let offset = f1 == 1 ? s1.offset : s0.offset + (s1.offset - s0.offset) * f1
          add(GradientStop(offset: offset, color: f1 == 1 ? c1 : b))
        }
      }
      piece(0, 1, depth: 0)
    }
    // One stop: the gradient is one colour (every stop alike).
    if out.count == 1 { out.append(out[0]) }
    return out
  }
}
