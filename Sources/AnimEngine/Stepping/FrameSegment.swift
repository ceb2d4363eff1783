/// The segment a track is writing, as the stepper evaluates it every frame:
/// 64 bytes of plain numbers, refreshed only when a segment starts. The
/// per-frame loop over these is a few loads, an easing and a store.
struct FrameSegment {
  /// How the value is computed.
  enum Kind: UInt8 {
    /// Not writing: not started yet, or taken over by another run.
    case idle
    /// `a + (b − a)·p`.
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
    if part.easing == .linear {
      kind = .linear
    } else {
      kind = .eased
      curve.easing = part.easing
    }
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
      if segment.easing == .linear {
        kind = .linear
      } else {
        kind = .eased
        curve.easing = segment.easing
      }
    case .spring(let s) where s.rate == 1:
      kind = .spring
      curve.spring = s
    case .hold, .event:
      b = a
      kind = .linear
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
