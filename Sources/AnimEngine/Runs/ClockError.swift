/// A runtime error raised by the clock or the pool (a stale handle, a run that
/// never ends, a cascade of events without end).
public struct ClockError: Error, Sendable, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}

extension ClockError {
  /// The clock passed its `workCeiling`: its host's work limit.
  public static let workLimitReached = ClockError("work limit reached")
}
