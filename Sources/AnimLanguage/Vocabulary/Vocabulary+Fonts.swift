import AnimText

extension Vocabulary {
  /// The font families fontconfig has, sorted, for completing a text's
  /// `font: "…"` (SPEC §21.5); empty when fontconfig cannot be loaded.
  /// Loads fontconfig: called only where a font is being typed.
  public static func fontFamilies() -> [String] {
    (try? FontResolver.families()) ?? []
  }
}
