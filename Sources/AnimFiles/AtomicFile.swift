import SystemPackage

// swift-system 1.8.1 has no `fchmod`, `fsync`, `rename`, `unlink` or
// `realpath`: those few calls go to the C library.
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
///
/// `anim test --update` and `--junit`, the REPL's `:save` and its history file
/// all write through it.
public enum AtomicFile {
  /// Replaces the content of `path` with `text` (UTF-8), keeping the permissions of
  /// the file it replaces; a new file gets `0644` less the umask.
  ///
  /// A symbolic link is followed, so the file it points to is replaced and
  /// the link stays; a path that is something other than a regular file (a
  /// device such as `/dev/full`, a pipe, a directory, a dangling link) is
  /// refused, since renaming over it would replace it.
  public static func write(_ text: String, to requested: String) throws(FileError) {
    try write(bytes: Array(text.utf8), to: requested)
  }

  /// Replaces the content of `path` with `bytes`, as `write(_:to:)` does.
  public static func write(bytes: [UInt8], to requested: String) throws(FileError) {
    let path = try destination(of: requested)
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(directory).\(name).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"

    let existing = try? FilePath(path).stat()
    let descriptor = try FileError.system(path) {
      try FileDescriptor.open(
        FilePath(temporary), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec],
        permissions: FilePermissions(rawValue: 0o644))
    }
    var failure: FileError?
    if let existing, fchmod(descriptor.rawValue, existing.permissions.rawValue) != 0 {
      failure = FileError.current(path)
    }
    if failure == nil {
      do { try descriptor.writeAll(bytes) } catch {
        failure = FileError(path: path, error: error)
      }
    }
    if failure == nil && fsync(descriptor.rawValue) != 0 { failure = FileError.current(path) }
    do { try descriptor.close() } catch {
      if failure == nil { failure = FileError(path: path, error: error) }
    }
    if failure == nil && rename(temporary, path) != 0 { failure = FileError.current(path) }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }
}

extension AtomicFile {
  /// The regular file that writing `path` replaces: `path` itself, or the
  /// file a link at `path` points to; `path` when nothing is there yet.
  static func destination(of path: String) throws(FileError) -> String {
    guard var info = try? FilePath(path).stat(followTargetSymlink: false) else { return path }
    var target = path
    if info.type == .symbolicLink {
      guard let resolved = realpath(path, nil) else {
        throw FileError(path: path, reason: "it is a link to a file that does not exist")
      }
      target = String(cString: resolved)
      free(resolved)
      info = try FileError.system(path) { try FilePath(target).stat() }
    }
    guard info.type == .regular else {
      throw FileError(path: path, reason: "not a regular file")
    }
    return target
  }
}
