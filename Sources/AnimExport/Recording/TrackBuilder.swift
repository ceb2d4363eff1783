import AnimEngine

/// Builds one track's keyframes frame by frame (see ``StageRecorder``).
///
/// It is either following an exact segment (from the instant it took over)
/// or free: writing a keyframe per frame that changes, and one hold for a
/// stretch that does not.
struct TrackBuilder {
  /// An exact segment being followed.
  struct Curve {
    var start: Double
    var duration: Double
    var from: PropertyValue
    var to: PropertyValue
    var easing: Easing
    var exact: ExactEasing
    /// When the recording began following it.
    var since: Double

    var end: Double { start + duration }

    func value(at t: Double) -> PropertyValue {
      if duration <= 0 || t >= end { return to }
      let p = max(t - start, 0) / duration
      return from + (to - from) * easing(p)
    }
  }

  private(set) var keys = KeyframeList()
  private var curve: Curve?
  /// The last frame's time and value.
  private var lastTime = -Double.infinity
  private var lastValue = PropertyValue.zero
  private var started = false
  /// The last keyframe was set at a look between frames and holds (see
  /// `observe`).
  private var heldAtLook = false
  /// The frame time at which the track last jumped after the frame (see
  /// `observeAfterFrame`).
  private var jumpedAfterFrame = -Double.infinity

  /// Whether `v` is the value `predicted` (to rounding: the clock computes
  /// the same formula from its own copy of the times).
  static func matches(_ predicted: PropertyValue, _ v: PropertyValue, lanes: Int) -> Bool {
    for l in 0..<lanes {
      if abs(predicted[l] - v[l]) > 1e-9 * max(1, abs(v[l])) { return false }
    }
    return true
  }

  mutating func observe(
    time t: Double, value v: PropertyValue, segment: SegmentInForce?, previousTime: Double,
    jumpDelta: Double, lanes: Int, instant: Bool = false
  ) {
    // Between frames, a value that a running segment does not predict,
    // on a track that segment goes on writing (an assignment to a property
    // a run moves), lasts only the instant: the run writes over it at its
    // next sample. The look records nothing there.
    if instant, let s = segment, !s.paused, s.shape == .eased, s.start <= previousTime,
      let c = Self.curve(of: s, since: t), !Self.matches(c.value(at: t), v, lanes: lanes)
    {
      return
    }
    observe(
      time: t, value: v, segment: segment, previousTime: previousTime, jumpDelta: jumpDelta,
      lanes: lanes)
    // A value set between frames that the segments do not explain (an
    // assignment, a cancel restoring values) holds until the next look: a
    // run that writes the property afterwards brings the value back there
    // as a jump, not as a slide from this instant.
    guard instant, curve == nil, let last = keys.last, last.time == t, last.value == v else {
      return
    }
    if let s = segment, s.shape == .other { return }
    keys[keys.count - 1].out = .hold
    heldAtLook = true
  }

