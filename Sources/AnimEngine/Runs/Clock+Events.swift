/// Delivering events (SPEC §6): everything due at one instant, in order
/// (pending starts, the marks and repeats handlers listen for, ends), the
/// events a run passes as it moves forward, and firing one to its handlers.
/// Moving time (`Clock.swift`) calls `deliverInstant` at every instant it
/// stops at; playing backwards delivers through `Clock+Control.swift`.
extension Clock {
  /// Delivers everything due at `now`: pending starts, listened events, ends;
  /// repeats until handlers start nothing new.
  func deliverInstant() throws {
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
        let local = try checkedLocal(run, at: now)
        if run.rate < 0 {
          if try deliverBackwardEvents(run, downTo: max(local, 0)) { progressed = true }
        } else if run.handle.listensToTrackEvents, try passEvents(run, toLocal: local) {
          progressed = true
        }
        if run.record.state == .running && run.ends && reached(run.endTime, now) {
          if run.rate < 0 {
            advance(run, toLocal: 0)
            if try deliverBackwardEvents(run, downTo: 0) { progressed = true }
            guard run.record.state == .running else { continue }
          } else {
            advance(run, toLocal: run.duration)
            if !run.handle.listensToTrackEvents { _ = try passEvents(run, toLocal: run.duration) }
          }
          end(run, as: .finished)
          try fire(.done, run, at: now)
          progressed = true
        }
      }
    }
    pool.compact()
  }

  /// Fires one event of `run`: the observer sees it; the handlers listening
  /// for it run now, counted against the cascade limit of one instant.
  func fire(_ kind: EventKind, _ run: Run, at time: Double) throws {
    let event = RunEvent(time: time, kind: kind, record: run.record, handle: run.handle)
    observer?(event)
    let listeners = run.handle.listeners
    // Only events a handler hears can cascade: ten thousand runs starting
    // together, with no handlers, are not a cascade.
    guard listeners.contains(where: { $0.filter.matches(kind) }) else { return }
    eventsThisInstant += 1
    if eventsThisInstant > Self.maximumEventsPerInstant {
      throw EngineError(
        "more than \(Self.maximumEventsPerInstant) events at t=\(NumberText.format(time)): handlers keep triggering each other"
      )
    }
    handlerDepth += 1
    defer { handlerDepth -= 1 }
    for listener in listeners where listener.filter.matches(kind) {
      // A handler of a restarted handle belongs to the new run.
      try listener.action(event)
    }
  }

  /// Passes `run`'s marks and repeats up to `local`, each fired at its own
  /// time; whole alike plays of events no handler hears are skipped
  /// (`eventsSkipped`). Returns whether any fired.
  func passEvents(_ run: Run, toLocal local: Double) throws -> Bool {
    guard let events = run.events else { return false }
    var fired = false
    while run.record.state == .running && reached(events.nextStart, local)
      && events.nextStart <= run.duration + tolerance(run.duration)
    {
      events.pop(&run.eventResolver)
      guard meter.countSegmentStart() else { break }
      if let segment = run.eventResolver.current, case .event(let kind) = segment.form {
        try fire(kind, run, at: run.absolute(segment.start))
        fired = true
      }
      if !run.handle.listensToTrackEvents && reached(events.nextStart, local) {
        eventsSkipped += events.skipAlikePlays(to: local, &run.eventResolver)
      }
    }
    return fired
  }
}
