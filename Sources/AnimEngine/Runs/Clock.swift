/// The virtual clock: owns the scene's runs and moves time only when told.
///
/// Within a step, events are delivered in time order at their exact virtual
/// times (sub-stepping to each instant something listens for); between those
/// instants every run is sampled once, at the end.
public final class Clock {
  public let scene: Scene
  /// The view motions animate when not bound (`view`).
  public var defaultView: ViewID
  /// The current virtual time.
  public private(set) var now: Double = 0
  /// Frames per second for `tick` and `step n frames`.
  public private(set) var fps: Double = 60
  /// Whole frames stepped since `frameBase`; frame steps land on exact
  /// multiples of 1/fps instead of accumulating rounding.
  private var frameBase: Double = 0
  private var frames: Double = 0

  var pool = Pool()
  private var owners: [Int: Owner] = [:]
  private var nextID = 1
  private var nextSerial = 0
  private var handlerDepth = 0
  private var eventsThisInstant = 0

  /// Property writes made by runs since the clock was made (for benchmarks).
  public private(set) var propertyUpdates = 0
  /// Tracks (one property of one view) compiled for runs since the clock was
  /// made; each costs about a hundred property writes.
  public private(set) var tracksStarted = 0

  /// Segments and events the runs have started since the clock was made;
  /// each costs about a hundred property writes.
  public private(set) var segmentsStarted = 0
  /// Parts of motions projected onto tracks as runs started (`partCount`);
  /// each costs about a hundred property writes.
  public private(set) var partsProjected = 0

  /// The clock's work since it was made, in property writes: a host that
  /// bounds a script's work (the interpreter's work limit) charges it.
  public var work: Int {
    propertyUpdates &+ (tracksStarted &+ segmentsStarted &+ partsProjected) &* 100
  }

  /// The `work` past which the clock stops starting segments and the call
  /// that passed it throws ``ClockError/workLimitReached``: what bounds a
  /// repeat of very short plays, or one stepped play by play, that a single
  /// `step` would otherwise walk for hours. No limit unless a host sets one.
  public var workCeiling = Int.max
  /// Set when `work` passed `workCeiling`; `checkWork` throws and clears it.
  private var workExhausted = false

  /// Called for every event that fires, listened to or not (the REPL's report).
  public var observer: ((RunEvent) -> Void)?
  /// Called with the number of events a periodic repeat skipped unseen.
  public var skipObserver: ((RunRecord, Int) -> Void)?
  /// Instants a host wants to see as the clock passes them (a renderer's
  /// frame times): every move stops at each of them. Stopping changes
  /// nothing a script sees, since stepping in pieces is exact.
  public var stops: (any ClockStops)?

  /// Most tracks (one property of one view each) the live runs may animate
  /// at once. A track costs about 1 KB while its run lives (2 KB in a
  /// stagger), so this bounds the clock's memory near 1 GB: fifty thousand
  /// views with ten properties each fit, a million-view grid does not.
  public static let maximumLiveTracks = 500_000
  /// `maximumLiveTracks`, lowered by tests.
  var liveTrackLimit = Clock.maximumLiveTracks
  /// Tracks of the live runs.
  public private(set) var liveTracks = 0

  /// Most events one instant may deliver to handlers before the cascade is
  /// stopped (events no handler hears do not count).
  public static let maximumEventsPerInstant = 10_000
  /// Most rounds `settle` and `step until` take before giving up (a chain of
  /// handlers that never stops starting runs would otherwise never return).
  /// Each round waits for the latest end among the running runs, so a script
  /// meets it only with 100 000 runs chained one after another.
  public static let maximumSettleRounds = 100_000
  /// The latest time the clock reaches: 1e12 s (about 31 700 years). Beyond
  /// it a double no longer resolves a millisecond, so frames and boundaries
  /// would blur; `step 1e300` is an error rather than a hang.
  public static let maximumTime = 1e12

  private struct Owner {
    weak var run: Run?
    var claimTime: Double
  }

