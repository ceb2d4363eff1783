import AnimConsole
import Foundation

/// The progress bar of a long render (SPEC §12.3): on stderr, only when it
/// is a terminal, and only once the render has taken half a second; frames
/// done of the total, frames per second and the time left.
final class Progress {
  let total: Int
  private var done = 0
  private let started = Date()
  private var lastDrawn: TimeInterval = -1
  private var shown = false
  private let enabled: Bool

  /// How long a render runs before the bar appears.
  static let delay: TimeInterval = 0.5
  /// Least time between redraws.
  static let interval: TimeInterval = 0.1
  static let barWidth = 30

  /// Whether the progress goes out as plain lines (`frame D/T`) for a
  /// program that reads them: set by `ANIM_PROGRESS=lines` (the live
  /// preview's render buttons, SPEC §24, run `anim render` so).
  private let lines: Bool

  init(total: Int) {
    self.total = total
    lines = Self.asksForLines
    enabled = Self.shows
  }

  /// Whether the environment asks for plain lines (`ANIM_PROGRESS=lines`).
  private static var asksForLines: Bool {
    ProcessInfo.processInfo.environment["ANIM_PROGRESS"] == "lines"
  }

  /// Whether a progress bar (or its lines) would be shown: stderr is a
  /// terminal, or the environment asks for lines.
  static var shows: Bool { asksForLines || Terminal.isTerminal(STDERR_FILENO) }

  /// One more frame done.
  func advance() {
    done += 1
    guard enabled else { return }
    if lines {
      let elapsed = Date().timeIntervalSince(started)
      guard elapsed - lastDrawn >= Self.interval || done == total else { return }
      lastDrawn = elapsed
      BufferedStream.writeAll(STDERR_FILENO, "frame \(done)/\(total)\n")
      return
    }
    let elapsed = Date().timeIntervalSince(started)
    guard elapsed >= Self.delay, elapsed - lastDrawn >= Self.interval || done == total else {
      return
    }
    lastDrawn = elapsed
    shown = true
    BufferedStream.writeAll(
      STDERR_FILENO, "\r" + Self.line(done: done, total: total, elapsed: elapsed))
  }

  /// The render ended: the bar's line is cleared.
  func finish() {
    guard shown, !lines else { return }
    shown = false
    BufferedStream.writeAll(STDERR_FILENO, "\r\u{1B}[2K")
  }

  /// `[#########.....] 120/600 frames  45.2 fps  0:10 left`
  static func line(done: Int, total: Int, elapsed: TimeInterval) -> String {
    let fraction = total > 0 ? Double(done) / Double(total) : 1
    let filled = Int(fraction * Double(barWidth))
    let bar =
      String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(total - done) / rate : 0
    let seconds = Int(left.rounded(.up))
    return String(
      format: "[%@] %d/%d frames  %.1f fps  %d:%02d left", bar, done, total, rate, seconds / 60,
      seconds % 60)
  }
}
