/// A text's trim shared among its letters (SPEC §18): the trim runs over the
/// text's glyph contours glyph after glyph in logical order, so each letter
/// strokes the part of the text's trimmed piece that falls on its own
/// contours, expressed as the letter's own `trimStart`, `trimEnd` and
/// `trimOffset` (which it follows until something writes them).
struct LetterTrim: Equatable {
  /// The text's trim as set (clamped and ordered as `MeasuredOutline`'s).
  var start: Double
  var end: Double
  var offset: Double

  /// A letter's own trim: start, end and offset of its outline.
  struct Part: Equatable {
    var start: Double
    var end: Double
    var offset: Double
  }

  /// Each outline's share of their total length, as fractions (from, to)
  /// laid end to end in order; all (0, 0) when they have no length.
  static func shares(of outlines: [Outline]) -> [(from: Double, to: Double)] {
    let lengths = outlines.map(\.length)
    let total = lengths.reduce(0, +)
    guard total > 0 else { return lengths.map { _ in (0, 0) } }
    var position = 0.0
    return lengths.map { length in
      let from = position / total
      position += length
      return (from, position / total)
    }
  }

  /// The trim of a letter whose contours are the text's length fractions
  /// `from` to `to`: the text's piece (one interval, or two when it wraps
  /// past the end) cut to that share and measured in the letter's own
  /// length. Two pieces on one letter (the wrap falls inside it) are one
  /// piece wrapping past the letter's own end, through its offset.
  func part(from: Double, to: Double) -> Part {
    let s = min(max(start.isNaN ? 0 : start, 0), 1)
    let e = min(max(end.isNaN ? 1 : end, 0), 1)
    let low = min(s, e)
    let high = max(s, e)
    if low == 0 && high == 1 { return Part(start: 0, end: 1, offset: 0) }
    let span = to - from
    if low == high || span <= 0 { return Part(start: 0, end: 0, offset: 0) }
    var first = low + (offset.isFinite ? offset : 0)
    first -= first.rounded(.down)
    let last = first + (high - low)
    func local(_ a: Double, _ b: Double) -> (Double, Double)? {
      let lo = max(a, from)
      let hi = min(b, to)
      return hi > lo ? ((lo - from) / span, (hi - from) / span) : nil
    }
    let main = local(first, min(last, 1))
    let wrapped = last > 1 ? local(0, last - 1) : nil
    switch (main, wrapped) {
    case (nil, nil): return Part(start: 0, end: 0, offset: 0)
    case (let piece?, nil), (nil, let piece?): return Part(start: piece.0, end: piece.1, offset: 0)
    case (let tail?, let head?):
      // [tail.0, 1] then [0, head.1] of the letter: one piece from tail.0
      // that wraps past the letter's end.
      let length = (1 - tail.0) + head.1
      if length >= 1 { return Part(start: 0, end: 1, offset: 0) }
      return Part(start: 0, end: length, offset: tail.0)
    }
  }
}
