/// The segment a live run is writing into one property of one view, as a
/// recorder reads it: absolute times, both end values and the easing.
///
/// Read-only: it is a copy of what the clock evaluates, taken at the moment
/// of the query. A paused run still reports its segment (with the times it
/// would have if it were running); a recorder compares the scene's actual
/// value with what the segment predicts and cuts where they differ.
public struct SegmentInForce: Sendable {
  /// How the segment's value is computed between its ends.
  public enum Shape: Sendable, Equatable {
    /// `from + (to − from)·easing(p)` on every lane (numbers, and colours
    /// blended per channel in sRGB).
    case eased
    /// A colour blended in another space (`space: hsb`, `space: oklab`).
    case color(ColorSpace)
    /// A spring's exact path to `to` (snapping to it at the end).
    case spring
    /// Anything else (a reversed, yoyo or re-eased play): only its current
    /// value and velocity are known.
    case other
  }

  /// The view written.
  public let view: ViewID
  /// The property written.
  public let property: Property
  /// Absolute start time.
  public let start: Double
  /// Length in seconds (0: the value is set at `start`).
  public let duration: Double
  /// The value at the start (numbers in lane 0, colours in four lanes).
  public let from: PropertyValue
  /// The value at the end (it holds from then on).
  public let to: PropertyValue
  /// The easing (for `.eased`; `linear` otherwise).
  public let easing: Easing
  /// How the value moves.
  public let shape: Shape
  /// Rate of change of lane 0 now, in units per second.
  public let velocity: Double

  /// Absolute end time.
  public var end: Double { start + duration }

  /// Whether the run writing it is paused.
  public let paused: Bool

  /// The value this segment gives at absolute time `t` (for `.eased`
  /// segments; others return `from` before and `to` after their span and
  /// nothing reliable in between).
  public func value(at t: Double) -> PropertyValue {
    if duration <= 0 || t >= end { return to }
    let p = max(t - start, 0) / duration
    return from + (to - from) * easing(p)
  }
}

extension Clock {
  /// Calls `body` with the segment in force on every (view, property) a live
  /// run writes now, in run start order.
  ///
  /// This is the recorder's window on the clock (`anim export`): what each
  /// writer will do next, so that exact easings can be written as curves
  /// instead of frames. It changes nothing.
  public func forEachSegmentInForce(_ body: (SegmentInForce) -> Void) {
    for run in pool.live where run.record.state.isLive {
      let paused = run.record.state == .paused
      // A run at another rate or playing backwards: its segments' shapes no
      // longer follow clock time as written; the recorder samples them.
      let retimed = run.rate != 1
      let local = run.record.localTime
      for i in 0..<run.trackCount {
        let track = run.tracks[i]
        guard track.alive, track.claimed else { continue }
        let hot = run.hot[i]
        if hot.programmed && !retimed {
          // A periodic program supplies the part in force; the cursor is behind.
          guard hot.kind == .linear || hot.kind == .eased else { continue }
          let duration = hot.invDuration.isFinite ? 1 / hot.invDuration : 0
          let easing = hot.kind == .eased ? run.curves[i].easing : .linear
          let velocity =
            local >= hot.endLimit || duration == 0
            ? 0 : (hot.b - hot.a) * easing.derivative(at: (local - hot.start) / duration) / duration
          body(
            SegmentInForce(
              view: track.key.view, property: track.key.property, start: run.anchor + hot.start,
              duration: duration, from: PropertyValue(hot.a, 0, 0, 0),
              to: PropertyValue(hot.b, 0, 0, 0), easing: easing, shape: .eased,
              velocity: velocity.isFinite ? velocity : 0, paused: paused))
          continue
        }
        guard let segment = track.resolver.current else { continue }
        let start =
          retimed
          ? min(run.absolute(segment.start), run.absolute(segment.end)) : run.anchor + segment.start
        let length = retimed ? segment.duration / abs(run.rate) : segment.duration
        var shape: SegmentInForce.Shape
        var easing = segment.easing
        switch segment.form {
        case .number: shape = .eased
        case .hold, .event:
          shape = .eased
          easing = .linear
        case .color(let space): shape = .color(space)
        case .spring, .wideSpring: shape = .spring
        case .composite, .path: shape = .other
        }
        if retimed { shape = .other }
        let velocity = track.resolver.velocity(at: local)
        body(
          SegmentInForce(
            view: track.key.view, property: track.key.property, start: start,
            duration: length, from: segment.a,
            to: segment.b,
            easing: easing, shape: shape, velocity: velocity.isFinite ? velocity : 0,
            paused: paused))
      }
    }
  }
}
