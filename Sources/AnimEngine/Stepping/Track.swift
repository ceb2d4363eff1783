/// One property of one view as a run moves it: the cold half, touched only
/// when a segment starts (`FrameSegment` is the half read every frame).
struct Track {
  let key: TrackKey
  /// Index of the property's first slot in the scene's values.
  let slot: Int
  let lanes: Int
  /// Walks the track's segments in time order.
  let cursor: Cursor
  /// Fixes each segment's values as it starts.
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

  init(key: TrackKey, slot: Int, lanes: Int, cursor: Cursor, original: PropertyValue) {
    self.key = key
    self.slot = slot
    self.lanes = lanes
    self.cursor = cursor
    resolver = Resolver(initial: original)
    self.original = original
  }
}
