import AnimEngine
import AnimStage

/// The clock stops of one run of a script: frame times A + k/N (SPEC §12.3),
/// optionally the 10 s cap of the default end.
final class FrameStops: ClockStops {
  /// Reached the cap with runs still going (see `cap`).
  struct CapReached: Error {}
  /// A frame past ``FrameSchedule/maximumFrames`` was due: the range holds
  /// more frames than one command takes.
  struct TooManyFrames: Error {}

  let start: Double
  let rate: Double
  /// The latest frame time taken (B + tolerance), or +∞ while B is unknown.
  let last: Double
  /// Frames taken before this many `reset`s are not taken at all (the play
  /// pass skips what the survey found discarded).
  let resetsToSkip: Int
  /// When set, stopping at this time with running runs throws `CapReached`.
  var cap: Double?
  /// Whether any run is still running (for the cap).
  var running: () -> Bool = { false }
  /// Called for each frame: index, time.
  var onFrame: (Int, Double) throws -> Void = { _, _ in }
  /// Called at each `reset`, after the frame count restarts.
  var onReset: () -> Void = {}
  /// Called where the clock stands between the first frame and the last one
  /// at an instant that is not a frame, or at a frame's instant once the
  /// script's statements there have run (`ClockStops.clockStands`).
  var onInstant: ((Double) throws -> Void)?
  /// The time of the last frame taken.
  private var lastFrame = -Double.infinity

  private(set) var next = 0
  private(set) var resets = 0
  /// Whether the run was stopped because a frame past the limit was due.
  private(set) var tooManyFrames = false

  init(start: Double, rate: Double, last: Double, resetsToSkip: Int = 0) {
    self.start = start
    self.rate = rate
    self.last = last
    self.resetsToSkip = resetsToSkip
  }

  private var nextFrame: Double {
    let t = start + Double(next) / rate
    return t <= last ? t : .infinity
  }

  /// The time of the next frame to take, or +∞ when none is left.
  var nextFrameTime: Double { resets < resetsToSkip ? .infinity : nextFrame }

  var nextStop: Double {
    if resets < resetsToSkip { return cap ?? .infinity }
    return min(nextFrame, cap ?? .infinity)
  }

  func clockReached(_ time: Double) throws {
    let frame = resets < resetsToSkip ? Double.infinity : nextFrame
    if frame <= time {
      if next >= FrameSchedule.maximumFrames {
        tooManyFrames = true
        throw TooManyFrames()
      }
      let k = next
      next += 1
      lastFrame = frame
      try onFrame(k, frame)
      return
    }
    if let cap, cap <= time {
      self.cap = nil
      if running() { throw CapReached() }
    }
  }

  func clockStands(at time: Double, afterScript: Bool) throws {
    guard let onInstant, next > 0, resets >= resetsToSkip, time < last else { return }
    // At a frame's own instant nothing changed since the frame unless the
    // script's statements ran there.
    if time == lastFrame && !afterScript { return }
    try onInstant(time)
  }

  func clockDidReset() {
    resets += 1
    next = 0
    lastFrame = -.infinity
    onReset()
  }
}
