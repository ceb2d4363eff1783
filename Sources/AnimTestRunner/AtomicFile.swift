#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes whole files so that a reader sees either the old content or the new, never
/// a part: the text goes to a temporary file in the same directory (so both are on
/// one file system), is flushed to disk, then renamed over the target.
enum AtomicFile {
  /// Replaces the content of `path` with `text` (UTF-8), keeping the permissions of
  /// the file it replaces; a new file gets `0644` less the umask.
  static func write(_ text: String, to path: String) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(directory).\(name).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"

    var existing = stat()
    let keepsMode = stat(path, &existing) == 0
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw FileError.current(path) }
    var failure: FileError?
    if keepsMode && fchmod(descriptor, existing.st_mode & 0o7777) != 0 {
      failure = FileError.current(path)
    }
    if failure == nil {
      failure = writeAll(Array(text.utf8), to: descriptor, path: path)
    }
    if failure == nil && fsync(descriptor) != 0 { failure = FileError.current(path) }
    if close(descriptor) != 0 && failure == nil { failure = FileError.current(path) }
    if failure == nil && rename(temporary, path) != 0 { failure = FileError.current(path) }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}

/// Writes every byte to an open file, going on after partial writes and interruptions.
private func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String)
  -> FileError?
{
  var offset = 0
  while offset < bytes.count {
    let count = bytes[offset...].withUnsafeBytes {
      write(descriptor, $0.baseAddress, $0.count)
    }
    if count < 0 {
      if errno == EINTR { continue }
      return FileError.current(path)
    }
    offset += count
  }
  return nil
}