  public init(scene: Scene, defaultView: ViewID) {
    self.scene = scene
    self.defaultView = defaultView
  }

  // MARK: Queries

  /// Live runs in start order, their local times up to date.
  public var liveRuns: [RunRecord] { pool.live.filter { $0.record.state.isLive }.map(\.record) }

  /// The handle of a live run.
  public func handle(of record: RunRecord) -> RunHandle? { pool.run(for: record)?.handle }

  /// Number of live runs.
  public var liveCount: Int { pool.count }

  /// Pool slots ever allocated (recycled slots keep this flat).
  public var poolCapacity: Int { pool.capacity }

  // MARK: Starting

  /// Starts `motion` now and returns its handle (or points `handle` at it).
  @discardableResult
  public func run(_ motion: Motion, label: String, handle: RunHandle? = nil) throws -> RunHandle {
    if pool.count >= Pool.maximumLiveRuns {
      throw ClockError("too many live runs (limit \(Pool.maximumLiveRuns))")
    }
    // Projecting costs in proportion to the motion's parts: a run that would
    // pass the work ceiling is refused before it, not after seconds of it.
    let parts = Int(min(motion.partCount, Motion.maximumParts))
    if parts > (workCeiling &- work) / 100 { throw ClockError.workLimitReached }
    partsProjected &+= parts
    var projector = Projector()
    let (trackNodes, eventNode) = projector.project(motion, defaultView: defaultView)
    if trackNodes.count > liveTrackLimit - liveTracks {
      throw ClockError(
        "too many animated properties: this run adds \(trackNodes.count) to the \(liveTracks) live (limit \(liveTrackLimit))"
      )
    }
    let record = RunRecord(id: nextID, motion: motion, label: label, startTime: now)
    nextID += 1
    let (slot, generation) = pool.reserve()
    record.slot = slot
    let tracks = trackNodes.map { key, node -> Track in
      let s = Scene.slot(key.view, key.property)
      let original = scene.read(slot: s, lanes: key.property.lanes)
      return Track(
        key: key, slot: s, lanes: key.property.lanes,
        cursor: Cursor.make(node, base: 0, scale: 1, events: false),
        resolver: Resolver(initial: original), original: original)
    }
    let h = handle ?? RunHandle(record: record)
    h.record = record
    let run = Run(
      record: record, handle: h, serial: nextSerial, anchor: now, tracks: tracks,
      events: eventNode.map { Cursor.make($0, base: 0, scale: 1, events: true) },
      slot: slot, generation: generation)
    nextSerial += 1
    tracksStarted += tracks.count
    liveTracks += tracks.count
    pool.insert(run)
    advance(run, toLocal: 0)
    try checkWork()
    return h
  }

  // MARK: Moving time

  /// Advances to absolute time `target` (≥ now).
  public func advance(to target: Double) throws {
    try checkNotInHandler()
    guard target.isFinite else { throw ClockError("time must be finite") }
    try checkLimit(target)
    guard target >= now else {
      throw ClockError(
        "cannot step back in time (now \(Motion.format(now)), asked for \(Motion.format(target)))")
    }
    try move(to: target)
    frameBase = target
    frames = 0
  }

  /// Advances by `seconds`.
  public func advance(by seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0 else {
      throw ClockError("step must be a finite number of seconds ≥ 0, not \(Motion.format(seconds))")
    }
    let target = now + seconds
    guard target.isFinite else { throw ClockError("time would overflow") }
    try advance(to: target)
  }

  /// Advances by `count` frames at the current frame rate.
  public func advance(frames count: Double) throws {
    try checkNotInHandler()
    guard count.isFinite, count >= 0, count.rounded() == count else {
      throw ClockError("frame count must be a whole number ≥ 0, not \(Motion.format(count))")
    }
    let target = frameBase + (frames + count) / fps
    guard target.isFinite else { throw ClockError("time would overflow") }
    try checkLimit(target)
    try move(to: max(target, now))
    frames += count
  }

