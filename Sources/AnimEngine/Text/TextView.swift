/// What a `text` view shows and draws (SPEC §18), read from its properties:
/// the string (its `text`, or its `value` shown as a number), the font with
/// its weight and italic, and the layout at its current size, tracking and
/// alignment.
public struct TextView: Sendable, Equatable {
  /// The string shown.
  public var shown: String
  /// The font as the script named it.
  public var font: String
  /// The CSS weight asked for (100…900).
  public var weight: Double
  /// Whether the italic face is asked for.
  public var italic: Bool
  /// The size as drawn (at least 0).
  public var size: Double
  /// Extra advance after each letter.
  public var tracking: Double
  /// 0 left, 0.5 centre, 1 right.
  public var align: Double
  /// For a letter of a text (SPEC §18): the glyphs its line was shaped
  /// with (marks and kerning as in the line), drawn while the letter shows
  /// the cluster in the font they were shaped for.
  public var context: LetterContext?
  /// Whether the text is drawn as its letters (its `letters` were read): its
  /// own outline is then empty and each letter draws its glyphs.
  public var drawnAsLetters = false
  /// How many letters are drawn, in reading order (SPEC §23.2: `shown`,
  /// whole; `allLetters` and more: every one).
  public var letterLimit: Int = TextView.allLetters

  /// `shown`'s default: more letters than a text can have (its string is
  /// at most `TextShaping.maximumLength` bytes), so every one is drawn.
  public static let allLetters = 1_000_000

  /// Where a letter's glyphs come from: its cluster as its line was
  /// shaped, in which font, weight and style, and the glyphs' contours at
  /// size 1 in the letter's box.
  public struct LetterContext: Sendable, Equatable {
    /// The cluster the glyphs were shaped for.
    public var text: String
    /// The font, weight and italic they were shaped in.
    public var font: FontRequest
    /// Their contours at size 1, (0, 0) the letter box's top-left.
    public var outline: Outline

    public init(text: String, font: FontRequest, outline: Outline) {
      self.text = text
      self.font = font
      self.outline = outline
    }
  }

  /// The text of a view whose number properties are `record` and whose
  /// strings are read by `object`. A text whose `text` holds no string is a
  /// number text: it shows `value` with its digits, grouping, prefix, suffix.
  public init(_ record: some PropertyReading, object: (Property) -> PropertyObject) {
    func string(_ p: Property) -> String {
      if case .string(let s) = object(p) { return s }
      return ""
    }
    if case .string(let s) = object(.text) {
      shown = s
    } else {
      shown = ShownNumber.text(
        record.number(.value), digits: Int(min(max(record.number(.digits), 0), 20)),
        grouping: record.number(.grouping) != 0, prefix: string(.prefix),
        suffix: string(.suffix))
    }
    font = string(.font)
    weight = record.number(.weight)
    italic = record.number(.italic) != 0
    size = record.drawn(.fontSize)
    tracking = record.number(.tracking)
    align = Self.alignment(record.number(.align))
    // A fractional part of `shown` draws nothing more (SPEC §23.2).
    let limit = record.number(.shown)
    letterLimit = limit >= Double(Self.allLetters) ? Self.allLetters : Int(max(limit, 0))
    let scramble = record.drawn(.scrambleProgress)
    if scramble < 1 {
      shown = Scramble.text(shown, progress: scramble, seed: record.number(.scrambleSeed))
    }
  }

  /// The text of view `id` of `scene` as it is now.
  /// A letter's text carries where its glyphs come from, and a text with
  /// letters says it is drawn as them.
  public init(_ scene: Scene, _ id: ViewID) {
    self.init(scene.state(of: id)) { scene.object(id, $0) }
    if let drawn = scene.textView(id) {
      context = drawn.context
      drawnAsLetters = drawn.drawnAsLetters
    }
  }

  /// The text of a view state.
  public init(_ state: ViewState) {
    self.init(state) { state[object: $0] }
  }

  /// The text of a view state as its `text` reads (SPEC §23.2): a scramble
  /// under way shows random letters, but its string is the target.
  public static func unscrambled(_ state: ViewState) -> TextView {
    var plain = state
    plain[.scrambleProgress] = 1
    return TextView(plain)
  }

  /// The `align` choice (0 left, 1 center, 2 right) as a fraction of the box.
  public static func alignment(_ choice: Double) -> Double {
    choice == 0 ? 0 : choice == 2 ? 1 : 0.5
  }

  /// The font, weight and italic asked for.
  public var request: FontRequest { FontRequest(font: font, weight: weight, italic: italic) }

  /// The face drawn, by its full name (SPEC §21.5: fontconfig's choice for
  /// the font, weight and italic, or a font file's own face); empty when
  /// the font cannot be had (a declaration reports that where it is named).
  public var face: String { TextShaping.shapeOrEmpty("", font: request).face }

  /// The shape (shaped once per string and font request).
  public func shape() throws -> TextShape { try TextShaping.shape(shown, font: request) }

  /// The box: the longest line's width and lines × 1.2 × size.
  public func box() throws -> (width: Double, height: Double) {
    try shape().box(size: size, tracking: tracking)
  }

  /// The outline a text clips its descendants to (SPEC §17): its own
  /// laid-out glyphs, also when it is drawn as its letters (where its
  /// letters sit unmoved; a documented decision).
  public func clipOutline() -> Outline {
    var own = self
    own.drawnAsLetters = false
    return own.outline()
  }

  /// The glyph contours in the box ((0, 0) its top-left corner), letter
  /// after letter in logical order: the view's outline, which every
  /// renderer and exporter draws as any kind's (SPEC §16.1, §18).
  public func outline() -> Outline {
    if drawnAsLetters || letterLimit <= 0 { return .empty }
    if let context, context.text == shown, context.font == request {
      let size = self.size
      return context.outline.mapped { $0 * size }
    }
    return TextShaping.shapeOrEmpty(shown, font: request).outline(
      size: size, tracking: tracking, align: align, letters: letterLimit)
  }

  /// The x in the box just after the last letter drawn (SPEC §23.2:
  /// `caret(t)`), on that letter's line: the start of the first line when
  /// none is.
  public func caret() -> Double {
    let shape = TextShaping.shapeOrEmpty(shown, font: request)
    let boxes = shape.letterBoxes(size: size, tracking: tracking, align: align)
    let count = min(letterLimit, boxes.count)
    if count > 0 { return boxes[count - 1].x + boxes[count - 1].width }
    let width = shape.box(size: size, tracking: tracking).width
    let first = shape.lines[0]
    return (width - (first.advance * size + Double(first.letterCount) * tracking)) * align
  }
}
