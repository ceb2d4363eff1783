/// The decoded streams of the sound files one script (or one mix) reads,
/// each file's two kinds: the mix's (48 kHz, mono or stereo, SPEC §22) and
/// the analysis's (the file's own rate and channels). Not shared between
/// threads: each interpreter and each mix has its own.
public final class SoundSession {
  private var mixStreams: [String: DecodedStream] = [:]
  private var analysisStreams: [String: DecodedStream] = [:]

  public init() {}

  /// The file resampled by ffmpeg to the mix's 48 kHz; a mono file stays
  /// one channel (the mix puts it at full level in both), more than two are
  /// downmixed to two by ffmpeg.
  func mixStream(_ file: SoundFile) -> DecodedStream {
    if let found = mixStreams[file.path] { return found }
    let channels = file.channels == 1 ? 1 : 2
    var options: [String] = []
    if file.sampleRate != Mixer.sampleRate { options += ["-ar", String(Mixer.sampleRate)] }
    if file.channels > 2 { options += ["-ac", "2"] }
    let stream = DecodedStream(path: file.path, channels: channels, outputOptions: options)
    mixStreams[file.path] = stream
    return stream
  }

  /// The file at its own rate with all its channels (the analyses average
  /// them, as aubio does).
  func analysisStream(_ file: SoundFile) -> DecodedStream {
    if let found = analysisStreams[file.path] { return found }
    let stream = DecodedStream(path: file.path, channels: file.channels, outputOptions: [])
    analysisStreams[file.path] = stream
    return stream
  }
}
