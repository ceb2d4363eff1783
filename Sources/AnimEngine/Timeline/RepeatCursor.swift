/// `body * count`: plays back to back, each re-reading its start values.
///
/// After two consecutive plays resolve to identical segments, every later play
/// will too (each starts from the same end state), so the cursor replays the
/// recorded play instead and can jump over any number of plays in O(1) — this
/// is what keeps `blink * forever` stepped a million seconds as cheap as one.
/// A play that repeats shifted by a constant (`move(by: (10, 0), 1) * forever`
/// drifts 10 a play) is replayed with the shift, once two shifts agree.
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

  /// Segments of the play in progress and of the one before, relative to
  /// their play's start; nil once a play could not be recorded.
  private var thisPlay: [Segment]? = []
  private var lastPlay: [Segment]?
  /// Set once plays are known to repeat exactly: the play to replay.
  private var periodic: [Segment]?
  private var replayIndex = 0
  /// How much each play's values exceed the one before's (0: none), and the
  /// play `periodic` was recorded from.
  private var drift = 0.0
  private var recordedPlay = 0
  /// The shift between the last two plays, while looking for a drift.
  private var lastShift: Double?

  /// Plays longer than this are not recorded (they are stepped normally).
  static let maximumRecordedSegments = 64

  /// Set when every play is known in advance (see `StaticPlay`).
  let staticPlay: StaticPlay?
  /// Play 0's first start value, once its first segment started.
  private var firstStart: Double?

  init(
    body: Cursor, period: Double, count: Double, emitsRepeat: Bool, base: Double,
    staticPlay: StaticPlay? = nil
  ) {
    self.body = body
    self.period = period
    self.count = count
    self.emitsRepeat = emitsRepeat
    self.base = base
    self.staticPlay = staticPlay
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
    periodic = nil
    replayIndex = 0
    drift = 0
    recordedPlay = 0
    lastShift = nil
    firstStart = nil
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
    if let p = periodic {
      guard replayIndex < p.count else { return nil }
      next = p[replayIndex].start + playStart(play)
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
        if periodic != nil { replayIndex = 0 } else { body.reset(base: playStart(play)) }
        if emitsRepeat { repeatPending = true }
        continue
      }
      nextStart = holdPending ? cut : .infinity
      return
    }
  }

  /// Compares the play just finished with the one before it.
  private func endPlay() {
    guard periodic == nil, let finished = thisPlay else { return }
    if let previous = lastPlay {
      if Self.same(previous, finished) {
        periodic = finished
        recordedPlay = play
      } else if let shift = Self.shift(previous, finished) {
        if let last = lastShift, abs(shift - last) <= tolerance(shift) {
          periodic = finished
          drift = shift
          recordedPlay = play
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
    if periodic != nil && !repeatPending && !isFractional && replayIndex + 1 < periodic!.count {
      // The common case of a long repeat: replay the recorded play.
      let base = playStart(play)
      r.accept(periodic![replayIndex], shiftedBy: base, drift: drifted(play))
      replayIndex += 1
      nextStart = periodic![replayIndex].start + base
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
    if periodic != nil {
      r.accept(periodic![replayIndex], shiftedBy: playStart(play), drift: drifted(play))
      replayIndex += 1
      return
    }
    body.pop(&r)
    if play == 0 && firstStart == nil { firstStart = r.current?.a[0] }
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

  override func periodicProgram() -> PeriodicProgram? {
    guard !emitsRepeat else { return nil }
    let wholePlays = count.isFinite ? count.rounded(.down) : .infinity
    if let p = periodic {
      var program = PeriodicProgram(
        base: base, period: period, end: base + wholePlays * period, play: p)
      program?.drift = drift
      program?.recordedPlay = Double(recordedPlay)
      return program
    }
    if let staticPlay, play == 0, let firstStart {
      return PeriodicProgram(
        base: base, period: period, end: base + wholePlays * period, parts: staticPlay.parts(),
        firstStart: firstStart)
    }
    return nil
  }

  override func fastForward(to t: Double, _ r: inout Resolver) -> Int {
    guard let p = periodic, period > 0 else { return 0 }
    // Jump to the play before the one holding `t`, so the segment in force at
    // `t` is still started normally.
    let lastWhole = count.isFinite ? count.rounded(.down) - 1 : 9e15
    let target = min(((t - base) / period).rounded(.down) - 1, lastWhole)
    // Plays already begun (a pending repeat event means `play` has not).
    let begun = repeatPending ? play : play + 1
    guard target > Double(begun), target < 9e15 else { return 0 }
    let k = Int(target)
    let rest = repeatPending ? 0 : p.count - replayIndex
    let skipped = rest + (k - begun) * (p.count + (emitsRepeat ? 1 : 0))
    play = k
    replayIndex = 0
    if let last = p.last { r.accept(last, shiftedBy: playStart(k - 1), drift: drifted(k - 1)) }
    repeatPending = emitsRepeat
    refresh()
    return skipped
  }

  /// How far play `k`'s values lie from the recorded play's.
  private func drifted(_ k: Int) -> Double {
    drift == 0 ? 0 : Double(k - recordedPlay) * drift
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
      case (.spring(let s1), .spring(let s2)) where s1.same(as: s2): continue
      case (.event(let e1), .event(let e2)) where e1 == e2: continue
      case (.path(let p1, let l1), .path(let p2, let l2)) where p1 === p2 && l1 == l2: continue
      default: return false
      }
    }
    return true
  }
}
