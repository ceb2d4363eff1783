import AnimConsole
import AnimFiles
import AnimLanguage
import AnimSound
import Foundation

/// `anim render FILE -o OUT --concat PART…` (SPEC §22): the chunks of a
/// split render, put end to end without encoding the frames again (ffmpeg's
/// concat demuxer, stream copy), with the script's whole mix encoded once
/// as the sound. The same as running, by hand:
///
///     anim render FILE -o mix.wav
///     ffmpeg -f concat -safe 0 -i parts.txt -i mix.wav -map 0:v -c:v copy \
///       -map 1:a -c:a aac OUT
enum ChunkConcat {
  static func join(
    parts: [String], output: String, format: RenderFormat, mix: MixPlan?
  ) throws {
    guard let ffmpeg = FFmpegEncoder.locate() else {
      throw FFmpegEncoder.missing(format, output: output)
    }
    let list = try TemporaryOutput(for: output + ".parts.txt")
    defer { list.remove() }
    var text = "ffconcat version 1.0\n"
    for part in parts {
      let absolute = FilePaths.canonical(part)
      text += "file '" + absolute.replacingOccurrences(of: "'", with: "'\\''") + "'\n"
    }
    do { try text.write(toFile: list.path, atomically: false, encoding: .utf8) } catch {
      throw FrameWriter.Failure(
        message: "cannot write \(list.path): \(error.localizedDescription)",
        code: ExitStatus.ioError)
    }
    var audio: TemporaryOutput?
    if let mix { audio = try MixFile.temporary(mix, beside: output) }
    defer { audio?.remove() }
    let temporary = try TemporaryOutput(for: output)
    var arguments = [
      "-hide_banner", "-loglevel", "error", "-f", "concat", "-safe", "0", "-i", "file:" + list.path,
    ]
    if let audio { arguments += ["-i", "file:" + audio.path] }
    arguments += ["-map", "0:v", "-c:v", "copy"]
    if audio != nil {
      arguments +=
        format == .mp4
        ? ["-map", "1:a", "-c:a", "aac", "-b:a", "192k", "-movie_timescale", "48000"]
        : ["-map", "1:a", "-c:a", "libopus", "-b:a", "160k"]
    }
    arguments += format == .mp4 ? ["-movflags", "+faststart", "-f", "mp4"] : ["-f", "webm"]
    arguments += ["-y", temporary.path]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: ffmpeg)
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    let tail = StderrTail(errors.fileHandleForReading)
    let end = ProcessEnd(of: process)
    let child = ChildProcessID()
    let interrupt = Interrupt.install {
      child.kill()
      temporary.remove()
    }
    defer { interrupt.remove() }
    do { try child.start(process) } catch {
      temporary.remove()
      throw FrameWriter.Failure(
        message: "cannot start \(ffmpeg): \(error.localizedDescription)", code: ExitStatus.ioError)
    }
    end.wait(for: process)
    let stderr = tail.finish()
    guard process.terminationStatus == 0 else {
      temporary.remove()
      throw FrameWriter.Failure(
        message:
          "ffmpeg failed (exit \(process.terminationStatus)) joining the parts into \(output)"
          + (stderr.isEmpty ? "" : ":\n" + stderr),
        code: ExitStatus.ioError)
    }
    try temporary.commit()
  }
}
