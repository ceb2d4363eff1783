import AnimEngine

/// One run on the preview's timeline: a lane from its start to its end, with
/// a mark for each `repeat`, `mark` and `done` event it fired.
public struct RunLane: Sendable, Equatable, Codable {
  /// An event drawn on the lane.
  public struct Mark: Sendable, Equatable, Codable {
    /// Clock time of the event.
    public var t: Double
    /// `repeat`, `mark` or `done`.
    public var kind: String
    /// What the event says: `repeat 2`, `mark "hit"`, `done`.
    public var label: String
  }

  /// The run's id (`#3` is 3).
  public var id: Int
  /// How the run was written (`fade(out, 1) on box`).
  public var label: String
  /// The views it animates (`box`, `tiles[0], tiles[1], … (100 views)`).
  public var target: String
  /// The index (painting order) of the first view it animates, which the
  /// inspector shows when the lane is selected; nil when it animates none.
  public var view: Int?
  /// Clock time it started at.
  public var start: Double
  /// Clock time it ended at; the range's end while it still runs there
  /// (`ended` is then nil).
  public var end: Double?
  /// How it ended: `done`, `cancelled`, `cleared`; nil while it runs.
  public var ended: String?
  public var marks: [Mark]
  /// Marks left out past `LaneRecorder.maximumMarks`.
  public var marksDropped: Int
}

/// Collects the lanes of a script's runs while it plays: every event the
/// clock fires, and at each frame the runs alive and the runs that left the
/// pool without `done` (cancelled or cleared, at the frame that saw it).
final class LaneRecorder {
  /// Most marks kept on one lane (a `* forever` run at a fine period fires
  /// more than a lane can show).
  static let maximumMarks = 500
  /// Most lanes kept; the earliest runs are kept.
  static let maximumLanes = 1_000
  /// Most view names listed as a lane's target.
  static let maximumTargetNames = 3

  private var records: [RunRecord] = []
  private var byID: [Int: Int] = [:]
  private var built: [RunLane] = []
  private var scene: Scene?

  /// Forgets every lane: a `reset` statement cleared the runs and sent the
  /// clock back to 0, so the timeline starts over (SPEC §24).
  func reset() {
    records = []
    byID = [:]
    built = []
  }

  /// Notes one event the clock fired.
  func record(_ event: RunEvent) {
    guard let i = note(event.record) else { return }
    let (kind, label): (String, String)
    switch event.kind {
    case .start: return
    case .done:
      if built[i].end == nil {
        built[i].end = event.time
        // `cancel` and `clear` fire `done` too; the lane says which it was.
        let state = event.record.state
        built[i].ended = state == .cancelled || state == .cleared ? state.rawValue : "done"
      }
      (kind, label) = ("done", "done")
    case .repeat(let iteration): (kind, label) = ("repeat", "repeat \(iteration)")
    case .mark(let name): (kind, label) = ("mark", "mark \"\(name)\"")
    }
    if built[i].marks.count < Self.maximumMarks {
      built[i].marks.append(RunLane.Mark(t: event.time, kind: kind, label: label))
    } else {
      built[i].marksDropped += 1
    }
  }

  /// Notes the runs alive at a frame, and the end of those that have left
  /// the pool since without `done`.
  func observe(frame time: Double, scene: Scene, clock: Clock) {
    self.scene = scene
    for record in clock.liveRuns { _ = note(record) }
    for i in built.indices where built[i].end == nil {
      let state = records[i].state
      if !state.isLive {
        built[i].end = time
        built[i].ended = state.rawValue
      }
    }
  }

  /// The lanes, in the order the runs started (a run still going ends at
  /// `end`), and the views each animates, by their index in `order`
  /// (painting order).
  func lanes(indexing order: [ViewID: Int], end: Double) -> (lanes: [RunLane], views: [[Int]]) {
    var out = built
    var views: [[Int]] = []
    for i in out.indices {
      let targets = targetViews(of: records[i].motion)
      out[i].target = target(naming: targets)
      let indices = targets.compactMap { order[$0] }
      out[i].view = indices.first
      if out[i].end == nil { out[i].end = end }
      views.append(indices)
    }
    return (out, views)
  }

  private func note(_ record: RunRecord) -> Int? {
    if let i = byID[record.id] { return i }
    guard built.count < Self.maximumLanes else { return nil }
    byID[record.id] = built.count
    records.append(record)
    built.append(
      RunLane(
        id: record.id, label: record.label, target: "", view: nil, start: record.startTime,
        end: nil,
        ended: nil, marks: [], marksDropped: 0))
    return built.count - 1
  }

  /// The names of `views`, the first few and a count.
  private func target(naming views: [ViewID]) -> String {
    guard let scene, !views.isEmpty else { return "" }
    let names = views.prefix(Self.maximumTargetNames).map { scene.name(of: $0) }
    if views.count <= Self.maximumTargetNames { return names.joined(separator: ", ") }
    return names.joined(separator: ", ") + ", … (\(views.count) views)"
  }

  /// The views `motion` is bound to, each once, in the order they are met.
  private func targetViews(of motion: Motion) -> [ViewID] {
    var seen: Set<ViewID> = []
    var order: [ViewID] = []
    var visited: Set<ObjectIdentifier> = []
    func walk(_ m: Motion) {
      guard visited.insert(ObjectIdentifier(m)).inserted else { return }
      switch m.node {
      case .leaf: return
      case .sequence(let parts), .parallel(let parts): parts.forEach(walk)
      case .repeating(let inner, _), .reversed(let inner), .yoyo(let inner), .speed(let inner, _),
        .eased(let inner, _), .prepared(let inner, _):
        walk(inner)
      case .bound(let inner, let views):
        for v in views where seen.insert(v).inserted { order.append(v) }
        walk(inner)
      }
    }
    walk(motion)
    return order
  }
}
