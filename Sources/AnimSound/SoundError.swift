/// Why a sound could not be read, decoded, analysed or written, in one
/// sentence without a trailing full stop; `hint` says what to do when that
/// helps. `isMissingProgram` marks a missing ffmpeg or aubio (exit 69).
public struct SoundError: Error, Sendable, Equatable, CustomStringConvertible {
  public let message: String
  public let hint: String?
  public let isMissingProgram: Bool

  public init(_ message: String, hint: String? = nil, isMissingProgram: Bool = false) {
    self.message = message
    self.hint = hint
    self.isMissingProgram = isMissingProgram
  }

  public var description: String { message }
}
