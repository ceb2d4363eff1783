import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files that must be plain files of bounded size, such as an image
/// view's picture (SPEC §21.4): a FIFO, a socket or a device is refused
/// before it is opened (opening a FIFO would wait for a writer), a folder
/// too, and a file larger than the limit before any byte of it is read.
public enum RegularFile {
  /// A file larger than the limit the caller gave.
  public struct TooLarge: Error, Equatable, CustomStringConvertible {
    /// Its size in bytes.
    public let size: Int
    /// The limit, in bytes.
    public let limit: Int
    public var description: String {
      "it is \(size) bytes, larger than the limit of \(limit) bytes"
    }
  }

  /// The bytes of the regular file at `path` (symbolic links followed), at
  /// most `limit` of them. Throws a `FileError` when it is missing,
  /// unreadable, a folder or not a regular file, and `TooLarge` past `limit`.
  public static func read(_ path: String, limit: Int) throws -> [UInt8] {
    var info = stat()
    guard stat(path, &info) == 0 else { throw FileError.current(path) }
    try check(info, path: path, limit: limit)
    // O_NONBLOCK: should the path become a FIFO between the look and the
    // open, the open does not wait for a writer (and the check below refuses it).
    let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard fd >= 0 else { throw FileError.current(path) }
    let file = FileDescriptor(rawValue: fd)
    defer { try? file.close() }
    guard fstat(fd, &info) == 0 else { throw FileError.current(path) }
    try check(info, path: path, limit: limit)
    let size = Int(info.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var done = 0
    while done < size {
      let count = try bytes.withUnsafeMutableBytes { buffer in
        try FileError.system(path) {
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
        }
      }
      if count == 0 { break }
      done += count
    }
    // A file that shrank while it was read is what it holds now.
    if done < size { bytes.removeSubrange(done...) }
    return bytes
  }

  /// What `stat` says is refused: not a regular file, or too large.
  private static func check(_ info: stat, path: String, limit: Int) throws {
    let type = info.st_mode & S_IFMT
    if type == S_IFDIR { throw FileError(path: path, reason: "it is a directory") }
    if type != S_IFREG {
      let what =
        switch type {
        case S_IFIFO: "a FIFO"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a regular file"
        }
      throw FileError(path: path, reason: "it is \(what), not a file")
    }
    if Int(info.st_size) > limit { throw TooLarge(size: Int(info.st_size), limit: limit) }
  }
}
