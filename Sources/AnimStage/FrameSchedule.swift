import AnimEngine

/// The times a render takes frames at (SPEC §12.3): A + k/N for
/// k = 0, 1, … while the time is at most B, with 1e-9 s of tolerance.
public struct FrameSchedule: Sendable, Equatable {
  /// A: the time of frame 0.
  public var start: Double
  /// N: frames per second.
  public var rate: Double
  /// How many frames.
  public var count: Int

  /// The tolerance on the last frame's time: a frame at B + 1e-9 counts.
  public static let tolerance = 1e-9
  /// Most frames one render, export or plot takes: 100 000 (27 minutes at
  /// 60 fps). Past it the command is refused (exit 64) rather than left to
  /// run for hours: a `--fps 1e6` over a second, or a script whose clock
  /// runs for days, would otherwise stop every frame of it.
  public static let maximumFrames = 100_000

  /// Why a range from `start` at `rate` is refused: it passes
  /// ``maximumFrames`` (at the time of the first frame past it).
  public static func tooManyFramesMessage(start: Double, rate: Double) -> String {
    let past = start + Double(maximumFrames) / rate
    return
      "the frames from \(NumberText.format(start)) s at \(NumberText.format(rate)) fps pass \(maximumFrames) (the most one command takes) at \(NumberText.format(past)) s: shorten the range (--from, --to) or lower --fps"
  }

  public init(start: Double, rate: Double, count: Int) {
    self.start = start
    self.rate = rate
    self.count = count
  }

  /// The frames from `start` to `end` at `rate` (none when end < start).
  public init(from start: Double, to end: Double, rate: Double) {
    self.start = start
    self.rate = rate
    let limit = end + Self.tolerance
    guard limit >= start else {
      count = 0
      return
    }
    let estimate = ((limit - start) * rate).rounded(.down)
    var n = estimate >= Double(Self.maximumFrames) ? Self.maximumFrames + 1 : Int(estimate) + 1
    while n <= Self.maximumFrames && start + Double(n) / rate <= limit { n += 1 }
    while n > 0 && start + Double(n - 1) / rate > limit { n -= 1 }
    count = n
  }

  /// The time of frame `k`.
  @inline(__always)
  public func time(_ k: Int) -> Double { start + Double(k) / rate }

  /// The time of the last frame (`start` when there are none).
  public var end: Double { count > 0 ? time(count - 1) : start }
}
