import AnimEngine

/// A paint track (`color`, `stroke`) that holds a gradient at some time
/// (SPEC §21.1), sampled at the recording's frames for the exports: each
/// frame's gradient as straight-alpha stops (the blend every player makes)
/// that draw anim's premultiplied blend, one stop count for all frames (a
/// Lottie gradient's count is fixed), a colour shown at some frames written
/// as a gradient whose every stop is that colour.
struct PaintSamples {
  /// One frame: the gradient's geometry and its stops.
  struct Frame: Equatable {
    var geometry: Gradient.Geometry
    var stops: [GradientStop]
  }

  /// The frames, one per recorded frame time.
  let frames: [Frame]

  /// Whether `track` holds a gradient at some keyframe.
  static func holdsGradient(_ track: PropertyTrack) -> Bool {
    track.keys.contains { Paint.isGradient($0.value) }
  }

  /// The paint `track` holds at time `t`: between two keyframes of one
  /// gradient tween its progress is interpolated as the keyframes say,
  /// between two colours the colour; else the earlier keyframe's paint.
  static func paint(_ track: PropertyTrack, at t: Double) -> Paint {
    let keys = track.keys
    guard let first = keys.first else { return .color(.clear) }
    if t <= first.time || keys.count == 1 { return Paint(first.value) }
    var lo = 0
    var hi = keys.count - 1
    if t >= keys[hi].time { return Paint(keys[hi].value) }
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].time <= t { lo = mid } else { hi = mid }
    }
    let a = keys[lo]
    let b = keys[hi]
    let ga = Paint.isGradient(a.value)
    let gb = Paint.isGradient(b.value)
    if !ga && !gb { return Paint(track.value(at: t)) }
    guard ga, gb, a.value[0] == b.value[0], a.out != .hold else { return Paint(a.value) }
    let x = (t - a.time) / (b.time - a.time)
    var e = x
    if case .bezier(let x1, let y1, let x2, let y2) = a.out {
      e = BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1)).value(atX: x)
    }
    return Paint(
      PropertyValue(a.value[0], a.value[1] + (b.value[1] - a.value[1]) * e, 0, .infinity))
  }

  /// The frames of `track` at `times`; nil when it never holds a gradient.
  init?(_ track: PropertyTrack, times: [Double]) {
    guard Self.holdsGradient(track) else { return nil }
    let paints = times.map { Self.paint(track, at: $0) }
    var reference: Gradient?
    for case .gradient(let g) in paints {
      reference = g
      break
    }
    guard let reference else { return nil }
    let gradients = paints.map { paint -> Gradient in
      switch paint {
      case .gradient(let g): return g
      case .color(let c): return reference.uniform(c)
      }
    }
    var frames = gradients.map { Frame(geometry: $0.geometry, stops: $0.straightStops()) }
    let count = frames[0].stops.count
    if !frames.allSatisfy({ $0.stops.count == count }) {
      // One count for every frame: each gradient at the union of the
      // frames' offsets (at most 257 of them; else 65 evenly spaced).
      var offsets = Set<Double>()
      for f in frames { for s in f.stops { offsets.insert(s.offset) } }
      let common =
        offsets.count <= Gradient.maximumStops + 1
        ? offsets.sorted() : (0...64).map { Double($0) / 64 }
      frames = gradients.map { g in
        let ramp = GradientRamp(g)
        return Frame(
          geometry: g.geometry,
          stops: common.map { o in
            let p = ramp.premultiplied(at: o)
            let color =
              p[3] > 0 ? Color(r: p[0] / p[3], g: p[1] / p[3], b: p[2] / p[3], a: p[3]) : .clear
            return GradientStop(offset: o, color: color)
          }.withTransparentStopsColoured())
      }
    }
    self.frames = frames
  }
}

extension Array where Element == GradientStop {
  /// Each transparent stop with the colour of the nearest visible stop
  /// after it (else before it): blended straight, a transparent stop then
  /// fades its neighbour's colour, as the premultiplied blend does.
  fileprivate func withTransparentStopsColoured() -> [GradientStop] {
    var out = self
    for i in out.indices where out[i].color.a == 0 {
      let next = out[i...].first { $0.color.a > 0 } ?? out[..<i].last { $0.color.a > 0 }
      if let c = next?.color { out[i].color = Color(r: c.r, g: c.g, b: c.b, a: 0) }
    }
    return out
  }
}
