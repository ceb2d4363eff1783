/// The times the importer takes a moving outline at (SPEC §25.3): every
/// frame, within a budget of vertices over the whole file, so that a small
/// file cannot ask for outlines without end (ten added masks of 1 000
/// vertices keyframed over 10 million frames took 20 GB and more).
extension SceneBuilder {
  /// The most vertices the outlines taken at every frame may hold over a
  /// file: moving shapes through moving groups, shapes anim's kinds cannot
  /// draw, outlines joined from paths that move apart, trimmed fills,
  /// stroke mattes, and morphs cut into frames.
  static let maximumSampledVertices = 4_000_000

  /// The most frames one outline is taken at (each becomes an outline in
  /// the script: a star moving over 10 million frames wrote 110 MB).
  static let maximumSampledFrames = 10_000

  /// The boundaries of the pieces an outline of `vertices` vertices is
  /// taken at, from frame `first` (a frame number at the composition's
  /// rate) while before `last` seconds: each frame's time, then the last
  /// piece's end (`last`). Past ``maximumSampledFrames`` frames, or what is
  /// left of the file's ``maximumSampledVertices``, fewer pieces of equal
  /// length over the same span (at least one), and `thinned`.
  func sampleTimes(fromFrame first: Double, to last: Double, vertices: Int)
    -> (times: [Double], thinned: Bool)
  {
    let cost = Double(max(vertices, 1))
    let start = first / rate
    guard start < last else { return ([min(start, last)], false) }
    let frames = ((last - start) * rate).rounded(.up) + 1
    let left = Double(max(Self.maximumSampledVertices - sampledVertices, 0))
    if frames <= Double(Self.maximumSampledFrames), (frames + 1) * cost <= left {
      var times: [Double] = []
      var k = first
      while k / rate < last {
        times.append(k / rate)
        k += 1
      }
      times.append(min(k / rate, last))
      sampledVertices += times.count * Int(cost)
      return (times, false)
    }
    let pieces = max(1, min(Self.maximumSampledFrames, Int(left / cost) - 1))
    let times = (0...pieces).map { i in
      i == pieces ? last : start + (last - start) * Double(i) / Double(pieces)
    }
    sampledVertices += times.count * Int(cost)
    return (times, true)
  }

  /// Notes at `ref` an outline taken at fewer times than every frame.
  func noteThinned(_ ref: JSONRef?, pieces: Int) {
    note(
      ref,
      "an outline moving over more frames than the import takes it at "
        + "(\(Self.maximumSampledFrames) frames, \(Self.maximumSampledVertices) vertices in a file): "
        + "taken at \(pieces + 1) times, straight between")
  }

  /// Notes at `ref` that `what`, taken at every frame, moves over more
  /// than ``Track/maximumFrameTimes`` frames: `past` them (by default,
  /// straight between its keyframes).
  func noteFrames(
    _ ref: JSONRef?, _ what: String, past: String = "taken straight between its keyframes"
  ) {
    note(
      ref,
      "\(what) moving over more than \(Track<Double>.maximumFrameTimes) frames: \(past) past them")
  }

  /// Straight pieces of `value` between `times`, each value taken once.
  static func pieces<Value>(_ times: [Double], _ value: (Double) -> Value) -> [Segment<Value>] {
    var segments: [Segment<Value>] = []
    segments.reserveCapacity(max(times.count - 1, 0))
    guard var from = times.first.map(value) else { return segments }
    for (t0, t1) in zip(times, times.dropFirst()) {
      let to = value(t1)
      segments.append(Segment(start: t0, end: t1, from: from, to: to, ease: .linear))
      from = to
    }
    return segments
  }
}
