/// A stretch of clock time over which one play of a run is heard at one
/// rate (SPEC §22): what the mixer draws samples from. A play heard without
/// interruption at one speed is one placement; a pause, seek or change of
/// speed in the middle of it splits it, and a cancel ends it.
public struct SoundPlacement: Sendable {
  /// The play's cue (sound, from, volume, fades).
  public var cue: SoundCue
  /// The clock times it is heard between (`start < end`).
  public var start: Double
  public var end: Double
  /// Seconds into the play (0 at its start, `cue.duration` at its end) at
  /// clock time `start`.
  public var tau: Double
  /// Play seconds per clock second: 1 as written, `k` at `h.speed = k` or
  /// inside `speed(m, k)`; negative when it plays backwards.
  public var rate: Double
  /// For a play inside `ease(…)`: its time as a nonlinear function of clock
  /// time (then `tau` and `rate` are not used).
  public var warp: SoundWarp?
  /// The run it belongs to.
  public var run: Int

  public init(
    cue: SoundCue, start: Double, end: Double, tau: Double, rate: Double, warp: SoundWarp?,
    run: Int
  ) {
    self.cue = cue
    self.start = start
    self.end = end
    self.tau = tau
    self.rate = rate
    self.warp = warp
    self.run = run
  }

  /// Seconds into the play at clock time `t` (NaN where a warped play is
  /// not heard).
  @inline(__always)
  public func tau(at t: Double) -> Double {
    if let warp { return warp.tau(at: t) }
    return tau + (t - start) * rate
  }
}

/// The time of a play inside `ease(…)` (or under one) as a function of
/// clock time: the run's local time, mapped affinely to the eased motion's
/// own time, then through each step down to the play.
public struct SoundWarp: Sendable {
  /// Clock time, run-local time there and the run's rate (the span).
  var clock: Double
  var local: Double
  var runRate: Double
  /// Run-local time to the eased motion's local time: `a + b·u`.
  var a: Double
  var b: Double
  var steps: [WarpStep]

  /// The play's time at clock time `t`; NaN outside the parts it plays in.
  public func tau(at t: Double) -> Double {
    var v = a + b * (local + runRate * (t - clock))
    for step in steps {
      switch step {
      case .affine(let offset, let scale): v = offset + scale * v
      case .window(let length):
        if !(v >= 0 && v <= length) { return .nan }
      case .ease(let easing, let length):
        if !(v >= 0 && v <= length) { return .nan }
        v = length > 0 ? length * easing(v / length) : 0
      case .yoyo(let length):
        if !(v >= 0 && v <= 2 * length) { return .nan }
        if v > length { v = 2 * length - v }
      }
    }
    return v
  }
}

/// One step of a `SoundWarp`, from a motion's local time to a part's.
enum WarpStep: Sendable {
  /// `offset + scale·v`.
  case affine(Double, Double)
  /// Heard only for v in [0, length].
  case window(Double)
  /// `length · E(v / length)`, for v in [0, length].
  case ease(Easing, Double)
  /// v, then `2·length − v`, for v in [0, 2·length].
  case yoyo(Double)
}
