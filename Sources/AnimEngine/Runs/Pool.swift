/// Owns live runs for exactly as long as they are live.
///
/// Slots are recycled: a run that ends frees its slot at once and bumps the
/// slot's generation, so a record of an ended run can never reach the run that
/// reuses the slot.
struct Pool {
  private var slots: [Run?] = []
  private var generations: [UInt32] = []
  private var free: [Int] = []
  /// Live runs in start order (ended ones are dropped by `compact`).
  private(set) var live: [Run] = []
  private var needsCompaction = false

  /// The most runs live at once. Past it `run` is refused, so a handler that
  /// starts runs without end cannot exhaust memory.
  static let maximumLiveRuns = 100_000

  /// Live runs (kept as a count: a handler starting thousands of runs at one
  /// instant must not recount them each time).
  private(set) var count = 0

  /// A free slot and its generation.
  mutating func reserve() -> (slot: Int, generation: UInt32) {
    if let slot = free.popLast() { return (slot, generations[slot]) }
    slots.append(nil)
    generations.append(0)
    return (slots.count - 1, 0)
  }

  mutating func insert(_ run: Run) {
    slots[run.slot] = run
    live.append(run)
    count += 1
  }

  /// The live run a record refers to, if it is still live.
  func run(for record: RunRecord) -> Run? {
    guard let slot = record.slot, let run = slots[slot], run.record === record else { return nil }
    return run
  }

  /// Releases the run's slot (it has ended).
  mutating func release(_ run: Run) {
    guard slots.indices.contains(run.slot), slots[run.slot] === run,
      generations[run.slot] == run.generation
    else { return }
    slots[run.slot] = nil
    generations[run.slot] &+= 1
    free.append(run.slot)
    needsCompaction = true
    count -= 1
  }

  /// Drops ended runs from `live`.
  mutating func compact() {
    guard needsCompaction else { return }
    live.removeAll { !$0.record.state.isLive }
    needsCompaction = false
  }

  /// Slots ever allocated (for the benchmarks: recycled slots keep it flat).
  var capacity: Int { slots.count }
}
