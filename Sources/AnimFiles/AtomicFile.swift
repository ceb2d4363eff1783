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
/// `anim test --update` and `--junit`, the REPL's `:save` and its history file,
/// `anim render`'s images and `anim export` (in chunks, `write(to:producing:)`)
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
    // Written from the string's own UTF-8 storage, not a copy of it.
    var text = text
    let failure = text.withUTF8 { bytes -> FileError? in
      do throws(FileError) {
        try write(to: requested) { writeAll(UnsafeRawBufferPointer(bytes), to: $0, path: $1) }
      } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Replaces the content of `path` with `bytes`, as `write(_:to:)` does.
  public static func write(bytes: [UInt8], to requested: String) throws(FileError) {
    let failure = bytes.withUnsafeBytes { buffer -> FileError? in
      do throws(FileError) {
        try write(to: requested) { writeAll(buffer, to: $0, path: $1) }
      } catch { return error }
      return nil
    }
    if let failure { throw failure }
  }

  /// Replaces the content of `path` with the text `produce` appends to the
  /// sink it is given, as `write(_:to:)` does; the text goes to the file in
  /// chunks as it comes, so a large output (W2's Lottie export is 110 MB) is
  /// never held whole. After a failed write the sink ignores the rest, and
  /// the error is thrown once `produce` returns.
  public static func write(to requested: String, producing produce: (FileSink) -> Void)
    throws(FileError)
  {
    try write(to: requested) { descriptor, path in
      let sink = FileSink(descriptor: descriptor, path: path)
      produce(sink)
      sink.flush()
      return sink.failure
    }
  }

  /// Writes `bytes` for `path` under a temporary name beside it and leaves
  /// it there until ``StagedFile/commit()`` renames it into place (or
  /// ``StagedFile/discard()`` removes it): a render's frames written before
  /// it knows they are the ones it keeps. With `flushed`, it is flushed to
  /// disk and closed now; without, it stays open until
  /// ``StagedFile/flush()`` (another thread may wait for the disk while
  /// this one goes on). A signal that stops the process removes it
  /// meanwhile.
  public static func stage(bytes: [UInt8], to requested: String, flushed: Bool = true)
    throws(FileError) -> StagedFile
  {
    let staged = bytes.withUnsafeBytes { buffer -> Result<StagedFile, FileError> in
      do throws(FileError) {
        return .success(
          try stage(to: requested, flushed: flushed) { writeAll(buffer, to: $0, path: $1) })
      } catch { return .failure(error) }
    }
    return try staged.get()
  }

  /// Writes a new file under a temporary name with `body` (given its
  /// descriptor and the final path; it returns its failure, if any), then
  /// renames it into place, or removes it on failure.
  private static func write(
    to requested: String, with body: (FileDescriptor, String) -> FileError?
  ) throws(FileError) {
    try stage(to: requested, flushed: true, with: body).commit()
  }

  /// Writes a new file under a temporary name with `body`, registered with
  /// ``TemporaryFiles``; flushed to disk and closed when `flushed`; removed
  /// on failure.
  private static func stage(
    to requested: String, flushed: Bool,
    with body: (FileDescriptor, String) -> FileError?
  ) throws(FileError) -> StagedFile {
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
    let staged = StagedFile(path: path, temporary: temporary, descriptor: descriptor)
    // A signal that stops the process while the file is written removes it.
    var failure: FileError? =
      TemporaryFiles.register(temporary) ? nil : FileError(path: path, reason: "interrupted")
    if failure == nil, let existing, fchmod(descriptor.rawValue, existing.permissions.rawValue) != 0
    {
      failure = FileError.current(path)
    }
    if failure == nil {
      failure = body(descriptor, path)
    }
    if failure == nil && flushed {
      do { try staged.flush() } catch { failure = error }
    }
    if let failure {
      staged.discard()
      throw failure
    }
    return staged
  }
}

/// A file written under a temporary name beside its target, not yet in
/// place (``AtomicFile/stage(bytes:to:flushed:)``). Used by one thread at a
/// time (a frame's: staged by the thread that drew it, flushed by another,
/// committed by the render's).
public final class StagedFile: @unchecked Sendable {
  /// The file it replaces once committed (a link's target).
  public let path: String
  /// Where it is now, registered with ``TemporaryFiles``.
  let temporary: String
  /// Open until flushed.
  private var descriptor: FileDescriptor?

  init(path: String, temporary: String, descriptor: FileDescriptor) {
    self.path = path
    self.temporary = temporary
    self.descriptor = descriptor
  }

  /// Flushes it to disk and closes it (once; nothing to do after): an
  /// error when the disk did not take it.
  public func flush() throws(FileError) {
    guard let descriptor else { return }
    self.descriptor = nil
    var failure: FileError?
    if fsync(descriptor.rawValue) != 0 { failure = FileError.current(path) }
    do { try descriptor.close() } catch {
      if failure == nil { failure = FileError(path: path, error: error) }
    }
    if let failure { throw failure }
  }

  /// Renames it over ``path``, flushed first if it was not. Once the
  /// process is stopping (a signal) the file is removed instead, and the
  /// error says "interrupted".
  public func commit() throws(FileError) {
    do { try flush() } catch {
      discard()
      throw error
    }
    // Under the registry's lock: a signal's cleanup that has begun sees
    // no file land at `path` after it.
    let code = TemporaryFiles.commit(temporary, to: path)
    if code == 0 { return }
    unlink(temporary)
    throw code == EINTR
      ? FileError(path: path, reason: "interrupted")
      : FileError(path: path, errno: Errno(rawValue: code))
  }

  /// Removes it (closed first if open), leaving ``path`` as it was.
  public func discard() {
    if let descriptor {
      self.descriptor = nil
      try? descriptor.close()
    }
    unlink(temporary)
    TemporaryFiles.forget(temporary)
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

/// Writes every byte to an open file (swift-system goes on after partial
/// writes and interruptions).
func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: FileDescriptor, path: String)
  -> FileError?
{
  do { _ = try descriptor.writeAll(bytes) } catch {
    return FileError(path: path, error: error)
  }
  return nil
}