  /// A look at a frame's own instant `t`, after the script's statements
  /// there ran (a takeover, a cancel, an assignment at the frame's time).
  /// The frame keeps the value anim's frame shows (taken before those
  /// statements, SPEC §12.3); what they changed shows from just after it:
  ///
  /// - a track whose value did not move (`jumped` false: a takeover from
  ///   where the view is, a run starting on a still property, a pause) and
  ///   that a segment begun at `t` (or paused) writes is looked at as from
  ///   just before `t`, so that segment is followed from `t`;
  /// - a track whose value jumped holds the frame's value at `t` and goes on
  ///   from `t + jumpDelta`: a curve that predicts the new value at `t`,
  ///   followed from there, or the new value.
  mutating func observeAfterFrame(
    time t: Double, value v: PropertyValue, jumped: Bool, segment: SegmentInForce?,
    jumpDelta: Double, lanes: Int
  ) {
    let before = t.nextDown
    // A curve whose run stopped there (cancelled where it stood) ends at the
    // frame, as a jump would.
    let stopped = segment == nil && (curve.map { t < $0.end } ?? false)
    guard jumped || stopped || !started || jumpedAfterFrame == t else {
      // Only a segment begun at `t` or a pause there changes what follows;
      // anything else was recorded by the frame.
      if let s = segment, s.paused || s.start > before {
        observe(
          time: t, value: v, segment: s, previousTime: before, jumpDelta: jumpDelta, lanes: lanes)
      }
      return
    }
    // An assignment to a property a run goes on writing lasts only the
    // instant (as between frames).
    if let s = segment, !s.paused, s.shape == .eased, s.start < t,
      let c = Self.curve(of: s, since: t), !Self.matches(c.value(at: t), v, lanes: lanes)
    {
      return
    }
    if jumpedAfterFrame == t {
      // A second look at the same instant: what the first put after the
      // frame is redone.
      curve = nil
      while let last = keys.last, last.time > t { keys.removeLast() }
    } else if started {
      if let c = curve {
        emit(c, until: t)
        append(Keyframe(time: t, value: c.value(at: t), out: .hold))
        curve = nil
      } else if let last = keys.last {
        if last.time >= t {
          keys[keys.count - 1].out = .hold
        } else if last.out != .hold {
          append(Keyframe(time: t, value: lastValue, out: .hold))
        }
      }
    }
    jumpedAfterFrame = t
    heldAtLook = false
    let after = t + jumpDelta
    if let s = segment, let n = Self.curve(of: s, since: after), n.duration > 0, after < n.end,
      Self.matches(n.value(at: t), v, lanes: lanes)
    {
      curve = n
    } else {
      let out: KeyInterpolation = segment?.shape == .other ? .sampled : .hold
      append(Keyframe(time: after, value: v, out: out, slope: segment?.velocity ?? 0))
      heldAtLook = out == .hold
    }
    started = true
    lastTime = t
    lastValue = v
  }

  private mutating func observe(
    time t: Double, value v: PropertyValue, segment: SegmentInForce?, previousTime: Double,
    jumpDelta: Double, lanes: Int
  ) {
    // The recorder skips frames at which observing would change nothing (see
    // `isSettled`): the last frame was the recorder's, whether or not this
    // track was observed at it, and its value was the last one observed.
    if started { lastTime = previousTime }
    defer {
      lastTime = t
      lastValue = v
      started = true
    }
    // Built only on the paths that ask (at most once per call).
    func candidate() -> Curve? { segment.flatMap { Self.curve(of: $0, since: t) } }
    guard started else {
      if var c = candidate(), Self.matches(c.value(at: t), v, lanes: lanes) {
        c.since = t
        curve = c
      } else {
        append(Keyframe(time: t, value: v, out: .hold, slope: segment?.velocity ?? 0))
      }
      return
    }
    // A segment that began since the last frame (a takeover, the next part
    // of a sequence, a run started by a handler).
    let begunHere =
      segment.map { $0.start > previousTime && $0.start <= t && !$0.paused } ?? false
    // The curve is read in place until it ends: copying it retains its arcs,
    // and most frames only check that it still predicts the value.
    if curve != nil {
      if begunHere, let s = segment, s.shape != .other {
        let c = curve!
        // The old curve runs up to the new segment's start.
        let startValue = s.duration <= 0 ? s.to : s.from
        close(c, at: s.start, next: startValue, delta: jumpDelta, lanes: lanes)
        curve = nil
        if var n = candidate(), Self.matches(n.value(at: t), v, lanes: lanes) {
          n.since = s.start
          curve = n
        } else {
          append(Keyframe(time: s.start, value: startValue, out: .sampled, slope: 0))
          append(Keyframe(time: t, value: v, out: .sampled, slope: s.velocity))
        }
        return
      }
      if Self.matches(curve!.value(at: t), v, lanes: lanes) {
        // Paused at this frame: the curve stops here and the value holds.
        guard let s = segment, s.paused, s.start == curve!.start, s.duration == curve!.duration
        else {
          return
        }
        let c = curve!
        emit(c, until: t)
        curve = nil
        append(Keyframe(time: t, value: v, out: .hold, slope: 0))
        return
      }
      // Something the segments do not show happened by this frame (a pause,
      // cancel, clear, finish or assignment): the change is put at the frame.
      let c = curve!
      close(c, at: t, next: v, delta: jumpDelta, lanes: lanes)
      curve = nil
      if var n = candidate(), Self.matches(n.value(at: t), v, lanes: lanes) {
        n.since = t
        curve = n
      } else {
        append(Keyframe(time: t, value: v, out: .hold, slope: segment?.velocity ?? 0))
      }
      return
    }
    // Free: keyframes per frame.
    if begunHere, let s = segment, s.shape != .other {
      let startValue = s.duration <= 0 ? s.to : s.from
      endHold(before: s.start)
      if var n = candidate(), Self.matches(n.value(at: t), v, lanes: lanes) {
        n.since = s.start
        curve = n
      } else {
        append(Keyframe(time: s.start, value: startValue, out: .sampled, slope: 0))
        append(Keyframe(time: t, value: v, out: .sampled, slope: s.velocity))
      }
      return
    }
    if var n = candidate(), Self.matches(n.value(at: t), v, lanes: lanes),
      n.duration > 0 && t < n.end
    {
      endHold(before: t)
      n.since = t
      curve = n
      return
    }
    if v == lastValue {
      // The value stopped changing at the last keyframe: from there it holds.
      if var last = keys.last, last.value == v, last.out != .hold {
        last.out = .hold
        keys[keys.count - 1] = last
      }
      return
    }
    endHold(before: t)
    append(Keyframe(time: t, value: v, out: .sampled, slope: segment?.velocity ?? .nan))
  }

