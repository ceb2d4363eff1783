import AnimEngine
import CText

/// A text laid out in its box (SPEC §18): lines split at `\n`, each shaped
/// once, `1.2 × size` tall with CSS's half-leading; letters are grapheme
/// clusters (merged where one glyph spans several), in reading order.
///
/// Coordinates are the text's box: (0, 0) its top-left corner, y down.
public struct TextLayout: Sendable {
  /// One letter: a grapheme cluster at its laid-out place.
  public struct Letter: Sendable {
    /// The cluster's characters.
    public var text: String
    /// Which line it is on (0 first).
    public var line: Int
    /// Its advance box: left edge, top, advance (tracking included), line height.
    public var x: Double, y: Double, width: Double, height: Double
    /// Its glyphs' contours in its own box ((0, 0) the advance box's top-left).
    public var outline: Outline
  }

  /// The longest line's advance (tracking included).
  public private(set) var width: Double = 0
  /// Lines × 1.2 × size.
  public private(set) var height: Double = 0
  /// Every letter of every line, in reading order (line breaks are not letters).
  public private(set) var letters: [Letter] = []

  /// Each line is `lineSpacing × size` tall (SPEC §18).
  public static let lineSpacing = 1.2

  /// How far below a line's top its baseline is, at `size` points, for a
  /// font of these metrics (font units): CSS's half-leading, the content
  /// area (ascender − descender) centred in the line box and the baseline
  /// an ascender below its top (SPEC §18).
  public static func baseline(
    size: Double, unitsPerEm: Double, ascender: Double, descender: Double
  ) -> Double {
    let scale = size / unitsPerEm
    return (lineSpacing * size - (ascender - descender) * scale) / 2 + ascender * scale
  }

  /// Lays out `text` in `font` at `size` points with `tracking` points after
  /// each letter; `align` is 0 (left), 0.5 (centre) or 1 (right) of the box.
  public init(_ text: String, font: FontFile, size: Double, tracking: Double, align: Double) {
    let scale = size / font.unitsPerEm
    let lineHeight = Self.lineSpacing * size
    let baselineInLine = Self.baseline(
      size: size, unitsPerEm: font.unitsPerEm, ascender: font.ascender,
      descender: font.descender)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var laidOut: [(letters: [Letter], width: Double)] = []
    for (index, line) in lines.enumerated() {
      let top = Double(index) * lineHeight
      var pen = 0.0
      var letters: [Letter] = []
      for cluster in Self.letters(of: line, font: font) {
        var subpaths: [Subpath] = []
        var advance = 0.0
        for glyph in cluster.glyphs {
          let origin = advance + Double(glyph.xOffset) * scale
          let baseline = baselineInLine - Double(glyph.yOffset) * scale
          subpaths +=
            font.outline(of: glyph.glyph).placed(
              x: origin, baseline: baseline, scale: scale
            ).subpaths
          advance += Double(glyph.xAdvance) * scale
        }
        let width = advance + tracking
        letters.append(
          Letter(
            text: cluster.text, line: index, x: pen, y: top, width: width, height: lineHeight,
            outline: Outline(subpaths)))
        pen += width
      }
      laidOut.append((letters, pen))
    }
    width = laidOut.map(\.width).max() ?? 0
    height = Double(lines.count) * lineHeight
    for line in laidOut {
      let shift = (width - line.width) * align
      letters += line.letters.map {
        var letter = $0
        letter.x += shift
        return letter
      }
    }
  }

  /// Every glyph contour of the text in its box, letter after letter in
  /// logical order (the order trim walks, SPEC §18).
  public var outline: Outline {
    Outline(
      letters.flatMap { letter in
        letter.outline.translated(by: OutlinePoint(letter.x, letter.y)).subpaths
      })
  }

  /// A line's letters: its grapheme clusters with the glyphs shaped for
  /// them, neighbours merged where one glyph's cluster spans both.
  static func letters(of line: String, font: FontFile) -> [(text: String, glyphs: [anim_glyph])] {
    let glyphs = font.shape(line)
    // Byte ranges of the grapheme clusters (Swift's Character is UAX #29's
    // extended grapheme cluster).
    var graphemes: [(start: Int, end: Int, text: String)] = []
    var offset = 0
    for character in line {
      let count = character.utf8.count
      graphemes.append((offset, offset + count, String(character)))
      offset += count
    }
    // A glyph covers the bytes from its cluster to the next glyph's cluster.
    let starts = Array(Set(glyphs.map { Int($0.cluster) })).sorted()
    var merged: [(start: Int, end: Int, text: String)] = []
    for grapheme in graphemes {
      if let last = merged.last, Self.isCovered(grapheme, starts: starts) {
        merged[merged.count - 1] = (last.start, grapheme.end, last.text + grapheme.text)
      } else {
        merged.append(grapheme)
      }
    }
    // Each glyph to the letter whose bytes hold its cluster, in the shaped
    // order (the letters' starts rise: a binary search each, not a pass
    // over every glyph per letter, which took 3 s for 80 000 letters).
    var letterGlyphs = [[anim_glyph]](repeating: [], count: merged.count)
    for glyph in glyphs {
      let cluster = Int(glyph.cluster)
      let k = Self.firstIndex(in: merged.count, where: { merged[$0].start > cluster }) - 1
      if k >= 0 && cluster < merged[k].end { letterGlyphs[k].append(glyph) }
    }
    return zip(merged, letterGlyphs).map { ($0.text, $1) }
  }

  /// Whether a grapheme has no glyph of its own but lies inside a glyph
  /// that began before it (one glyph spanning several clusters); `starts`
  /// are the glyphs' clusters, sorted.
  private static func isCovered(_ grapheme: (start: Int, end: Int, text: String), starts: [Int])
    -> Bool
  {
    let next = firstIndex(in: starts.count, where: { starts[$0] >= grapheme.start })
    let ownGlyph = next < starts.count && starts[next] < grapheme.end
    return !ownGlyph && next > 0
  }

  /// The first of `0..<count` for which `isPast` holds (it holds for every
  /// index after one where it does), or `count`.
  private static func firstIndex(in count: Int, where isPast: (Int) -> Bool) -> Int {
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      if isPast(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
