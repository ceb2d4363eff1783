/// A repeat whose plays are known to be identical, in a form the clock steps
/// through by arithmetic (next part, next play) instead of starting segments
/// through the cursor: what `blink * 100` costs per frame is then close to
/// what a hand-written loop over start times costs.
struct PeriodicProgram {
  /// One segment of a play: times relative to the play's start.
  struct Part {
    var start: Double
    var duration: Double
    var a: Double
    var b: Double
    var easing: Easing
  }

  /// Run-local start of play 0.
  var base: Double
  var period: Double
  var invPeriod: Double
  /// Run-local time up to which every play is whole and identical; the cursor
  /// takes over from here (the end of the repeat, or a fractional cut).
  var end: Double
  /// The parts, in memory the owning run frees (`release()`): the program is
  /// plain data, so the hot loop reads it with no reference counting.
  var parts: UnsafeMutableBufferPointer<Part>
  /// The value before a play's first part: the previous play's end value.
  var carried: Double
  /// The start value of play 0's first part, when it differs from the other
  /// plays' (it read the track's value before the repeat).
  var firstStart: Double
  /// How much each play's values exceed the one before's, and the play whose
  /// values `parts` hold.
  var drift = 0.0
  var recordedPlay = 0.0

  /// The play holding run-local time `limit` (a time plus the clock's
  /// tolerance), agreeing with the cursor about exact boundaries: play k
  /// starts when base + k·period is reached.
  func play(at limit: Double) -> Double {
    var k = ((limit - base) * invPeriod).rounded(.down)
    if base + (k + 1) * period <= limit {
      k += 1
    } else if k > 0 && base + k * period > limit {
      k -= 1
    }
    return max(k, 0)
  }

  /// The part in force at `limit` in play `k`, or nil before its first part.
  func part(at limit: Double, play k: Double) -> Int? {
    let playStart = base + k * period
    var j = parts.count - 1
    while j >= 0 && playStart + parts[j].start > limit { j -= 1 }
    return j >= 0 ? j : nil
  }

  /// Builds the program of a recorded play (segments relative to the play's
  /// start), or nil when a part is not a plain number interpolation.
  init?(base: Double, period: Double, end: Double, play: [Segment]) {
    guard !play.isEmpty, play.count <= 16 else { return nil }
    var parts: [Part] = []
    for s in play {
      guard case .number = s.form else { return nil }
      parts.append(
        Part(start: s.start, duration: s.duration, a: s.a[0], b: s.b[0], easing: s.easing))
    }
    self.init(base: base, period: period, end: end, parts: parts, firstStart: parts[0].a)
  }

  /// A program of known parts; play 0's first part starts from `firstStart`.
  init?(base: Double, period: Double, end: Double, parts: [Part], firstStart: Double) {
    guard period > 0, !parts.isEmpty else { return nil }
    self.firstStart = firstStart
    self.base = base
    self.period = period
    invPeriod = 1 / period
    self.end = end
    self.parts = .allocate(capacity: parts.count)
    _ = self.parts.initialize(from: parts)
    carried = parts[parts.count - 1].b
  }

  /// Frees the parts; the program must not be used afterwards.
  func release() {
    parts.deinitialize()
    parts.deallocate()
  }
}
