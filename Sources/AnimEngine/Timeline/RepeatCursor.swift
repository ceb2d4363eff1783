/// `body * count`: plays back to back, each re-reading its start values.
///
/// Once the plays are known to be alike (`AlikePlays`: learned from the
/// body's shape before it plays, `KnownPlay`, or by seeing two consecutive
/// plays resolve to the same segments, or the same shifted by a constant),
/// every later play is replayed from them instead of resolved, and any
/// number of plays can be jumped over in O(1) — this is what keeps
/// `blink * forever` stepped a million seconds as cheap as one.
final class RepeatCursor: Cursor {
  let body: Cursor
  let period: Double
  let count: Double
  let emitsRepeat: Bool
  var base: Double

  /// Index of the play in progress.
  private(set) var play = 0
  private var repeatPending = false
  private var holdPending = false
  /// The instant a fractional count cuts the last play.
  private var cut: Double { base + count * period }
  private var isFractional: Bool { count.isFinite && count.rounded(.down) != count }
  /// Run-local time up to which every play is whole.
  private var wholeEnd: Double {
    base + (count.isFinite ? count.rounded(.down) : .infinity) * period
  }

  /// Segments of the play in progress and of the one before, relative to
  /// their play's start; nil once a play could not be recorded.
  private var thisPlay: [Segment]? = []
  private var lastPlay: [Segment]?
  /// The shift between the last two plays, while looking for a drift.
  private var lastShift: Double?
  /// Set once the plays are known to be alike.
  private var alike: AlikePlays?
  /// Set while the play in progress is replayed from `alike`, not resolved.
  private var replaying = false
  private var replayIndex = 0

  /// Plays longer than this are not recorded (they are stepped normally).
  static let maximumRecordedSegments = 64

  /// Set when every play is known before the repeat plays (see `KnownPlay`).
  let knownPlay: KnownPlay?

  init(
    body: Cursor, period: Double, count: Double, emitsRepeat: Bool, base: Double,
    knownPlay: KnownPlay? = nil
  ) {
    self.body = body
    self.period = period
    self.count = count
    self.emitsRepeat = emitsRepeat
    self.base = base
    self.knownPlay = knownPlay
    super.init()
    reset(base: base)
  }

  /// Start of play `k`.
  private func playStart(_ k: Int) -> Double { base + Double(k) * period }

  override func reset(base: Double) {
    self.base = base
    play = 0
    repeatPending = false
    holdPending = isFractional
    thisPlay = []
    lastPlay = nil
    lastShift = nil
    alike = nil
    replaying = false
    replayIndex = 0
    body.reset(base: base)
    if count <= 0 {
      nextStart = .infinity
      holdPending = false
      return
    }
    refresh()
  }

  /// The start of the next segment of the play in progress, or nil when it has
  /// none left (before the cut of a fractional count).
  private var bodyNext: Double? {
    let next: Double
    if replaying, let p = alike {
      guard replayIndex < p.segments.count else { return nil }
      next = p.segments[replayIndex].start + playStart(play)
    } else {
      next = body.nextStart
    }
    if next == .infinity { return nil }
    if isFractional && next > cut + tolerance(cut) { return nil }
    return next
  }

  private func refresh() {
    while true {
      if repeatPending { nextStart = playStart(play); return }
      if let next = bodyNext { nextStart = next; return }
      if Double(play + 1) < count {
        endPlay()
        play += 1
        if alike != nil {
          replaying = true
          replayIndex = 0
        } else {
          body.reset(base: playStart(play))
        }
        if emitsRepeat { repeatPending = true }
        continue
      }
      nextStart = holdPending ? cut : .infinity
      return
    }
  }

  /// Compares the play just finished with the one before it.
  private func endPlay() {
    guard alike == nil, let finished = thisPlay else { return }
    if let previous = lastPlay {
      if Self.same(previous, finished) {
        alike = AlikePlays(
          base: base, period: period, end: wholeEnd, segments: finished, firstStart: nil,
          drift: 0, recordedPlay: play)
      } else if let shift = Self.shift(previous, finished) {
        if let last = lastShift, abs(shift - last) <= tolerance(shift) {
          alike = AlikePlays(
            base: base, period: period, end: wholeEnd, segments: finished, firstStart: nil,
            drift: shift, recordedPlay: play)
        }
        lastShift = shift
      } else {
        lastShift = nil
      }
    }
    lastPlay = finished
    thisPlay = []
  }

