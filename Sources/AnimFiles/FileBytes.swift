import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads whole files into byte arrays: scripts for `anim run` and imports,
/// and test files for `anim test`.
///
/// The bytes are read straight into the array through swift-system's
/// `FileDescriptor` (`read(2)`): going through `FileManager.contents(atPath:)`
/// and `Data` would hold the file twice and copy it once more (a tenth of
/// `anim check`'s time on a 10 MB script), and Foundation's
/// `Data(contentsOf:)` leaks 4 KiB on an empty file.
public enum FileBytes {
  /// The largest file read (256 MiB). A device that never ends
  /// (`import "/dev/zero"`) is read only this far, then refused, instead of
  /// until memory runs out.
  public static let maximumSize = 1 << 28

  /// A file longer than `maximumSize`.
  public struct TooLarge: Error, CustomStringConvertible {
    public var description: String { "it is larger than the limit of 256 MiB" }
  }

  /// How long a FIFO named as a file (`anim run <(make-script)`) may stay
  /// without a writer before it is given up on, in milliseconds.
  public static let fifoWait: Int32 = 5000

  /// The bytes of the file at `path`. Throws `TooLarge` past `maximumSize`,
  /// and a `FileError` with the system's reason when the file cannot be
  /// opened or read (a directory among them). A FIFO is read when a writer
  /// writes to it (or closes it) within ``fifoWait``, as process
  /// substitution does; one nothing writes to is an error then, not a wait
  /// for ever (`wait` milliseconds, for tests).
  public static func read(_ path: String, fifoWait wait: Int32 = fifoWait) throws -> [UInt8] {
    // Opened without waiting for a FIFO's writer; blocking again below.
    let file = try FileError.system(path) {
      try FileDescriptor.open(FilePath(path), .readOnly, options: [.nonBlocking, .closeOnExec])
    }
    defer { try? file.close() }
    let status = try FileError.system(path) { try file.stat() }
    guard status.type != .directory else {
      throw FileError(path: path, reason: "it is a directory")
    }
    if status.type == .fifo { try awaitWriter(file, path: path, wait: wait) }
    let flags = fcntl(file.rawValue, F_GETFL)
    guard flags >= 0, fcntl(file.rawValue, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      throw FileError.current(path)
    }
    if Int(status.size) > maximumSize { throw TooLarge() }
    return try readToEnd(file, sizeHint: Int(status.size), path: path)
  }

  /// Waits at most `wait` milliseconds for the FIFO `file` to have
  /// something to read, or a writer that closed it (Linux reports neither
  /// before a writer has opened it).
  private static func awaitWriter(_ file: FileDescriptor, path: String, wait: Int32) throws {
    var waiting = pollfd(fd: file.rawValue, events: Int16(POLLIN), revents: 0)
    var ready: Int32
    repeat { ready = poll(&waiting, 1, wait) } while ready < 0 && errno == EINTR
    guard ready >= 0 else { throw FileError.current(path) }
    guard ready > 0 else {
      let seconds = wait % 1000 == 0 ? "\(wait / 1000) s" : "\(wait) ms"
      throw FileError(
        path: path,
        reason:
          "it is a FIFO and nothing wrote to it within \(seconds) (give a file, or - for standard input)"
      )
    }
  }

  /// Why `path` is not a file to read data from (SPEC §23.1: `csv()`,
  /// `json()`): a FIFO or a socket would block the script until something
  /// writes to it, a device may never end. Nil for a regular file, and for
  /// a path that does not exist (reading it says so).
  public static func notRegular(_ path: String) -> String? {
    guard let status = try? FilePath(path).stat() else { return nil }
    switch status.type {
    case .regular, .directory: return nil
    case .fifo: return "it is a FIFO, not a regular file"
    case .socket: return "it is a socket, not a regular file"
    default: return "it is a device, not a regular file"
    }
  }

  /// Everything standard input holds, to its end (`anim -`), as far as
  /// `maximumSize`; errors name it `<stdin>`.
  public static func readStandardInput() throws -> [UInt8] {
    try readToEnd(.standardInput, sizeHint: 0, path: "<stdin>")
  }

  /// The rest of `file`. The size is only a hint (a pipe or a file in /proc
  /// reports 0, a file may grow): ask for one byte more, and go on reading
  /// while chunks come back full.
  private static func readToEnd(_ file: FileDescriptor, sizeHint: Int, path: String) throws
    -> [UInt8]
  {
    var chunkSize = max(sizeHint, 0) + 1
    var bytes: [UInt8] = []
    while true {
      let chunk = try FileError.system(path) { try readChunk(file, size: chunkSize) }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if bytes.count > maximumSize { throw TooLarge() }
      if chunk.count < chunkSize { return bytes }
      chunkSize = 64 * 1024
    }
  }

  /// Up to `size` bytes from `file`; fewer only at the end of the file. An
  /// interrupted read is retried (swift-system's `retryOnInterrupt`).
  private static func readChunk(_ file: FileDescriptor, size: Int) throws -> [UInt8] {
    try [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
      initialized = 0
      while initialized < size {
        let rest = UnsafeMutableBufferPointer(rebasing: buffer[initialized...])
        let count = try file.read(into: UnsafeMutableRawBufferPointer(rest))
        if count == 0 { return }
        initialized += count
      }
    }
  }
}
