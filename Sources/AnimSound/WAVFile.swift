/// The mix as a WAV file (SPEC §22, `anim render -o x.wav`): RIFF/WAVE,
/// 48 kHz stereo, either 16-bit PCM (what a user gets: every player and
/// library reads it) or 32-bit float (what anim hands ffmpeg to encode, so
/// no precision is lost before AAC or Opus).
public enum WAVFile {
  /// The sample formats written.
  public enum Format: Sendable {
    /// Signed 16-bit: x·32768 rounded to the nearest, clipped to
    /// [−32768, 32767] (as ffmpeg converts float to s16, so a 16-bit sound
    /// mixed alone at volume 1 comes back sample for sample).
    case pcm16
    /// IEEE float, 32 bits.
    case float32

    var bytesPerSample: Int { self == .pcm16 ? 2 : 4 }
  }

  /// Most frames a WAV file can hold in its 32-bit sizes.
  public static func maximumFrames(_ format: Format) -> Int {
    (Int(UInt32.max) - 64) / (2 * format.bytesPerSample)
  }

  /// The 44-byte header of a file of `frames` stereo frames at 48 kHz.
  public static func header(frames: Int, format: Format) -> [UInt8] {
    let channels = 2
    let rate = Mixer.sampleRate
    let bytes = format.bytesPerSample
    let data = frames * channels * bytes
    var h: [UInt8] = []
    func text(_ s: String) { h += Array(s.utf8) }
    func u32(_ v: Int) {
      h += withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian, Array.init)
    }
    func u16(_ v: Int) {
      h += withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian, Array.init)
    }
    text("RIFF")
    u32(36 + data)
    text("WAVE")
    text("fmt ")
    u32(16)
    u16(format == .pcm16 ? 1 : 3)
    u16(channels)
    u32(rate)
    u32(rate * channels * bytes)
    u16(channels * bytes)
    u16(bytes * 8)
    text("data")
    u32(data)
    return h
  }

  /// Appends `samples` (floats in [−1, 1]) to `bytes` in `format`.
  public static func encode(
    _ samples: ArraySlice<Float>, _ format: Format, into bytes: inout [UInt8]
  ) {
    switch format {
    case .pcm16:
      for x in samples {
        let v = (Double(x) * 32768).rounded()
        let s = Int16(max(min(v, 32767), -32768))
        let u = UInt16(bitPattern: s)
        bytes.append(UInt8(u & 0xff))
        bytes.append(UInt8(u >> 8))
      }
    case .float32:
      for x in samples {
        let u = x.bitPattern
        bytes.append(UInt8(u & 0xff))
        bytes.append(UInt8((u >> 8) & 0xff))
        bytes.append(UInt8((u >> 16) & 0xff))
        bytes.append(UInt8(u >> 24))
      }
    }
  }
}
