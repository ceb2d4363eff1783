/// Trim paths one after another on the same shape (SPEC §25.1), as the
/// players apply them: each cuts what the trims before it left. On one
/// path a trim leaves one piece, from lo to hi of its length after its
/// offset; the next trim's lo′ and hi′ (with no offset) are then the
/// fractions lo + (hi − lo)·lo′ to lo + (hi − lo)·hi′ of the same path,
/// so a chain is one trim, turned by the first one's offset (as lottie-web
/// and ThorVG turn it even where the first leaves the whole path).
enum TrimChain {
  /// The most frames a moving chain is taken at.
  static let maximumFrames = 10_000

  /// `trims`, first applied first, as one trim: fixed when all are, else
  /// taken at every frame any of them moves (and at each keyframe),
  /// straight between. nil when it is not one trim — a later trim with an
  /// offset, or one cutting shapes individually, would cut the piece the
  /// earlier ones left where it is not one piece of the path — or past
  /// ``maximumFrames``.
  static func combined(_ trims: [ShapeItem.Trim]) -> ShapeItem.Trim? {
    guard let first = trims.first else { return nil }
    guard trims.count > 1 else { return first }
    for trim in trims.dropFirst() {
      guard trim.mode != 2, first.mode != 2, !trim.offset.isAnimated, trim.offset.first == 0
      else { return nil }
    }
    let times =
      trims.flatMap {
        LocalFrames.keyTimes($0.start) + LocalFrames.keyTimes($0.end)
      } + LocalFrames.keyTimes(first.offset)
    guard let frames = LocalFrames.frames(times, limit: maximumFrames) else { return nil }
    let starts = trims.map { LocalFrames.number($0.start) }
    let ends = trims.map { LocalFrames.number($0.end) }
    let offset = LocalFrames.number(first.offset)
    let taken = frames.isEmpty ? [0] : frames
    let pieces = taken.map { t in piece(starts.map { $0(t) }, ends.map { $0(t) }) }
    // A value that stays as it starts is fixed.
    func animated(_ values: [Double], ref: JSONRef?) -> Animated<Double> {
      values.allSatisfy { $0 == values[0] }
        ? Animated(fixed: values[0], ref: ref) : LocalFrames.animated(frames, values, ref: ref)
    }
    return ShapeItem.Trim(
      start: animated(pieces.map { $0.lo * 100 }, ref: first.start.ref),
      end: animated(pieces.map { $0.hi * 100 }, ref: first.end.ref),
      offset: animated(taken.map(offset), ref: first.offset.ref), mode: first.mode)
  }

  /// The piece of the path a chain of trims with these starts and ends
  /// (percent, the first applied first) leaves, from lo to hi of its
  /// length from where the first trim's offset puts its start.
  static func piece(_ starts: [Double], _ ends: [Double]) -> (lo: Double, hi: Double) {
    var (lo, hi) = (0.0, 1.0)
    for (s, e) in zip(starts, ends) {
      // Percent, clamped as the players clamp them, in either order.
      let a = clamped(s / 100)
      let b = clamped(e / 100)
      (lo, hi) = (lo + (hi - lo) * min(a, b), lo + (hi - lo) * max(a, b))
    }
    return (lo, hi)
  }

  /// `v` within 0…1 (NaN as 0).
  private static func clamped(_ v: Double) -> Double {
    v > 0 ? (v < 1 ? v : 1) : 0
  }
}
