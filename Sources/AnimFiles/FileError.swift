import Foundation

/// A file that could not be read or written, with the system's reason.
public struct FileError: Error, Equatable, CustomStringConvertible {
  /// The file's path.
  public var path: String
  /// Why, such as `No such file or directory`.
  public var reason: String

  public var description: String { "\(path): \(reason)" }

  /// Creates an error from its parts.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

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
    FileError(path: path, reason: String(cString: strerror(errno)))
  }
}
