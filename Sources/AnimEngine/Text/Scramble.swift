/// What a text shows while a scramble plays (SPEC §23.2): letter k of n
/// shows random characters from its own script until the scramble's
/// progress reaches (k + 1)/n, then itself.
///
/// The random characters change 60 times in a scramble, whatever its
/// length (at progress ⌊p·60⌋/60), each drawn from the seed, the letter's
/// place and that tick by SplitMix64: the same on every machine and in
/// every output (a frame's drawing each).
public enum Scramble {
  /// How often the random characters change over a whole scramble.
  public static let ticks = 60.0

  /// `target` as shown at `progress` (0…1) of a scramble seeded `seed`.
  public static func text(_ target: String, progress: Double, seed: Double) -> String {
    let letters = Array(target)
    guard progress < 1, !letters.isEmpty else { return target }
    let n = Double(letters.count)
    let tick = UInt64(max(progress, 0) * ticks)
    let base = UInt64(bitPattern: Int64(seed.rounded()))
    var out = ""
    for (k, letter) in letters.enumerated() {
      if progress >= Double(k + 1) / n {
        out.append(letter)
        continue
      }
      guard let pool = pool(for: letter) else {
        out.append(letter)  // a space, a mark, an emoji: shown as it is
        continue
      }
      var random = SplitMix64(seed: base &+ UInt64(k) &* 0x9E37_79B9_7F4A_7C15 &+ tick &* 1_000_003)
      let offset = random.next() % UInt64(pool.upperBound - pool.lowerBound + 1)
      var value = pool.lowerBound + UInt32(offset)
      if value == 0x3A2 { value = 0x3A3 }  // Greek's capitals have a gap there
      out.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    return out
  }

  /// The characters a letter's random stand-ins come from: its script's
  /// letters of its case (Latin, Greek, Cyrillic, Hebrew, Arabic, the kana,
  /// Hangul syllables, CJK ideographs) or the digits; nil for anything else.
  static func pool(for letter: Character) -> ClosedRange<UInt32>? {
    guard let scalar = letter.unicodeScalars.first?.value else { return nil }
    let ranges: [ClosedRange<UInt32>] = [
      0x30...0x39,  // digits
      0x41...0x5A, 0x61...0x7A,  // Latin
      0x391...0x3A9, 0x3B1...0x3C9,  // Greek
      0x410...0x42F, 0x430...0x44F,  // Cyrillic
      0x5D0...0x5EA,  // Hebrew
      0x627...0x64A,  // Arabic
      0x3041...0x3096, 0x30A1...0x30FA,  // Hiragana, Katakana
      0xAC00...0xD7A3,  // Hangul syllables
      0x4E00...0x9FFF,  // CJK ideographs
    ]
    // Latin letters with accents scramble among the plain ones of their case.
    if (0xC0...0x24F).contains(scalar) {
      return Character(Unicode.Scalar(scalar)!).isUppercase ? 0x41...0x5A : 0x61...0x7A
    }
    return ranges.first { $0.contains(scalar) }
  }
}
