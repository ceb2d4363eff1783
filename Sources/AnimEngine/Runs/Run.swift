/// A live run: the state the pool owns while the run plays.
final class Run {
  let record: RunRecord
  let handle: RunHandle
  /// Start order; at one instant earlier runs go first.
  let serial: Int
  let duration: Double
  /// Local time = (clock time − anchor) · rate, while running.
  var anchor: Double
  /// Local seconds per clock second (`h.speed`): finite and not 0; negative
  /// plays backwards.
  var rate = 1.0
  /// Playing backwards: the local time down to which events have been
  /// delivered (events at or above it were).
  var eventFloor = 0.0
  /// Writes the run's values at a local time (the speed half).
  let stepper: Stepper
  /// The event track (marks, repeats), if the motion has one.
  let events: Cursor?
  var eventResolver = Resolver(initial: .zero)
  var startPending = true
  /// The run's log for the mix, when its motion plays sounds (SPEC §22).
  var sound: SoundRun?
  /// Pool slot and the generation it was given at.
  let slot: Int
  let generation: UInt32

  init(
    record: RunRecord, handle: RunHandle, serial: Int, anchor: Double, stepper: Stepper,
    events: Cursor?, slot: Int, generation: UInt32
  ) {
    self.record = record
    self.handle = handle
    self.serial = serial
    self.duration = record.motion.duration
    self.anchor = anchor
    self.stepper = stepper
    self.events = events
    self.slot = slot
    self.generation = generation
  }

  var isPaused: Bool { record.state == .paused }

  /// Absolute time at which the run ends (if it keeps running): its end
  /// playing forwards, local time 0 playing backwards.
  var endTime: Double { absolute(rate > 0 ? duration : 0) }

  /// Whether the run ends if it keeps running: a finite one, or any run
  /// playing backwards.
  var ends: Bool { rate < 0 || duration.isFinite }

  /// The local time at clock time `t`, while running.
  @inline(__always)
  func local(at t: Double) -> Double { rate == 1 ? t - anchor : (t - anchor) * rate }

  /// The clock time at which local time `local` is reached, while running.
  @inline(__always)
  func absolute(_ local: Double) -> Double { rate == 1 ? anchor + local : anchor + local / rate }

  /// Sets `anchor` so that local time `local` is reached at clock time `t`.
  func anchor(local: Double, at t: Double) { anchor = rate == 1 ? t - local : t - local / rate }
}
