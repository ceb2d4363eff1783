/// One property of one view as a run moves it: the cold half, touched only
/// when a segment starts (see `HotTrack` for the half read every frame).
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
  /// The value and velocity the track started from when it claimed the
  /// property: a rewind (seek back, playing backwards) resolves the track
  /// again from them, so it retraces exactly what it showed (SPEC §14.2).
  var claimedValue: PropertyValue = .zero
  var claimedVelocity = 0.0
}

/// A live run: the state the pool owns while the run plays.
final class Run {
  let record: RunRecord
  let handle: RunHandle
  /// Start order; at one instant earlier runs go first.
  let serial: Int
  let duration: Double
  /// Local time = (clock time − anchor) · rate, while running.
  var anchor: Double
  /// Local seconds per clock second (`h.speed`): finite and not 0; negative
  /// plays backwards.
  var rate = 1.0
  /// Playing backwards: the local time down to which events have been
  /// delivered (events at or above it were).
  var eventFloor = 0.0
  /// The cold half of each track, in raw memory the run owns (mutated in
  /// place when segments start, never copied).
  let tracks: UnsafeMutablePointer<Track>
  let trackCount: Int
  /// The per-frame half of each track, in raw memory the run owns.
  let hot: UnsafeMutablePointer<HotTrack>
  /// Easings and springs of the hot tracks that need them.
  let curves: UnsafeMutablePointer<HotCurve>
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
    self.tracks = .allocate(capacity: max(tracks.count, 1))
    self.tracks.initialize(from: tracks, count: tracks.count)
    trackCount = tracks.count
    self.events = events
    self.slot = slot
    self.generation = generation
    hot = .allocate(capacity: max(tracks.count, 1))
    curves = .allocate(capacity: max(tracks.count, 1))
    curves.initialize(repeating: HotCurve(), count: tracks.count)
    var index: [Int: Int] = [:]
    for (i, t) in tracks.enumerated() {
      index[t.slot] = i
      var h = HotTrack(slot: t.slot)
      h.nextStart = t.cursor.nextStart
      (hot + i).initialize(to: h)
    }
    trackIndex = index
  }

  deinit {
    for i in 0..<trackCount { curves[i].program?.release() }
    tracks.deinitialize(count: trackCount)
    tracks.deallocate()
    hot.deinitialize(count: trackCount)
    hot.deallocate()
    curves.deinitialize(count: trackCount)
    curves.deallocate()
  }

  var isPaused: Bool { record.state == .paused }

  /// Absolute time at which the run ends (if it keeps running): its end
  /// playing forwards, local time 0 playing backwards.
  var endTime: Double { absolute(rate > 0 ? duration : 0) }

  /// Whether the run ends if it keeps running: a finite one, or any run
  /// playing backwards.
  var ends: Bool { rate < 0 || duration.isFinite }

  /// The local time at clock time `t`, while running.
  @inline(__always)
  func local(at t: Double) -> Double { rate == 1 ? t - anchor : (t - anchor) * rate }

  /// The clock time at which local time `local` is reached, while running.
  @inline(__always)
  func absolute(_ local: Double) -> Double { rate == 1 ? anchor + local : anchor + local / rate }

  /// Sets `anchor` so that local time `local` is reached at clock time `t`.
  func anchor(local: Double, at t: Double) { anchor = rate == 1 ? t - local : t - local / rate }

  /// Gives track `i` a periodic program (or none), freeing the one it had.
  func setProgram(_ program: PeriodicProgram?, at i: Int) {
    curves[i].program?.release()
    curves[i].program = program
  }

  /// Stops track `i` writing for good (another run took its property).
  func drop(_ i: Int) {
    tracks[i].alive = false
    hot[i].kind = .idle
    hot[i].nextStart = .infinity
  }
}
