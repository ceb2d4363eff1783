import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// The error for a failed swift-system call (or a `FileError` already,
  /// kept as it is), giving the system's reason in the C library's words.
  /// (Errors of Foundation's file calls are read where Foundation is used:
  /// AnimFiles, below the interpreter, stays free of it.)
  public init(path: String, error: any Error) {
    if let fileError = error as? FileError {
      self = fileError
    } else if let errno = error as? Errno {
      self.init(path: path, errno: errno)
    } else {
      self.init(path: path, reason: "\(error)")
    }
  }

  /// The error a swift-system call threw, with the C library's wording of
  /// its reason (`No such file or directory`), as `current` gives it.
  public init(path: String, errno: Errno) {
    self.init(path: path, reason: String(cString: strerror(errno.rawValue)), code: errno.rawValue)
  }

  /// The error `errno` describes now, after a C call that swift-system does not wrap.
  public static func current(_ path: String) -> FileError {
    FileError(path: path, errno: Errno(rawValue: errno))
  }

  /// The result of `body`, a swift-system call on `path`; the `Errno` it
  /// throws becomes a `FileError`.
  static func system<Result>(_ path: String, _ body: () throws -> Result) throws(FileError)
    -> Result
  {
    do { return try body() } catch { throw FileError(path: path, error: error) }
  }
}