  /// Sets the frame rate.
  public func setFPS(_ value: Double) throws {
    guard value.isFinite, value > 0, value <= 1_000_000 else {
      throw ClockError("frame rate must be a number in (0, 1000000], not \(Motion.format(value))")
    }
    fps = value
    frameBase = now
    frames = 0
  }

  /// Advances until every finite, running run has ended (paused runs and runs
  /// that never end are not waited for).
  public func settle() throws {
    try checkNotInHandler()
    var rounds = 0
    func settled() -> Bool { latestFiniteEnd == nil }
    try move(to: now)
    while let end = latestFiniteEnd {
      rounds += 1
      if rounds > Self.maximumSettleRounds {
        throw ClockError(
          "settle gave up after \(Self.maximumSettleRounds) rounds: handlers keep starting runs")
      }
      try checkLimit(end)
      // A handler may end the last run early: stop at that instant.
      try move(to: max(end, now), until: settled)
    }
    frameBase = now
    frames = 0
  }

  /// Advances until the run `handle` refers to ends.
  public func advance(until handle: RunHandle) throws {
    try checkNotInHandler()
    var rounds = 0
    while let run = pool.run(for: handle.record) {
      if run.isPaused {
        throw ClockError("run #\(run.record.id) is paused, so it would never end")
      }
      if !run.ends {
        throw ClockError("run #\(run.record.id) never ends")
      }
      rounds += 1
      if rounds > Self.maximumSettleRounds {
        throw ClockError("step until gave up after \(Self.maximumSettleRounds) rounds")
      }
      try checkLimit(run.endTime)
      try move(to: max(run.endTime, now)) { self.pool.run(for: handle.record) == nil }
    }
    frameBase = now
    frames = 0
  }

  private func checkLimit(_ target: Double) throws {
    if target > Self.maximumTime {
      throw ClockError(
        "time cannot pass \(Motion.format(Self.maximumTime)) s (asked for \(Motion.format(target))); beyond it the clock cannot resolve frames"
      )
    }
  }

  private func checkNotInHandler() throws {
    if handlerDepth > 0 { throw ClockError("the clock cannot move inside a handler") }
  }

  /// The latest end of a running run that ends, or nil when none is left.
  private var latestFiniteEnd: Double? {
    pool.live.filter { !$0.isPaused && $0.record.state.isLive && $0.ends }.map(
      \.endTime
    ).max()
  }

  /// Moves to `target`, stopping at every instant something listens for, and
  /// for good at the first instant after which `done()` holds.
  private func move(to target: Double, until done: (() -> Bool)? = nil) throws {
    try deliverInstant()
    try checkWork()
    try passStops()
    if let done, done() { return }
    while true {
      let next = min(nextBoundary(), stops?.nextStop ?? .infinity)
      guard next <= target else { break }
      sampleRuns(at: next)
      now = next
      try checkWork()
      try deliverInstant()
      try checkWork()
      try passStops()
      if let done, done() { return }
    }
    if target > now {
      sampleRuns(at: target)
      now = target
      try checkWork()
      try deliverInstant()
      try checkWork()
      try passStops()
    }
  }

  /// Shows the host every stop reached by now, once the instant's events
  /// have all been delivered.
  private func passStops() throws {
    guard let stops else { return }
    while stops.nextStop <= now { try stops.clockReached(now) }
  }

  /// Counts a segment or event just started; false (and `workExhausted`
  /// set) once that passes `workCeiling`, when the caller stops starting more.
  func countSegmentStart() -> Bool {
    segmentsStarted &+= 1
    if work <= workCeiling { return true }
    workExhausted = true
    return false
  }

  /// Throws once the clock has passed `workCeiling` (see there).
  func checkWork() throws {
    guard workExhausted else { return }
    workExhausted = false
    throw ClockError.workLimitReached
  }