  override func pop(_ r: inout Resolver) {
    if replaying && !repeatPending && !isFractional && replayIndex + 1 < alike!.segments.count {
      // The common case of a long repeat: replay the alike play.
      let p = alike!
      let base = playStart(play)
      r.accept(p.segments[replayIndex], shiftedBy: base, drift: p.drifted(Double(play)))
      replayIndex += 1
      nextStart = p.segments[replayIndex].start + base
      return
    }
    defer { refresh() }
    if repeatPending {
      repeatPending = false
      let t = playStart(play)
      r.accept(
        Segment(
          start: t, duration: 0, a: .zero, b: .zero, easing: .linear,
          form: .event(.repeat(iteration: play + 1))))
      return
    }
    if bodyNext == nil && holdPending {
      holdPending = false
      r.hold(at: cut)
      return
    }
    if replaying, let p = alike {
      r.accept(p.segments[replayIndex], shiftedBy: playStart(play), drift: p.drifted(Double(play)))
      replayIndex += 1
      return
    }
    let first = play == 0 && thisPlay?.isEmpty == true
    body.pop(&r)
    if first, alike == nil, let knownPlay, let start = r.current?.a[0] {
      // Play 0's first segment read the track: every play is now known.
      alike = AlikePlays(
        base: base, period: period, end: wholeEnd, segments: knownPlay.segments(),
        firstStart: start, drift: 0, recordedPlay: 1)
    }
    if let segment = r.current { record(segment) }
  }

  private func record(_ segment: Segment) {
    guard thisPlay != nil else { return }
    switch segment.form {
    case .composite, .hold:
      thisPlay = nil
      return
    default: break
    }
    if thisPlay!.count >= Self.maximumRecordedSegments {
      thisPlay = nil
      return
    }
    // Appended in place: copying the list out and back would copy it whole.
    thisPlay!.append(segment)
    thisPlay![thisPlay!.count - 1].start -= playStart(play)
  }

  override func alikePlays() -> AlikePlays? { emitsRepeat ? nil : alike }

  override func skipAlikePlays(to t: Double, _ r: inout Resolver) -> Int {
    guard replaying, let p = alike, period > 0 else { return 0 }
    // Jump to the play before the one holding `t`, so the segment in force at
    // `t` is still started normally.
    let lastWhole = count.isFinite ? count.rounded(.down) - 1 : 9e15
    let target = min(((t - base) / period).rounded(.down) - 1, lastWhole)
    // Plays already begun (a pending repeat event means `play` has not).
    let begun = repeatPending ? play : play + 1
    guard target > Double(begun), target < 9e15 else { return 0 }
    let k = Int(target)
    let n = p.segments.count
    let rest = repeatPending ? 0 : n - replayIndex
    let skipped = rest + (k - begun) * (n + (emitsRepeat ? 1 : 0))
    play = k
    replayIndex = 0
    if let last = p.segments.last {
      r.accept(last, shiftedBy: playStart(k - 1), drift: p.drifted(Double(k - 1)))
    }
    repeatPending = emitsRepeat
    refresh()
    return skipped
  }

  /// The constant by which every value of `b` exceeds `a`'s, when the two
  /// plays are otherwise the same (number segments only), else nil.
  static func shift(_ a: [Segment], _ b: [Segment]) -> Double? {
    guard a.count == b.count, !a.isEmpty else { return nil }
    var found: Double?
    for (x, y) in zip(a, b) {
      guard case .number = x.form, case .number = y.form,
        abs(x.start - y.start) <= tolerance(x.start),
        x.duration == y.duration, x.easing == y.easing
      else { return nil }
      let da = y.a[0] - x.a[0]
      let db = y.b[0] - x.b[0]
      let scale = max(abs(x.a[0]), abs(x.b[0]), abs(y.a[0]), abs(y.b[0]))
      guard abs(da - db) <= tolerance(scale), abs(da - (found ?? da)) <= tolerance(scale) else {
        return nil
      }
      found = found ?? da
    }
    return found == 0 ? nil : found
  }

  /// Whether two recorded plays are the same, segment for segment.
  static func same(_ a: [Segment], _ b: [Segment]) -> Bool {
    guard a.count == b.count else { return false }
    for (x, y) in zip(a, b) {
      if abs(x.start - y.start) > tolerance(x.start) || x.duration != y.duration
        || x.a != y.a || x.b != y.b || x.easing != y.easing
      {
        return false
      }
      switch (x.form, y.form) {
      case (.number, .number): continue
      case (.color(let s1), .color(let s2)) where s1 == s2: continue
      case (.paint(let m1), .paint(let m2)) where m1 == m2: continue
      case (.spring(let s1), .spring(let s2)) where s1.same(as: s2): continue
      case (.event(let e1), .event(let e2)) where e1 == e2: continue
      case (.path(let p1, let l1), .path(let p2, let l2)) where p1 === p2 && l1 == l2: continue
      default: return false
      }
    }
    return true
  }
}
