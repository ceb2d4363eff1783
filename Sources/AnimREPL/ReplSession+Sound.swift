import AnimEngine
import AnimFiles
import AnimLanguage
import AnimSound
import Foundation

/// `:play` and `:play FILE.wav` (SPEC §22): the mix of the session's plays
/// over [0, clock], heard through the speakers (if the host has any) or
/// written as a WAV file. Neither changes the session.
extension ReplSession {
  /// The mix of [0, now] of the session's plays; nil (with a note) when it
  /// has no sound to mix.
  private func sessionMix(line: String) -> MixPlan? {
    let sounds = interpreter.sounds
    guard !sounds.isEmpty else {
      output("nothing to play: the session declares no sound (sound NAME(\"file\"))")
      return nil
    }
    let clock = interpreter.clock
    guard clock.now > 0 else {
      output("nothing to play yet: the clock is at 0 (step to hear [0, t])")
      return nil
    }
    do {
      let placements = try SoundScore.placements(
        of: clock.soundRuns, from: 0, to: clock.now, now: clock.now)
      return MixPlan(start: 0, end: clock.now, placements: placements, files: sounds.map(\.file))
    } catch {
      problem(error.message, commandLine: line)
      return nil
    }
  }

  func playMix(_ path: String?, line: String) {
    if let path {
      let expanded = path.hasPrefix("~/") ? NSHomeDirectory() + path.dropFirst() : path
      guard expanded.lowercased().hasSuffix(".wav") else {
        problem(":play writes a .wav file", hint: "usage: :play [FILE.wav]", commandLine: line)
        return
      }
      guard let plan = sessionMix(line: line) else { return }
      do {
        var bytes = WAVFile.header(frames: plan.frameCount, format: .pcm16)
        try Mixer(plan: plan).render { WAVFile.encode($0, .pcm16, into: &bytes) }
        try AtomicFile.write(bytes: bytes, to: expanded)
        output("wrote \(path) (the mix of [0, \(ValueText.time(plan.end))], 48 kHz stereo)")
      } catch let error as SoundError {
        problem(error.message, hint: error.hint, commandLine: line)
      } catch {
        problem("cannot write \(path): \(error)", commandLine: line)
      }
      return
    }
    guard let plan = sessionMix(line: line) else { return }
    guard let playSound else {
      output("no sound output in this session: :play FILE.wav writes the mix instead")
      return
    }
    do {
      output(try playSound(plan))
    } catch {
      problem(
        error.message, hint: error.hint ?? "`:play FILE.wav` writes the mix instead",
        commandLine: line)
    }
  }
}
