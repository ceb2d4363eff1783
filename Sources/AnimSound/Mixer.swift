import AnimEngine

/// What a mix is made of (SPEC §22): the range [A, B] of clock time, where
/// each play is heard in it, and the file of each declared sound.
public struct MixPlan: Sendable {
  /// A and B.
  public var start: Double
  public var end: Double
  /// Where the plays are heard (`SoundScore.placements`).
  public var placements: [SoundPlacement]
  /// The file of each declared sound, by the cue's `sound` number.
  public var files: [SoundFile]

  public init(start: Double, end: Double, placements: [SoundPlacement], files: [SoundFile]) {
    self.start = start
    self.end = end
    self.placements = placements
    self.files = files
  }

  /// round((B − A) × 48000): the mix's length in frames.
  public var frameCount: Int {
    let n = ((end - start) * Double(Mixer.sampleRate)).rounded()
    return n.isFinite && n > 0 ? Int(min(n, Double(Mixer.maximumFrames))) : 0
  }

  /// Whether anything is heard in the range.
  public var isSilent: Bool { placements.isEmpty }
}

/// Makes the mix (SPEC §22): 48 kHz stereo; frame k is at clock time
/// A + k/48000; a play heard from clock time t starts at frame
/// round((t − A) × 48000), each frame reading its sound one 48 kHz sample
/// further times its rate (linearly interpolated between samples when the
/// position is not whole: a play sped up, slowed down or eased); a mono
/// sound is heard at full level in both channels; plays add, each times its
/// volume and fades; the sum is clipped to [−1, 1]. A placement that ends
/// (a cancel, a clear, a pause) stops at frame round((t_end − A) × 48000).
public struct Mixer {
  /// Frames per second of every mix.
  public static let sampleRate = 48_000
  /// The longest mix, in frames: 24 hours.
  public static let maximumFrames = 24 * 3600 * sampleRate
  /// Most frames of a sound read at once for one block of the mix (4 MiB
  /// of stereo floats).
  static let maximumWindow = 1 << 19

  let plan: MixPlan
  let session: SoundSession

  public init(plan: MixPlan, session: SoundSession = SoundSession()) {
    self.plan = plan
    self.session = session
  }

  /// A placement as frames of the mix.
  private struct Piece {
    var placement: SoundPlacement
    var first: Int
    var end: Int
    /// The sound's 48 kHz sample at `first` (for an affine placement).
    var position: Double
    var step: Double
    var from: Double
    var length: Double
  }

  /// Hands the mix to `body` in blocks of at most `blockFrames` frames,
  /// interleaved stereo (L, R), in order; each block's array is reused.
  /// `frames` limits it to those frames of the whole mix (a chunk of a
  /// render split in parts, SPEC §22: the chunks' mixes, put end to end,
  /// are the whole one).
  public func render(
    frames: Range<Int>? = nil, blockFrames: Int = 48_000,
    _ body: (ArraySlice<Float>) throws -> Void
  ) throws {
    let wanted = frames ?? 0..<plan.frameCount
    let total = min(wanted.upperBound, plan.frameCount)
    let rate = Double(Self.sampleRate)
    var pieces: [Piece] = plan.placements.compactMap { p in
      let first = Int(((p.start - plan.start) * rate).rounded())
      let end = Int(min(((p.end - plan.start) * rate).rounded(), Double(total)))
      guard end > max(first, 0), first < total else { return nil }
      let from = Self.whole(p.cue.from * rate)
      let position = from + Self.whole(p.tau * rate)
      let step = abs(p.rate - p.rate.rounded()) < 1e-12 ? p.rate.rounded() : p.rate
      return Piece(
        placement: p, first: first, end: end, position: position, step: step, from: from,
        length: p.cue.duration * rate)
    }
    pieces.sort { $0.first < $1.first }
    var sum = [Double](repeating: 0, count: 2 * blockFrames)
    var out = [Float](repeating: 0, count: 2 * blockFrames)
    var source: [Float] = []
    var active: [Int] = []
    var nextPiece = 0
    var k0 = max(wanted.lowerBound, 0)
    while k0 < total {
      let k1 = min(k0 + blockFrames, total)
      for i in 0..<(2 * (k1 - k0)) { sum[i] = 0 }
      while nextPiece < pieces.count && pieces[nextPiece].first < k1 {
        active.append(nextPiece)
        nextPiece += 1
      }
      active.removeAll { pieces[$0].end <= k0 }
      for index in active {
        try add(pieces[index], k0: k0, k1: k1, into: &sum, source: &source)
      }
      for i in 0..<(2 * (k1 - k0)) {
        out[i] = Float(min(max(sum[i], -1), 1))
      }
      try body(out[0..<(2 * (k1 - k0))])
      k0 = k1
    }
  }

