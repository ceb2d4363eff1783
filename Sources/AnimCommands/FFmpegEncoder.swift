import AnimConsole
import AnimEngine
import AnimFiles
import AnimLanguage
import AnimRender
import AnimStage
import Foundation

/// Encodes a render's frames with `ffmpeg` (SPEC §12.3): a child process fed
/// raw RGBA frames through a pipe, writing to a temporary name beside OUT
/// that is renamed into place only when ffmpeg succeeded. No frame files.
enum FFmpegEncoder {
  /// Takes one frame: the closure it is given fills a buffer with
  /// `width × height × 4` bytes of straight RGBA, which then goes to ffmpeg
  /// on the pipe's own thread while the next frame is drawn (`FramePipe`).
  typealias Sink = (_ fill: (inout [UInt8]) throws -> Void) throws -> Void

  /// The `ffmpeg` on PATH, or nil.
  static func locate(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    let path = environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (directory.isEmpty ? "." : String(directory)) + "/ffmpeg"
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// The message and exit code (69) of a missing ffmpeg.
  static func missing(_ format: RenderFormat, output: String) -> FrameWriter.Failure {
    let ext = output.split(separator: ".").last.map { ".\($0)" } ?? "\(format)"
    return FrameWriter.Failure(
      message: "ffmpeg not found: install it (apt-get install ffmpeg) to write \(ext)",
      code: ExitStatus.unavailable)
  }

  /// ffmpeg's arguments after the input: what each format needs (TOOLS.md).
  static func arguments(
    _ format: RenderFormat, width: Int, height: Int, rate: Double, background: Color
  ) -> [String] {
    let n = NumberText.exact(rate)
    switch format {
    case .gif:
      // Delays are whole centiseconds; one palette for the whole animation,
      // with a slot kept for transparency (1-bit alpha at 50 %).
      return [
        "-filter_complex",
        "[0:v]split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse=alpha_threshold=128",
        "-loop", "0", "-f", "gif",
      ]
    case .apng:
      return ["-c:v", "apng", "-pix_fmt", "rgba", "-plays", "0", "-f", "apng"]
    case .mp4:
      // yuv420p has no alpha and needs even sides: the frames are flattened
      // onto black (they already hold an opaque background unless it is
      // transparent) and padded by a pixel of the background if odd.
      //
      // With an opaque background every pixel of every frame is opaque
      // (views are blended over it), so the overlay would change nothing:
      // it is skipped (a third of ffmpeg's processor time for a small scene
      // at 1000 × 1000). `setsar=1` gives the stream the square-pixel aspect
      // the `color` source gave it, so the file is byte for byte the same.
      let pad = background.a >= 1 ? SVGDocument.hex(background) : "black"
      let even = "pad=ceil(iw/2)*2:ceil(ih/2)*2:0:0:\(pad)"
      let graph =
        background.a >= 1
        ? "[0:v]\(even),setsar=1,format=yuv420p"
        : "color=c=black:s=\(width)x\(height):r=\(n)[bg];[bg][0:v]overlay=shortest=1:format=auto,\(even),format=yuv420p"
      return [
        "-filter_complex", graph,
        "-c:v", "libx264", "-preset", "medium", "-crf", "4", "-pix_fmt", "yuv420p",
        "-movflags", "+faststart", "-f", "mp4",
      ]
    case .webm:
      return [
        // Lossless VP9: what remains is the 8-bit RGB → YUV conversion.
        "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-lossless", "1",
        "-deadline", "good", "-cpu-used", "4", "-row-mt", "1", "-auto-alt-ref", "0", "-f", "webm",
      ]
    case .png, .svg, .pattern, .wav:
      return []
    }
  }

  /// The arguments that take the mix (ffmpeg's second input, a float WAV)
  /// as the file's audio track (SPEC §22): AAC in MP4 (with a movie
  /// timescale of 48 kHz, so the track's duration is exact to the sample,
  /// not to the millisecond), Opus in WebM.
  static func audioArguments(_ format: RenderFormat) -> [String] {
    switch format {
    case .mp4:
      return ["-map", "1:a", "-c:a", "aac", "-b:a", "192k", "-movie_timescale", "48000"]
    case .webm:
      return ["-map", "0:v", "-map", "1:a", "-c:a", "libopus", "-b:a", "160k"]
    default:
      return []
    }
  }

  /// Runs ffmpeg writing OUT in `format`; `produce` hands it every frame.
  /// `audio`, when given, is a WAV file of the mix to encode as the audio
  /// track.
  static func encode(
    format: RenderFormat, output: String, layout: StageLayout, schedule: FrameSchedule,
    progress: Progress?, audio: String? = nil, produce: (@escaping Sink) throws -> Void
  ) throws {
    let session = try Session(
      format: format, output: output, layout: layout, rate: schedule.rate, progress: progress,
      audio: audio)
    do { try produce(session.send) } catch {
      session.abandon()
      throw error
    }
    try session.finish()
  }

  /// One ffmpeg writing OUT: started with the frames' size and rate, handed
  /// frames with `send`, then either finished (the file renamed into place
  /// when ffmpeg succeeded) or abandoned (ffmpeg stopped, nothing written).
  /// `anim render`'s single pass starts one at its first frame, before the
  /// script has run to its end (``OnePassRender``).
  final class Session {
    private let output: String
    private let progress: Progress?
    private let temporary: TemporaryOutput
    private let process = Process()
    private let processEnd: ProcessEnd
    private let input = Pipe()
    private let stderrTail: StderrTail
    private let interrupt: Interrupt
    private let pipe: FramePipe
    private var ended = false

    /// Starts ffmpeg writing `format` to a temporary name beside `output`.
    init(
      format: RenderFormat, output: String, layout: StageLayout, rate: Double,
      progress: Progress?, audio: String? = nil
    ) throws {
      guard let ffmpeg = FFmpegEncoder.locate() else {
        throw FFmpegEncoder.missing(format, output: output)
      }
      self.output = output
      self.progress = progress
      let temporary = try TemporaryOutput(for: output)
      self.temporary = temporary
      process.executableURL = URL(fileURLWithPath: ffmpeg)
      let n = NumberText.exact(rate)
      process.arguments =
        [
          "-hide_banner", "-loglevel", "error", "-sws_flags", "accurate_rnd+full_chroma_int",
          "-f", "rawvideo", "-pix_fmt", "rgba", "-s",
          "\(layout.pixelWidth)x\(layout.pixelHeight)", "-r", n, "-i", "-",
        ]
        + (audio.map { ["-i", "file:" + $0] } ?? [])
        + FFmpegEncoder.arguments(
          format, width: layout.pixelWidth, height: layout.pixelHeight, rate: rate,
          background: layout.background)
        + (audio != nil ? FFmpegEncoder.audioArguments(format) : []) + ["-y", temporary.path]
      let errors = Pipe()
      process.standardInput = input
      process.standardError = errors
      process.standardOutput = FileHandle.nullDevice
      stderrTail = StderrTail(errors.fileHandleForReading)
      processEnd = ProcessEnd(of: process)

      signal(SIGPIPE, SIG_IGN)
      // Installed before ffmpeg starts, so that no signal finds it running
      // unstoppable: the cleanup stops it (if started) before its file goes.
      let child = ChildProcessID()
      interrupt = Interrupt.install {
        child.kill()
        temporary.remove()
      }
      do { try child.start(process) } catch {
        interrupt.remove()
        temporary.remove()
        throw FrameWriter.Failure(
          message: "cannot start \(ffmpeg): \(error.localizedDescription)",
          code: ExitStatus.ioError)
      }
      pipe = FramePipe(fd: input.fileHandleForWriting.fileDescriptor)
    }

    /// Hands ffmpeg one frame (``Sink``). Once ffmpeg has stopped, the
    /// remaining frames are not drawn.
    func send(_ fill: (inout [UInt8]) throws -> Void) throws {
      if try pipe.fill(fill) { progress?.advance() }
    }

    /// Closes the pipe and waits for ffmpeg: (whether the pipe broke, its
    /// exit status, the tail of its stderr).
    private func end() -> (pipeBroken: Bool, status: Int32, tail: String) {
      ended = true
      let pipeBroken = !pipe.finish()
      progress?.finish()
      try? input.fileHandleForWriting.close()
      processEnd.wait(for: process)
      let tail = stderrTail.finish()
      return (pipeBroken, process.terminationStatus, tail)
    }

    /// Stops feeding ffmpeg after a failure: nothing is written.
    func abandon() {
      guard !ended else { return }
      defer { interrupt.remove() }
      _ = end()
      temporary.remove()
    }

    /// Ends the file: renamed into place when ffmpeg succeeded, else an
    /// error with the end of what ffmpeg said.
    func finish() throws {
      defer { interrupt.remove() }
      let (pipeBroken, status, tail) = end()
      guard status == 0, !pipeBroken else {
        temporary.remove()
        let detail = tail.isEmpty ? "" : ":\n" + tail
        throw FrameWriter.Failure(
          message: "ffmpeg failed (exit \(status)) writing \(output)\(detail)",
          code: ExitStatus.ioError)
      }
      try temporary.commit()
    }
  }
}

/// The last few lines ffmpeg wrote to stderr, read on a background queue so
/// a chatty ffmpeg never blocks on a full pipe.
final class StderrTail: @unchecked Sendable {
  private var data = Data()
  private let done = DispatchSemaphore(value: 0)
  /// Most bytes of ffmpeg's stderr kept.
  static let keep = 2000

