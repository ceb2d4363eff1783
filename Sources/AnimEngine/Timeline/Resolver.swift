/// The value of one property of one view under one run, segment by segment:
/// it fixes the values of a track's segments as they start, each reading the
/// value the track has at that instant (the previous segment's value then, or
/// the value the track started from). "Resolving" is how `fade(out, 1)` learns
/// the alpha it fades from.
struct Resolver {
  /// The value before the first segment.
  var initial: PropertyValue
  /// Velocity handed over at the first segment (from a run this one took the
  /// property from).
  var initialVelocity: Double = 0
  /// The segment most recently started.
  var current: Segment?
  /// The scene, view and property the track animates, where a morph reads
  /// outlines and a paint tween reports ends it cannot tween (nil on
  /// tracks that do neither: numbers, the event track, tests).
  var site: TrackSite?

  init(initial: PropertyValue, initialVelocity: Double = 0) {
    self.initial = initial
    self.initialVelocity = initialVelocity
  }

  @inline(__always)
  func value(at t: Double) -> PropertyValue {
    current?.value(at: t) ?? initial
  }

  func velocity(at t: Double) -> Double {
    current?.velocity(at: t) ?? initialVelocity
  }

  /// Fixes `leaf`'s values for a start at `start`, lasting `duration`;
  /// `timeScale` is run seconds per second of the leaf (1 / the enclosing
  /// speeds), by which a spring's path is stretched.
  mutating func resolve(
    _ leaf: TrackLeaf, start: Double, duration: Double, timeScale: Double = 1
  ) {
    let s = value(at: start)
    let segment: Segment
    if let mark = leaf.mark {
      segment = Segment(
        start: start, duration: 0, a: s, b: s, easing: .linear, form: .event(.mark(mark)))
    } else {
      switch leaf.rule {
      case .affine(let ka, let ca, let kb, let cb)
      where leaf.isColor && (Paint.isGradient(s) || Paint.isGradient(ca) || Paint.isGradient(cb)):
        segment = paintSegment(
          leaf, start: start, duration: duration,
          a: ka == 0 ? ca : s, b: kb == 0 ? cb : s)
      case .affine(let ka, let ca, let kb, let cb):
        let form: SegmentForm = leaf.isColor && leaf.space != .srgb ? .color(leaf.space) : .number
        segment = Segment(
          start: start, duration: duration, a: FiniteValues.clamp(ka * s + ca),
          b: FiniteValues.clamp(kb * s + cb), easing: leaf.easing, form: form)
      case .path(let route, let lane):
        segment = Segment(
          start: start, duration: duration,
          a: PropertyValue(route.value(lane, progress: 0), 0, 0, 0),
          b: PropertyValue(route.value(lane, progress: 1), 0, 0, 0), easing: leaf.easing,
          form: .path(route, lane))
      case .morph(let other):
        // The outline now and OTHER's, made ready once: the segment moves the
        // progress (lane 1) of that prepared pair from 0 to 1.
        if let id = site?.scene.morphOutline(of: site!.view, into: other, from: s) {
          segment = Segment(
            start: start, duration: duration, a: PropertyValue(id, 0, 0, 0),
            b: PropertyValue(id, 1, 0, 0), easing: leaf.easing, form: .number)
        } else {
          segment = Segment(
            start: start, duration: duration, a: s, b: s, easing: .linear, form: .hold)
        }
      case .scramble(let target):
        // The string becomes the target when the scramble starts (a seek
        // back to before it does not bring the old one back).
        site?.scene.setText(of: site!.view, to: target)
        segment = Segment(
          start: start, duration: duration, a: PropertyValue(0, 0, 0, 0),
          b: PropertyValue(1, 0, 0, 0), easing: leaf.easing, form: .number)
      case .points(let target):
        // The shape's points now and these, paired once: the segment moves
        // the progress (lane 1) from 0 to 1 (SPEC §23.1).
        if let id = site?.scene.pointsOutline(of: site!.view, to: target, from: s) {
          segment = Segment(
            start: start, duration: duration, a: PropertyValue(id, 0, 0, 0),
            b: PropertyValue(id, 1, 0, 0), easing: leaf.easing, form: .number)
        } else {
          segment = Segment(
            start: start, duration: duration, a: s, b: s, easing: .linear, form: .hold)
        }
      case .spring(let target, let parameters, let relativeVelocity):
        // The spring moves in its natural time, `rate` natural seconds per
        // run second: a velocity handed over (per run second) is divided by
        // it; the spring's own `velocity:` is natural already.
        let rate = 1 / timeScale
        let v0 = FiniteValues.clamp(
          velocity(at: start) / rate
            + FiniteValues.scaledDifference(s[0], target, relativeVelocity))
        let x0 = s[0] - target
        let form: SegmentForm
        if x0.isFinite {
          form = .spring(
            SpringBox(
              SpringSolution(parameters: parameters, displacement: x0, velocity: v0), rate: rate))
        } else {
          form = .wideSpring(
            SpringBox(
              SpringSolution(
                parameters: parameters, displacement: s[0] * 0.5 - target * 0.5,
                velocity: v0 * 0.5), rate: rate))
        }
        segment = Segment(
          start: start, duration: duration, a: s, b: PropertyValue(target, 0, 0, 0),
          easing: .linear, form: form)
      }
    }
    current = segment
  }

  /// A paint tween with a gradient at one end (SPEC §21.1): colour rules
  /// only set or keep a paint (`to`, `from:`), so its ends are `a` and `b`
  /// as they are. Two gradients that cannot be tweened are reported to the
  /// scene (the clock throws it) and the paint holds where it was.
  private func paintSegment(
    _ leaf: TrackLeaf, start: Double, duration: Double, a: PropertyValue, b: PropertyValue
  ) -> Segment {
    do {
      let name = site?.property.name ?? "paint"
      guard let (from, to) = try Paint.tweenEnds(from: Paint(a), to: Paint(b), property: name)
      else {
        return Segment(
          start: start, duration: duration, a: a, b: b, easing: leaf.easing,
          form: leaf.space != .srgb ? .color(leaf.space) : .number)
      }
      let id = PaintMixes.id(of: PaintMix(from: from, to: to, space: leaf.space))
      return Segment(
        start: start, duration: duration, a: a, b: b, easing: leaf.easing, form: .paint(id))
    } catch {
      site?.scene.report(error)
      return Segment(start: start, duration: duration, a: a, b: a, easing: .linear, form: .hold)
    }
  }

  /// Freezes the track at its value at `t`.
  mutating func hold(at t: Double) {
    let s = value(at: t)
    current = Segment(start: t, duration: 0, a: s, b: s, easing: .linear, form: .hold)
  }

  /// Starts a segment fixed elsewhere (an event, a resolved composite).
  mutating func accept(_ segment: Segment) {
    current = segment
  }

  /// Starts a recorded segment again, `offset` seconds later (a periodic
  /// play), its values moved by `drift`.
  mutating func accept(_ segment: Segment, shiftedBy offset: Double, drift: Double = 0) {
    current = segment
    current!.start += offset
    if drift != 0 {
      current!.a[0] = FiniteValues.clamp(current!.a[0] + drift)
      current!.b[0] = FiniteValues.clamp(current!.b[0] + drift)
    }
  }
}

/// Where a track reads and reports beyond its own values: the scene, the
/// view and the property it animates (a morph reads outlines; a paint
/// tween reports two gradients it cannot tween).
struct TrackSite {
  unowned let scene: Scene
  let view: ViewID
  let property: Property
}
