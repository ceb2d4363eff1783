/// The plays of a repeat once they are known to be alike: play k is the
/// recorded play moved k periods later (and its values moved by `drift`
/// each play), so the segment in force at any run-local time is computed
/// directly, however many plays lie before it.
///
/// This is the one way anim skips alike plays. A `RepeatCursor` learns them
/// either from the repeat's shape before it plays (`KnownPlay`: leaves one
/// after another, each ending at a fixed value) or by seeing two plays
/// resolve to the same segments (or the same shifted by a constant). The
/// cursor then replays and jumps over plays with it, and the stepper evaluates
/// a lone number track from it by arithmetic. Immutable once made; its parts
/// are freed with it.
final class AlikePlays {
  /// One number segment of a play, times relative to the play's start.
  struct Part {
    var start: Double
    var duration: Double
    var a: Double
    var b: Double
    var easing: Easing
  }

  /// Run-local start of play 0 of the repeat.
  let base: Double
  let period: Double
  let invPeriod: Double
  /// Run-local time up to which every play is whole and alike; the cursor
  /// goes on from here (the end of the repeat, or a fractional cut).
  let end: Double
  /// The play as segments, relative to the play's start (any form: colours,
  /// springs, events), for the cursor to replay.
  let segments: [Segment]
  /// The play as numbers, when every segment is a plain number interpolation
  /// (at most `maximumParts`), for the stepper's arithmetic; empty otherwise.
  /// Raw memory this object owns, so the per-frame loop reads it with no
  /// reference counting.
  let parts: UnsafeMutableBufferPointer<Part>
  /// The start value of play 0's first part when it read the track's value
  /// before the repeat (it differs from the other plays').
  let firstStart: Double?
  /// How much each play's values exceed the one before's, and the play whose
  /// values `segments` hold.
  let drift: Double
  let recordedPlay: Int

  /// Most parts the stepper evaluates by arithmetic.
  static let maximumParts = 16

  init(
    base: Double, period: Double, end: Double, segments: [Segment], firstStart: Double?,
    drift: Double, recordedPlay: Int
  ) {
    self.base = base
    self.period = period
    invPeriod = 1 / period
    self.end = end
    self.segments = segments
    self.firstStart = firstStart
    self.drift = drift
    self.recordedPlay = recordedPlay
    var numbers: [Part] = []
    if period > 0 && !segments.isEmpty && segments.count <= Self.maximumParts {
      for s in segments {
        guard case .number = s.form else {
          numbers = []
          break
        }
        numbers.append(
          Part(start: s.start, duration: s.duration, a: s.a[0], b: s.b[0], easing: s.easing))
      }
    }
    parts = .allocate(capacity: numbers.count)
    _ = parts.initialize(from: numbers)
  }

  deinit {
    parts.deinitialize()
    parts.deallocate()
  }

  /// How far play `k`'s values lie from the recorded play's.
  func drifted(_ k: Double) -> Double {
    drift == 0 ? 0 : (k - Double(recordedPlay)) * drift
  }

  /// Whether two plays' parts are the same, bit for bit (so that either may be
  /// read for the other).
  static func sameParts(
    _ x: UnsafeMutableBufferPointer<Part>, _ y: UnsafeMutableBufferPointer<Part>
  ) -> Bool {
    guard x.count == y.count else { return false }
    if x.baseAddress == y.baseAddress { return true }
    for j in 0..<x.count {
      let p = x[j]
      let q = y[j]
      guard p.start.bitPattern == q.start.bitPattern,
        p.duration.bitPattern == q.duration.bitPattern,
        p.a.bitPattern == q.a.bitPattern, p.b.bitPattern == q.b.bitPattern,
        p.easing == q.easing
      else { return false }
    }
    return true
  }

  /// Whether the stepper may evaluate the plays by arithmetic.
  var isArithmetic: Bool { parts.count > 0 }

  /// The numbers the stepper's arithmetic reads, as plain data (valid while
  /// this object lives: the stepper keeps it alongside).
  var arithmetic: AlikeArithmetic {
    AlikeArithmetic(
      base: base, period: period, invPeriod: invPeriod, end: end, parts: parts,
      firstStart: firstStart, drift: drift, recordedPlay: Double(recordedPlay))
  }
}

/// `AlikePlays` as the stepper's per-frame arithmetic reads it: plain
/// numbers and the parts' memory, so stepping reads them with no reference
/// counting. Times are run-local; play k starts at `base + k·period`.
struct AlikeArithmetic {
  var base = 0.0
  var period = 0.0
  var invPeriod = 0.0
  var end = 0.0
  var parts = UnsafeMutableBufferPointer<AlikePlays.Part>(start: nil, count: 0)
  var firstStart: Double?
  var drift = 0.0
  var recordedPlay = 0.0

  /// Run-local start of play `k`.
  @inline(__always)
  func playStart(_ k: Double) -> Double { base + k * period }

  /// How far play `k`'s values lie from the recorded play's.
  @inline(__always)
  func drifted(_ k: Double) -> Double { drift == 0 ? 0 : (k - recordedPlay) * drift }

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

  /// Run-local start of the part after part `j` of play `k`, or `end` when
  /// that is later (the cursor goes on there).
  func nextPartStart(play k: Double, part j: Int) -> Double {
    let next =
      j + 1 < parts.count
      ? base + k * period + parts[j + 1].start
      : base + (k + 1) * period + parts[0].start
    return min(next, end)
  }
}
