/// The clock's work since it was made, counted in property writes, and the
/// ceiling a host (the interpreter's work limit) sets on it.
struct WorkMeter {
  /// Property writes made by runs.
  var propertyUpdates = 0
  /// Tracks (one property of one view) made for runs.
  var tracksStarted = 0
  /// Segments and events the runs have started.
  var segmentsStarted = 0
  /// Parts of motions projected onto tracks as runs started.
  var partsProjected = 0
  /// The `total` past which the clock stops starting segments.
  var ceiling = Int.max
  /// Set when `total` passed `ceiling`; `check` throws and clears it.
  private var exhausted = false

  /// A track, a segment or a part costs about a hundred property writes.
  static let costOfAStart = 100

  var total: Int {
    propertyUpdates &+ (tracksStarted &+ segmentsStarted &+ partsProjected) &* Self.costOfAStart
  }

  /// Whether `parts` more parts may be projected without passing the ceiling.
  func allows(parts: Int) -> Bool { parts <= (ceiling &- total) / Self.costOfAStart }

  /// Counts a segment or event just started; false (and the meter exhausted)
  /// once that passes the ceiling, when the caller stops starting more.
  mutating func countSegmentStart() -> Bool {
    segmentsStarted &+= 1
    if total <= ceiling { return true }
    exhausted = true
    return false
  }

  /// Throws once the ceiling was passed (and forgets it).
  mutating func check() throws(EngineError) {
    guard exhausted else { return }
    exhausted = false
    throw EngineError.workLimitReached
  }
}

extension Clock {
  /// Throws once the work limit was passed, or a problem a motion met
  /// while it was written (``Scene/report(_:)``), and forgets it.
  func checkWork() throws(EngineError) {
    try meter.check()
    if let problem = scene.takeProblem() { throw problem }
  }

  /// Property writes made by runs since the clock was made (for benchmarks).
  public var propertyUpdates: Int { meter.propertyUpdates }
  /// Tracks (one property of one view) compiled for runs since the clock was
  /// made; each costs about a hundred property writes.
  public var tracksStarted: Int { meter.tracksStarted }
  /// Segments and events the runs have started since the clock was made;
  /// each costs about a hundred property writes.
  public var segmentsStarted: Int { meter.segmentsStarted }
  /// Parts of motions projected onto tracks as runs started (`partCount`);
  /// each costs about a hundred property writes.
  public var partsProjected: Int { meter.partsProjected }

  /// The clock's work since it was made, in property writes: a host that
  /// bounds a script's work (the interpreter's work limit) charges it.
  public var work: Int { meter.total }

  /// The `work` past which the clock stops starting segments and the call
  /// that passed it throws ``EngineError/workLimitReached``: what bounds a
  /// repeat of very short plays, or one stepped play by play, that a single
  /// `step` would otherwise walk for hours. No limit unless a host sets one.
  public var workCeiling: Int {
    get { meter.ceiling }
    set { meter.ceiling = newValue }
  }
}
