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
