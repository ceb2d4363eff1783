/// The segment a track is writing, as the stepper evaluates it every frame:
/// 64 bytes of plain numbers, refreshed only when a segment starts. The
/// per-frame loop over these is a few loads, an easing and a store.
struct FrameSegment {
  /// How the value is computed.
  enum Kind: UInt8 {
    /// Not writing: not started yet, or taken over by another run.
    case idle
    /// `a + (b − a)·p`, with numbers that cannot overflow (see
    /// `takesLinearPath`): the stepper writes it without a finiteness test.
    /// Linear segments with wider numbers are `.eased` with a linear curve.
    case linear
    /// `a + (b − a)·E(p)`, E in the track's `SegmentCurve`.
    case eased
    /// `b + displacement(t)`, the spring in the track's `SegmentCurve`.
    case spring
    /// Anything else (colours, reversed or eased plays): ask the segment.
    case general
  }

  /// Run-local start of the track's next segment (`.infinity`: none).
  var nextStart: Double = .infinity
  var start = 0.0
  /// Run-local time from which the end value holds (the end, less the clock's
  /// tolerance).
  var endLimit = 0.0
  var invDuration = 0.0
  var a = 0.0
  var b = 0.0
  /// Index of the property's first slot in the scene's values.
  var slot: Int32
  var kind = Kind.idle
  /// Set while the track's alike plays (in its `SegmentCurve`) supply the
  /// segments: at `nextStart` the stepper moves to the next part by
  /// arithmetic instead of asking the cursor.
  var fromAlikePlays = false

  init(slot: Int) { self.slot = Int32(truncatingIfNeeded: slot) }

  /// Takes part `j` of `plays`, in play `k`.
  mutating func load(
    part j: Int, of plays: AlikeArithmetic, play k: Double, curve: inout SegmentCurve
  ) {
    let part = plays.parts[j]
    let playStart = plays.playStart(k)
    start = playStart + part.start
    let end = start + part.duration
    endLimit = end - tolerance(end)
    invDuration = part.duration > 0 ? 1 / part.duration : .infinity
    a = playStart == plays.base && j == 0 ? (plays.firstStart ?? part.a) : part.a
    b = part.b
    if plays.drift != 0 {
      let shift = plays.drifted(((playStart - plays.base) * plays.invPeriod).rounded())
      a = FiniteValues.clamp(a + shift)
      b = FiniteValues.clamp(b + shift)
    }
    setEased(part.easing, curve: &curve)
  }

  /// `.linear` for a linear easing whose value cannot leave the finite
  /// numbers, else `.eased` with `easing` (whose path tests the value).
  private mutating func setEased(_ easing: Easing, curve: inout SegmentCurve) {
    if easing == .linear && takesLinearPath {
      kind = .linear
    } else {
      kind = .eased
      curve.easing = easing
    }
  }

  /// Whether `a + (b − a)·p` is finite for every p the stepper computes
  /// before `endLimit` (0 ≤ p ≤ 1 give or take a rounding): a finite
  /// `invDuration` and both ends within 2^1020 (so the difference is within
  /// 2^1021 and the sum within 2^1022). NaN fails the comparisons.
  var takesLinearPath: Bool {
    invDuration.magnitude < .infinity && a.magnitude <= 0x1p1020 && b.magnitude <= 0x1p1020
  }

  /// Takes the segment now in force; its curve goes to `curve`.
  mutating func load(_ segment: borrowing Segment, lanes: Int, curve: inout SegmentCurve) {
    start = segment.start
    let end = segment.end
    endLimit = end - tolerance(end)
    invDuration = segment.duration > 0 ? 1 / segment.duration : .infinity
    a = segment.a[0]
    b = segment.b[0]
    guard lanes == 1 else {
      kind = .general
      return
    }
    switch segment.form {
    case .number:
      setEased(segment.easing, curve: &curve)
    case .spring(let s) where s.rate == 1:
      kind = .spring
      curve.spring = s
    case .hold, .event:
      b = a
      setEased(.linear, curve: &curve)
    case .composite, .color, .paint, .wideSpring, .spring, .path:
      kind = .general
    }
  }
}

/// The rest of a track's segment in force: its easing or spring, read only
/// for the tracks that need them, and where it is in its alike plays.
struct SegmentCurve {
  var easing = Easing.linear
  /// Boxed: most tracks do not spring, and every track has a curve.
  var spring: SpringBox?
  /// The alike plays the track is evaluated from (see `fromAlikePlays`),
  /// kept alive here, and their numbers as the arithmetic reads them.
  var plays: AlikePlays?
  var arithmetic = AlikeArithmetic()
  /// The play (its index) and the part in force.
  var play = 0.0
  var part = 0
}
