/// The face a text asks for (SPEC §18, §21.5): its `font` (a family name
/// fontconfig has, or a path to a font file), its CSS `weight` and whether
/// it is `italic`. The face itself is fontconfig's choice, made where texts
/// are shaped (`TextShaping`); a file is its own face.
public struct FontRequest: Hashable, Sendable {
  /// The family name or the font file's path, as the text stores it.
  public var font: String
  /// The CSS weight, 100…900 (400 normal, 700 bold).
  public var weight: Double
  /// Whether the italic (or oblique) face is asked for.
  public var italic: Bool

  /// The weight `normal` stands for, and a text's default.
  public static let normalWeight = 400.0
  /// The weight `bold` stands for.
  public static let boldWeight = 700.0
  /// The weights a text may ask for (SPEC §21.5: CSS's 100…900).
  public static let weights = 100.0...900.0

  public init(font: String, weight: Double = normalWeight, italic: Bool = false) {
    self.font = font
    self.weight = weight
    self.italic = italic
  }

  /// Whether it asks for the family's regular face: normal weight, upright.
  public var isRegular: Bool { weight == Self.normalWeight && !italic }
}
