/// Why the engine refused something, in one sentence a script's author
/// understands and without a trailing full stop: a colour channel out of
/// range, an easing or spring that cannot be built, a motion too large or too
/// long, a stagger that cannot be computed, a stale run handle or a clock asked
/// to go back in time.
///
/// The engine knows no source text: the language layer puts `message` in its
/// diagnostic, at the range of the expression that asked. Numbers in messages
/// are written by ``NumberText``.
public struct EngineError: Error, Sendable, Equatable, CustomStringConvertible {
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

extension EngineError {
  /// The clock passed its `workCeiling`: its host's work limit.
  public static let workLimitReached = EngineError("work limit reached")
}
