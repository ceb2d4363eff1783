import AnimSound
import Foundation

/// The REPL's `:play` through the speakers (SPEC §22): the mix written to a
/// temporary WAV file and played by the first player found (`ffplay` from
/// Debian's ffmpeg, `pw-play`, `paplay` or `aplay`) in the background, the
/// file removed when it is done. Only when there is a sound device: a
/// PulseAudio or PipeWire server (`PULSE_SERVER`, or its socket under
/// `XDG_RUNTIME_DIR`) or an ALSA playback device (`/dev/snd/pcmC*p`);
/// otherwise a message says there is none. Scripts and tests never come here.
package final class Speakers: @unchecked Sendable {
  private var current: Process?

  package init() {}

  /// Why there is no sound device, or nil when there is one.
  static func missingDevice(environment: [String: String] = ProcessInfo.processInfo.environment)
    -> String?
  {
    if environment["PULSE_SERVER"] != nil { return nil }
    if let runtime = environment["XDG_RUNTIME_DIR"],
      FileManager.default.fileExists(atPath: runtime + "/pulse/native")
        || FileManager.default.fileExists(atPath: runtime + "/pipewire-0")
    {
      return nil
    }
    let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/snd")) ?? []
    if devices.contains(where: { $0.hasPrefix("pcmC") && $0.hasSuffix("p") }) { return nil }
    return "no sound device here (no PulseAudio or PipeWire server, no ALSA playback device)"
  }

  /// The first player on PATH, with its arguments before the file.
  static func player() -> (path: String, arguments: [String])? {
    let candidates: [(String, [String])] = [
      ("ffplay", ["-nodisp", "-autoexit", "-loglevel", "error"]), ("pw-play", []), ("paplay", []),
      ("aplay", ["-q"]),
    ]
    for (name, arguments) in candidates {
      if let path = SoundPrograms.locate(name) { return (path, arguments) }
    }
    return nil
  }

  /// Plays `plan` (stopping a mix still playing); the line to print.
  package func play(_ plan: MixPlan) throws(SoundError) -> String {
    if let reason = Self.missingDevice() {
      throw SoundError(reason, hint: "`:play FILE.wav` writes the mix instead")
    }
    guard let (player, arguments) = Self.player() else {
      throw SoundError(
        "no program to play sound with (ffplay, pw-play, paplay or aplay)",
        hint: "install one (apt-get install ffmpeg), or `:play FILE.wav` writes the mix")
    }
    stop()
    let path =
      NSTemporaryDirectory() + "anim-play-\(getpid())-\(UInt32.random(in: .min ... .max)).wav"
    do {
      try MixFile.write(plan, to: path, format: .pcm16)
    } catch let failure as FrameWriter.Failure {
      throw SoundError(failure.message)
    } catch {
      throw SoundError("\(error)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: player)
    process.arguments = arguments + [path]
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    process.terminationHandler = { _ in unlink(path) }
    do { try process.run() } catch {
      unlink(path)
      throw SoundError("cannot start \(player): \(error.localizedDescription)")
    }
    current = process
    let seconds = Double(plan.frameCount) / Double(Mixer.sampleRate)
    let name = (player as NSString).lastPathComponent
    return
      "playing the mix of [0, \(String(format: "%g", plan.end))] s (\(String(format: "%g", seconds)) s) through \(name)"
  }

  /// Stops a mix still playing.
  package func stop() {
    if let current, current.isRunning { current.terminate() }
    current = nil
  }
}
