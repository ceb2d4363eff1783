import AnimEngine

/// The labels each builtin accepts, for completion inside a call
/// (`move(to: ..., ease: ...)`). The builtins take their labels from the
/// call as they bind them (`Arguments.take`), so the table is written out
/// here; `VocabularyTests` checks that every name in it is a builtin.
enum BuiltinOptions {
  /// The options of every primitive motion (SPEC §5.1).
  static let primitive = ["duration", "ease", "delay", "on", "space"]

  /// The properties `tween` and `spring` animate by label.
  static var properties: [String] { PropertyTable.standard.animatableNames }

  /// The labels of `name`, most specific first; empty for a builtin without labels.
  static func labels(of name: String) -> [String] { table[name] ?? [] }

  /// The labels of a builtin the table lists, as a set (one lookup for a
  /// call; the name checker asks it of every call with a label: a label not
  /// among them is one the builtin does not take); nil for a name the table
  /// does not list.
  static func listedLabels(of name: String) -> Set<String>? { labelSets[name] }

  /// `labels(of:)` of every listed builtin, made once (`properties` alone is
  /// a filtered list of the property table).
  private static let table: [String: [String]] = Dictionary(
    uniqueKeysWithValues: Set(named).union(Builtins.all.keys).map { ($0, writtenLabels(of: $0)) })
  private static let labelSets: [String: Set<String>] = Dictionary(
    uniqueKeysWithValues: named.map { ($0, Set(table[$0] ?? [])) })

  private static func writtenLabels(of name: String) -> [String] {
    switch name {
    case "fade", "sizing", "color", "discolor": return ["to", "from"] + primitive
    case "move", "resize", "rotate", "scale": return ["to", "by", "from"] + primitive
    case "appear", "disappear", "fadeIn", "draw", "undraw": return primitive
    case "morph": return ["to", "duration", "ease", "delay", "on"]
    case "path": return ["points", "d", "curve", "orient", "duration", "ease", "delay", "on"]
    case "tween": return properties + primitive
    case "wait": return ["duration"]
    case "mark": return ["name"]
    case "slide": return ["direction", "amount"] + primitive
    case "spin", "expand", "contract": return ["amount"] + primitive
    case "spring":
      return properties + [
        "stiffness", "damping", "mass", "velocity", "duration", "bounce", "frequency", "halflife",
        "response", "dampingRatio", "ease", "delay", "on",
      ]
    case "reverse", "yoyo": return ["motion"]
    case "speed": return ["motion", "factor"]
    case "delay": return ["motion", "duration"]
    case "ease": return ["motion", "easing"]
    case "stagger": return ["group", "motion", "sort", "each", "total", "ease", "delay"]
    case "steps": return ["n"]
    case "linear": return GradientBuiltins.linearLabels + ["reversed"]
    case "radial": return GradientBuiltins.radialLabels + ["reversed"]
    case "cornered", "inline": return ["reversed"]
    case "continuous": return ["duration", "reversed"]
    case "weighted": return ["horizontal", "vertical", "duration", "reversed"]
    case "random": return ["seed", "from", "to", "reversed"]
    case "rgb": return ["a"]
    case "hsb": return ["h", "s", "b", "a"]
    case "abs", "floor", "ceil", "round", "sqrt", "sin", "cos": return ["x"]
    case "play": return ["sound", "from", "to", "volume", "fadeIn", "fadeOut"]
    case "beats", "onsets": return ["sound"]
    case "loudness": return ["sound", "time"]
    case "bands": return ["sound", "time", "count"]
    case "fixed", "grouped": return ["x", "decimals"]
    case "string", "len": return ["x"]
    case "sum": return ["xs"]
    case "range": return ["start", "stop", "step"]
    case "csv", "json": return ["path"]
    case "type": return ["text", "duration", "ease", "delay"]
    case "caret": return ["text"]
    case "scramble": return ["text", "to", "duration", "seed", "ease", "delay"]
    default: return []
    }
  }

  /// Every builtin the table names (for the test that keeps it honest).
  static let named = [
    "fade", "sizing", "color", "discolor", "move", "resize", "rotate", "scale", "appear",
    "disappear", "fadeIn", "draw", "undraw", "tween", "wait", "mark", "slide", "spin", "expand",
    "contract",
    "spring", "reverse", "yoyo", "speed", "delay", "ease", "stagger", "steps", "linear",
    "cornered", "radial", "inline", "continuous", "weighted", "random", "rgb", "hsb", "abs",
    "floor", "ceil", "round", "sqrt", "sin", "cos", "play", "beats", "onsets", "loudness", "bands",
    "fixed", "grouped", "string", "len", "sum",
    "range", "csv", "json", "type", "caret", "scramble",
  ]
}
