#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files being written at this moment (`AtomicFile`'s hidden
/// `.NAME.tmp-…` files, a render's file for ffmpeg), so that a process
/// stopped by a signal (Ctrl-C, SIGTERM, SIGHUP) can remove them before it
/// exits and leave nothing behind.
///
/// The registry is a small array behind a mutex: a signal is handled on a
/// thread of its own while the writer goes on, so `removeAll()` and a writer
/// that finishes at that instant take turns. After `removeAll()` the registry
/// refuses new files (`register` unlinks them at once) until the process
/// exits, so a write that races the signal cannot leave one either.
public enum TemporaryFiles {
  nonisolated(unsafe) private static let lock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
  }()
  nonisolated(unsafe) private static var paths: [String] = []
  nonisolated(unsafe) private static var closed = false

  /// Records `path` as a temporary file being written. False when the process
  /// is already stopping: the file has been removed, and the caller should
  /// stop writing.
  @discardableResult
  public static func register(_ path: String) -> Bool {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if closed {
      unlink(path)
      return false
    }
    paths.append(path)
    return true
  }

  /// Forgets `path`: it was renamed into place or removed by its writer.
  public static func forget(_ path: String) {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if let i = paths.lastIndex(of: path) { paths.remove(at: i) }
  }

  /// Renames the registered temporary file `temporary` over `path` and
  /// forgets it, under the registry's lock: 0, or the C library's `errno`.
  /// Once the process is stopping (`close()`) the file is removed instead
  /// and the answer is `EINTR`, so that no file lands at its path after a
  /// signal's cleanups have removed the frames written so far (a frame
  /// pattern's worker thread renamed one in between, and it stayed).
  public static func commit(_ temporary: String, to path: String) -> Int32 {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    if let i = paths.lastIndex(of: temporary) { paths.remove(at: i) }
    if closed {
      unlink(temporary)
      return EINTR
    }
    return rename(temporary, path) == 0 ? 0 : errno
  }

  /// Refuses new files and renames from now on (the process is stopping);
  /// the files being written stay until `removeAll()`.
  public static func close() {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    closed = true
  }

  /// Removes every temporary file being written and refuses new ones: the
  /// process is about to exit. Returns how many were removed.
  @discardableResult
  public static func removeAll() -> Int {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    closed = true
    let count = paths.count
    for path in paths { unlink(path) }
    paths.removeAll()
    return count
  }

  /// The temporary files registered now (for tests).
  public static var current: [String] {
    pthread_mutex_lock(lock)
    defer { pthread_mutex_unlock(lock) }
    return paths
  }
}
