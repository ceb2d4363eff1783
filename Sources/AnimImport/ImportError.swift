/// Why a Lottie file cannot be imported: the JSON Pointer (RFC 6901) of the
/// value at fault, or of the document for errors that concern all of it,
/// and what is wrong (SPEC §25).
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Where, as a JSON Pointer; "" is the whole document.
  public let pointer: String
  /// What is wrong.
  public let message: String

  /// An error at `pointer`.
  public init(_ pointer: String, _ message: String) {
    self.pointer = pointer
    self.message = message
  }

  /// `POINTER: MESSAGE`, or the message alone for the whole document (whose
  /// pointer is empty).
  public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}

/// A feature of the file the script cannot express: where it is and what
/// it is. The script draws the rest (SPEC §25); `--strict` refuses the file.
public struct ImportNote: Sendable, Equatable, CustomStringConvertible {
  /// Where, as a JSON Pointer.
  public let pointer: String
  /// What is not expressed and, where the script draws something instead,
  /// what it draws.
  public let message: String

  public init(_ pointer: String, _ message: String) {
    self.pointer = pointer
    self.message = message
  }

  public var description: String { pointer.isEmpty ? message : "\(pointer): \(message)" }
}
