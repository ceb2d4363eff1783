/// Why a spring could not be built, in words a script's author understands
/// (the language layer puts it in its diagnostic).
public struct SpringError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The human-readable reason, for example
  /// "spring damping must be greater than 0, or the spring would never settle".
  public let message: String

  /// An error with the given message.
  public init(_ message: String) {
    self.message = message
  }

  /// The same as ``message``.
  public var description: String { message }
}
