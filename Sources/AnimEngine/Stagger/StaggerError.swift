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
}
