/// Controlling a live run's local time (SPEC §14.2): `seek h to t`,
/// `h.speed = k` and `reverse h`, and playing backwards.
///
/// A run's values are a function of its local time: the clock hands the
/// run's stepper the local time, forwards or backwards (`Stepper.write`).
/// Each track keeps the value (and velocity) it started from when it took its
/// property; moving a run back in time rewinds its tracks to local time 0 and
/// resolves them forward again from those values, so every play reads the
/// same start values it read the first time and seeking back retraces
/// exactly what playing forward showed. Going forward again costs what stepping costs; the
/// repeats' O(1) skipping of alike plays applies (seeking `blink * forever` to
/// 10⁹ s resolves a few plays, then jumps). Playing backwards rewinds at each
/// sample: cheap for repeats and short motions, linear in the parts passed for
/// long ones.
extension Clock {
  /// `seek h to t`: sets the run's local time to `t` (0…its duration; any
  /// t ≥ 0 for a run that never ends); its properties take their values at
  /// once. Events of the time jumped over are not delivered (GSAP's
  /// default). Works on paused runs.
  public func seek(_ handle: RunHandle, to t: Double) throws {
    let run = try liveRun(handle, "seek")
    guard t.isFinite, t >= 0 else {
      throw EngineError("seek time must be a finite number ≥ 0, not \(NumberText.format(t))")
    }
    if t > Self.maximumTime && t < run.duration {
      throw EngineError(
        "cannot seek run #\(run.record.id) to \(NumberText.format(t)): a run's own time goes up to \(NumberText.format(Self.maximumTime)) s, as the clock's"
      )
    }
    if t > run.duration + tolerance(run.duration) {
      throw EngineError(
        "cannot seek run #\(run.record.id) to \(NumberText.format(t)): it lasts \(NumberText.format(run.duration))"
      )
    }
    let local = min(t, run.duration)
    // Anchored first, so the parts the seek starts take their properties as
    // of now, not at some future instant a later run could not beat.
    run.anchor(local: local, at: now)
    if run.record.state == .running { run.sound?.open(at: now, local: local, rate: run.rate) }
    advance(run, toLocal: local)
    positionEvents(run, at: local)
    try checkWork()
  }

  /// `h.speed = k`: the run's playback rate from now on; a negative rate
  /// plays it backwards.
  public func setSpeed(_ handle: RunHandle, _ k: Double) throws {
    let run = try liveRun(handle, "set the speed of")
    guard k.isFinite, k != 0 else {
      throw EngineError("speed must be a finite number other than 0, not \(NumberText.format(k))")
    }
    let local = run.record.localTime
    let turned = (k < 0) != (run.rate < 0)
    run.rate = k
    run.record.speed = k
    if run.record.state == .running {
      run.anchor(local: local, at: now)
      run.sound?.open(at: now, local: local, rate: k)
    }
    if turned { positionEvents(run, at: local) }
  }

  /// `reverse h`: `h.speed = -h.speed`; a run that finished plays back
  /// from its end (`replayBackwards`).
  public func reverse(_ handle: RunHandle) throws {
    guard let run = pool.run(for: handle.record) else {
      try replayBackwards(handle)
      return
    }
    try setSpeed(handle, -run.rate)
  }

