import AnimEngine
import AnimLanguage

/// View names made from layer and shape names (SPEC §25): every character
/// outside `[A-Za-z0-9_]` becomes `_`, a name that would start with a digit
/// gets a leading `_`, and a name already taken — or one the language or
/// the script itself uses (a keyword, a builtin such as `fade`, an easing,
/// a colour name, a word such as `round`) — gets `_2`, `_3`, … until unique.
struct ViewNames {
  private var taken: Set<String>
  /// For each name claimed again, the suffix from which to look for a free
  /// one: every one below it is taken (names are never given back), so a
  /// thousand copies of one precomposition do not probe a million names.
  private var nextSuffix: [String: Int] = [:]

  /// Words a view must not shadow: the script and tests that import it use
  /// them (`lineCap: round`, `ease: linear`, `expect v.color == red`).
  static let reserved: Set<String> = {
    var words = Set(Vocabulary.builtinNames)
    words.formUnion(Vocabulary.statementKeywords)
    words.formUnion(Vocabulary.viewKinds)
    words.formUnion(Easing.allNames)
    words.formUnion(Color.allNames)
    words.formUnion([
      "view", "time", "true", "false", "and", "or", "not", "in", "none", "all", "forever",
      "else", "every", "within", "as", "frames", "done", "start", "repeat", "mark", "butt",
      "round", "square", "miter", "bevel", "nonzero", "evenodd", "left", "center", "right",
      "smooth", "up", "down", "out", "to", "by", "from", "srgb", "hsb", "oklab",
    ])
    return words
  }()

  init() { taken = Self.reserved }

  /// The valid form of `wished`, without making it unique.
  static func valid(_ wished: String) -> String {
    var result = ""
    for scalar in wished.unicodeScalars {
      let ok =
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
        || (scalar >= "0" && scalar <= "9") || scalar == "_"
      result.unicodeScalars.append(ok ? scalar : "_")
    }
    if result.isEmpty { result = "layer_" }
    if let first = result.unicodeScalars.first, first >= "0" && first <= "9" {
      result = "_" + result
    }
    // Very long names are cut: a name is for reading.
    if result.unicodeScalars.count > 64 {
      result = String(String.UnicodeScalarView(result.unicodeScalars.prefix(64)))
    }
    return result
  }

  /// A new unique name from `wished`.
  mutating func claim(_ wished: String) -> String {
    let base = Self.valid(wished)
    if taken.insert(base).inserted { return base }
    var n = nextSuffix[base] ?? 2
    while true {
      let candidate = "\(base)_\(n)"
      n += 1
      if taken.insert(candidate).inserted {
        nextSuffix[base] = n
        return candidate
      }
    }
  }
}
