import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file so that readers see either the old contents or the new,
/// never a torn mix: the text goes to a temporary file in the same directory
/// (so the rename stays on one file system), is flushed to disk, and is then
/// renamed over the destination.
enum AtomicWriter {
  /// Why a write failed, in words for the user.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  static func write(_ text: String, to path: String) throws(Failure) {
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var template = Array((directory + "/.\(url.lastPathComponent).XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw Failure(description: "cannot write \(path): \(reason())") }
    let temporary = String(cString: template.map { UInt8(bitPattern: $0) })
    var bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeMutableBytes { buffer in
        systemWrite(fd, buffer.baseAddress! + written, buffer.count - written)
      }
      if n < 0 {
        if errno == EINTR { continue }
        let why = reason()
        close(fd)
        unlink(temporary)
        throw Failure(description: "cannot write \(path): \(why)")
      }
      written += n
    }
    bytes.removeAll()
    // Keep the destination's permissions when it exists; else the usual 0644.
    var info = stat()
    let mode = stat(path, &info) == 0 ? info.st_mode & 0o777 : 0o644
    fchmod(fd, mode)
    if fsync(fd) != 0 || close(fd) != 0 {
      let why = reason()
      unlink(temporary)
      throw Failure(description: "cannot write \(path): \(why)")
    }
    if rename(temporary, path) != 0 {
      let why = reason()
      unlink(temporary)
      throw Failure(description: "cannot write \(path): \(why)")
    }
  }

  private static func reason() -> String { String(cString: strerror(errno)) }
}

/// The C `write`, under a name the enum's own `write` does not hide.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, bytes, count)
}
