/// Why a text cannot be laid out: a font that cannot be found or read, or a
/// library that is missing. The message names the font as the script gave it.
public struct TextError: Error, Equatable, Sendable {
  /// What went wrong, in the user's words.
  public let message: String
  /// What to do about it, when something helps.
  public let hint: String?
  /// True when a shared library is missing (the CLI's exit 69).
  public let isMissingLibrary: Bool
  /// The family name fontconfig does not have, when that is the error (the
  /// language names the closest families it has).
  public let unknownFamily: String?

  public init(
    _ message: String, hint: String? = nil, isMissingLibrary: Bool = false,
    unknownFamily: String? = nil
  ) {
    self.message = message
    self.hint = hint
    self.isMissingLibrary = isMissingLibrary
    self.unknownFamily = unknownFamily
  }
}

extension String {
  /// The text of a NUL-terminated C buffer.
  init(nulTerminated buffer: [CChar]) {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    self.init(decoding: bytes, as: UTF8.self)
  }
}
