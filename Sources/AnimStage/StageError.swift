/// A stage that cannot be drawn: too many pixels, or no pixels at all.
public struct StageError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public let hint: String?

  public init(_ message: String, hint: String? = nil) {
    self.message = message
    self.hint = hint
  }

  public var description: String { message }
}
