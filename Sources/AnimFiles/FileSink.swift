import SystemPackage

/// Text on its way to a file that `AtomicFile.write(to:producing:)` is
/// writing: appended in pieces, sent to the file a chunk at a time.
public final class FileSink {
  private let descriptor: FileDescriptor
  private let path: String
  private var buffer: [UInt8] = []
  /// The first write that failed; from then on the text is dropped.
  private(set) var failure: FileError?

  /// Bytes gathered before they are written (one system call per chunk).
  static let chunkSize = 1 << 20

  init(descriptor: FileDescriptor, path: String) {
    self.descriptor = descriptor
    self.path = path
    buffer.reserveCapacity(Self.chunkSize)
  }

  /// Appends `text` (UTF-8) to the file.
  public func write(_ text: String) {
    guard failure == nil else { return }
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.chunkSize { flush() }
  }

  /// Writes what is gathered.
  func flush() {
    guard failure == nil, !buffer.isEmpty else { return }
    failure = buffer.withUnsafeBytes { writeAll($0, to: descriptor, path: path) }
    buffer.removeAll(keepingCapacity: true)
  }
}
