import AnimFiles

/// Reads the files a session imports, keeping each one's bytes as first read,
/// so that replaying the session after an error sees exactly the text the
/// original run saw, even if the file changed on disk since.
final class FileCache {
  private var files: [String: [UInt8]] = [:]

  /// The bytes of `path` (absolute, as the interpreter resolves imports).
  func read(_ path: String) throws -> [UInt8] {
    if let bytes = files[path] { return bytes }
    let bytes = try FileBytes.read(path)
    files[path] = bytes
    return bytes
  }
}
