import AnimEngine

/// The tracks the recorder visits at one frame (see `StageRecorder.observe`):
/// each at most once, with the segment the clock has in force on it, if any.
///
/// A value the recorder moves out of itself while it takes a frame, so that
/// the per-track bookkeeping is plain array access (a class's stored arrays
/// are checked for exclusive access at every use).
struct FrameVisits {
  /// The tracks to visit, in the order queued.
  private(set) var tracks: [Int] = []
  /// The segments in force at this frame, in the order the clock reports
  /// them (run start order).
  var segments: [SegmentInForce] = []
  /// The frame being taken.
  private(set) var frame = -1
  /// The frame at which each track was last queued.
  private var queuedAt: [Int] = []
  /// The frame at which each track last had a segment in force, and its
  /// index in `segments` then.
  private var segmentAt: [Int] = []
  private var segmentIndex: [Int] = []

  /// Starts frame `frame`: nothing queued, no segments.
  mutating func begin(frame: Int) {
    self.frame = frame
    tracks.removeAll(keepingCapacity: true)
    segments.removeAll(keepingCapacity: true)
  }

  /// Makes room for tracks up to `count` (new tracks are not queued).
  mutating func grow(to count: Int) {
    guard count > queuedAt.count else { return }
    let more = count - queuedAt.count
    queuedAt += repeatElement(-1, count: more)
    segmentAt += repeatElement(-1, count: more)
    segmentIndex += repeatElement(0, count: more)
  }

  /// Queues track `i` for a visit at this frame, once.
  @inline(__always)
  mutating func add(_ i: Int) {
    guard queuedAt[i] != frame else { return }
    queuedAt[i] = frame
    tracks.append(i)
  }

  /// Files each of `segments` under its track (`track` gives it, nil for a
  /// view not recorded) and queues the track. Where two segments write one
  /// track, the later one counts.
  mutating func fileSegments(_ track: (SegmentInForce) -> Int?) {
    for k in segments.indices {
      guard let i = track(segments[k]) else { continue }
      segmentIndex[i] = k
      if segmentAt[i] != frame {
        segmentAt[i] = frame
        add(i)
      }
    }
  }

  /// The index in `segments` of the segment in force on track `i` at this
  /// frame.
  func segmentIndex(of i: Int) -> Int? {
    segmentAt[i] == frame ? segmentIndex[i] : nil
  }
}
