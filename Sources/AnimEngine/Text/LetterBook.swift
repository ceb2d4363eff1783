/// The letters of the scene's texts (SPEC §18): which texts have them, which
/// views they are, and which of each letter's followed properties something
/// else has written since.
///
/// A text has letters only once a script reads its `letters`: a script that
/// never does keeps an empty book and pays nothing for it.
public struct LetterBook {
  /// The letters of one text, as made for the string it showed then.
  struct Lettering {
    /// The string the letters were made for.
    var shown: String
    /// The letter views, in reading order.
    var letters: [ViewID]
    /// What the boxes below were laid out for.
    var layoutKey: TextView?
    /// Each letter's advance box now: left, top, width, height.
    var boxes: [(x: Double, y: Double, width: Double, height: Double)] = []
    /// Each letter's glyphs as its line was shaped in the text's font now.
    var glyphs: [TextView.LetterContext] = []
    /// Each letter's share of the text's stroke length, as fractions of the
    /// whole (from, to), in logical order: where the text's trim falls on
    /// it (`LetterTrim`).
    var shares: [(from: Double, to: Double)] = []
    /// For each letter, the values it was last given by its text
    /// (`LetterBook.followedWidth` each; NaN: none yet).
    var given: [Double]
    /// For each letter, the followed properties written by something else
    /// since (`owned[letter · followed.count + i]`: `LetterBook.followed[i]`);
    /// those no longer follow.
    var owned: [Bool]
    /// For each letter, the strings it was last given
    /// (`givenObjects[letter · followedObjects.count + i]`).
    var givenObjects: [PropertyObject?]
  }

  /// The properties held in the record that a letter takes from its text
  /// until it is written: every one whose `letters` rule in the property
  /// table is not `.own` (SPEC §18: its box, size, colour, stroke; the trim
  /// is the letter's part of the text's trim, which runs glyph after glyph,
  /// `LetterTrim`). Strings (the font) are followed as objects.
  static let followed = followed(in: .standard)
  /// The string-valued properties a letter follows (the font).
  static let followedObjects = followedObjects(in: .standard)

  /// The properties held in the record that letters follow in `table`.
  public static func followed(in table: PropertyTable) -> [Property] {
    table.properties.filter { $0.lanes > 0 && table.declarations[$0.index].letters != .own }
  }

  /// The string-valued properties letters follow in `table`.
  public static func followedObjects(in table: PropertyTable) -> [Property] {
    table.properties.filter { $0.lanes == 0 && table.declarations[$0.index].letters == .follows }
  }
  /// The numbers the followed properties take in a record.
  static let followedWidth = followed.reduce(0) { $0 + $1.lanes }

  /// Each text with letters, by id.
  var letterings: [ViewID: Lettering] = [:]
  /// Each letter's text and index among its letters.
  var owners: [ViewID: (text: ViewID, index: Int)] = [:]
  /// Views that were letters of a string no longer shown: detached from
  /// their text, never drawn, and never written again by any run.
  var retired: Set<ViewID> = []

  var isEmpty: Bool { letterings.isEmpty }
}