  /// The most common frame, taken without copying the segment in force: the
  /// track follows a curve, no exact segment began since `previousTime`,
  /// the curve still predicts `v` and its run is not pausing. Then `observe`
  /// would record nothing; the frame is taken and the answer is true.
  /// Otherwise nothing changes and the answer is false (call `observe`).
  /// `start`, `duration`, `paused` and `exact` describe the segment in force
  /// (`exact`: its shape is not `.other`); `start` is nil when there is none.
  mutating func confirm(
    time t: Double, value v: PropertyValue, start: Double?, duration: Double, paused: Bool,
    exact: Bool, previousTime: Double, lanes: Int
  ) -> Bool {
    // Optional chaining reads the curve in place (`curve!` would copy it).
    guard started, let predicted = curve?.value(at: t) else { return false }
    if let start {
      if exact && start > previousTime && start <= t && !paused { return false }
      if paused && start == curve?.start && duration == curve?.duration { return false }
    }
    guard Self.matches(predicted, v, lanes: lanes) else { return false }
    lastTime = t
    lastValue = v
    return true
  }

  /// Whether observing this track again with the value it has now and no
  /// segment in force would change nothing but the time of its last frame:
  /// it follows a curve that has ended, or it is free and its last keyframe
  /// already holds. The recorder then visits it only when its value changes or
  /// a segment is in force on it.
  var isSettled: Bool {
    if let c = curve { return c.duration <= 0 || lastTime >= c.end }
    guard let last = keys.last else { return true }
    return last.out == .hold || last.value != lastValue
  }

  /// A track of a view declared after the first frame: alpha 0 from the
  /// first frame until the view's own first frame.
  mutating func beginInvisible(at start: Double) {
    keys = [Keyframe(time: start, value: .zero, out: .hold)]
    started = false
  }

  /// The keyframes up to `end` (the last frame's time).
  mutating func finished(at end: Double) -> KeyframeList {
    if let c = curve {
      emit(c, until: end)
      append(Keyframe(time: end, value: c.value(at: end), out: .hold))
      curve = nil
    } else if let last = keys.last, last.time < end {
      append(Keyframe(time: end, value: lastValue, out: .hold))
    }
    return keys
  }

  /// A free track that held its value: the hold ends at the last frame
  /// before `t`, from where the track moves on.
  private mutating func endHold(before t: Double) {
    if heldAtLook {
      heldAtLook = false
      return
    }
    guard var last = keys.last else { return }
    if last.out == .hold && last.time < lastTime && lastTime < t {
      append(Keyframe(time: lastTime, value: lastValue, out: .sampled, slope: 0))
    } else if last.out == .hold {
      last.out = .sampled
      keys[keys.count - 1] = last
    }
  }

