/// The pool of SPEC §6.2: what is live, and what a script may do to a run.
extension Clock {
  /// Live runs in start order, their local times up to date.
  public var liveRuns: [RunRecord] { pool.live.filter { $0.record.state.isLive }.map(\.record) }

  /// The handle of a live run.
  public func handle(of record: RunRecord) -> RunHandle? { pool.run(for: record)?.handle }

  /// Number of live runs.
  public var liveCount: Int { pool.count }

  /// Pool slots ever allocated (recycled slots keep this flat).
  public var poolCapacity: Int { pool.capacity }

  // MARK: Verbs

  func liveRun(_ handle: RunHandle, _ verb: String) throws -> Run {
    if let run = pool.run(for: handle.record) { return run }
    throw EngineError(
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
    run.stepper.restoreOriginals()
    end(run, as: .cancelled)
    try fireOutsideStep(.done, run)
  }

  /// Jumps to the end state; `done` fires.
  public func finish(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "finish")
    guard run.ends else {
      throw EngineError("cannot finish run #\(run.record.id): it never ends")
    }
    // Playing backwards, a run ends at local time 0.
    advance(run, toLocal: run.rate < 0 ? 0 : run.duration)
    try checkWork()
    end(run, as: .finished)
    try fireOutsideStep(.done, run)
  }

  /// Freezes the run's local time.
  public func pause(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "pause")
    run.record.state = .paused
    run.sound?.close(at: now)
  }

  /// Unfreezes the run's local time.
  public func resume(_ handle: RunHandle) throws {
    let run = try liveRun(handle, "resume")
    guard run.record.state == .paused else { return }
    run.anchor(local: run.record.localTime, at: now)
    run.record.state = .running
    run.sound?.open(at: now, local: run.record.localTime, rate: run.rate)
  }

  /// Starts a new run of the same motion; the handle then refers to it. A live
  /// run is cleared first; a cleared run can never restart.
  public func restart(_ handle: RunHandle) throws {
    if handle.record.state == .cleared {
      throw EngineError("cannot restart run #\(handle.record.id): it was cleared")
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
}
