import AnimEngine
import AnimLanguage

/// The compact report printed after an input that moved the clock: the events
/// that fired, with their times, and the properties that changed.
///
/// ```
///   0.000s  #1 start
///   1.000s  #1 mark "half"
///   view.alpha 1 → 0.5
/// ```
///
/// Times are right-aligned within one report. Events the clock passed
/// without delivering them one by one (whole alike plays of a repeat that no
/// handler listens to, `Clock.eventsSkipped`) are counted in the
/// `… and N more events` line, not listed.
struct StepReport {
  /// Most lines of events; past it the last line says `… and N more events`.
  static let maximumEventLines = 6
  /// Most lines of changes; past it the last line says `… and N more changes`.
  static let maximumChangeLines = 6
  /// Events kept for sorting; the rest are only counted (a `settle` through a
  /// long handler chain may fire millions).
  static let maximumKeptEvents = 10_000

  private struct Fired {
    var time: Double
    var id: Int
    var kind: EventKind
  }

  private var fired: [Fired] = []
  /// Events that fired but were not kept.
  private var uncounted = 0
  /// The clock's `eventsSkipped` when the report began.
  private let skippedBefore: Int

  /// A report of the clock's moves from now on.
  init(clock: Clock) { skippedBefore = clock.eventsSkipped }

  /// Records an event the clock delivered.
  mutating func record(_ event: RunEvent) {
    if fired.count < Self.maximumKeptEvents {
      fired.append(Fired(time: event.time, id: event.record.id, kind: event.kind))
    } else {
      uncounted += 1
    }
  }

  /// The report's lines: events in time order (by start order at one instant),
  /// then every property whose printed value differs between `before` and the
  /// clock's scene now.
  func lines(since before: SceneSnapshot, clock: Clock) -> [String] {
    let scene = clock.scene
    let skipped = max(clock.eventsSkipped - skippedBefore, 0)
    let sorted = fired.enumerated().sorted {
      ($0.element.time, $0.offset) < ($1.element.time, $1.offset)
    }
    .map(\.element)
    let shown = sorted.prefix(Self.maximumEventLines)
    let width = shown.map { ValueText.time($0.time).count }.max() ?? 0
    let events = sorted.enumerated().map { index, event in
      let time = ValueText.time(event.time)
      let padding = index < shown.count ? String(repeating: " ", count: width - time.count) : ""
      return "  \(padding)\(time)  #\(event.id) \(event.kind)"
    }
    let changes = before.changes(to: scene).map { "  \($0.name) \($0.old) → \($0.new)" }
    return Self.capped(
      events, extra: uncounted + skipped, limit: Self.maximumEventLines, noun: "events")
      + Self.capped(changes, extra: 0, limit: Self.maximumChangeLines, noun: "changes")
  }

  /// At most `limit` lines: when more are due, the first `limit - 1` and a
  /// line counting the rest.
  private static func capped(_ lines: [String], extra: Int, limit: Int, noun: String) -> [String] {
    let total = lines.count + extra
    if total <= limit && extra == 0 { return lines }
    let shown = total <= limit ? lines : Array(lines.prefix(limit - 1))
    let rest = total - shown.count
    return shown + (rest > 0 ? ["  … and \(rest) more \(noun)"] : [])
  }
}

/// Every property of every view at one moment, to compare with later.
struct SceneSnapshot {
  private let saved: Scene.Snapshot

  init(_ scene: Scene) { saved = scene.snapshot() }

  /// Properties whose printed value changed, in view order, then property
  /// order. A view declared since the snapshot compares with its declared state.
  func changes(to scene: Scene) -> [(name: String, old: String, new: String)] {
    var result: [(String, String, String)] = []
    for index in 0..<scene.count {
      let id = ViewID(index)
      let old = index < saved.count ? saved.state(of: id) : scene.declared[index]
      let new = scene.state(of: id)
      if old == new { continue }
      for property in scene.kind(of: id).properties() {
        let a = Formatting.propertyText(property, of: old)
        let b = Formatting.propertyText(property, of: new)
        if a != b { result.append(("\(scene.name(of: id)).\(property.name)", a, b)) }
      }
    }
    return result
  }
}
