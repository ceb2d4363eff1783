import AnimEngine
import AnimLanguage

/// `:help` for a statement keyword (`:help step`), a colour (`:help red`,
/// `:help colours`) and the four ways to give a spring (`:help spring`).
enum KeywordHelp {
  /// One or two lines for each statement keyword.
  static let statements: [String: String] = [
    "step": "step d | step n frames | step to t | step until h: advance the clock",
    "tick": "tick: advance the clock one frame (1/fps seconds)",
    "settle": "settle: advance until every finite run has ended",
    "fps": "fps n: set the frame rate (default 60) used by `step n frames` and `tick`",
    "run": "run m [as h]   h = run m: start motion m now as a run with an id (#1, #2, …)",
    "print": "print e, ...: write values on one line, separated by spaces",
    "trace": "trace v.alpha, v.x every 0.25 for 1: step, printing a row of values each 0.25 s",
    "expect":
      "expect COND [within tol]: check a comparison (== allows 1e-9, ~= 1e-3); "
      + "a failure is reported and the script goes on, exiting 1",
    "let": "let x = e   x = e: bind a name (rebinding is allowed)",
    "def": "def name(a, b) = e: define a function",
    "for": "for i in 0..<n { ... }   for i in 1...n { ... }   for v in group { ... }",
    "if": "if C { ... } else if C2 { ... } else { ... }: run the first block whose condition "
      + "is true (each block is a scope); C must be a boolean (true, false, a comparison, "
      + "and, or, not)",
    "import": "import \"other.anim\": run another file once (relative to this one)",
    "seed": "seed n: seed every random choice",
    "reset": "reset: the declared scene again, an empty pool, time 0",
    "grid": "grid NAME(cols: 5, rows: 5, size: 100, gap: 0): a group of cols × rows views",
    "sound": "sound NAME(\"click.wav\"): a sound from a file ffmpeg decodes (relative to the "
      + "script); run play(NAME) plays it, NAME.duration is its length",
    "group": "group NAME = [a, b, c]: a group of existing views",
    "on": "on h done|start|repeat|mark \"name\" { ... }: a handler, run at the event's time; "
      + "m on v: bind motion m to view or group v",
    "clear": "clear h | clear all: stop where it is (no done event)",
    "cancel": "cancel h | cancel all: stop and restore what it animated (done fires, cancelled)",
    "finish": "finish h | finish all: jump to the end (done fires, finished)",
    "pause": "pause h: freeze its local time (resume h unfreezes it)",
    "resume": "resume h: unfreeze a paused run",
    "restart": "restart h: a new run of the same motion; h then refers to it",
    "flush": "flush: the same as clear all",
    "pool": "pool: list the live runs (id, motion, state, local time, iteration)",
    "seek": "seek h to t: set h's local time to t at once (events jumped over are not delivered)",
    "reverse": "reverse h: play h backwards from now (h.speed = -h.speed); reverse(m): a motion",
    "time": "time: the current virtual time, in seconds",
  ]

  /// The four forms of `spring(...)` (SPEC §5.4).
  static let spring = """
    spring(x: 200, ...): moves properties to targets along an exact damped spring; four forms:
      spring(x: 200, stiffness: 100, damping: 10, mass: 1, velocity: 0)   physical
      spring(x: 200, duration: 0.5, bounce: 0.3)                          SwiftUI / Core Animation
      spring(x: 200, frequency: 2, halflife: 0.1)                         Numeric Springing
      spring(x: 200, response: 0.5, dampingRatio: 0.6)                    response and damping ratio
    damping must be > 0; it lasts until it settles within 0.001 of the distance; as an
    easing: ease: spring(...)
    """

  /// The colours.
  static var colours: String {
    """
    Colours: a name (\(Color.allNames.sorted().joined(separator: " "))),
    rgb(r, g, b[, a]) with 0–255 channels and 0–1 alpha, hsb(h, s, b[, a]) with h in degrees,
    or "#rgb", "#rrggbb", "#rrggbbaa"; printed as #rrggbb or #rrggbbaa
    """
  }

  /// The help for `topic`, if it is a keyword, a kind of view, a view's
  /// property (from the property table), `spring`, a colour or `colours`.
  static func text(for topic: String) -> String? {
    if topic == "spring" || topic == "springs" { return spring }
    if topic == "colours" || topic == "colors" || topic == "colour" || topic == "color" {
      return colours
    }
    if let line = statements[topic] { return line }
    if let kind = ViewKind.named(topic) {
      // Every label its declaration takes (the kind's settable properties
      // and aliases, a shape's d and viewBox, parent), then what it only
      // reads (a text's width and height).
      let options = Vocabulary.declarationLabels(of: kind)
      let read = kind.properties().map(\.name).filter { !options.contains($0) }
      // A text's string comes first, unlabelled (SPEC §18).
      let first = kind == .text ? "\"Hello\", " : ""
      return
        "\(kind.name) NAME(\(first)x: 10, y: 20, …): declare a view: \(kind.declaration.summary); "
        + "options: \(options.joined(separator: " "))"
        + (read.isEmpty ? "" : "; read-only: \(read.joined(separator: " "))")
    }
    if let summary = Vocabulary.viewMemberSummary(topic) {
      return "v.\(topic): \(summary)"
    }
    if let colour = Color.named(topic) { return "\(topic): a colour, \(colour.hex)" }
    return nil
  }
}
