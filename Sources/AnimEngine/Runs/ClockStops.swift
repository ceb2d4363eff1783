/// Instants at which a host looks at the scene as the clock passes them: a
/// renderer's frame times (SPEC §12.3, "frames are taken as the clock passes
/// their times").
///
/// A clock with `stops` set stops every move at `nextStop` (after delivering
/// every event of that instant) and calls `clockReached`, which must advance
/// `nextStop` past the current time. It must not move the clock.
public protocol ClockStops: AnyObject {
  /// The next instant the host wants to see; `.infinity` for none.
  var nextStop: Double { get }
  /// The clock stands at `time` ≥ `nextStop`, with every event of the instant
  /// delivered. An error thrown here stops the move that reached it.
  func clockReached(_ time: Double) throws
  /// `reset` set the clock back to 0: the stops start again from the first.
  func clockDidReset()
  /// The clock stands at `time` with every event of the instant delivered,
  /// whether or not it is a stop: where a move starts (`afterScript`: the
  /// script's statements at `time` have run, which may have changed the
  /// scene after a stop at that same time) and at each instant a move stops
  /// at for the runs' own sake (a run ending, an event a handler hears). A
  /// recorder puts changes between its stops where they happened with it.
  /// It must not move the clock.
  func clockStands(at time: Double, afterScript: Bool) throws
}

extension ClockStops {
  /// By default, only the stops are looked at.
  public func clockStands(at time: Double, afterScript: Bool) throws {}
}
