#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `reverse`, `yoyo` and `ease` of a whole motion: when the part starts, its
/// body's play is resolved from the track's current value (the values it would
/// pass through if it started now), then read through a time map.
final class CompositeCursor: Cursor {
  let body: TrackNode
  let duration: Double
  let mode: CompositeTimeline.Mode
  let scale: Double
  let events: Bool
  var base: Double
  /// On the event track: the events of one play at their mapped body times.
  private var mappedEvents: [Segment]?
  /// The events still to emit, last first.
  private var pendingEvents: [Segment] = []
  /// For `reverse(m)` right after a play of m (SPEC §23.3): that play's
  /// start, from which the play reversed is resolved instead of from now.
  var retraced: PlayStart?

  init(
    body: TrackNode, duration: Double, mode: CompositeTimeline.Mode, base: Double, scale: Double,
    events: Bool
  ) {
    self.body = body
    self.duration = duration
    self.mode = mode
    self.scale = scale
    self.events = events
    self.base = base
    super.init()
    reset(base: base)
  }

  override func reset(base: Double) {
    self.base = base
    if events {
      // Events carry no values, so their times are known before the part starts.
      if mappedEvents == nil { mappedEvents = mapEvents() }
      pendingEvents = mappedEvents!.map {
        var e = $0; e.start = base + e.start * scale; return e
      }
      pendingEvents.reverse()
      nextStart = pendingEvents.last?.start ?? .infinity
    } else {
      nextStart = base
    }
  }

  /// Resolves one play of the body from `initial`, in body time.
  private func resolvePlay(initial: PropertyValue, velocity: Double, site: TrackSite? = nil)
    -> [Segment]
  {
    var sub = Resolver(initial: initial, initialVelocity: velocity)
    sub.site = site
    let cursor = Cursor.make(body, base: 0, scale: 1, events: events)
    var segments: [Segment] = []
    while cursor.nextStart < .infinity {
      cursor.pop(&sub)
      if let segment = sub.current { segments.append(segment) }
    }
    return segments
  }

  override func pop(_ r: inout Resolver) {
    if events {
      popEvent(&r)
      return
    }
    let initial = retraced?.value ?? r.value(at: base)
    let velocity = retraced?.value != nil ? retraced!.velocity : r.velocity(at: base)
    let segments = resolvePlay(initial: initial, velocity: velocity, site: r.site)
    let timeline = CompositeTimeline(
      initial: initial, segments: segments, duration: duration, mode: mode, scale: scale)
    let length: Double
    if case .yoyo = mode { length = 2 * duration } else { length = duration }
    let end = timeline.value(atLocal: length * scale)
    nextStart = .infinity
    r.accept(
      Segment(
        start: base, duration: length * scale, a: initial, b: end, easing: .linear,
        form: .composite(timeline)))
  }

  private func popEvent(_ r: inout Resolver) {
    let event = pendingEvents.removeLast()
    nextStart = pendingEvents.last?.start ?? .infinity
    r.accept(event)
  }

  /// The body's events at the times the time map gives them, in order.
  private func mapEvents() -> [Segment] {
    var mapped: [Segment] = []
    for var e in resolvePlay(initial: .zero, velocity: 0) {
      switch mode {
      case .reversed:
        e.start = duration - e.start
        mapped.append(e)
      case .yoyo:
        mapped.append(e)
        var back = e
        back.start = 2 * duration - e.start
        mapped.append(back)
      case .eased(let easing):
        guard let p = Self.firstCrossing(easing, of: duration > 0 ? e.start / duration : 0) else {
          continue
        }
        e.start = p * duration
        mapped.append(e)
      }
    }
    return mapped.enumerated().sorted {
      ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
    }.map(\.element)
  }

  /// The first progress p in 0…1 at which `easing(p)` reaches `target`, or nil
  /// if it never does (an event in a part the easing skips over).
  static func firstCrossing(_ easing: Easing, of target: Double) -> Double? {
    if easing(0) >= target { return 0 }
    let n = 1000
    var previous = 0.0
    for i in 1...n {
      let p = Double(i) / Double(n)
      if easing(p) >= target {
        var lo = previous
        var hi = p
        for _ in 0..<60 {
          let mid = (lo + hi) / 2
          if easing(mid) >= target { hi = mid } else { lo = mid }
        }
        return hi
      }
      previous = p
    }
    return nil
  }
}
