/// A stagger that cannot be computed: a negative or non-finite timing,
/// duration or weight, a non-finite member position or frame size, or
/// offsets too large to represent.
public struct StaggerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in one sentence without a trailing full stop.
  public let message: String

  /// Creates an error carrying `message`.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }

  /// Writes `value` the way a user typed it: `2`, `0.05`, `-1`, `nan`, `inf`.
  static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}
