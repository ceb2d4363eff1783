import AnimFiles

extension ScriptRunner {
  /// An import that names something other than a file (a FIFO, a device):
  /// refused before it is opened (``SpecialFile``).
  public struct NotAFile: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
  }

  /// Why an import could not be read, as its error says it after
  /// `cannot import "…": `: too large, not a file, else "no such file".
  static func importFailure(_ error: any Error) -> String {
    if let tooLarge = error as? FileTooLarge { return tooLarge.description }
    if let notAFile = error as? NotAFile { return notAFile.description }
    return "no such file"
  }
}
