/// What tracks do with time: their value at an instant, the piece of a
/// segment between two instants, a track cut to start at the script's 0 or
/// shown only within a layer's frames, and a segment sampled frame by frame
/// where no curve of the script says it exactly.
extension Track where Value: Interpolable {
  /// The track of `property` on `clock`, with `component` choosing which
  /// of a keyframe's per-component eases applies; holding its value from
  /// the clock's `until` on (a time remap's held frame).
  init(_ property: Animated<Value>, clock: TimeMap, component: Int = 0) {
    initial = property.first
    segments = []
    let frames = property.keyframes
    guard frames.count > 1 else { return }
    for k in 0..<(frames.count - 1) {
      let frame = frames[k]
      let ease: ScriptEase
      if frame.hold {
        ease = .hold
      } else {
        let e = frame.eases[min(component, frame.eases.count - 1)]
        ease = e.isLinear ? .linear : .bezier(e)
      }
      var route: OutlinePointPair?
      if let out = frame.outTangent, let into = frame.inTangent, out.count >= 2, into.count >= 2,
        out[0] != 0 || out[1] != 0 || into[0] != 0 || into[1] != 0
      {
        route = OutlinePointPair(outTangent: out, inTangent: into)
      }
      segments.append(
        Segment(
          start: clock.seconds(frame.time), end: clock.seconds(frames[k + 1].time),
          from: frame.value, to: property.segmentEnd(k), ease: ease, route: route))
    }
    if clock.scale < 0 { self = reversed() }
    if clock.until.isFinite { self = ending(at: clock.until, rate: clock.rate) }
  }

  /// The track of a clock that runs backwards (a time remap played in
  /// reverse), whose segments end before they start: each turned around
  /// (its values swapped, its ease mirrored, its route's tangents swapped),
  /// in time order. A held segment jumps to its value at its new start.
  func reversed() -> Track<Value> {
    var result = Track(initial: segments.last?.to ?? initial, segments: [])
    for segment in segments.reversed() {
      var turned = segment
      (turned.start, turned.end) = (segment.end, segment.start)
      (turned.from, turned.to) = (segment.to, segment.from)
      if let route = segment.route {
        turned.route = OutlinePointPair(
          outTangent: route.inTangent, inTangent: route.outTangent)
      }
      switch segment.ease {
      case .linear: break
      case .bezier(let e):
        turned.ease = .bezier(e.reversed)
      case .hold:
        // Played backwards the held value shows from just after the
        // segment's new start: a jump there, then the value.
        turned.to = segment.from
        turned.end = turned.start
        turned.ease = .linear
        result.segments.append(turned)
        continue
      }
      result.segments.append(turned)
    }
    return result
  }

  /// The value at `t`: a segment's start value at its start, its end value
  /// from its end on, straight between them.
  func value(at t: Double) -> Value { value(at: t, alongRoutes: false) }

  /// The value at `t`; when `alongRoutes`, along a segment's spatial route
  /// where it has one, as the players move a position
  /// (``RouteCut/point(from:to:route:progress:)``): for a position, which
  /// the script moves along its route too (``SceneBuilder/positionRun(_:ref:)``).
  /// Other values with tangents (an anchor, a gradient's points) are
  /// written as tweens and drawn so by both players: straight.
  func value(at t: Double, alongRoutes: Bool) -> Value {
    var current = initial
    for segment in segments {
      if t < segment.start { return current }
      if t < segment.end {
        let u = (t - segment.start) / (segment.end - segment.start)
        let p = segment.ease.progress(u)
        if alongRoutes, let route = segment.route,
          let point = Value.along(route, from: segment.from, to: segment.to, p)
        {
          return point
        }
        return Value.mix(segment.from, segment.to, p)
      }
      current = segment.to
    }
    return current
  }

