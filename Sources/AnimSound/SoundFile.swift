#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a sound file holds (SPEC §22), as ffmpeg reads its first audio
/// stream: its own sample rate and channels and its exact length in
/// samples. Found once per file and process (`SoundFile.info`), and again
/// only when the file changes (its size or modification time).
public struct SoundFile: Sendable, Equatable {
  /// The file, as given (relative to the working directory or absolute).
  public let path: String
  /// The decoder ffmpeg uses (`pcm_s16le`, `mp3`, `opus`, …).
  public let codec: String
  /// Samples per second per channel, as the file has them.
  public let sampleRate: Int
  /// Channels in the file.
  public let channels: Int
  /// Samples per channel, as ffmpeg decodes them.
  public let frames: Int
  /// Which version of the file this is (its size and modification time):
  /// analyses are kept per version.
  let version: String

  /// Seconds: frames / sample rate, exact to the sample.
  public var duration: Double { Double(frames) / Double(sampleRate) }

  /// Most bytes of a file's path kept in a message.
  static let pathShown = 200

  // MARK: Reading

  private struct Signature: Equatable {
    var size: Int
    var modified: Int
    var inode: UInt
  }

  nonisolated(unsafe) private static var known: [String: (Signature, SoundFile)] = [:]
  private static let lock = Lock()

  /// What the file at `path` holds; an error when it is missing, not a
  /// regular file, unreadable, or holds no sound ffmpeg can decode.
  public static func info(_ path: String) throws(SoundError) -> SoundFile {
    let signature = try check(path)
    if let (seen, info) = lock.withLock({ known[path] }), seen == signature { return info }
    let info = try probe(path, signature)
    lock.withLock { known[path] = (signature, info) }
    return info
  }

  /// The file's identity and version; an error unless it is a readable
  /// regular file (a FIFO would block a decoder for ever).
  private static func check(_ path: String) throws(SoundError) -> Signature {
    var s = stat()
    guard stat(path, &s) == 0 else {
      throw SoundError(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))
    }
    switch s.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw SoundError("it is a directory, not a sound file")
    case S_IFIFO: throw SoundError("it is a FIFO, not a sound file", hint: "give a regular file")
    default: throw SoundError("it is not a regular file", hint: "give a regular file")
    }
    guard access(path, R_OK) == 0 else { throw SoundError(String(cString: strerror(errno))) }
    let modified = Int(s.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(s.st_mtim.tv_nsec)
    return Signature(size: Int(s.st_size), modified: modified, inode: UInt(s.st_ino))
  }

  /// Asks ffprobe for the first audio stream, then counts its samples:
  /// from the container for PCM (exact there), else by decoding it once.
  private static func probe(_ path: String, _ signature: Signature) throws(SoundError)
    -> SoundFile
  {
    let ffprobe = try SoundPrograms.ffprobe()
    let process = try ChildProcess(
      program: ffprobe,
      arguments: [
        "-v", "error", "-select_streams", "a:0", "-show_entries",
        "stream=codec_name,sample_rate,channels,duration_ts,time_base",
        "-of", "default=noprint_wrappers=1", "file:" + path,
      ])
    var text: [UInt8] = []
    try process.readAll { text += $0 }
    let status = process.wait()
    guard status == 0 else {
      let reason = process.errorText
      throw SoundError(
        "ffmpeg cannot read it" + (reason.isEmpty ? "" : ": \(shorten(reason, path))"))
    }
    var fields: [String: String] = [:]
    for line in String(decoding: text, as: UTF8.self).split(separator: "\n") {
      guard let eq = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<eq])] = String(line[line.index(after: eq)...])
    }
    guard let codec = fields["codec_name"], let rate = fields["sample_rate"].flatMap({ Int($0) }),
      rate > 0, let channels = fields["channels"].flatMap({ Int($0) }), channels > 0
    else {
      throw SoundError("ffmpeg finds no sound in it", hint: "give a sound file (WAV, MP3, …)")
    }
    var frames: Int?
    if codec.hasPrefix("pcm_"), fields["time_base"] == "1/\(rate)",
      let ts = fields["duration_ts"].flatMap({ Int($0) }), ts >= 0
    {
      frames = ts
    }
    let counted: Int
    if let frames { counted = frames } else { counted = try count(path) }
    return SoundFile(
      path: path, codec: codec, sampleRate: rate, channels: channels, frames: counted,
      version: "\(signature.size):\(signature.modified):\(signature.inode)")
  }

  /// Decodes the whole stream once, one byte a sample, to count them.
  private static func count(_ path: String) throws(SoundError) -> Int {
    let process = try ChildProcess(
      program: try SoundPrograms.ffmpeg(),
      arguments: [
        "-nostdin", "-v", "error", "-i", "file:" + path, "-map", "0:a:0", "-vn", "-ac", "1", "-f",
        "u8", "-",
      ])
    var total = 0
    try process.readAll { total += $0.count }
    guard process.wait() == 0 else {
      throw SoundError("ffmpeg cannot decode it: \(shorten(process.errorText, path))")
    }
    return total
  }

  /// ffmpeg's message without the file's path it starts with.
  private static func shorten(_ message: String, _ path: String) -> String {
    var text = message
    for prefix in ["file:" + path + ": ", path + ": "] where text.hasPrefix(prefix) {
      text.removeFirst(prefix.count)
    }
    return text.count > 300 ? String(text.prefix(300)) + "…" : text
  }
}

/// A pthread mutex at a stable address.
final class Lock: @unchecked Sendable {
  private let pointer = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  init() { pthread_mutex_init(pointer, nil) }
  func withLock<R>(_ body: () throws -> R) rethrows -> R {
    pthread_mutex_lock(pointer)
    defer { pthread_mutex_unlock(pointer) }
    return try body()
  }
}
