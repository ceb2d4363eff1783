import AnimEngine
import Foundation

/// `:timeline`: a text chart of runs over time.
///
/// One row per run, or per part when a run's motion is a top-level sequence
/// or parallel; `█` where the row animates something, `|` at marks, `:` at
/// the boundaries of a top-level repeat, `*` at `done`, `x` where a run was
/// cancelled or cleared, `→` at the right edge for a run that never ends, and
/// a `│` cursor column at the clock, above an axis of times. The chart spans
/// from the earliest start shown to the latest end, looking ahead of the clock
/// no further than the time already covered (at least 10 s); the clock does
/// not widen it, so runs that ended long ago fill it, with the clock off it.
///
/// ```
/// #1 fade(out, 1)  ██████████*
/// #2 wait(2)                │
///                  ┬────────▲┬─────────┬
///                  0s        1s        2s
/// ```
struct TimelineChart {
  /// Most rows drawn; the most recent runs are kept.
  static let maximumRows = 20
  /// A run whose top-level sequence or parallel has more parts than this is
  /// drawn as one row.
  static let maximumParts = 8
  /// The label column's widest width; longer labels are cut with `…`.
  static let maximumLabelWidth = 28
  /// The chart keeps at least this many columns, however narrow the terminal.
  static let minimumChartWidth = 10
  /// Seconds past the clock the chart shows at least (when runs go on that
  /// long): enough to see what comes next without squeezing the past.
  static let minimumLookahead = 10.0

  /// The run log's entries to draw.
  var entries: [RunLog.Entry]
  /// The clock.
  var now: Double
  /// The terminal's width in columns.
  var width: Int
  /// Splits a run's label at its top-level `+` or `|` (`fade(out, 1) + wait(1)`
  /// → two labels), or nil; parts are labelled by their structure otherwise.
  var splitLabel: (String, _ parallel: Bool) -> [String]?

