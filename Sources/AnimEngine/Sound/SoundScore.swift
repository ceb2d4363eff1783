/// Where the plays of logged runs are heard (SPEC §22): the placements of
/// every play over a range of clock time, found by walking each run's
/// motion for each span of its local time.
///
/// A motion maps a run's local time to each play's own time through its
/// structure: a sequence or a delay shifts it, `speed` scales it, `reverse`
/// and `yoyo` turn it back, a repeat shifts it by whole periods, `ease`
/// re-times it through a curve. Everything but `ease` is affine, so most
/// placements are a start, a play time and a rate; a play under `ease` is
/// warped (`SoundWarp`), its time computed at each sample. Repeats are
/// walked only over the plays that meet the range, so a play repeated
/// forever costs the plays heard, not the plays it has.
public enum SoundScore {
  /// Most placements one mix may have (a play heard in one piece is one):
  /// past it the mix is refused rather than held in memory (each is about
  /// 150 bytes).
  public static let maximumPlacements = 1_000_000

  /// The placements of every play of `runs` heard between clock times
  /// `from` and `to`, with each run's open span closed at `now`, in the
  /// order their runs started.
  public static func placements(
    of runs: [SoundRun], from: Double, to: Double, now: Double
  ) throws(EngineError) -> [SoundPlacement] {
    var walker = Walker(rangeStart: from, rangeEnd: to)
    for run in runs {
      for span in run.spans(upTo: now) {
        try walker.walk(run, span)
      }
    }
    return walker.found
  }

  private struct Walker {
    let rangeStart: Double
    let rangeEnd: Double
    var found: [SoundPlacement] = []
    // The span being walked.
    var span = SoundSpan(start: 0, end: 0, local: 0, rate: 1)
    var run = 0

    init(rangeStart: Double, rangeEnd: Double) {
      self.rangeStart = rangeStart
      self.rangeEnd = rangeEnd
    }

    mutating func walk(_ soundRun: SoundRun, _ span: SoundSpan) throws(EngineError) {
      // Only the part of the span inside the range is heard.
      let start = max(span.start, rangeStart)
      let end = min(span.end, rangeEnd)
      guard end > start, span.rate.isFinite, span.rate != 0 else { return }
      self.span = span
      run = soundRun.id
      let l0 = span.local + span.rate * (start - span.start)
      let l1 = span.local + span.rate * (end - span.start)
      let duration = soundRun.motion.duration
      let lo = max(min(l0, l1), 0)
      let hi = min(max(l0, l1), duration)
      guard hi > lo else { return }
      try visit(soundRun.motion, a: 0, b: 1, lo: lo, hi: hi, warp: nil)
    }

    /// Visits `m`, whose local time is `a + b·u` at run-local time u,
    /// heard for u in [lo, hi]. Under an `ease`, `warp` holds the map from
    /// run-local time to the eased motion's time and the steps since.
    mutating func visit(
      _ m: Motion, a: Double, b: Double, lo: Double, hi: Double, warp: Warp?
    ) throws(EngineError) {
      guard m.hasSound else { return }
      if var warp {
        try visitWarped(m, &warp)
        return
      }
      // The part of [lo, hi] in which m's local time lies in [0, D].
      guard let (ulo, uhi) = Self.within(0, m.duration, a: a, b: b, lo: lo, hi: hi) else { return }
      switch m.node {
      case .leaf(let leaf):
        guard let cue = leaf.sound, cue.duration > 0,
          let (plo, phi) = Self.within(0, cue.duration, a: a, b: b, lo: ulo, hi: uhi)
        else { return }
        try place(cue, a: a, b: b, lo: plo, hi: phi)
      case .sequence(let parts):
        var offset = 0.0
        for part in parts {
          try visit(part, a: a - offset, b: b, lo: ulo, hi: uhi, warp: nil)
          offset += part.duration
        }
      case .parallel(let parts):
        for part in parts { try visit(part, a: a, b: b, lo: ulo, hi: uhi, warp: nil) }
      case .repeating(let body, let count):
        let period = body.duration
        guard period > 0 else { return }
        let vlo = min(a + b * ulo, a + b * uhi)
        let vhi = max(a + b * ulo, a + b * uhi)
        let last = (count.rounded(.up) - 1)
        let first = max((vlo / period).rounded(.down), 0)
        let final = min((vhi / period).rounded(.down), last)
        guard first <= final else { return }
        if final - first > Double(SoundScore.maximumPlacements) { throw Self.tooMany }
        var k = first
        while k <= final {
          // The play's share of the repeat: a fractional count cuts the last one.
          let end = min((k + 1) * period, count * period)
          if let (klo, khi) = Self.within(k * period, end, a: a, b: b, lo: ulo, hi: uhi) {
            try visit(body, a: a - k * period, b: b, lo: klo, hi: khi, warp: nil)
          }
          k += 1
        }
      case .reversed(let body):
        try visit(body, a: body.duration - a, b: -b, lo: ulo, hi: uhi, warp: nil)
      case .yoyo(let body):
        let d = body.duration
        if let (l, h) = Self.within(0, d, a: a, b: b, lo: ulo, hi: uhi) {
          try visit(body, a: a, b: b, lo: l, hi: h, warp: nil)
        }
        if let (l, h) = Self.within(d, 2 * d, a: a, b: b, lo: ulo, hi: uhi) {
          try visit(body, a: 2 * d - a, b: -b, lo: l, hi: h, warp: nil)
        }
      case .speed(let body, let factor):
        try visit(body, a: a * factor, b: b * factor, lo: ulo, hi: uhi, warp: nil)
      case .eased(let body, let easing):
        var warp = Warp(a: a, b: b, lo: ulo, hi: uhi, steps: [.ease(easing, body.duration)])
        try visitWarped(body, &warp)
      case .bound(let body, _):
        try visit(body, a: a, b: b, lo: ulo, hi: uhi, warp: nil)
      case .prepared(let body, let delay):
        try visit(body, a: a - delay, b: b, lo: ulo, hi: uhi, warp: nil)
      }
    }

