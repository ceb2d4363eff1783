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
}
