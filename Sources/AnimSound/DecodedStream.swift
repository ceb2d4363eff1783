/// A sound file decoded by ffmpeg to 32-bit float samples, read in blocks
/// (SPEC §22: "a 2-hour file of which one second is played never sits whole
/// in memory").
///
/// Blocks of `blockFrames` frames are decoded as they are asked for and the
/// most recently used `cachedBlocks` are kept. Each decoder is an ffmpeg
/// that reads the file from its start and moves only forward; a block
/// behind every decoder starts another one (at most `maximumDecoders`,
/// the least recently used stopped first). Decoding from the start every
/// time, never seeking, makes every block the same however it was reached
/// (a seek in a compressed file, or a resampler started mid-stream, would
/// give other samples), so a mix does not depend on the order it is made in.
final class DecodedStream {
  /// Frames in a block: 0.68 s at 48 kHz.
  static let blockFrames = 1 << 15
  /// Blocks kept: 22 s of 48 kHz audio, 8 MiB of stereo.
  static let cachedBlocks = 32
  /// Decoders kept running at once.
  static let maximumDecoders = 4

  let path: String
  /// Channels in each frame of the output.
  let channels: Int
  private let arguments: [String]
  private var blocks: [Int: [Float]] = [:]
  private var lastUse: [Int: Int] = [:]
  private var clock = 0
  private var decoders: [Decoder] = []
  /// The number of blocks, once a decoder has reached the end.
  private(set) var blockCount: Int?

  private final class Decoder {
    let process: ChildProcess
    var next = 0
    var lastUse = 0
    init(_ process: ChildProcess) { self.process = process }
  }

  /// A stream of `path` with ffmpeg's output options `outputOptions`
  /// (rate and channels) giving `channels` channels.
  init(path: String, channels: Int, outputOptions: [String]) {
    self.path = path
    self.channels = channels
    arguments =
      ["-nostdin", "-v", "error", "-i", "file:" + path, "-map", "0:a:0", "-vn"] + outputOptions
      + ["-f", "f32le", "-"]
  }

  deinit { decoders.forEach { $0.process.stop() } }

  /// Block `index`, or nil past the end (the last one may be short).
  func block(_ index: Int) throws(SoundError) -> [Float]? {
    clock += 1
    if let found = blocks[index] {
      lastUse[index] = clock
      return found
    }
    if let count = blockCount, index >= count { return nil }
    let decoder = try decoder(for: index)
    decoder.lastUse = clock
    while decoder.next <= index {
      let k = decoder.next
      guard let samples = try read(decoder) else {
        blockCount = k
        finish(decoder)
        return nil
      }
      decoder.next += 1
      // Blocks far behind the one asked for would only push out useful ones.
      if index - k < Self.cachedBlocks { keep(k, samples) }
      if samples.count < Self.blockFrames * channels {
        blockCount = k + 1
        finish(decoder)
        return k == index ? samples : nil
      }
    }
    return blocks[index]
  }

  /// The decoder closest behind `index`, or a new one from the start.
  private func decoder(for index: Int) throws(SoundError) -> Decoder {
    if let best = decoders.filter({ $0.next <= index }).max(by: { $0.next < $1.next }) {
      return best
    }
    if decoders.count >= Self.maximumDecoders,
      let oldest = decoders.min(by: { $0.lastUse < $1.lastUse })
    {
      oldest.process.stop()
      decoders.removeAll { $0 === oldest }
    }
    let process = try ChildProcess(program: try SoundPrograms.ffmpeg(), arguments: arguments)
    let decoder = Decoder(process)
    decoders.append(decoder)
    return decoder
  }

  /// The next block of a decoder, or nil at its end.
  private func read(_ decoder: Decoder) throws(SoundError) -> [Float]? {
    let wanted = Self.blockFrames * channels
    var filled = 0
    let bytes = wanted * 4
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
    defer { raw.deallocate() }
    while filled < bytes {
      let n = try decoder.process.read(into: raw + filled, count: bytes - filled)
      if n == 0 { break }
      filled += n
    }
    let floats = raw.bindMemory(to: Float.self, capacity: wanted)
    var samples = Array(UnsafeBufferPointer(start: floats, count: filled / 4))
    if filled < bytes {
      let status = decoder.process.wait()
      if status != 0 {
        let reason = decoder.process.errorText
        decoders.removeAll { $0 === decoder }
        throw SoundError(
          "ffmpeg failed decoding \(path) (exit \(status))" + (reason.isEmpty ? "" : ": \(reason)"))
      }
    }
    let frames = filled / (4 * channels)
    if frames == 0 { return nil }
    samples.removeLast(samples.count - frames * channels)
    return samples
  }

  private func finish(_ decoder: Decoder) {
    decoder.process.wait()
    decoders.removeAll { $0 === decoder }
  }

  private func keep(_ index: Int, _ samples: [Float]) {
    if blocks.count >= Self.cachedBlocks,
      let (oldest, _) = lastUse.min(by: { $0.value < $1.value })
    {
      blocks[oldest] = nil
      lastUse[oldest] = nil
    }
    blocks[index] = samples
    lastUse[index] = clock
  }

  /// Copies frames `first ..< first + count` into `out` (`count · channels`
  /// samples, interleaved); frames before 0 or past the end are silence.
  func frames(from first: Int, count: Int, into out: inout [Float]) throws(SoundError) {
    let size = Self.blockFrames
    if out.count < count * channels { out = [Float](repeating: 0, count: count * channels) }
    var k = 0
    while k < count {
      let frame = first + k
      guard frame >= 0 else {
        for c in 0..<channels { out[k * channels + c] = 0 }
        k += 1
        continue
      }
      let b = frame / size
      let within = frame - b * size
      let take = min(size - within, count - k)
      if let block = try block(b) {
        let available = block.count / channels
        for j in 0..<take {
          for c in 0..<channels {
            out[(k + j) * channels + c] =
              within + j < available ? block[(within + j) * channels + c] : 0
          }
        }
      } else {
        for j in 0..<(take * channels) { out[k * channels + j] = 0 }
      }
      k += take
    }
  }
}
