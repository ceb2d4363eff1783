import CAubio

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Analyses of a sound to animate by (SPEC §22), each over the downmix of
/// its channels (their mean, as aubio reads a file) at the file's own rate:
///
/// - `beats` and `onsets`: aubio's beat tracker and onset detector, run
///   exactly as `aubio beat` and `aubio onset` run them with their default
///   options, reading the file with aubio's own source: the same times.
/// - `loudness(t)`: the RMS of the samples of a 50 ms window centred on t
///   (round(0.05·rate) samples from round(t·rate) − half of them), 0…1 of
///   full scale (a full-scale square wave is 1, a full-scale sine 0.707).
/// - `bands(t, n)`: n levels of log-spaced bands from 20 Hz to 20 kHz
///   (band i spans 20·1000^(i/n) to 20·1000^((i+1)/n) Hz) of the
///   spectrum of 2048 samples centred on t (from round(t·rate) − 1024),
///   Hann-windowed; a band's level is the amplitude its bins hold, each
///   bin counted by the share of its width inside the band:
///   √(4·Σ|X_k|²·share_k / (N·Σw²)), so a full-scale sine whose energy lies
///   in one band gives that band 1; clipped to 0…1.
///
/// Samples outside the file are silence. All are deterministic; beats and
/// onsets are computed once per file and process.
public enum SoundAnalysis {
  /// Most bands `bands` gives.
  public static let maximumBands = 1000
  /// The window of `bands`, in samples.
  public static let bandWindow = 2048
  /// The window of `loudness`, in seconds.
  public static let loudnessWindow = 0.05

  nonisolated(unsafe) private static var detected: [String: [Double]] = [:]
  private static let lock = Lock()
  private static let fft = FFT(size: bandWindow)
  private static let hann: [Double] = (0..<bandWindow).map {
    0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(bandWindow))
  }

  /// The beat times of `file`, in seconds (aubio's tempo tracker).
  public static func beats(_ file: SoundFile) throws(SoundError) -> [Double] {
    try detect(file, what: Int32(ANIM_AUBIO_BEATS), key: "beats")
  }

  /// The onset times of `file`, in seconds (aubio's onset detector).
  public static func onsets(_ file: SoundFile) throws(SoundError) -> [Double] {
    try detect(file, what: Int32(ANIM_AUBIO_ONSETS), key: "onsets")
  }

  private static func detect(_ file: SoundFile, what: Int32, key: String) throws(SoundError)
    -> [Double]
  {
    let id = key + "\u{0}" + file.version + "\u{0}" + file.path
    if let found = lock.withLock({ detected[id] }) { return found }
    var times: UnsafeMutablePointer<UInt>?
    var count = 0
    var rate: UInt32 = 0
    var error = [CChar](repeating: 0, count: 512)
    let status = anim_aubio_detect(file.path, what, &times, &count, &rate, &error, error.count)
    defer { free(times) }
    let reason = String(
      decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard status == 0, rate > 0 else {
      var package: UnsafePointer<CChar>? = nil
      if anim_aubio_load(&package) != nil {
        let name = package.map { String(cString: $0) } ?? "libaubio5"
        throw SoundError(
          "cannot analyse sounds: \(reason)",
          hint: "install aubio: apt-get install \(name)", isMissingProgram: true)
      }
      throw SoundError("aubio cannot read it: \(reason)")
    }
    let found = (0..<count).map { Double(times![$0]) / Double(rate) }
    lock.withLock { detected[id] = found }
    return found
  }

  /// The RMS level of `file` around `t` seconds, 0…1.
  public static func loudness(_ file: SoundFile, at t: Double, session: SoundSession)
    throws(SoundError) -> Double
  {
    let rate = Double(file.sampleRate)
    let width = max(Int((loudnessWindow * rate).rounded()), 1)
    let first = try startFrame(t, rate: rate) - width / 2
    let x = try downmix(file, from: first, count: width, session: session)
    var sum = 0.0
    for v in x { sum += v * v }
    return min(sqrt(sum / Double(width)), 1)
  }

  /// `n` band levels of `file` around `t` seconds, 0…1, lowest first.
  public static func bands(_ file: SoundFile, at t: Double, count n: Int, session: SoundSession)
    throws(SoundError) -> [Double]
  {
    let rate = Double(file.sampleRate)
    let size = bandWindow
    let first = try startFrame(t, rate: rate) - size / 2
    let x = try downmix(file, from: first, count: size, session: session)
    let (re, im) = fft.transform((0..<size).map { x[$0] * hann[$0] })
    let windowPower = hann.reduce(0) { $0 + $1 * $1 }
    let scale = 4 / (Double(size) * windowPower)
    let width = rate / Double(size)
    var levels: [Double] = []
    levels.reserveCapacity(n)
    for i in 0..<n {
      let lo = 20 * pow(1000, Double(i) / Double(n))
      let hi = 20 * pow(1000, Double(i + 1) / Double(n))
      var power = 0.0
      // The bins from DC's neighbour to the one below Nyquist.
      let kLo = max(Int((lo / width - 0.5).rounded(.down)), 1)
      let kHi = min(Int((hi / width + 0.5).rounded(.up)), size / 2 - 1)
      if kLo <= kHi {
        for k in kLo...kHi {
          let binLo = (Double(k) - 0.5) * width
          let binHi = (Double(k) + 0.5) * width
          let share = (min(hi, binHi) - max(lo, binLo)) / width
          if share > 0 { power += (re[k] * re[k] + im[k] * im[k]) * share }
        }
      }
      levels.append(min(sqrt(power * scale), 1))
    }
    return levels
  }

  private static func startFrame(_ t: Double, rate: Double) throws(SoundError) -> Int {
    guard t.isFinite else { throw SoundError("the time must be finite") }
    let frame = (t * rate).rounded()
    // Far outside any file: silence, without overflowing an Int.
    return Int(max(min(frame, 1e15), -1e15))
  }

  /// `count` frames from `first`, the channels averaged; NaN and ±∞
  /// samples (a float file may hold them) count as silence.
  private static func downmix(_ file: SoundFile, from first: Int, count: Int, session: SoundSession)
    throws(SoundError) -> [Double]
  {
    var out = [Double](repeating: 0, count: count)
    // Wholly outside the file: no decoding.
    if first + count <= 0 || first >= file.frames { return out }
    let stream = session.analysisStream(file)
    var raw: [Float] = []
    try stream.frames(from: first, count: count, into: &raw)
    let channels = stream.channels
    for k in 0..<count {
      var s = 0.0
      for c in 0..<channels {
        let v = Double(raw[k * channels + c])
        if v.isFinite { s += v }
      }
      out[k] = s / Double(channels)
    }
    return out
  }
}