  /// The piece of `segment` between `a` and `b` (within it), exactly when
  /// a curve can say it; nil otherwise.
  static func piece(of segment: Segment<Value>, from a: Double, to b: Double) -> Segment<Value>? {
    let length = segment.end - segment.start
    guard length > 0 else { return segment }
    let ua = max(0, (a - segment.start) / length)
    let ub = min(1, (b - segment.start) / length)
    var result = segment
    result.start = a
    result.end = b
    // The progress the piece runs between, when its ease stays within it.
    var progress: (Double, Double)?
    switch segment.ease {
    case .linear:
      result.from = Value.mix(segment.from, segment.to, ua)
      result.to = Value.mix(segment.from, segment.to, ub)
      progress = (ua, ub)
    case .hold:
      if ub < 1 {
        result.to = segment.from
        result.ease = .linear
      }
    case .bezier(let ease):
      if ua == 0 && ub == 1 { return segment }
      guard let (part, pa, pb) = ease.part(from: ua, to: ub) else { return nil }
      result.from = Value.mix(segment.from, segment.to, pa)
      result.to = Value.mix(segment.from, segment.to, pb)
      result.ease = part.isLinear ? .linear : .bezier(part)
      if part.isLinear || (0...1).contains(part.y1) && (0...1).contains(part.y2) {
        progress = (pa, pb)
      }
    }
    if let route = segment.route, ua > 0 || ub < 1 {
      // The route's own piece (RouteCut), else straight between the
      // values the chord gives (noted where the track is written).
      result.route = nil
      result.routeCut = true
      if let (pa, pb) = progress, let from = segment.from as? [Double],
        let to = segment.to as? [Double],
        let cut = RouteCut.piece(from: from, to: to, route: route, pa: pa, pb: pb),
        let cutFrom = cut.from as? Value, let cutTo = cut.to as? Value
      {
        result.from = cutFrom
        result.to = cutTo
        result.route = cut.route
        result.routeCut = false
      }
    }
    return result
  }

  /// The most pieces ``sampled(_:rate:keepingHolds:)`` cuts segments into
  /// (a property keyed 1 000 times 10 000 frames apart is otherwise ten
  /// million pieces: a 3D turn's wrote a 590 MB script in 5.3 GB).
  static var maximumFrameTimes: Int { 100_000 }

  /// `segments` each as ``sampled(_:rate:)``'s pieces (a held one as it is,
  /// when `keepingHolds`), up to ``maximumFrameTimes`` pieces in all; past
  /// them a segment is one piece between its own ends (straight), and
  /// `cut`.
  static func sampled(_ segments: [Segment<Value>], rate: Double, keepingHolds: Bool = false)
    -> (pieces: [Segment<Value>], cut: Bool)
  {
    var pieces: [Segment<Value>] = []
    var cut = false
    for segment in segments {
      if keepingHolds, case .hold = segment.ease {
        pieces.append(segment)
        continue
      }
      let frames = ((segment.end - segment.start) * rate).rounded(.up)
      if Double(pieces.count) + frames <= Double(maximumFrameTimes) {
        pieces += sampled(segment, rate: rate)
      } else {
        var whole = segment
        whole.ease = .linear
        whole.route = nil
        pieces.append(whole)
        cut = true
      }
    }
    return (pieces, cut)
  }

  /// `segment` as straight pieces between the frame times inside it
  /// (frames of `rate` per second): exact at every frame.
  static func sampled(_ segment: Segment<Value>, rate: Double) -> [Segment<Value>] {
    var times = [segment.start]
    var k = (segment.start * rate).rounded(.down) + 1
    // A start at frame k can come out a hair under k (k / rate · rate):
    // that frame is the start itself, not a piece of no length after it.
    if k / rate <= segment.start + 1e-9 { k += 1 }
    while k / rate < segment.end - 1e-9, times.count < 100_000 {
      times.append(k / rate)
      k += 1
    }
    times.append(segment.end)
    let length = segment.end - segment.start
    func at(_ t: Double) -> Value {
      let u = length > 0 ? (t - segment.start) / length : 1
      return Value.mix(segment.from, segment.to, segment.ease.progress(u))
    }
    var result: [Segment<Value>] = []
    for i in 0..<(times.count - 1) {
      result.append(
        Segment(
          start: times[i], end: times[i + 1], from: at(times[i]), to: at(times[i + 1]),
          ease: .linear, route: nil))
    }
    return result
  }

