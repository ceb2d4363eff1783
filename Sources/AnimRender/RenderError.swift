/// A frame that could not be drawn or encoded.
public struct RenderError: Error, Sendable, CustomStringConvertible {
  public let message: String
  /// Whether a library anim draws with is missing (the CLI exits with 69,
  /// as for a missing program) rather than the frame failing.
  public let isMissingLibrary: Bool

  public init(_ message: String) {
    self.message = message
    isMissingLibrary = false
  }

  private init(missingLibrary message: String) {
    self.message = message
    isMissingLibrary = true
  }

  /// The shared library `soname` could not be loaded (`reason` is the
  /// loader's): the message names the Debian package to install.
  public static func missingLibrary(_ soname: String, package: String, reason: String)
    -> RenderError
  {
    RenderError(
      missingLibrary:
        "cannot load \(soname): install it (apt-get install \(package)) to draw PNG images (\(reason))"
    )
  }

  public var description: String { message }
}