  /// `reverse h` of a run that finished (SPEC §23.3): it plays again, the
  /// other way, from where it ended, as GSAP's `reverse()` after completion;
  /// its tracks retrace what they showed, and take their properties back
  /// from any run that took them since.
  func replayBackwards(_ handle: RunHandle) throws {
    guard handle.record.state == .finished, let play = handle.finishedPlay else {
      throw EngineError(
        "cannot reverse run #\(handle.record.id): it has already ended (\(handle.record.state.rawValue))"
      )
    }
    if pool.count >= Pool.maximumLiveRuns {
      throw EngineError("too many live runs (limit \(Pool.maximumLiveRuns))")
    }
    if play.stepper.trackCount > liveTrackLimit - liveTracks {
      throw EngineError(
        "too many animated properties: this run adds \(play.stepper.trackCount) to the \(liveTracks) live (limit \(liveTrackLimit))"
      )
    }
    let record = handle.record
    let (slot, generation) = pool.reserve()
    record.slot = slot
    record.state = .running
    let run = Run(
      record: record, handle: handle, serial: nextSerial, anchor: now, stepper: play.stepper,
      events: play.events, slot: slot, generation: generation)
    nextSerial += 1
    run.startPending = false
    run.rate = -play.rate
    record.speed = run.rate
    run.anchor(local: play.local, at: now)
    handle.finishedPlay = nil
    liveTracks += play.stepper.trackCount
    pool.insert(run)
    for i in 0..<play.stepper.trackCount {
      let (slot, _) = play.stepper.slot(of: i)
      guard play.stepper.track(writing: slot) == i else { continue }
      if let owner = owners[slot], let other = owner.run, other !== run,
        other.record.state.isLive, let j = other.stepper.track(writing: slot)
      {
        other.stepper.stopWriting(j)
      }
      owners[slot] = Owner(run: run, claimTime: now)
    }
    advance(run, toLocal: play.local)
    positionEvents(run, at: play.local)
    try meter.check()
  }

  // MARK: Events in a run's own time

  /// Places the event track just after local time `local`: events at or
  /// before it count as passed (forwards) and those below it are still to
  /// come (backwards).
  func positionEvents(_ run: Run, at local: Double) {
    run.eventFloor = local
    guard let events = run.events else { return }
    events.reset(base: 0)
    var r = Resolver(initial: .zero)
    while reached(events.nextStart, local) && events.nextStart < .infinity {
      events.pop(&r)
      if reached(events.nextStart, local) { _ = events.skipAlikePlays(to: local, &r) }
    }
    run.eventResolver = r
  }

  /// The events of `run` with local times in [`low`, `high`), in time order.
  private func events(of run: Run, from low: Double, below high: Double) -> [Segment] {
    guard let events = run.events, high > 0 else { return [] }
    events.reset(base: 0)
    var r = Resolver(initial: .zero)
    var found: [Segment] = []
    let limit = high - tolerance(high)
    let floor = low - tolerance(low)
    while events.nextStart < limit {
      events.pop(&r)
      if let segment = r.current, case .event = segment.form, segment.start >= floor,
        segment.start < limit
      {
        found.append(segment)
      }
      if events.nextStart < floor { _ = events.skipAlikePlays(to: low, &r) }
    }
    return found
  }

  /// The latest event of `run` below local time `high`, if any.
  func latestEvent(_ run: Run, below high: Double) -> Double? {
    guard run.events != nil, high > 0 else { return nil }
    // A window of a little over one play (or the whole motion) below `high`
    // holds it; the repeat cursor skips the plays before in O(1).
    var low = high
    var width = 1.0
    while low > 0 {
      low = max(high - width, 0)
      if let last = events(of: run, from: low, below: high).last { return last.start }
      width *= 16
      if width > 1e15 { low = 0 }
    }
    return events(of: run, from: 0, below: high).last?.start
  }

  /// Playing backwards: delivers the events between the last delivered
  /// (`eventFloor`) and `local`, latest first. True when one fired.
  func deliverBackwardEvents(_ run: Run, downTo local: Double) throws -> Bool {
    let high = run.eventFloor
    guard local < high - tolerance(high) else { return false }
    run.eventFloor = local
    // Unheard events are not enumerated: a backward jump over a million
    // plays would otherwise list them all.
    guard run.handle.listensToTrackEvents else { return false }
    var fired = false
    for segment in events(of: run, from: local, below: high).reversed() {
      guard run.record.state == .running, run.rate < 0, case .event(let kind) = segment.form
      else { break }
      try fire(kind, run, at: max(run.absolute(segment.start), now))
      fired = true
    }
    return fired
  }
}