  /// The earliest instant after now at which a run ends or emits an event
  /// some handler listens for.
  private func nextBoundary() -> Double {
    var next = Double.infinity
    for run in pool.live where run.record.state.isLive && !run.isPaused {
      if run.ends { next = min(next, run.endTime) }
      guard let e = run.events, run.handle.listensToTrackEvents else { continue }
      if run.rate < 0 {
        // Events due now are delivered at this instant; only later ones stop the clock.
        if let local = latestEvent(run, below: run.eventFloor), run.absolute(local) > now {
          next = min(next, run.absolute(local))
        }
      } else if e.nextStart < .infinity {
        next = min(next, run.absolute(e.nextStart))
      }
    }
    return next
  }

  /// Samples every running run at absolute time `t`.
  private func sampleRuns(at t: Double) {
    for run in pool.live where run.record.state == .running {
      let local = min(max(run.local(at: t), 0), run.duration)
      if run.rate < 0 {
        move(run, toLocal: local)
        continue
      }
      advance(run, toLocal: local)
      if !run.handle.listensToTrackEvents { drainEvents(run, toLocal: local) }
    }
  }

  /// Advances every track of `run` to local time `local`, writing values.
  ///
  /// This is the clock's hot loop: per track a comparison with the next
  /// segment's start, then an easing and a store into the scene. Cursors are
  /// touched only when a segment starts.
  func advance(_ run: Run, toLocal local: Double) {
    run.record.localTime = local
    let values = scene.storage
    let hot = run.hot
    let limit = local + tolerance(local)
    var updates = 0
    for i in 0..<run.trackCount {
      // A programmed track hands over to its cursor when its program's plays
      // end, so one jump (finish, seek, a long step) may need a second pass.
      var passes = 0
      while hot[i].nextStart <= limit && passes < 4 {
        if hot[i].programmed { stepProgram(run, i, limit) } else { startSegments(run, i, local) }
        passes += 1
      }
      let h = hot + i
      var value: Double
      switch h.pointee.kind {
      case .idle:
        continue
      case .linear, .eased:
        if local >= h.pointee.endLimit {
          value = h.pointee.b
        } else {
          let p = max(local - h.pointee.start, 0) * h.pointee.invDuration
          let e = h.pointee.kind == .linear ? p : run.curves[i].easing(p)
          value = h.pointee.a + (h.pointee.b - h.pointee.a) * e
          if _slowPath(!value.isFinite) {
            value = FiniteValues.interpolateWide(h.pointee.a, h.pointee.b, e)
          }
        }
      case .spring:
        value =
          local >= h.pointee.endLimit
          ? h.pointee.b
          : h.pointee.b
            + (run.curves[i].spring?.solution.displacement(at: max(local - h.pointee.start, 0)) ?? 0)
        if _slowPath(!value.isFinite) { value = FiniteValues.clamp(value, fallback: h.pointee.b) }
      case .general:
        let track = run.tracks[i]
        scene.write(slot: track.slot, lanes: track.lanes, track.resolver.value(at: local))
        updates += 1
        continue
      }
      values[Int(h.pointee.slot)] = value
      updates += 1
    }
    propertyUpdates += updates
  }

  /// Starts the segments of track `i` due by `local` (the slow path).
  private func startSegments(_ run: Run, _ i: Int, _ local: Double) {
    let track = run.tracks + i
    guard track.pointee.alive else { return }
    let cursor = track.pointee.cursor
    if run.curves[i].program != nil {
      // Back from arithmetic: the cursor catches up with the plays it skipped.
      run.setProgram(nil, at: i)
      run.hot[i].programmed = false
      _ = cursor.fastForward(to: local, &track.pointee.resolver)
    }
    while track.pointee.alive && reached(cursor.nextStart, local) {
      if !track.pointee.claimed {
        claim(run, track, at: run.rate > 0 ? run.absolute(cursor.nextStart) : now)
        if !track.pointee.alive { break }
      }
      cursor.pop(&track.pointee.resolver)
      guard countSegmentStart() else { break }
      // More than one segment behind: a periodic repeat skips whole plays.
      if reached(cursor.nextStart, local) {
        _ = cursor.fastForward(to: local, &track.pointee.resolver)
      }
    }
    if !track.pointee.alive {
      run.drop(i)
      return
    }
    run.hot[i].nextStart = cursor.nextStart
    if track.pointee.resolver.current != nil {
      run.hot[i].load(
        track.pointee.resolver.current!, lanes: track.pointee.lanes, curve: &run.curves[i])
    }
    if track.pointee.lanes == 1, let program = cursor.periodicProgram() {
      // A program whose plays are already over is not used: free its parts.
      guard program.end > local else {
        program.release()
        return
      }
      // From here on the repeat's plays are known: step them by arithmetic.
      let limit = local + tolerance(local)
      run.setProgram(program, at: i)
      run.hot[i].programmed = true
      let k = program.play(at: limit)
      run.curves[i].play = k
      run.curves[i].part = program.part(at: limit, play: k) ?? -1
      if run.curves[i].part >= 0 {
        run.hot[i].load(
          part: run.curves[i].part, of: program, playStart: program.base + k * program.period,
          curve: &run.curves[i])
      }
      run.hot[i].nextStart = nextPartStart(program, play: k, part: run.curves[i].part)
    }
  }

