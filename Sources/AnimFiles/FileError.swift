import Foundation

/// A file that could not be read or written, with the system's reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
  /// The file's path.
  public var path: String
  /// Why, such as `No such file or directory`.
  public var reason: String
  /// The system's error number (`errno`), when the system gave one.
  public var code: Int32?

  public var description: String { "\(path): \(reason)" }

  /// Creates an error from its parts.
  public init(path: String, reason: String, code: Int32? = nil) {
    self.path = path
    self.reason = reason
    self.code = code
  }

  /// The file (or a folder on its path) does not exist.
  public var isMissing: Bool { code == ENOENT || code == ENOTDIR }

  /// The error for a failed Foundation call, giving the system's reason when
  /// Foundation wraps one (its own text varies between platforms).
  public init(path: String, error: any Error) {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      self.init(path: path, reason: String(cString: strerror(Int32(underlying.code))))
    } else {
      self.init(path: path, reason: error.localizedDescription)
    }
  }

  /// The error `errno` describes now.
  public static func current(_ path: String) -> FileError {
    let code = errno
    return FileError(path: path, reason: String(cString: strerror(code)), code: code)
  }
}