    /// Visits `m` under an `ease`: every play in it is placed over the
    /// eased motion's whole span, its time computed through the steps.
    mutating func visitWarped(_ m: Motion, _ warp: inout Warp) throws(EngineError) {
      guard m.hasSound else { return }
      let saved = warp.steps.count
      defer { warp.steps.removeLast(warp.steps.count - saved) }
      switch m.node {
      case .leaf(let leaf):
        guard let cue = leaf.sound, cue.duration > 0 else { return }
        warp.steps.append(.window(cue.duration))
        try placeWarped(cue, warp)
      case .sequence(let parts):
        var offset = 0.0
        for part in parts {
          warp.steps.append(.affine(-offset, 1))
          warp.steps.append(.window(part.duration))
          try visitWarped(part, &warp)
          warp.steps.removeLast(2)
          offset += part.duration
        }
      case .parallel(let parts):
        for part in parts {
          warp.steps.append(.window(part.duration))
          try visitWarped(part, &warp)
          warp.steps.removeLast()
        }
      case .repeating(let body, let count):
        // Finite and resolvable: an eased motion holds at most
        // `Motion.maximumResolvedLeaves` leaves.
        let period = body.duration
        guard period > 0, count.isFinite else { return }
        warp.steps.append(.window(count * period))
        var k = 0.0
        while k < count {
          warp.steps.append(.affine(-k * period, 1))
          warp.steps.append(.window(min(period, (count - k) * period)))
          try visitWarped(body, &warp)
          warp.steps.removeLast(2)
          k += 1
        }
      case .reversed(let body):
        warp.steps.append(.window(body.duration))
        warp.steps.append(.affine(body.duration, -1))
        try visitWarped(body, &warp)
      case .yoyo(let body):
        warp.steps.append(.yoyo(body.duration))
        try visitWarped(body, &warp)
      case .speed(let body, let factor):
        warp.steps.append(.affine(0, factor))
        try visitWarped(body, &warp)
      case .eased(let body, let easing):
        warp.steps.append(.ease(easing, body.duration))
        try visitWarped(body, &warp)
      case .bound(let body, _):
        try visitWarped(body, &warp)
      case .prepared(let body, let delay):
        warp.steps.append(.affine(-delay, 1))
        warp.steps.append(.window(body.duration))
        try visitWarped(body, &warp)
      }
    }

    /// A play whose time is `a + b·u`, heard for run-local u in [lo, hi].
    mutating func place(_ cue: SoundCue, a: Double, b: Double, lo: Double, hi: Double)
      throws(EngineError)
    {
      let r = span.rate
      // Run-local time back to clock time, at the end the clock meets first.
      let (first, last) = r > 0 ? (lo, hi) : (hi, lo)
      let start = span.start + (first - span.local) / r
      let end = span.start + (last - span.local) / r
      guard end > start else { return }
      try append(
        SoundPlacement(
          cue: cue, start: start, end: end, tau: a + b * first, rate: b * r, warp: nil, run: run))
    }

    mutating func placeWarped(_ cue: SoundCue, _ warp: Warp) throws(EngineError) {
      let r = span.rate
      let (first, last) = r > 0 ? (warp.lo, warp.hi) : (warp.hi, warp.lo)
      let start = span.start + (first - span.local) / r
      let end = span.start + (last - span.local) / r
      guard end > start else { return }
      let map = SoundWarp(
        clock: span.start, local: span.local, runRate: r, a: warp.a, b: warp.b, steps: warp.steps)
      try append(
        SoundPlacement(
          cue: cue, start: start, end: end, tau: .nan, rate: .nan, warp: map, run: run))
    }

    mutating func append(_ placement: SoundPlacement) throws(EngineError) {
      if found.count >= SoundScore.maximumPlacements { throw Self.tooMany }
      found.append(placement)
    }

    static let tooMany = EngineError(
      "the mix would hold more than \(SoundScore.maximumPlacements) pieces of plays")

    /// The part of run-local [lo, hi] over which `a + b·u` lies in [v0, v1],
    /// or nil when it has no length.
    static func within(
      _ v0: Double, _ v1: Double, a: Double, b: Double, lo: Double, hi: Double
    ) -> (Double, Double)? {
      guard b != 0 else {
        let v = a
        return v >= v0 && v < v1 && hi > lo ? (lo, hi) : nil
      }
      let u0 = (v0 - a) / b
      let u1 = (v1 - a) / b
      let l = max(lo, min(u0, u1))
      let h = min(hi, max(u0, u1))
      return h > l ? (l, h) : nil
    }
  }

  /// The map into an eased motion: run-local time to its local time (`a +
  /// b·u`), where it is heard (run-local [lo, hi]), and the steps since.
  struct Warp {
    var a: Double
    var b: Double
    var lo: Double
    var hi: Double
    var steps: [WarpStep]
  }
}
