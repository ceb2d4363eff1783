/// Why an image file cannot be shown: not a PNG, JPEG or SVG, corrupt,
/// over a limit, or its library missing. The language reports it at the
/// `src:` argument (SPEC §21.4).
public struct ImageError: Error, Equatable, CustomStringConvertible {
  /// What is wrong, in a sentence without the file's name.
  public let message: String
  /// What to do about it, when something can be done.
  public let hint: String?
  /// Whether the library that reads this kind of file is missing (the CLI
  /// exits 69 for it).
  public let isMissingLibrary: Bool

  public init(_ message: String, hint: String? = nil, isMissingLibrary: Bool = false) {
    self.message = message
    self.hint = hint
    self.isMissingLibrary = isMissingLibrary
  }

  public var description: String { message }
}
