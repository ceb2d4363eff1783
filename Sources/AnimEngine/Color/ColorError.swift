/// A colour that could not be built: a channel out of range, a value that is
/// not a finite number, or a string that is not a hex colour.
///
/// The message is written for the person who typed the script, for example
/// `rgb channel 300 is outside 0…255`.
public struct ColorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong, in one sentence without a trailing full stop.
  public let message: String

  /// Creates an error carrying `message`.
  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }

  /// Writes `value` the way a user typed it: `300`, `1.5`, `nan`, `inf`.
  ///
  /// Whole numbers of moderate size drop the `.0` Swift would print; anything
  /// else uses Swift's shortest round-tripping form.
  static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
      return String(Int64(value))
    }
    return String(value)
  }
}
