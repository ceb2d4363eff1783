/// An outline with the length of each of its segments: what trimming needs,
/// measured once (the lengths are the costly part; a trim then integrates
/// only inside the one or two segments where its piece starts and ends).
public struct MeasuredOutline: Sendable, Equatable {
  /// The outline measured.
  public let outline: Outline
  /// The length of each segment of each subpath, as ``Outline/segmentLengths``.
  public let lengths: [[Double]]
  /// The whole length: the sum of ``lengths``.
  public let length: Double

  /// Measures `outline`.
  public init(_ outline: Outline) {
    self.outline = outline
    lengths = outline.segmentLengths
    length = lengths.reduce(0) { $0 + $1.reduce(0, +) }
  }
}

/// Trimming an outline's stroke (SPEC §16.3).
extension Outline {
  /// The trimmed piece, as ``MeasuredOutline/trimmed(start:end:offset:)``,
  /// measuring the outline only when the trim cuts it (a stroke drawn whole,
  /// most strokes, needs no lengths).
  public func trimmed(start: Double, end: Double, offset: Double) -> Outline {
    switch MeasuredOutline.span(start: start, end: end) {
    case .whole: return self
    case .none: return .empty
    case .part: return MeasuredOutline(self).trimmed(start: start, end: end, offset: offset)
    }
  }
}

extension MeasuredOutline {
  /// The part of the outline that a stroke trimmed by `start`, `end` and
  /// `offset` draws.
  ///
  /// s and e are clamped to 0…1 and ordered; the piece runs from
  /// `min(s, e) + offset` to `max(s, e) + offset`, as fractions of the whole
  /// length, positions taken modulo 1. A piece past the end continues from
  /// the start: two open pieces meeting at the start point, each with its
  /// own caps (as Lottie's players draw it). s = 0, e = 1 is the whole
  /// outline, unchanged, whatever the offset; an empty piece (s = e, or an
  /// outline of length 0) is ``Outline/empty``. Sub-curves are cut by de
  /// Casteljau's construction, so each piece lies exactly on the outline.
  public func trimmed(start: Double, end: Double, offset: Double) -> Outline {
    let low: Double
    let high: Double
    switch Self.span(start: start, end: end) {
    case .whole: return outline
    case .none: return .empty
    case .part(let from, let to): (low, high) = (from, to)
    }
    let total = length
    guard total > 0 else { return .empty }
    var from = low + (offset.isFinite ? offset : 0)
    from -= from.rounded(.down)
    let to = from + (high - low)
    if to <= 1 {
      return pieces(from: from * total, to: to * total)
    }
    let first = pieces(from: from * total, to: total)
    let second = pieces(from: 0, to: (to - 1) * total)
    return Outline(first.subpaths + second.subpaths)
  }

  /// What a trim of `start` and `end` keeps, whatever the outline's length.
  enum Span {
    /// s = 0, e = 1 (in either order): the whole outline, unchanged.
    case whole
    /// s = e: nothing.
    case none
    /// The fractions `low` < `high` of the length, before the offset.
    case part(low: Double, high: Double)
  }

  /// ``Span`` of `start` and `end`: each clamped to 0…1 (NaN as 0 and 1),
  /// then ordered.
  static func span(start: Double, end: Double) -> Span {
    let s = min(max(start.isNaN ? 0 : start, 0), 1)
    let e = min(max(end.isNaN ? 1 : end, 0), 1)
    let low = min(s, e)
    let high = max(s, e)
    if low == 0 && high == 1 { return .whole }
    if low == high { return .none }
    return .part(low: low, high: high)
  }

  /// The outline between arc lengths `from` < `to`, one open subpath for each
  /// subpath it crosses (a closed subpath wholly inside stays closed).
  private func pieces(from: Double, to: Double) -> Outline {
    var result: [Subpath] = []
    var position = 0.0
    for (subpath, sizes) in zip(outline.subpaths, lengths) {
      let subpathLength = sizes.reduce(0, +)
      let subpathStart = position
      position += subpathLength
      if subpathLength == 0 || position <= from || subpathStart >= to { continue }
      if subpathStart >= from && position <= to {
        result.append(subpath)
        continue
      }
      var segments: [CubicSegment] = []
      var pieceStart: OutlinePoint?
      var segmentStart = subpathStart
      for (bezier, size) in zip(subpath.beziers, sizes) {
        let segmentEnd = segmentStart + size
        defer { segmentStart = segmentEnd }
        if size == 0 || segmentEnd <= from || segmentStart >= to { continue }
        // A piece that starts or ends at a vertex must not take a sliver of
        // the segment beside it (its end at a length rounded a few ulps
        // past the vertex): the sliver would turn the cap to that segment's
        // direction and add a join.
        if min(to, segmentEnd) - max(from, segmentStart) <= 1e-12 * length { continue }
        let t0 =
          from > segmentStart ? bezier.parameter(atLength: from - segmentStart, total: size) : 0
        let t1 = to < segmentEnd ? bezier.parameter(atLength: to - segmentStart, total: size) : 1
        if t1 <= t0 { continue }
        let piece = bezier.piece(from: t0, to: t1)
        if pieceStart == nil { pieceStart = piece.p0 }
        segments.append(piece.segment)
      }
      if let pieceStart, !segments.isEmpty {
        result.append(Subpath(start: pieceStart, segments: segments, isClosed: false))
      }
    }
    return Outline(result)
  }
}
