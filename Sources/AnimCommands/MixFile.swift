import AnimConsole
import AnimFiles
import AnimSound
import Foundation

/// Writes a script's mix as a WAV file (SPEC §22): `anim render -o x.wav`
/// (16-bit PCM), and the 32-bit float file ffmpeg reads beside a render's
/// frames to encode its audio track. The mix is made and written a second
/// at a time, so a long one is never held in memory.
enum MixFile {
  /// Writes frames `frames` of the mix of `plan` (all of them when nil) to
  /// `path` through a temporary file renamed into place (never half a file).
  static func write(
    _ plan: MixPlan, to path: String, format: WAVFile.Format, frames: Range<Int>? = nil
  ) throws {
    let temporary = try TemporaryOutput(for: path)
    do {
      try fill(temporary.path, plan, format: format, frames: frames)
    } catch {
      temporary.remove()
      throw error
    }
    try temporary.commit()
  }

  /// Writes the mix into `path`, a temporary file the caller made and removes.
  static func write(_ plan: MixPlan, into path: String, format: WAVFile.Format) throws {
    try fill(path, plan, format: format, frames: nil)
  }

  /// Writes the mix into a new temporary file beside `output` and returns
  /// it (registered for removal on a signal; the caller removes it).
  static func temporary(_ plan: MixPlan, beside output: String, frames: Range<Int>? = nil) throws
    -> TemporaryOutput
  {
    let temporary = try TemporaryOutput(for: output + ".mix.wav")
    do {
      try fill(temporary.path, plan, format: .float32, frames: frames)
    } catch {
      temporary.remove()
      throw error
    }
    return temporary
  }

  private static func fill(
    _ path: String, _ plan: MixPlan, format: WAVFile.Format, frames: Range<Int>?
  ) throws {
    let range = frames ?? 0..<plan.frameCount
    guard range.count <= WAVFile.maximumFrames(format) else {
      throw FrameWriter.Failure(
        message:
          "the mix is too long for a WAV file (\(range.count) frames; at most \(WAVFile.maximumFrames(format)))",
        code: ExitStatus.usage)
    }
    let fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
    guard fd >= 0 else {
      throw FrameWriter.Failure(
        message: "cannot write \(path): \(String(cString: strerror(errno)))",
        code: ExitStatus.ioError)
    }
    defer { close(fd) }
    var bytes = WAVFile.header(frames: range.count, format: format)
    do {
      try Mixer(plan: plan).render(frames: range) { block in
        WAVFile.encode(block, format, into: &bytes)
        if bytes.count >= 1 << 20 {
          try put(bytes, fd, path)
          bytes.removeAll(keepingCapacity: true)
        }
      }
    } catch let error as SoundError {
      throw FrameWriter.Failure(message: error.message, code: ExitStatus.ioError)
    }
    try put(bytes, fd, path)
  }

  private static func put(_ bytes: [UInt8], _ fd: Int32, _ path: String) throws {
    guard FramePipe.writeAll(fd, bytes) else {
      throw FrameWriter.Failure(
        message: "cannot write \(path): \(String(cString: strerror(errno)))",
        code: ExitStatus.ioError)
    }
  }
}

/// A file read back as base64 in pieces (the HTML player's embedded mix,
/// SPEC §22): each piece is the encoding of a multiple of 3 bytes but the
/// last, so the pieces put together are the file's base64.
final class Base64Pieces {
  private let handle: FileHandle?
  /// Why the file could not be read, if it could not.
  private(set) var failure: String?
  static let pieceBytes = 3 << 16

  init(path: String) {
    handle = FileHandle(forReadingAtPath: path)
    if handle == nil { failure = "cannot open \(path)" }
  }

  func next() -> String? {
    guard let handle, failure == nil else { return nil }
    do {
      guard let data = try handle.read(upToCount: Self.pieceBytes), !data.isEmpty else {
        return nil
      }
      return data.base64EncodedString()
    } catch {
      failure = error.localizedDescription
      return nil
    }
  }
}