  /// Adds one piece's frames in [k0, k1) to `sum`.
  private func add(
    _ piece: Piece, k0: Int, k1: Int, into sum: inout [Double], source: inout [Float]
  ) throws(SoundError) {
    let lo = max(piece.first, k0)
    let hi = min(piece.end, k1)
    guard hi > lo else { return }
    let cue = piece.placement.cue
    guard cue.sound >= 0, cue.sound < plan.files.count else { return }
    let stream = session.mixStream(plan.files[cue.sound])
    let channels = stream.channels
    let rate = Double(Self.sampleRate)
    // The sound's positions (48 kHz samples) of the first and last frame.
    func position(_ k: Int) -> Double {
      if let warp = piece.placement.warp {
        let tau = warp.tau(at: plan.start + Double(k) / rate)
        return tau.isNaN ? .nan : piece.from + tau * rate
      }
      return piece.position + Double(k - piece.first) * piece.step
    }
    var low = Double.infinity
    var high = -Double.infinity
    if piece.placement.warp == nil {
      for p in [position(lo), position(hi - 1)] {
        low = min(low, p)
        high = max(high, p)
      }
    } else {
      for k in lo..<hi {
        let p = position(k)
        if p.isNaN { continue }
        low = min(low, p)
        high = max(high, p)
      }
      if low > high { return }
    }
    // What the play may read: [from, from + length) of the sound.
    low = max(low, piece.from)
    high = min(high, piece.from + piece.length)
    guard high >= low else { return }
    var first = Int(low.rounded(.down))
    var count = Int(high.rounded(.down)) - first + 2
    guard count > 0 else { return }
    // A play far faster than the mix (a speed of 1000) would need a window
    // of the sound as wide as the play for one block: each frame then reads
    // its own two samples instead.
    let sparse = count > Self.maximumWindow
    if !sparse { try stream.frames(from: first, count: count, into: &source) }
    for k in lo..<hi {
      let p = position(k)
      let offset = p - piece.from
      // Heard only inside the play: [0, length) of its own samples.
      guard offset >= 0, offset < piece.length else { continue }
      let g = cue.gain(at: offset / rate)
      if g == 0 { continue }
      if sparse {
        first = Int(p.rounded(.down))
        count = 2
        try stream.frames(from: first, count: 2, into: &source)
      }
      let i = Int(p.rounded(.down)) - first
      guard i >= 0, i + 1 < count else { continue }
      let f = p - p.rounded(.down)
      let j = 2 * (k - k0)
      for c in 0..<2 {
        let channel = min(c, channels - 1)
        var s = Double(source[i * channels + channel])
        if f > 0 { s += (Double(source[(i + 1) * channels + channel]) - s) * f }
        // A float file may hold NaN or ±∞: such a sample is silence.
        if !s.isFinite { continue }
        // Bounded so that no sum of loud plays overflows to ±∞ (then NaN).
        sum[j + c] += max(min(s * g, 1e300), -1e300)
      }
    }
  }

  /// `x` made whole when it is within a millionth of a whole number (a time
  /// such as 0.1 s is 4800.000000000001 samples in binary).
  static func whole(_ x: Double) -> Double {
    let r = x.rounded()
    return abs(x - r) < 1e-6 ? r : x
  }
}
