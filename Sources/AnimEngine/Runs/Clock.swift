/// The virtual clock: owns the scene's runs and moves time only when told.
///
/// This file holds the rules of SPEC §6 for starting runs, moving time and
/// takeover. Within a step, events are delivered in time order at their
/// exact virtual times (sub-stepping to each instant something listens for);
/// between those instants every run is sampled once, at the end. Delivering
/// the events is `Clock+Events.swift`; a run's values at a local time are
/// written by its `Stepper` (the speed half, `Stepping/`); the pool verbs are
/// in `Clock+Pool.swift`, seek, speed and reverse in `Clock+Control.swift`.
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
  /// Takeover: the run that last took each scene slot, and when.
  var owners: [Int: Owner] = [:]
  private var nextID = 1
  var nextSerial = 0
  /// Handlers running now (the clock cannot move inside one).
  var handlerDepth = 0
  /// Events handlers heard at this instant (a cascade past the limit stops).
  var eventsThisInstant = 0

  /// The clock's work, in property writes (see `Clock.work`).
  var meter = WorkMeter()

  /// Called for every event that fires, listened to or not (the REPL's report).
  public var observer: ((RunEvent) -> Void)?
  /// Events no handler listened to that the clock passed without delivering
  /// them one by one (whole alike plays of a repeat jumped over), since the
  /// clock was made: with the events `observer` saw, every event that fired.
  public internal(set) var eventsSkipped = 0
  /// Instants a host wants to see as the clock passes them (a renderer's
  /// frame times): every move stops at each of them. Stopping changes
  /// nothing a script sees, since stepping in pieces is exact.
  public var stops: (any ClockStops)?

  /// `maximumLiveTracks`, lowered by tests.
  var liveTrackLimit = Clock.maximumLiveTracks
  /// Tracks of the live runs.
  public internal(set) var liveTracks = 0

  /// Every run since the clock was made (or last reset) whose motion plays
  /// sounds, in start order, with the spans of clock time its local time
  /// moved through: what the mix is made from (SPEC §22). Runs without a
  /// play are not logged.
  public private(set) var soundRuns: [SoundRun] = []

  struct Owner {
    weak var run: Run?
    var claimTime: Double
  }

  public init(scene: Scene, defaultView: ViewID) {
    self.scene = scene
    self.defaultView = defaultView
    scene.onRetire = { [unowned self] views in self.stopWriting(views: views) }
  }

  /// Stops every run writing a property of `views` (a text's old letters,
  /// SPEC §18), as a takeover does; `claim` refuses them from then on.
  private func stopWriting(views: [ViewID]) {
    for view in views {
      for recordSlot in 0..<Property.recordWidth {
        let slot = scene.layout.index(view: Int(view), slot: recordSlot)
        guard let owner = owners.removeValue(forKey: slot), let run = owner.run,
          run.record.state.isLive, let j = run.stepper.track(writing: slot)
        else { continue }
        run.stepper.stopWriting(j)
      }
    }
  }

  // MARK: Starting

  /// Starts `motion` now and returns its handle (or points `handle` at it).
  @discardableResult
  public func run(_ motion: Motion, label: String, handle: RunHandle? = nil) throws -> RunHandle {
    if pool.count >= Pool.maximumLiveRuns {
      throw EngineError("too many live runs (limit \(Pool.maximumLiveRuns))")
    }
    // Projecting costs in proportion to the motion's parts: a run that would
    // pass the work ceiling is refused before it, not after seconds of it.
    let parts = Int(min(motion.partCount, Motion.maximumParts))
    guard meter.allows(parts: parts) else { throw EngineError.workLimitReached }
    meter.partsProjected &+= parts
    var projector = Projector()
    let (trackNodes, eventNode) = projector.project(motion, defaultView: defaultView)
    if trackNodes.count > liveTrackLimit - liveTracks {
      throw EngineError(
        "too many animated properties: this run adds \(trackNodes.count) to the \(liveTracks) live (limit \(liveTrackLimit))"
      )
    }
    // A morph between outlines that cannot morph is refused when its run
    // starts (SPEC §16.4): every play would meet the same two shapes.
    for (key, node) in trackNodes where key.property == .outline {
      for other in node.morphOthers() {
        if let problem = scene.morphProblem(of: key.view, into: other) {
          throw EngineError(problem)
        }
      }
      // A shape's points move one for one (SPEC §23.1).
      for count in node.pointCounts() {
        if let problem = scene.pointsProblem(of: key.view, count: count) {
          throw EngineError(problem)
        }
      }
    }
    let record = RunRecord(id: nextID, motion: motion, label: label, startTime: now)
    nextID += 1
    let (slot, generation) = pool.reserve()
    record.slot = slot
    let h = handle ?? RunHandle(record: record)
    h.record = record
    let run = Run(
      record: record, handle: h, serial: nextSerial, anchor: now,
      stepper: Stepper(scene: scene, projected: trackNodes),
      events: eventNode.map { Cursor.make($0, base: 0, scale: 1, events: true) },
      slot: slot, generation: generation)
    nextSerial += 1
    if motion.hasSound {
      let sound = SoundRun(id: record.id, motion: motion)
      sound.open(at: now, local: 0, rate: 1)
      run.sound = sound
      soundRuns.append(sound)
    }
    meter.tracksStarted += trackNodes.count
    liveTracks += trackNodes.count
    pool.insert(run)
    advance(run, toLocal: 0)
    try checkWork()
    return h
  }

  // MARK: Moving time

  /// Advances to absolute time `target` (≥ now).
  public func advance(to target: Double) throws {
    try checkNotInHandler()
    guard target.isFinite else { throw EngineError("time must be finite") }
    try checkLimit(target)
    guard target >= now else {
      throw EngineError(
        "cannot step back in time (now \(NumberText.format(now)), asked for \(NumberText.format(target)))"
      )
    }
    try move(to: target)
    frameBase = target
    frames = 0
  }

  /// Advances by `seconds`.
  public func advance(by seconds: Double) throws {
    guard seconds.isFinite, seconds >= 0 else {
      throw EngineError(
        "step must be a finite number of seconds ≥ 0, not \(NumberText.format(seconds))")
    }
    let target = now + seconds
    guard target.isFinite else { throw EngineError("time would overflow") }
    try advance(to: target)
  }

  /// Advances by `count` frames at the current frame rate.
  public func advance(frames count: Double) throws {
    try checkNotInHandler()
    guard count.isFinite, count >= 0, count.rounded() == count else {
      throw EngineError("frame count must be a whole number ≥ 0, not \(NumberText.format(count))")
    }
    let target = frameBase + (frames + count) / fps
    guard target.isFinite else { throw EngineError("time would overflow") }
    try checkLimit(target)
    try move(to: max(target, now))
    frames += count
  }

  /// Sets the frame rate.
  public func setFPS(_ value: Double) throws {
    guard value.isFinite, value > 0, value <= Self.maximumFPS else {
      throw EngineError(
        "frame rate must be a number in (0, 1000000], not \(NumberText.format(value))")
    }
    fps = value
    frameBase = now
    frames = 0
  }

  /// Where the clock's latest move is going (or went): a `step`'s end, the
  /// latest end of the runs `settle` waits for; nil before any move. What
  /// the script does after it is not known yet: a render that shows its
  /// progress in one pass estimates its end from it.
  public private(set) var heading: Double?

  /// Advances until every finite, running run has ended (paused runs and runs
  /// that never end are not waited for).
  public func settle() throws {
    try checkNotInHandler()
    var rounds = 0
    func settled() -> Bool { scheduledEnd == nil }
    try move(to: now)
    while let end = scheduledEnd {
      rounds += 1
      if rounds > Self.maximumSettleRounds {
        throw EngineError(
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
        throw EngineError("run #\(run.record.id) is paused, so it would never end")
      }
      if !run.ends {
        throw EngineError("run #\(run.record.id) never ends")
      }
      rounds += 1
      if rounds > Self.maximumSettleRounds {
        throw EngineError("step until gave up after \(Self.maximumSettleRounds) rounds")
      }
      try checkLimit(run.endTime)
      try move(to: max(run.endTime, now)) { self.pool.run(for: handle.record) == nil }
    }
    frameBase = now
    frames = 0
  }

  private func checkNotInHandler() throws {
    if handlerDepth > 0 { throw EngineError("the clock cannot move inside a handler") }
  }

  /// When the runs going now end: the latest end of a running run that
  /// ends (not paused), or nil when none is left. Runs the script starts
  /// later may end later. `settle` asks at every instant it stops at: one
  /// pass over the runs, nothing allocated.
  public var scheduledEnd: Double? {
    var latest: Double?
    for run in pool.live where !run.isPaused && run.record.state.isLive && run.ends {
      latest = max(latest ?? run.endTime, run.endTime)
    }
    return latest
  }

  /// Moves to `target`, stopping at every instant something listens for, and
  /// for good at the first instant after which `done()` holds.
  private func move(to target: Double, until done: (() -> Bool)? = nil) throws {
    heading = target
    try completeInstant()
    try stops?.clockStands(at: now, afterScript: true)
    if let done, done() { return }
    while true {
      let next = min(nextBoundary(), stops?.nextStop ?? .infinity)
      guard next <= target else { break }
      try arrive(at: next)
      if let done, done() { return }
    }
    if target > now { try arrive(at: target) }
  }

  /// Samples every running run at `t`, makes `t` now and completes it.
  private func arrive(at t: Double) throws {
    try sampleRuns(at: t)
    now = t
    try checkWork()
    try completeInstant()
    try stops?.clockStands(at: t, afterScript: false)
  }

  /// Delivers what is due now, then shows the host its stops.
  private func completeInstant() throws {
    try deliverInstant()
    try checkWork()
    try passStops()
  }

  /// Shows the host every stop reached by now, once the instant's events
  /// have all been delivered.
  private func passStops() throws {
    guard let stops else { return }
    while stops.nextStop <= now { try stops.clockReached(now) }
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
  private func sampleRuns(at t: Double) throws {
    for run in pool.live where run.record.state == .running {
      let local = min(max(try checkedLocal(run, at: t), 0), run.duration)
      advance(run, toLocal: local)
      if run.rate > 0 && !run.handle.listensToTrackEvents {
        _ = try passEvents(run, toLocal: local)
      }
    }
  }

  /// Brings `run` to local time `local`: its stepper writes its values.
  func advance(_ run: Run, toLocal local: Double) {
    run.record.localTime = local
    let updates = run.stepper.write(at: local, rules: RunRules(clock: self, run: run))
    meter.propertyUpdates &+= updates
  }

  /// The rules a run's stepper asks as its segments start.
  /// (Unowned: made for one `write` call while the clock holds the run.)
  private struct RunRules: StepperRules {
    unowned(unsafe) let clock: Clock
    unowned(unsafe) let run: Run
    func claim(track i: Int, atLocal local: Double) -> Handover? {
      clock.claim(track: i, of: run, at: run.rate > 0 ? run.absolute(local) : clock.now)
    }
    func countSegmentStart() -> Bool { clock.meter.countSegmentStart() }
  }

  /// Takeover: a track takes its property when it starts writing. The most
  /// recently started writer wins (at one instant, the run started later),
  /// starting from the value and velocity the property has; a run that loses
  /// a property never writes it again. Returns nil when `run` loses.
  private func claim(track i: Int, of run: Run, at time: Double) -> Handover? {
    let (slot, lanes) = run.stepper.slot(of: i)
    // A text's old letters are written by nothing (SPEC §18).
    if scene.hasRetiredLetters, scene.isRetired(ViewID(scene.layout.place(of: slot).view)) {
      return nil
    }
    var handover = Handover(value: scene.motionStart(slot: slot, lanes: lanes), velocity: 0)
    if let owner = owners[slot], let other = owner.run, other !== run, other.record.state.isLive,
      let j = other.stepper.track(writing: slot)
    {
      guard (time, run.serial) > (owner.claimTime, other.serial) else { return nil }
      let otherLocal =
        other.rate == 1 ? min(time - other.anchor, other.record.localTime) : other.record.localTime
      handover = other.stepper.handover(j, atLocal: otherLocal)
      other.stepper.stopWriting(j)
    }
    owners[slot] = Owner(run: run, claimTime: time)
    return handover
  }

  /// Ends `run` in `state`: it leaves the pool and writes no more.
  func end(_ run: Run, as state: RunState) {
    // Its sound stops at this instant: a cancel or clear cuts it there.
    run.sound?.close(at: now)
    run.record.state = state
    run.record.slot = nil
    run.handle.finishedPlay =
      state == .finished
      ? FinishedPlay(
        stepper: run.stepper, events: run.events, rate: run.rate, local: run.record.localTime)
      : nil
    liveTracks -= run.stepper.trackCount
    pool.release(run)
  }

  /// Empties the pool, restores the declared scene and sets the time to 0.
  public func reset() {
    for run in pool.live where run.record.state.isLive { end(run, as: .cleared) }
    pool.compact()
    owners = [:]
    soundRuns = []
    now = 0
    frameBase = 0
    frames = 0
    scene.restoreDeclared()
    stops?.clockDidReset()
  }
}
