/// The limits the clock holds to, so that no script can make it hang or
/// exhaust memory.
extension Clock {
  /// Most tracks (one property of one view each) the live runs may animate
  /// at once. A track costs about 1 KB while its run lives (2 KB in a
  /// stagger), so this bounds the clock's memory near 1 GB: fifty thousand
  /// views with ten properties each fit, a million-view grid does not.
  public static let maximumLiveTracks = 500_000

  /// Most events one instant may deliver to handlers before the cascade is
  /// stopped (events no handler hears do not count).
  public static let maximumEventsPerInstant = 10_000
  /// Most rounds `settle` and `step until` take before giving up (a chain of
  /// handlers that never stops starting runs would otherwise never return).
  /// Each round waits for the latest end among the running runs, so a script
  /// meets it only with 100 000 runs chained one after another.
  public static let maximumSettleRounds = 100_000
  /// The latest time the clock reaches: 1e12 s (about 31 700 years). Beyond
  /// it a double no longer resolves a millisecond, so frames and boundaries
  /// would blur; `step 1e300` is an error rather than a hang.
  public static let maximumTime = 1e12
  /// The highest frame rate, `fps` and every `--fps`: a million frames a
  /// second (a microsecond a frame).
  public static let maximumFPS = 1_000_000.0

  /// The local time of `run` at clock time `t`, refused past `maximumTime`:
  /// a run sped up a great deal (`h.speed = 1e308`) reaches local times
  /// where a double no longer tells one play of a repeat from the next,
  /// and its plays would be walked one by one for ever (issue 32).
  func checkedLocal(_ run: Run, at t: Double) throws -> Double {
    let local = run.local(at: t)
    if local > Self.maximumTime && local < run.duration {
      throw EngineError(
        "run #\(run.record.id)'s own time would pass \(NumberText.format(Self.maximumTime)) s (it plays at speed \(NumberText.format(run.rate))); beyond it its plays cannot be told apart"
      )
    }
    return local
  }

  /// Refuses a time past `maximumTime`.
  func checkLimit(_ target: Double) throws {
    if target > Self.maximumTime {
      throw EngineError(
        "time cannot pass \(NumberText.format(Self.maximumTime)) s (asked for \(NumberText.format(target))); beyond it the clock cannot resolve frames"
      )
    }
  }
}