  /// The track as the script can run it: nothing before time 0 (a segment
  /// under way at 0 continues from its value there) and nothing after
  /// `end`, the animation's end (a segment under way then stops there; a
  /// keyframe a million years on cannot ask the clock to go there).
  /// `rate` samples a piece no curve can say.
  func fromZero(rate: Double, end: Double = .infinity) -> Track<Value> {
    startingAtZero(rate: rate).ending(at: end, rate: rate)
  }

  /// The track with nothing after `end`: a segment under way then stops
  /// there (its piece, or its frames at `rate` where no curve says the
  /// piece), and the value holds from then on.
  func ending(at end: Double, rate: Double) -> Track<Value> {
    var result = self
    guard let last = result.segments.last, last.end > end else { return result }
    var kept: [Segment<Value>] = []
    for segment in result.segments where segment.start < end || segment.end <= end {
      if segment.end <= end {
        kept.append(segment)
      } else if let piece = Self.piece(of: segment, from: segment.start, to: end) {
        kept.append(piece)
      } else {
        for var piece in Self.sampled(segment, rate: rate) where piece.start < end {
          if piece.end > end {
            let u = (end - piece.start) / (piece.end - piece.start)
            piece.to = Value.mix(piece.from, piece.to, u)
            piece.end = end
          }
          kept.append(piece)
        }
      }
    }
    result.segments = kept
    return result
  }

  private func startingAtZero(rate: Double) -> Track<Value> {
    guard let firstStart = segments.first?.start, firstStart < 0 else { return self }
    var result = Track(initial: value(at: 0), segments: [])
    for segment in segments where segment.end > 0 {
      if segment.start >= 0 {
        result.segments.append(segment)
      } else if let piece = Self.piece(of: segment, from: 0, to: segment.end) {
        // A route's piece starts on the route, not on the chord.
        if piece.route != nil { result.initial = piece.from }
        result.segments.append(piece)
      } else {
        result.segments += Self.sampled(segment, rate: rate).filter { $0.start >= 0 }
      }
    }
    return result
  }

  /// The track shown only from `a` to `b` and `hidden` outside (a layer's
  /// in and out points on its opacity): it jumps to its value at `a`, and
  /// to `hidden` at `b`.
  func shown(from a: Double, to b: Double, hidden: Value, rate: Double) -> Track<Value> {
    var result = Track(initial: a > 0 ? hidden : value(at: 0), segments: [])
    if a > 0 {
      let v = value(at: a)
      result.segments.append(Segment(start: a, end: a, from: hidden, to: v, ease: .linear))
    }
    for segment in segments where segment.end > a && segment.start < b {
      let from = max(segment.start, a)
      let to = min(segment.end, b)
      if from == segment.start && to == segment.end {
        result.segments.append(segment)
      } else if let piece = Self.piece(of: segment, from: from, to: to) {
        result.segments.append(piece)
      } else {
        result.segments += Self.sampled(segment, rate: rate).filter {
          $0.start >= from && $0.end <= to
        }
      }
    }
    if b.isFinite {
      let v = value(at: b)
      result.segments.append(Segment(start: b, end: b, from: v, to: hidden, ease: .linear))
    }
    return result.startingAtZero(rate: rate)
  }
}

extension Segment {
  init(start: Double, end: Double, from: Value, to: Value, ease: ScriptEase) {
    self.init(start: start, end: end, from: from, to: to, ease: ease, route: nil)
  }
}
