/// Why an easing could not be built, in words a script's author understands
/// (the language layer puts it in its diagnostic).
public struct EasingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The human-readable reason, for example
  /// "steps(n) needs a whole number of steps ≥ 1".
  public let message: String

  /// An error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The same as ``message``.
  public var description: String { message }
}
