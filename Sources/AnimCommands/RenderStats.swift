import Foundation

/// Where a render's time goes, printed on stderr when the environment sets
/// `ANIM_RENDER_STATS` (bench/render.sh reads it): per frame, drawing the
/// scene with Cairo, converting to straight RGBA, and writing to ffmpeg's pipe
/// (which waits while ffmpeg is busy). Times are the drawing thread's
/// processor time (CLOCK_THREAD_CPUTIME_ID), steady on a loaded machine:
/// the render thread's, or with `--jobs` N > 1 each worker's, recorded
/// under a lock (``record(draw:convert:)``).
final class RenderStats: @unchecked Sendable {
  private var mark = RenderStats.cpuNow()
  private(set) var frames = 0
  /// Frames whose scene drew alike the last one their canvas drew, which
  /// kept its image (`FrameCanvas`' frames kept).
  private(set) var kept = 0
  private(set) var draw: [Double] = []
  private var convert = 0.0
  private var pipe = 0.0
  private let started = RenderStats.cpuNow()
  /// The workers' drawing and conversion, when threads drew the frames.
  private var workers: (threads: Int, cpu: Double)?
  private let lock = NSLock()
  var surveySeconds = 0.0
  /// Whether the frames were drawn as the script's one run took them
  /// (``OnePassRender``): no second run, and no survey apart.
  private let onePass: Bool

  init(onePass: Bool = false) { self.onePass = onePass }

  /// Whether the environment asks for statistics.
  static var requested: Bool { ProcessInfo.processInfo.environment["ANIM_RENDER_STATS"] != nil }

  /// The thread's processor time in nanoseconds.
  static func cpuNow() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
  }

  private func lap() -> Double {
    let now = RenderStats.cpuNow()
    defer { mark = now }
    return Double(now - mark) / 1e9
  }

  func start() { _ = lap() }
  /// Notes a frame drawn, or `kept` (the canvas's image left as it was).
  func drawn(kept isKept: Bool = false) {
    draw.append(lap())
    frames += 1
    if isKept { kept += 1 }
  }
  func converted() { convert += lap() }
  func piped() { pipe += lap() }

  /// Notes that one of `threads` workers drew a frame in `draw` seconds of
  /// its processor time (or `kept` the image its canvas had) and converted
  /// it in `convert`.
  func record(draw seconds: Double, convert converting: Double, threads: Int, kept isKept: Bool) {
    lock.lock()
    defer { lock.unlock() }
    draw.append(seconds)
    frames += 1
    if isKept { kept += 1 }
    convert += converting
    workers = (threads, (workers?.cpu ?? 0) + seconds + converting)
  }

  /// `render stats: …` lines.
  func report() -> String {
    lock.lock()
    defer { lock.unlock() }
    let total = Double(RenderStats.cpuNow() - started) / 1e9
    let last: String
    if let workers {
      last = String(
        format: "render stats: %d worker threads' drawing and conversion cpu %.3f s; "
          + "the render thread's (piping the frames) %.3f s", workers.threads, workers.cpu, total)
    } else if onePass {
      last = String(
        format:
          "render stats: render thread cpu, one pass (the script run, a second run past 1 800 frames, drawing, conversion, pipe) %.3f s",
        total)
    } else {
      last = String(
        format:
          "render stats: render thread cpu, survey and play (second run, drawing, conversion, pipe) %.3f s",
        total)
    }
    let sorted = draw.sorted()
    let mean = draw.isEmpty ? 0 : draw.reduce(0, +) / Double(draw.count)
    let median = sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    let survey =
      onePass
      ? "render stats: survey: none apart (the frames drawn as the script's one run took them)"
      : String(format: "render stats: survey (the script's first run, wall) %.3f s", surveySeconds)
    let keptText =
      kept > 0 ? ", \(kept) kept (alike the last frame their canvas drew: not drawn again)" : ""
    return "render stats: frames \(frames)\(keptText)\n\(survey)\n"
      + String(
        format: """
          render stats: draw per frame mean %.3f ms, median %.3f ms, max %.3f ms
          render stats: rgba conversion total %.3f s, pipe writes total %.3f s

          """, mean * 1e3, median * 1e3, (sorted.last ?? 0) * 1e3, convert, pipe) + last
  }
}
