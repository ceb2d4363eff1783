/// A text shaped once at size 1 with no tracking (SPEC §18): its lines and
/// letters in reading order, each letter's glyph contours as an `Outline`.
/// Size and tracking only scale and shift it, so a text whose size or
/// tracking animates is never shaped again (`TextShaping` caches shapes per
/// string and font request).
///
/// Coordinates are the text's box at size 1: (0, 0) its top-left, y down.
public struct TextShape: Sendable, Equatable {
  /// One letter (a grapheme cluster) at size 1.
  public struct Letter: Sendable, Equatable {
    /// The cluster's characters.
    public var text: String
    /// Its line (0 first).
    public var line: Int
    /// Its position within its line (0 first): the tracking before it.
    public var index: Int
    /// Its left edge from the line's start, before tracking and alignment.
    public var x: Double
    /// Its advance (without tracking).
    public var advance: Double
    /// Its glyph contours in its own box: (0, 0) the advance box's top-left.
    public var outline: Outline

    public init(
      text: String, line: Int, index: Int, x: Double, advance: Double, outline: Outline
    ) {
      self.text = text
      self.line = line
      self.index = index
      self.x = x
      self.advance = advance
      self.outline = outline
    }
  }

  /// One line: its advance at size 1 and how many letters it has.
  public struct Line: Sendable, Equatable {
    public var advance: Double
    public var letterCount: Int

    public init(advance: Double, letterCount: Int) {
      self.advance = advance
      self.letterCount = letterCount
    }
  }

  /// The lines, at least one (an empty string is one empty line).
  public var lines: [Line]
  /// Every letter in reading order (line breaks are not letters).
  public var letters: [Letter]
  /// The face it was shaped in, by its full name ("DejaVu Sans Bold"):
  /// what fontconfig chose for the text's font, weight and italic, or the
  /// font file's own face (SPEC §21.5).
  public var face: String

  public init(lines: [Line], letters: [Letter], face: String = "") {
    self.lines = lines.isEmpty ? [Line(advance: 0, letterCount: 0)] : lines
    self.letters = letters
    self.face = face
  }

  /// Each line is `lineSpacing × size` tall.
  public static let lineSpacing = 1.2

  /// One line's width at `size` with `tracking` after each of its letters.
  @inline(__always)
  func lineWidth(_ line: Line, size: Double, tracking: Double) -> Double {
    line.advance * size + Double(line.letterCount) * tracking
  }

  /// The box at `size` points with `tracking`: the longest line's width
  /// (its advances plus a tracking per letter) and lines × 1.2 × size.
  public func box(size: Double, tracking: Double) -> (width: Double, height: Double) {
    let width = lines.map { lineWidth($0, size: size, tracking: tracking) }.max() ?? 0
    return (max(width, 0), Double(lines.count) * Self.lineSpacing * size)
  }

  /// Each letter's advance box at `size`, `tracking` and `align` (0 left,
  /// 0.5 centre, 1 right): left, top, width (tracking included), height.
  public func letterBoxes(size: Double, tracking: Double, align: Double)
    -> [(x: Double, y: Double, width: Double, height: Double)]
  {
    let width = box(size: size, tracking: tracking).width
    let shifts = lines.map { (width - lineWidth($0, size: size, tracking: tracking)) * align }
    let lineHeight = Self.lineSpacing * size
    return letters.map { letter in
      (
        letter.x * size + Double(letter.index) * tracking + shifts[letter.line],
        Double(letter.line) * lineHeight, letter.advance * size + tracking, lineHeight
      )
    }
  }

  /// Every glyph contour in the box at `size`, `tracking` and `align`,
  /// letter after letter in logical order (the order trim walks).
  /// With `letters`, only that many first letters (SPEC §23.2).
  public func outline(size: Double, tracking: Double, align: Double, letters limit: Int = .max)
    -> Outline
  {
    let boxes = letterBoxes(size: size, tracking: tracking, align: align)
    var subpaths: [Subpath] = []
    for (letter, box) in zip(letters, boxes).prefix(limit) {
      let offset = OutlinePoint(box.x, box.y)
      for subpath in letter.outline.subpaths {
        subpaths.append(subpath.mapped { $0 * size + offset })
      }
    }
    return Outline(subpaths)
  }
}
