/// A frame that could not be drawn or encoded.
public struct RenderError: Error, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
