/// Suggestions for misspelled words, for hints such as "did you mean 'done'?".
public enum Spelling {
  /// The candidate closest to `word` by edit distance (insertions, deletions,
  /// substitutions and transpositions of adjacent letters, ignoring case), if it
  /// is close enough to be a plausible typo: at most one edit for words of up to
  /// four letters, two for longer ones. Ties go to the earliest candidate.
  public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().unicodeScalars)
    let limit = target.count <= 4 ? 1 : 2
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != word {
      let other = Array(candidate.lowercased().unicodeScalars)
      // The distance is at least the difference in length: skip the O(n·m)
      // table when that alone rules the candidate out (a 100 MB name).
      guard abs(other.count - target.count) <= limit else { continue }
      let distance = editDistance(target, other)
      if distance <= limit, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The `count` candidates nearest to `word` by the same edit distance
  /// (ignoring case), however far: nearest first, ties in the candidates'
  /// order. Only the first `maximumCompared` scalars of each are compared,
  /// so a huge word costs no more than a long one.
  public static func nearest(to word: String, among candidates: [String], count: Int) -> [String] {
    let target = Array(word.lowercased().unicodeScalars.prefix(maximumCompared))
    let ranked = candidates.enumerated().map { index, candidate in
      let other = Array(candidate.lowercased().unicodeScalars.prefix(maximumCompared))
      return (candidate: candidate, distance: editDistance(target, other), index: index)
    }
    return ranked.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }.prefix(count).map(
      \.candidate)
  }

  /// How many scalars of a word `nearest` compares.
  static let maximumCompared = 256

  /// The optimal-string-alignment distance between two scalar arrays.
  static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousRow = [Int](repeating: 0, count: b.count + 1)
    var row = Array(0...b.count)
    var beforePrevious = row
    for i in 1...a.count {
      beforePrevious = previousRow
      previousRow = row
      row = [Int](repeating: 0, count: b.count + 1)
      row[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        row[j] = min(previousRow[j] + 1, row[j - 1] + 1, previousRow[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          row[j] = min(row[j], beforePrevious[j - 2] + 1)
        }
      }
    }
    return row[b.count]
  }
}