  /// Run-local start of the part after part `j` of play `k` (the program's end
  /// when that is later: the cursor takes over there).
  private func nextPartStart(_ program: PeriodicProgram, play k: Double, part j: Int) -> Double {
    let next =
      j + 1 < program.parts.count
      ? program.base + k * program.period + program.parts[j + 1].start
      : program.base + (k + 1) * program.period + program.parts[0].start
    return min(next, program.end)
  }

  /// Moves a programmed track to the part in force at `limit`: the next part,
  /// or, after a long step, the play and part computed directly.
  private func stepProgram(_ run: Run, _ i: Int, _ limit: Double) {
    guard let program = run.curves[i].program else { return }
    if run.hot[i].nextStart >= program.end {
      // The program's plays are over: the cursor takes over.
      startSegments(run, i, limit - tolerance(limit))
      return
    }
    var k = run.curves[i].play
    var j = run.curves[i].part
    // Plays are stepped one by one only while the arithmetic can tell them
    // apart: past 2^52 plays `k + 1` is no longer exact, and a play shorter
    // than the clock's tolerance at `limit` has no distinct start.
    let resolvable = k < 0x1p52 && program.period > tolerance(limit)
    if !resolvable || limit - (program.base + k * program.period) > 2 * program.period {
      k = program.play(at: limit)
      if let part = program.part(at: limit, play: k) {
        j = part
      } else {
        // Before the play's first part: the previous play's last part holds.
        j = program.parts.count - 1
        k -= 1
      }
    } else {
      repeat {
        j += 1
        if j == program.parts.count {
          j = 0
          k += 1
        }
      } while nextPartStart(program, play: k, part: j) <= limit
        && nextPartStart(program, play: k, part: j) < program.end
    }
    run.curves[i].play = k
    run.curves[i].part = j
    run.hot[i].load(
      part: j, of: program, playStart: program.base + k * program.period, curve: &run.curves[i])
    run.hot[i].nextStart = nextPartStart(program, play: k, part: j)
  }

  /// The value and velocity of track `i` of `run` at its local time `local`.
  private func sample(_ run: Run, _ i: Int, at local: Double) -> (PropertyValue, Double) {
    if run.hot[i].programmed {
      // The cursor is behind; the hot record holds the part in force.
      let hot = run.hot[i]
      let u = min(max((local - hot.start) * hot.invDuration, 0), 1)
      let easing = hot.kind == .eased ? run.curves[i].easing : .linear
      let v = local >= hot.endLimit ? hot.b : hot.a + (hot.b - hot.a) * easing(u)
      let velocity =
        local >= hot.endLimit ? 0 : (hot.b - hot.a) * easing.derivative(at: u) * hot.invDuration
      return (PropertyValue(v, 0, 0, 0), velocity)
    }
    let resolver = run.tracks[i].resolver
    return (resolver.value(at: local), resolver.velocity(at: local))
  }

