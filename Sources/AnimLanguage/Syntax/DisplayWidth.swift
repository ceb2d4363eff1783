/// How many terminal columns text takes, for carets under the right
/// character: a grapheme cluster (a letter with its combining accents, an
/// emoji with its modifiers) is one character, two columns wide when it is
/// East Asian Wide or Fullwidth (CJK, Hangul, fullwidth forms) or an emoji
/// shown as a picture, one otherwise; a cluster of only zero-width marks
/// takes none.
public enum DisplayWidth {
  /// The columns `text` takes.
  public static func of(_ text: some StringProtocol) -> Int {
    text.reduce(0) { $0 + of($1) }
  }

  /// The columns one character takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.allSatisfy(isZeroWidth) { return 0 }
    if isWide(first) || first.properties.isEmojiPresentation { return 2 }
    if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
    return 1
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return scalar.value == 0x200B
    }
  }

  /// East Asian Wide and Fullwidth (Unicode's EastAsianWidth.txt, W and F),
  /// in the blocks where they lie.
  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
      0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
      0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default: return false
    }
  }
}
