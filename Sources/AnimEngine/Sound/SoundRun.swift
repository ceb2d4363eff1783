/// A stretch of clock time over which a run's local time moved at one rate:
/// local time `local + rate · (t − start)` at clock time t in [start, end].
public struct SoundSpan: Sendable, Equatable {
  /// Clock time the stretch starts at.
  public var start: Double
  /// Clock time it ends at (≥ start).
  public var end: Double
  /// The run's local time at `start`.
  public var local: Double
  /// Local seconds per clock second (`h.speed`); never 0.
  public var rate: Double

  public init(start: Double, end: Double, local: Double, rate: Double) {
    self.start = start
    self.end = end
    self.local = local
    self.rate = rate
  }
}

/// A run whose motion plays sounds, as the mix needs to know it (SPEC §22):
/// the motion, and every stretch of clock time during which its local time
/// moved. The clock opens a span when the run starts or resumes, and closes
/// it (and opens the next) at each pause, seek, change of speed, cancel,
/// clear, finish and end, so the mix sees every such change at its exact
/// virtual instant. A paused run has no open span.
public final class SoundRun {
  /// The run's id (`#1`, `#2`, …).
  public let id: Int
  /// The run's motion.
  public let motion: Motion
  /// The closed spans, in clock order.
  public private(set) var spans: [SoundSpan] = []
  private var open: (start: Double, local: Double, rate: Double)?

  init(id: Int, motion: Motion) {
    self.id = id
    self.motion = motion
  }

  /// Whether a span is open (the run is running).
  public var isOpen: Bool { open != nil }

  /// Opens a span at clock time `t` (closing the open one there first).
  func open(at t: Double, local: Double, rate: Double) {
    close(at: t)
    open = (t, local, rate)
  }

  /// Closes the open span, if any, at clock time `t`.
  func close(at t: Double) {
    guard let o = open else { return }
    open = nil
    // A span of no length plays nothing.
    if t > o.start { spans.append(SoundSpan(start: o.start, end: t, local: o.local, rate: o.rate)) }
  }

  /// The spans with the open one (if any) closed at `now`: what has been
  /// heard up to now (the REPL's `:play`).
  public func spans(upTo now: Double) -> [SoundSpan] {
    guard let o = open, now > o.start else { return spans }
    return spans + [SoundSpan(start: o.start, end: now, local: o.local, rate: o.rate)]
  }
}
