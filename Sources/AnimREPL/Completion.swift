/// What Tab offers for the text before the cursor.
public struct Completion: Equatable, Sendable {
  /// The word being completed: the end of the text before the cursor.
  public var word: String
  /// Every full replacement for `word`, sorted and without repeats.
  public var candidates: [String]

  /// Candidates (full replacements) for `word`.
  public init(word: String, candidates: [String]) {
    self.word = word
    self.candidates = candidates
  }

  /// The longest prefix all candidates share (at least `word` when there are
  /// candidates): what Tab can insert without choosing.
  public var commonPrefix: String {
    guard var prefix = candidates.first else { return word }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix.count < word.count ? word : prefix
  }
}