  /// The chart's lines (trailing spaces trimmed).
  func render() -> [String] {
    guard !entries.isEmpty else { return ["timeline: no runs yet"] }
    let shown = Array(entries.suffix(Self.maximumRows))
    let sources = Array(shown.flatMap(rowSources).suffix(Self.maximumRows))
    // From the earliest start to the latest end, but looking no further ahead
    // than the time already covered (at least `minimumLookahead`): rows that
    // go on past the right edge end in `→`. The clock is not stretched in:
    // runs that ended long ago fill the chart, and the clock is off it.
    let t0 = sources.map(\.start).min() ?? now
    let latest = sources.map { $0.end ?? .infinity }.max() ?? now
    var t1 = min(latest, now + max(now - t0, Self.minimumLookahead))
    // A window of at least a second (relative to the size of the times, so
    // that even at t=1e300 the window is not empty).
    if !(t1 - t0 >= 1e-9) { t1 = t0 + max(1, abs(t0) * 1e-6) }

    let labelWidth = min(
      sources.map(\.label.count).max() ?? 0, Self.maximumLabelWidth, max(8, width / 3))
    let chartWidth = max(Self.minimumChartWidth, width - labelWidth - 2)
    let scale = Scale(t0: t0, t1: t1, columns: chartWidth)

    var lines: [String] = []
    if let first = sources.first?.runID,
      let hidden = entries.firstIndex(where: { $0.record.id == first }),
      hidden > 0
    {
      lines.append("(\(hidden) earlier run\(hidden == 1 ? "" : "s") not shown)")
    }
    var rowLines: [String] = []
    for source in sources {
      rowLines.append(String(draw(source, scale)))
      lines.append(Self.fit(source.label, labelWidth) + " " + rowLines[rowLines.count - 1])
    }
    lines += axis(scale, labelWidth: labelWidth)
    lines.append(
      Self.legend(
        used: Set(rowLines.joined()), now: now, clockAfterChart: scale.shows(now) ? nil : now > t1,
        width: width))
    return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  // MARK: Rows

  /// One row to draw: a whole run or one of its top-level parts.
  private struct Source {
    var runID: Int
    var label: String
    var motion: Motion
    /// Absolute time of the motion's local 0.
    var offset: Double
    var start: Double
    /// When the row stops (nil: never).
    var end: Double?
    var ending: TimelineEnding?
    /// The play length of a top-level repeat (its boundaries are drawn).
    var repeatPeriod: Double?
    var repeatCount: Double = 0
  }

  private func rowSources(_ entry: RunLog.Entry) -> [Source] {
    let record = entry.record
    let live = record.state.isLive
    let anchor = live ? now - record.localTime : record.startTime
    let duration = record.motion.duration
    let runEnd: Double? =
      live
      ? (duration.isFinite ? anchor + duration : nil) : (entry.endTime ?? anchor + record.localTime)
    let ending: TimelineEnding?
    switch record.state {
    case .finished: ending = runEnd.map { .done($0) }
    case .cancelled, .cleared: ending = runEnd.map { .stopped($0) }
    // A paused run is drawn as if resumed now, so its `done` is planned where
    // that would end it.
    case .running, .paused: ending = runEnd.map { .done($0) }
    }
    let suffix =
      record.state == .running || record.state == .finished ? "" : " (\(record.state.rawValue))"
    let peeled = Self.peel(record.motion)

    let parts: [Motion]
    let parallel: Bool
    switch peeled.node {
    case .sequence(let p) where p.count <= Self.maximumParts: (parts, parallel) = (p, false)
    case .parallel(let p) where p.count <= Self.maximumParts: (parts, parallel) = (p, true)
    default:
      var source = Source(
        runID: record.id, label: "#\(record.id) \(ValueText.oneLine(record.label))\(suffix)",
        motion: record.motion, offset: anchor,
        start: record.startTime, end: runEnd, ending: ending)
      if case .repeating(let body, let count) = peeled.node, body.duration > 0 {
        source.repeatPeriod = body.duration
        source.repeatCount = count
      }
      return [source]
    }

    let texts = splitLabel(record.label, parallel).flatMap { $0.count == parts.count ? $0 : nil }
    var sources: [Source] = []
    var t = 0.0
    for (i, part) in parts.enumerated() {
      let partStart = anchor + (parallel ? 0 : t)
      var partEnd: Double? = part.duration.isFinite ? partStart + part.duration : nil
      if let runEnd, !live { partEnd = min(partEnd ?? runEnd, runEnd) }
      let reachesEnd = parallel ? part.duration == duration : i == parts.count - 1
      var partEnding: TimelineEnding?
      switch ending {
      case .done(let at)?: partEnding = reachesEnd ? .done(at) : nil
      case .stopped(let at)?:
        let naturalEnd = partStart + part.duration
        partEnding = partStart <= at && at < naturalEnd ? .stopped(at) : nil
      case nil: partEnding = nil
      }
      let text = texts.map { ValueText.oneLine($0[i]) } ?? Self.describe(part)
      sources.append(
        Source(
          runID: record.id, label: "#\(record.id).\(i + 1) \(text)\(suffix)", motion: part,
          offset: partStart,
          start: max(partStart, record.startTime), end: partEnd, ending: partEnding))
      t += part.duration
    }
    return sources
  }

  /// The motion under its bindings (which change where, not when).
  static func peel(_ m: Motion) -> Motion {
    if case .bound(let inner, _) = m.node { return peel(inner) }
    return m
  }

  /// A short description of a motion's shape, for parts whose source text is
  /// not known: `alpha 1s`, `wait 0.5s`, `mark "half"`, `x,y 1s × 3`.
  static func describe(_ m: Motion) -> String {
    switch m.node {
    case .leaf(let leaf):
      if let mark = leaf.mark { return "mark \"\(mark)\"" }
      if let cue = leaf.sound { return "play \(cue.name) \(NumberText.format(leaf.duration))s" }
      if leaf.changes.isEmpty { return "wait \(NumberText.format(leaf.duration))s" }
      let names = leaf.changes.map(\.property.name)
      let unique = names.enumerated().filter { names.firstIndex(of: $0.element) == $0.offset }.map(
        \.element)
      return unique.joined(separator: ",") + " \(NumberText.format(leaf.duration))s"
    case .sequence(let parts): return "sequence of \(parts.count) \(NumberText.format(m.duration))s"
    case .parallel(let parts): return "parallel of \(parts.count) \(NumberText.format(m.duration))s"
    case .repeating(let inner, let count):
      return "\(describe(inner)) × \(count.isInfinite ? "forever" : NumberText.format(count))"
    case .reversed(let inner): return "reverse(\(describe(inner)))"
    case .yoyo(let inner): return "yoyo(\(describe(inner)))"
    case .speed(let inner, let factor):
      return "speed(\(describe(inner)), \(NumberText.format(factor)))"
    case .eased(let inner, let easing): return "ease(\(describe(inner)), \(easing.name))"
    case .bound(let inner, _): return describe(inner)
    case .prepared(let inner, let delay):
      return "delay(\(describe(inner)), \(NumberText.format(delay)))"
    }
  }

  // MARK: Drawing

  /// Maps times to columns: column c covers [t0 + c·dt, t0 + (c+1)·dt).
  private struct Scale {
    var t0: Double
    var t1: Double
    var columns: Int
    var dt: Double { (t1 - t0) / Double(columns) }

    func column(_ t: Double) -> Int {
      let c = ((t - t0) / (t1 - t0) * Double(columns) + 1e-9).rounded(.down)
      if c.isNaN { return 0 }
      return Int(min(max(c, 0), Double(columns - 1)))
    }

    func columnStart(_ c: Int) -> Double { t0 + Double(c) * dt }

    /// Whether time `t` is on the chart (its first column to its last).
    func shows(_ t: Double) -> Bool {
      let slack = dt * 1e-6
      return t >= t0 - slack && t <= t1 + slack
    }
  }

  private func draw(_ source: Source, _ scale: Scale) -> [Character] {
    var cells = [Character](repeating: " ", count: scale.columns)
    var plan = TimelinePlan(window: scale.t0...scale.t1, resolution: scale.dt)
    plan.add(source.motion, at: source.offset)
    let lower = source.start
    let upper = source.end ?? .infinity
    let epsilon = scale.dt * 1e-6

    // Bars.
    for span in plan.spans {
      let s = max(span.start, lower)
      let e = min(span.end, upper)
      if e < s { continue }
      if e - s < epsilon {
        if s >= scale.t0 - epsilon && s <= scale.t1 + epsilon { cells[scale.column(s)] = "█" }
        continue
      }
      for c in 0..<scale.columns {
        let c0 = scale.columnStart(c)
        let c1 = c0 + scale.dt
        if s < c1 - epsilon && e > c0 + epsilon { cells[c] = "█" }
      }
    }

    // Repeat boundaries, the cursor over them, then the events over both.
    if let period = source.repeatPeriod, period >= 3 * scale.dt {
      var k = 1.0
      while k < source.repeatCount.rounded(.up) {
        let t = source.offset + k * period
        if t > min(upper, scale.t1) { break }
        if t >= lower { cells[scale.column(t)] = ":" }
        k += 1
      }
    }
    if scale.shows(now) { cells[scale.column(now)] = "│" }
    for t in plan.marks where t >= lower && t <= min(upper, scale.t1) {
      cells[scale.column(t)] = "|"
    }
    switch source.ending {
    case .done(let t)? where t <= scale.t1: cells[scale.column(t)] = "*"
    case .stopped(let t)? where t <= scale.t1: cells[scale.column(t)] = "x"
    default: break
    }
    if (source.end ?? .infinity) > scale.t1 + epsilon && cells[scale.columns - 1] != " " {
      cells[scale.columns - 1] = "→"
    }
    return cells
  }

  /// The axis (`┬` at ticks, `▲` under the cursor) and the tick labels.
  private func axis(_ scale: Scale, labelWidth: Int) -> [String] {
    let span = scale.t1 - scale.t0
    let widest = max(NumberText.format(scale.t0).count, NumberText.format(scale.t1).count) + 1
    let step = Self.tickStep(span: span, columns: scale.columns, labelWidth: widest + 2)
    var line = [Character](repeating: "─", count: scale.columns)
    var labels = [Character](repeating: " ", count: scale.columns)
    var tick = (scale.t0 / step).rounded(.up) * step
    var lastLabelEnd = -1
    var count = 0
    while tick <= scale.t1 + step * 1e-9 && count < scale.columns {
      let c = scale.column(tick)
      line[c] = "┬"
      let text = Array(NumberText.format(abs(tick) < step * 1e-9 ? 0 : tick) + "s")
      // A label that would run past the chart's end ends there instead,
      // unless that overlaps the previous one.
      let position = min(c, scale.columns - text.count)
      if position > lastLabelEnd {
        for (i, ch) in text.enumerated() where position + i < labels.count {
          labels[position + i] = ch
        }
        lastLabelEnd = position + text.count
      }
      tick += step
      count += 1
    }
    if scale.shows(now) { line[scale.column(now)] = "▲" }
    let pad = String(repeating: " ", count: labelWidth + 1)
    return [pad + String(line), pad + String(labels)]
  }

  /// A step of 1, 2 or 5 × 10ⁿ seconds that leaves `labelWidth` columns
  /// between ticks.
  static func tickStep(span: Double, columns: Int, labelWidth: Int) -> Double {
    let maximumTicks = max(1, columns / max(labelWidth, 1))
    let raw = span / Double(maximumTicks)
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
    return 10 * magnitude
  }

  /// The key to the symbols the chart uses, as many as fit in `width`:
  /// `now 2.000s ▲  █ active  | mark  : repeat  * done  x stopped  → goes on`.
  /// With the clock off the chart (`clockAfterChart`: after its end, or
  /// before its start; nil when it is on it), `now 9.000s (after the chart)`.
  static func legend(used: Set<Character>, now: Double, clockAfterChart: Bool?, width: Int)
    -> String
  {
    let keys: [(Character, String)] = [
      ("█", "█ active"), ("|", "| mark"), (":", ": repeat"), ("*", "* done"), ("x", "x stopped"),
      ("→", "→ goes on"),
    ]
    var text = "now \(ValueText.time(now))"
    switch clockAfterChart {
    case nil: text += " ▲"
    case true?: text += " (after the chart)"
    case false?: text += " (before the chart)"
    }
    for (symbol, key) in keys where used.contains(symbol) {
      if text.count + 2 + key.count > width - 1 { break }
      text += "  " + key
    }
    return text
  }

  /// `text` padded or cut to `width` (with `…` when cut).
  static func fit(_ text: String, _ width: Int) -> String {
    if text.count <= width { return text + String(repeating: " ", count: width - text.count) }
    return String(text.prefix(max(width - 1, 0))) + "…"
  }
}
