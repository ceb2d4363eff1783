/// What the clock evaluates every frame for one track: 64 bytes of plain
/// numbers, refreshed from the track's cursor only when a segment starts.
/// The per-frame loop over these is a few loads, an easing and a store.
struct HotTrack {
  /// How the value is computed.
  enum Kind: UInt8 {
    /// Not writing: not started yet, or taken over by another run.
    case idle
    /// `a + (b − a)·p`.
    case linear
    /// `a + (b − a)·E(p)`, E in the track's `HotCurve`.
    case eased
    /// `b + displacement(t)`, the spring in the track's `HotCurve`.
    case spring
    /// Anything else (colours, reversed or eased plays): ask the segment.
    case general
  }

  /// Run-local start of the cursor's next segment (`.infinity`: none).
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
  /// Set while a periodic program (in the track's `HotCurve`) supplies the
  /// segments: at `nextStart` the clock steps to the program's next part by
  /// arithmetic instead of asking the cursor.
  var programmed = false

  init(slot: Int) { self.slot = Int32(truncatingIfNeeded: slot) }

  /// Takes part `j` of `program`, in the play starting at `playStart`.
  mutating func load(
    part j: Int, of program: PeriodicProgram, playStart: Double, curve: inout HotCurve
  ) {
    let part = program.parts[j]
    start = playStart + part.start
    let end = start + part.duration
    endLimit = end - tolerance(end)
    invDuration = part.duration > 0 ? 1 / part.duration : .infinity
    a = playStart == program.base && j == 0 ? program.firstStart : part.a
    b = part.b
    if program.drift != 0 {
      let shift = ((playStart - program.base) * program.invPeriod).rounded() - program.recordedPlay
      a = FiniteValues.clamp(a + shift * program.drift)
      b = FiniteValues.clamp(b + shift * program.drift)
    }
    if part.easing == .linear {
      kind = .linear
    } else {
      kind = .eased
      curve.easing = part.easing
    }
  }

  /// Takes the segment now in force; its curve goes to `curve`.
  mutating func load(_ segment: borrowing Segment, lanes: Int, curve: inout HotCurve) {
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
    case .composite, .color, .wideSpring, .spring, .path:
      kind = .general
    }
  }
}

/// The curve of a hot track whose easing is not linear, or that springs; read
/// only for those tracks.
struct HotCurve {
  var easing = Easing.linear
  /// Boxed: most tracks do not spring, and every track has a curve.
  var spring: SpringBox?
  var program: PeriodicProgram?
  /// Where a programmed track is: the play (its index) and the part in force.
  var play = 0.0
  var part = 0
}