  init(_ handle: FileHandle) {
    DispatchQueue.global().async {
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { break }
        self.data.append(chunk)
        if self.data.count > 4 * Self.keep { self.data = self.data.suffix(Self.keep) }
      }
      self.done.signal()
    }
  }

  /// Waits for ffmpeg to close stderr; the tail as text.
  func finish() -> String {
    done.wait()
    let text = String(decoding: data.suffix(Self.keep), as: UTF8.self)
    return text.split(separator: "\n").suffix(8).joined(separator: "\n")
  }
}

/// The process id of a child that a signal's cleanup must stop, set once it
/// has started (under a lock: the cleanup runs on the signal's queue).
final class ChildProcessID: @unchecked Sendable {
  private let lock = NSLock()
  private var pid: pid_t = 0
  private var stopped = false

  /// Starts `process`, unless a signal's cleanup has already run.
  func start(_ process: Process) throws {
    lock.lock()
    defer { lock.unlock() }
    guard !stopped else { return }
    try process.run()
    pid = process.processIdentifier
  }

  /// Kills the child, if it started, and waits for it to end.
  func kill() {
    lock.lock()
    defer { lock.unlock() }
    stopped = true
    guard pid > 0 else { return }
    Glibc.kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }
}

/// A temporary file beside OUT that becomes OUT by renaming.
struct TemporaryOutput {
  let path: String
  let target: String

  /// Creates the temporary file (so an unwritable directory fails at once).
  init(for target: String) throws {
    let slash = target.lastIndex(of: "/")
    let directory = slash.map { String(target[...$0]) } ?? ""
    let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
    path = "\(directory).\(name).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
    self.target = target
    let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else {
      throw FrameWriter.Failure(
        message: "cannot write \(target): \(String(cString: strerror(errno)))",
        code: ExitStatus.ioError)
    }
    close(fd)
    TemporaryFiles.register(path)
    var info = stat()
    if stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
      unlink(path)
      throw FrameWriter.Failure(
        message: "cannot write \(target): not a regular file", code: ExitStatus.ioError)
    }
  }

  func remove() {
    unlink(path)
    TemporaryFiles.forget(path)
  }

  func commit() throws {
    // Under the registry's lock, which forgets the file: once a signal's
    // cleanup has begun, it is removed instead of landing at OUT.
    let code = TemporaryFiles.commit(path, to: target)
    guard code == 0 else {
      let reason = code == EINTR ? "interrupted" : String(cString: strerror(code))
      remove()
      throw FrameWriter.Failure(
        message: "cannot write \(target): \(reason)", code: ExitStatus.ioError)
    }
  }
}
