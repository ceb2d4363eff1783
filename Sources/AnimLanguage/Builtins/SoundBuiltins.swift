import AnimEngine
import AnimSound

/// Sound (SPEC §22): `play`, a motion that makes a declared sound heard,
/// and the analyses a script animates by: `beats`, `onsets`, `loudness`,
/// `bands`.
enum SoundBuiltins {
  static let list: [Builtin] = [
    Builtin(
      name: "play",
      summary:
        "play(s, from: 0, to: end, volume: 1, fadeIn: 0, fadeOut: 0): a motion that plays sound s"
    ) { args, interp in
      let sound = try interp.soundArgument(try args.require("sound", "a sound"), "play")
      let length = sound.file.duration
      let fromItem = args.take("from")
      let toItem = args.take("to")
      let from = try fromItem?.duration("from") ?? 0
      let to = try toItem?.number("to") ?? length
      if from > length {
        throw RuntimeError(
          "from (\(NumberText.format(from))) is past the end of \(sound.name), which lasts \(NumberText.format(length)) s",
          at: fromItem!.range)
      }
      if to > length {
        throw RuntimeError(
          "to (\(NumberText.format(to))) is past the end of \(sound.name), which lasts \(NumberText.format(length)) s",
          at: toItem!.range, hint: "to: \(sound.name).duration plays it to its end")
      }
      if to < from {
        throw RuntimeError(
          "to (\(NumberText.format(to))) comes before from (\(NumberText.format(from))): a play cannot last less than nothing",
          at: toItem?.range ?? args.range)
      }
      let volume = try args.take("volume")?.duration("volume") ?? 1
      let fadeIn = try args.take("fadeIn")?.duration("fadeIn") ?? 0
      let fadeOut = try args.take("fadeOut")?.duration("fadeOut") ?? 0
      try args.finish()
      let cue = SoundCue(
        sound: sound.number, name: sound.name, from: from, duration: to - from, volume: volume,
        fadeIn: fadeIn, fadeOut: fadeOut)
      return .motion(try interp.build(args.range) { try Motion.play(cue) })
    },
    Builtin(name: "beats", summary: "beats(s): the beat times of sound s, in seconds (aubio)") {
      args, interp in
      let sound = try interp.soundArgument(try args.require("sound", "a sound"), "beats")
      try args.finish()
      return try times(
        try interp.analysing(args.range) { () throws(SoundError) in
          try SoundAnalysis.beats(sound.file)
        }, interp, args.range)
    },
    Builtin(name: "onsets", summary: "onsets(s): the onset times of sound s, in seconds (aubio)") {
      args, interp in
      let sound = try interp.soundArgument(try args.require("sound", "a sound"), "onsets")
      try args.finish()
      return try times(
        try interp.analysing(args.range) { () throws(SoundError) in
          try SoundAnalysis.onsets(sound.file)
        }, interp, args.range)
    },
    Builtin(
      name: "loudness", summary: "loudness(s, t): the RMS level of sound s over 50 ms around t, 0…1"
    ) { args, interp in
      let sound = try interp.soundArgument(try args.require("sound", "a sound"), "loudness")
      let t = try args.require("time", "a time in seconds").number("time")
      try args.finish()
      let session = interp.soundSession
      return .number(
        try interp.analysing(args.range) { () throws(SoundError) in
          try SoundAnalysis.loudness(sound.file, at: t, session: session)
        })
    },
    Builtin(
      name: "bands",
      summary:
        "bands(s, t, n): n levels, 0…1, of log-spaced bands of sound s from 20 Hz to 20 kHz at t"
    ) { args, interp in
      let sound = try interp.soundArgument(try args.require("sound", "a sound"), "bands")
      let t = try args.require("time", "a time in seconds").number("time")
      let countItem = try args.require("count", "a number of bands")
      let n = try countItem.number("count")
      guard n == n.rounded(), n >= 1, n <= Double(SoundAnalysis.maximumBands) else {
        throw RuntimeError(
          "count must be a whole number from 1 to \(SoundAnalysis.maximumBands), not \(NumberText.format(n))",
          at: countItem.range)
      }
      try args.finish()
      let session = interp.soundSession
      let levels = try interp.analysing(args.range) { () throws(SoundError) in
        try SoundAnalysis.bands(sound.file, at: t, count: Int(n), session: session)
      }
      try interp.spend(levels.count / 100, at: args.range)
      return .list(ValueList(levels.map { .number($0) })!)
    },
  ]

  /// A list of times, its length charged as work.
  private static func times(_ seconds: [Double], _ interp: Interpreter, _ range: SourceRange) throws
    -> Value
  {
    try interp.spend(seconds.count / 100, at: range)
    guard let list = ValueList(seconds.map { .number($0) }) else {
      throw RuntimeError(
        "the sound has more than \(ValueList.maximumSize) times to list", at: range)
    }
    return .list(list)
  }
}
