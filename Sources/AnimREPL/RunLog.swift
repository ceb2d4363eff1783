import AnimEngine

/// Every run the session has started, with the moment each one ended, for
/// `:timeline` (the clock itself forgets a run once it leaves the pool).
final class RunLog {
  /// One run as the log knows it.
  struct Entry {
    var record: RunRecord
    /// The clock time the run ended at (nil while it is live).
    var endTime: Double?
  }

  /// Most ended runs kept; the oldest are forgotten first. A chart shows far
  /// fewer, so this only bounds memory in sessions with endless handler chains.
  static let maximumEndedRuns = 1000

  private(set) var entries: [Entry] = []
  private var index: [Int: Int] = [:]

  /// Notes an event: its run, and the end a `done` marks.
  func record(_ event: RunEvent) {
    note(event.record, now: nil)
    if case .done = event.kind, let i = index[event.record.id], entries[i].endTime == nil {
      entries[i].endTime = event.time
    }
  }

  /// Notes the clock's live runs, and the end of any run that has left the
  /// pool since (at `now`, the best time known for a `clear`).
  func refresh(_ clock: Clock) {
    for record in clock.liveRuns { note(record, now: nil) }
    for i in entries.indices where entries[i].endTime == nil && !entries[i].record.state.isLive {
      entries[i].endTime = clock.now
    }
    prune()
  }

  func note(_ record: RunRecord, now: Double?) {
    if index[record.id] != nil { return }
    index[record.id] = entries.count
    entries.append(Entry(record: record, endTime: now))
  }

  /// The run with id `id`.
  func entry(id: Int) -> Entry? { index[id].map { entries[$0] } }

  private func prune() {
    let ended = entries.filter { !$0.record.state.isLive }.count
    guard ended > Self.maximumEndedRuns else { return }
    var drop = ended - Self.maximumEndedRuns
    entries.removeAll { entry in
      if drop > 0 && !entry.record.state.isLive {
        drop -= 1
        return true
      }
      return false
    }
    index = Dictionary(
      uniqueKeysWithValues: entries.enumerated().map { ($0.element.record.id, $0.offset) })
  }
}