  /// Takes the property over when the track starts writing: the most recently
  /// started writer wins, and a run that loses a property never writes it again.
  private func claim(_ run: Run, _ trackPointer: UnsafeMutablePointer<Track>, at time: Double) {
    var track: Track {
      get { trackPointer.pointee }
      _modify { yield &trackPointer.pointee }
    }
    var initial = scene.read(slot: track.slot, lanes: track.lanes)
    var velocity = 0.0
    if let owner = owners[track.slot], let other = owner.run, other !== run,
      other.record.state.isLive, let j = other.trackIndex[track.slot], other.tracks[j].alive
    {
      if (time, run.serial) > (owner.claimTime, other.serial) {
        let otherLocal =
          other.rate == 1
          ? min(time - other.anchor, other.record.localTime) : other.record.localTime
        (initial, velocity) = sample(other, j, at: otherLocal)
        other.drop(j)
      } else {
        track.alive = false
        return
      }
    }
    owners[track.slot] = Owner(run: run, claimTime: time)
    track.resolver = Resolver(initial: initial, initialVelocity: velocity)
    track.claimedValue = initial
    track.claimedVelocity = velocity
    track.claimed = true
  }

  /// Passes the events of a run nobody listens to, for the report only.
  private func drainEvents(_ run: Run, toLocal local: Double) {
    guard let events = run.events else { return }
    while reached(events.nextStart, local)
      && events.nextStart <= run.duration + tolerance(run.duration)
    {
      events.pop(&run.eventResolver)
      guard countSegmentStart() else { return }
      if let segment = run.eventResolver.current, case .event(let kind) = segment.form, let observer
      {
        observer(
          RunEvent(
            time: run.absolute(segment.start), kind: kind, record: run.record, handle: run.handle))
      }
      if reached(events.nextStart, local) {
        let skipped = events.fastForward(to: local, &run.eventResolver)
        if skipped > 0 { skipObserver?(run.record, skipped) }
      }
    }
  }

  // MARK: Events at one instant

  /// Delivers everything due at `now`: pending starts, listened events, ends;
  /// repeats until handlers start nothing new.
  private func deliverInstant() throws {
    eventsThisInstant = 0
    var progressed = true
    while progressed {
      progressed = false
      // Runs ended in the last pass leave now, so a cascade of restarts at one
      // instant walks only the runs still live.
      pool.compact()
      for run in pool.live where run.record.state.isLive {
        if run.startPending {
          run.startPending = false
          try fire(.start, run, at: now)
          progressed = true
        }
        guard run.record.state == .running else { continue }
        let local = run.local(at: now)
        if run.rate < 0 {
          if try deliverBackwardEvents(run, downTo: max(local, 0)) { progressed = true }
        } else if let events = run.events, run.handle.listensToTrackEvents {
          while run.record.state == .running && reached(events.nextStart, local)
            && events.nextStart <= run.duration + tolerance(run.duration)
          {
            events.pop(&run.eventResolver)
            guard countSegmentStart() else { break }
            if let segment = run.eventResolver.current, case .event(let kind) = segment.form {
              try fire(kind, run, at: run.absolute(segment.start))
              progressed = true
            }
          }
        }
        if run.record.state == .running && run.ends && reached(run.endTime, now) {
          if run.rate < 0 {
            move(run, toLocal: 0)
            if try deliverBackwardEvents(run, downTo: 0) { progressed = true }
            guard run.record.state == .running else { continue }
          } else {
            advance(run, toLocal: run.duration)
            if !run.handle.listensToTrackEvents { drainEvents(run, toLocal: run.duration) }
          }
          end(run, as: .finished)
          try fire(.done, run, at: now)
          progressed = true
        }
      }
    }
    pool.compact()
  }

