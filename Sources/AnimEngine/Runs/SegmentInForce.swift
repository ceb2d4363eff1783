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
      run.stepper.forEachSegmentInForce(
        atLocal: run.record.localTime, paused: run.record.state == .paused, rate: run.rate,
        absolute: run.absolute, body)
    }
  }
}
