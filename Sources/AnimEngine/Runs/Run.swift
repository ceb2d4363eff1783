/// One property of one view as a run moves it.
struct Track {
  let key: TrackKey
  /// Index of the property's first slot in the scene's values.
  let slot: Int
  let lanes: Int
  let cursor: Cursor
  var resolver: Resolver
  /// Has started writing (its first segment began).
  var claimed = false
  /// Still writes: false once another run took the property over.
  var alive = true
  /// The property's value when the run started (`cancel` restores it).
  let original: PropertyValue
}

/// A live run: the state the pool owns while the run plays.
final class Run {
  let record: RunRecord
  let handle: RunHandle
  /// Start order; at one instant earlier runs go first.
  let serial: Int
  let duration: Double
  /// Local time = clock time − anchor, while running.
  var anchor: Double
  var tracks: [Track]
  var trackIndex: [Int: Int]
  /// The event track (marks, repeats), if the motion has one.
  let events: Cursor?
  var eventResolver = Resolver(initial: .zero)
  var startPending = true
  /// Pool slot and the generation it was given at.
  let slot: Int
  let generation: UInt32

  init(
    record: RunRecord, handle: RunHandle, serial: Int, anchor: Double, tracks: [Track],
    events: Cursor?, slot: Int, generation: UInt32
  ) {
    self.record = record
    self.handle = handle
    self.serial = serial
    self.duration = record.motion.duration
    self.anchor = anchor
    self.tracks = tracks
    self.events = events
    self.slot = slot
    self.generation = generation
    var index: [Int: Int] = [:]
    for (i, t) in tracks.enumerated() { index[t.slot] = i }
    trackIndex = index
  }

  var isPaused: Bool { record.state == .paused }

  /// Absolute time at which the run ends (if it keeps running).
  var endTime: Double { anchor + duration }
}
