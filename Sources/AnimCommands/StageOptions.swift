import AnimEngine
import AnimStage
import ArgumentParser

/// `--scale K | --size WxH` and `--background C|transparent` (SPEC §12.2),
/// shared by the commands that draw the stage (`render`, `export`).
struct StageOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Pixels per point (default 1).", valueName: "k"))
  var scale: Double?

  @Option(
    help: ArgumentHelp(
      "Fit the stage into exactly W × H pixels, centred, keeping its aspect ratio.",
      valueName: "WxH"))
  var size: String?

  @Option(
    help: ArgumentHelp(
      "The colour under the views: a name, #rgb, #rrggbb, #rrggbbaa or transparent; overrides the script's stage(background:).",
      valueName: "colour"))
  var background: String?

  /// The sizing asked for; a usage error for a bad value.
  func sizing() throws(UsageError) -> StageSizing {
    if scale != nil && size != nil {
      throw UsageError("--scale and --size cannot both be given")
    }
    if let size {
      let parts = size.lowercased().split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
        throw UsageError("--size must be WIDTHxHEIGHT in pixels, such as 640x480, not '\(size)'")
      }
      let limit = StageLayout.maximumPixels
      guard w >= 1, h >= 1, w <= limit, h <= limit else {
        throw UsageError(
          "--size \(size): each side must be from 1 to \(limit) pixels")
      }
      return .size(width: w, height: h)
    }
    if let scale {
      guard scale.isFinite, scale > 0 else {
        throw UsageError("--scale must be a finite number > 0, not \(scale)")
      }
      return .scale(scale)
    }
    return .scale(1)
  }

  /// The `--background` colour, nil when not given.
  func backgroundColor() throws(UsageError) -> Color? {
    guard let background else { return nil }
    let lowered = background.lowercased()
    if let c = Color.named(lowered) ?? Color.parseHex(background) { return c }
    throw UsageError(
      "--background must be a colour name, #rgb, #rrggbb, #rrggbbaa or transparent, not '\(background)'"
    )
  }
}

/// `--from A --to B --fps N` (SPEC §12.3), shared by `render`, `plot` and `export`.
struct RangeOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp("The first frame's time in seconds (default 0).", valueName: "seconds"))
  var from: Double?

  @Option(
    help: ArgumentHelp(
      "The last frame's time in seconds (default: the script's end; 10 s at most when it never moves the clock).",
      valueName: "seconds"))
  var to: Double?

  @Option(
    help: ArgumentHelp(
      "Frames per second (default: the script's fps, 60 unless set; 50 for .gif).",
      valueName: "n"))
  var fps: Double?

  /// Called by ArgumentParser as it parses: a bad range is a usage error
  /// (exit 64), as any other bad option is.
  func validate() throws {
    do { try check() } catch { throw ValidationError(error.message) }
  }

  /// Checks the values: times from 0 to the clock's limit, A ≤ B, N in
  /// (0, 1 000 000], and, when all three are given, no more frames than a
  /// render takes.
  func check() throws(UsageError) {
    for (name, value) in [("--from", from), ("--to", to)] {
      if let value { try Self.checkTime(value, option: name) }
    }
    if let from, let to, from > to {
      throw UsageError("--from \(Self.text(from)) is after --to \(Self.text(to))")
    }
    if let fps { try Self.checkRate(fps, option: "--fps") }
    if let to, let fps {
      try Self.checkFrameCount(FrameSchedule(from: from ?? 0, to: to, rate: fps))
    }
  }

  /// A time option (`--at`, `--from`, `--to`): finite, ≥ 0 and within the
  /// clock's range (SPEC §6.1: the clock never passes 1e12 s), else a usage
  /// error naming the option.
  static func checkTime(_ value: Double, option: String) throws(UsageError) {
    guard value.isFinite, value >= 0, value <= Clock.maximumTime else {
      throw UsageError(
        "\(option) must be a time from 0 to \(NumberText.format(Clock.maximumTime)) s (the clock's limit), not \(NumberText.format(value))"
      )
    }
  }

  /// A frame-rate option: in (0, 1 000 000], as the script's `fps` (SPEC §6.1).
  static func checkRate(_ value: Double, option: String) throws(UsageError) {
    guard value.isFinite, value > 0, value <= Clock.maximumFPS else {
      throw UsageError(
        "\(option) must be a number of frames per second in (0, \(NumberText.format(Clock.maximumFPS))], not \(NumberText.format(value))"
      )
    }
  }

  /// A range given whole on the command line that holds more frames than
  /// one render or export takes.
  static func checkFrameCount(_ schedule: FrameSchedule) throws(UsageError) {
    if schedule.count > FrameSchedule.maximumFrames {
      throw UsageError(
        FrameSchedule.tooManyFramesMessage(start: schedule.start, rate: schedule.rate))
    }
  }

  var isEmpty: Bool { from == nil && to == nil && fps == nil }

  /// A number as a message shows it: exactly, and NaN and infinities as
  /// `nan`, `inf` and `-inf` (what was typed).
  static func text(_ v: Double) -> String {
    v.isFinite ? NumberText.exact(v) : NumberText.format(v)
  }
}

/// A bad command line: its message goes to stderr and anim exits 64.
struct UsageError: Error, CustomStringConvertible {
  let message: String
  init(_ message: String) { self.message = message }
  var description: String { message }
}
