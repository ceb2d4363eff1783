import AnimConsole
import Foundation

/// The progress bar of a long render (SPEC §12.3): on stderr, only when it
/// is a terminal, and only once the render has taken half a second; frames
/// done of the total, frames per second and the time left.
///
/// A render that takes one pass (``OnePassRender``) knows its total only
/// when the script has run to its end: until then the total is an
/// estimate (``OnePassRender/estimate(_:from:to:rate:)``), shown with a
/// `~` (and as the `T` of `frame D/T` lines), made exact at the end.
final class Progress {
  private(set) var total: Int
  /// Whether `total` is an estimate.
  private(set) var estimated: Bool
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

  /// A bar of `total` frames; when `estimated`, a guess that each
  /// ``advance(estimate:)`` may correct and ``settle(total:)`` makes exact.
  init(total: Int, estimated: Bool = false) {
    self.total = total
    self.estimated = estimated
    lines = Self.asksForLines
    enabled = Self.shows
  }

  /// The total is known: `total` frames. Lines end with the exact
  /// `frame D/T` when every frame is done.
  func settle(total: Int) {
    self.total = total
    estimated = false
    if enabled, lines, done == total { writeLine() }
  }

  private var lastLine = ""

  private func writeLine() {
    let line = "frame \(done)/\(total)\n"
    guard line != lastLine else { return }
    lastLine = line
    BufferedStream.writeAll(STDERR_FILENO, line)
  }

  /// Whether the environment asks for plain lines (`ANIM_PROGRESS=lines`).
  private static var asksForLines: Bool {
    ProcessInfo.processInfo.environment["ANIM_PROGRESS"] == "lines"
  }

  /// Whether a progress bar (or its lines) would be shown: stderr is a
  /// terminal, or the environment asks for lines.
  static var shows: Bool { asksForLines || Terminal.isTerminal(STDERR_FILENO) }

  /// One more frame done; with an estimated total, `estimate` gives the
  /// frames estimated now (at least those done; nil keeps the last
  /// estimate), asked only when the bar or a line is drawn (not escaping:
  /// nothing allocated a frame).
  func advance(estimate: () -> Int? = { nil }) {
    done += 1
    guard enabled else { return }
    // The last frame is always shown; an estimate's last may not be.
    let last = done == total && !estimated
    let elapsed = Date().timeIntervalSince(started)
    guard lines || elapsed >= Self.delay, elapsed - lastDrawn >= Self.interval || last else {
      return
    }
    lastDrawn = elapsed
    if estimated, let estimate = estimate() { total = max(estimate, done) }
    if lines { return writeLine() }
    shown = true
    BufferedStream.writeAll(
      STDERR_FILENO,
      "\r" + Self.line(done: done, total: total, elapsed: elapsed, estimated: estimated))
  }

  /// The render ended: the bar's line is cleared.
  func finish() {
    guard shown, !lines else { return }
    shown = false
    BufferedStream.writeAll(STDERR_FILENO, "\r\u{1B}[2K")
  }

  /// `[#########.....] 120/600 frames  45.2 fps  0:10 left`; with an
  /// estimated total, `120/~600 frames  45.2 fps  ~0:10 left`.
  static func line(done: Int, total: Int, elapsed: TimeInterval, estimated: Bool = false)
    -> String
  {
    let fraction = total > 0 ? Double(done) / Double(total) : 1
    let filled = Int(fraction * Double(barWidth))
    let bar =
      String(repeating: "#", count: filled) + String(repeating: ".", count: barWidth - filled)
    let rate = elapsed > 0 ? Double(done) / elapsed : 0
    let left = rate > 0 ? Double(total - done) / rate : 0
    let seconds = Int(left.rounded(.up))
    let about = estimated ? "~" : ""
    return String(
      format: "[%@] %d/%@%d frames  %.1f fps  %@%d:%02d left", bar, done, about, total, rate, about,
      seconds / 60, seconds % 60)
  }
}