  /// Ends the curve at `t`, where the track goes on from `next`: a jump when
  /// that differs from where the curve is.
  private mutating func close(
    _ c: Curve, at t: Double, next: PropertyValue, delta: Double, lanes: Int
  ) {
    let left = c.value(at: t)
    if Self.matches(left, next, lanes: lanes) || t - delta <= c.since {
      emit(c, until: t)
      if !Self.matches(left, next, lanes: lanes), var last = keys.last {
        // Too short to show: it holds, and the jump comes at t.
        last.out = .hold
        keys[keys.count - 1] = last
      }
      return
    }
    emit(c, until: t - delta)
    append(Keyframe(time: t - delta, value: c.value(at: t - delta), out: .hold))
  }

  /// Keyframes for the curve from `since` to `t` (the keyframe at `t` is the
  /// next one's business).
  private mutating func emit(_ c: Curve, until t: Double) {
    let t0 = c.since
    guard t > t0 else { return }
    if c.duration <= 0 || t0 >= c.end {
      append(Keyframe(time: t0, value: c.to, out: .hold))
      return
    }
    let d = c.duration
    let p0 = max((t0 - c.start) / d, 0)
    let p1 = min((t - c.start) / d, 1)
    switch c.exact {
    case .steps(let n):
      let count = Double(n)
      var i = (p0 * count).rounded(.down)
      while i < count && i / count < p1 {
        let time = max(t0, c.start + i / count * d)
        append(Keyframe(time: time, value: c.from + (c.to - c.from) * (i / count), out: .hold))
        i += 1
      }
    case .arcs(let arcs):
      if c.easing == .linear {
        append(Keyframe(time: t0, value: c.value(at: t0), out: .linear))
      } else {
        for arc in arcs where arc.endX > p0 && arc.startX < p1 {
          let piece = arc.restricted(from: max(p0, arc.startX), to: min(p1, arc.endX))
          let time = piece.startX <= p0 ? t0 : c.start + piece.startX * d
          let value = piece.startX <= p0 ? c.value(at: t0) : c.from + (c.to - c.from) * piece.startY
          let out: KeyInterpolation =
            piece.normalized.map { .bezier($0.0, $0.1, $0.2, $0.3) } ?? .hold
          append(Keyframe(time: time, value: value, out: out))
        }
      }
    }
    if t > c.end + 1e-9 {
      append(Keyframe(time: c.end, value: c.to, out: .hold))
    }
  }

  /// Appends a keyframe; one at the same time as the last replaces it, and
  /// a hold that repeats the last held value is dropped.
  private mutating func append(_ key: Keyframe) {
    if var last = keys.last {
      if key.time <= last.time + 1e-12 * max(1, abs(last.time)) {
        keys[keys.count - 1] = key
        return
      }
      if last.out == .hold && key.out == .hold && key.value == last.value { return }
      // A hold-less jump to the same value is a hold.
      if last.value == key.value && last.out != .hold {
        last.out = .hold
        keys[keys.count - 1] = last
      }
    }
    keys.append(key)
  }

  /// The curve of an exact segment, or nil when its easing or blend is not.
  static func curve(of s: SegmentInForce, since t: Double) -> Curve? {
    guard s.shape == .eased, !s.paused else { return nil }
    guard let exact = ExactEasings.shared(s.easing) else { return nil }
    return Curve(
      start: s.start, duration: s.duration, from: s.from, to: s.to, easing: s.easing, exact: exact,
      since: t)
  }
}

/// A cache of exact easings: scripts use a handful of easings on thousands of
/// segments.
enum ExactEasings {
  nonisolated(unsafe) private static var cache: [(Easing, ExactEasing?)] = []
  private static let linear = ExactEasing.of(.linear)

  static func shared(_ easing: Easing) -> ExactEasing? {
    if easing == .linear { return linear }
    for (e, x) in cache where e == easing { return x }
    let x = ExactEasing.of(easing)
    if cache.count < 64 { cache.append((easing, x)) }
    return x
  }
}