  func fire(_ kind: EventKind, _ run: Run, at time: Double) throws {
    let event = RunEvent(time: time, kind: kind, record: run.record, handle: run.handle)
    observer?(event)
    let listeners = run.handle.listeners
    // Only events a handler hears can cascade: ten thousand runs starting
    // together, with no handlers, are not a cascade.
    guard listeners.contains(where: { $0.filter.matches(kind) }) else { return }
    eventsThisInstant += 1
    if eventsThisInstant > Self.maximumEventsPerInstant {
      throw ClockError(
        "more than \(Self.maximumEventsPerInstant) events at t=\(Motion.format(time)): handlers keep triggering each other"
      )
    }
    handlerDepth += 1
    defer { handlerDepth -= 1 }
    for listener in listeners where listener.filter.matches(kind) {
      // A handler of a restarted handle belongs to the new run.
      try listener.action(event)
    }
  }

  private func end(_ run: Run, as state: RunState) {
    run.record.state = state
    run.record.slot = nil
    liveTracks -= run.trackCount
    pool.release(run)
  }

  // MARK: Pool verbs

  func liveRun(_ handle: RunHandle, _ verb: String) throws -> Run {
    if let run = pool.run(for: handle.record) { return run }
    throw ClockError(
      "cannot \(verb) run #\(handle.record.id): it has already ended (\(handle.record.state.rawValue))"
    )
  }

  /// Stops where it is; no `done`; the run can never restart.
  public func clear(_ handle: RunHandle) throws {
    end(try liveRun(handle, "clear"), as: .cleared)
    pool.compact()
  }

  /// Stops and restores every property the run animated; `done` fires.
  public func cancel(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "cancel")
    for i in 0..<run.trackCount where run.tracks[i].claimed && run.tracks[i].alive {
      scene.write(slot: run.tracks[i].slot, lanes: run.tracks[i].lanes, run.tracks[i].original)
    }
    end(run, as: .cancelled)
    try fireOutsideStep(.done, run)
  }

  /// Jumps to the end state; `done` fires.
  public func finish(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "finish")
    guard run.ends else {
      throw ClockError("cannot finish run #\(run.record.id): it never ends")
    }
    // Playing backwards, a run ends at local time 0.
    move(run, toLocal: run.rate < 0 ? 0 : run.duration)
    try checkWork()
    end(run, as: .finished)
    try fireOutsideStep(.done, run)
  }

  /// Freezes the run's local time.
  public func pause(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "pause")
    run.record.state = .paused
  }

  /// Unfreezes the run's local time.
  public func resume(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "resume")
    guard run.record.state == .paused else { return }
    run.anchor(local: run.record.localTime, at: now)
    run.record.state = .running
  }

  /// Starts a new run of the same motion; the handle then refers to it. A live
  /// run is cleared first; a cleared run can never restart.
  public func restart(_ handle: RunHandle) throws {
    if handle.record.state == .cleared {
      throw ClockError("cannot restart run #\(handle.record.id): it was cleared")
    }
    if let run = pool.run(for: handle.record) {
      end(run, as: .cleared)
      // Ended runs leave `pool.live` at the next compaction: without one
      // here, restarts in a loop that never steps would keep them all.
      pool.compact()
    }
    try run(handle.record.motion, label: handle.record.label, handle: handle)
  }

  /// Clears every live run.
  public func clearAll() {
    for run in pool.live where run.record.state.isLive { end(run, as: .cleared) }
    pool.compact()
  }

  /// Cancels every live run, newest first so each restores what it found.
  public func cancelAll() throws {
    for run in pool.live.reversed() where run.record.state.isLive { try cancel(run.handle) }
  }

  /// Finishes every live run; an error if one never ends.
  public func finishAll() throws {
    for run in pool.live where run.record.state.isLive { try finish(run.handle) }
  }

  private func fireOutsideStep(_ kind: EventKind, _ run: Run) throws {
    if handlerDepth == 0 { eventsThisInstant = 0 }
    try fire(kind, run, at: now)
    pool.compact()
  }

  /// Empties the pool, restores the declared scene and sets the time to 0.
  public func reset() {
    for run in pool.live where run.record.state.isLive { end(run, as: .cleared) }
    pool.compact()
    owners = [:]
    now = 0
    frameBase = 0
    frames = 0
    scene.restoreDeclared()
    stops?.clockDidReset()
  }
}
