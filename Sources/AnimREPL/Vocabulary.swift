import AnimEngine
import AnimLanguage

/// The fixed words of the language, for completion and `:help`.
enum Vocabulary {
  /// Statement keywords and the other reserved words of the grammar.
  static let keywords = [
    "view", "grid", "group", "let", "def", "for", "in", "import", "print", "trace", "every",
    "expect", "within", "seed", "reset", "fps", "step", "frames", "tick", "to", "until",
    "settle", "clear", "cancel", "finish", "pause", "resume", "restart", "flush", "pool", "on",
    "done", "start", "repeat", "mark", "run", "as", "all", "forever", "time", "true", "false",
  ]

  /// Bare words that mean something as symbols: directions, amounts, sort
  /// positions and weights, colour spaces.
  static let symbols = [
    "out", "up", "down", "left", "right", "slightly", "moderately", "severely", "topLeft",
    "topMiddle", "topRight", "middle", "bottomLeft", "bottomMiddle", "bottomRight", "topToBottom",
    "bottomToTop", "leftToRight", "rightToLeft", "light", "medium", "heavy", "srgb", "hsb",
    "oklab", "default", "linear", "cornered", "radial", "random", "inline", "continuous",
    "weighted",
  ]

  /// The members of a view (`view.alpha`).
  static var viewMembers: [String] { Property.allCases.map(\.name) + ["scale"] }

  /// The members of a run handle (`h.state`).
  static let handleMembers = ["state", "time", "id", "iteration", "duration"]

  /// The members of a group (`tiles.count`).
  static let groupMembers = ["count"]

  /// Every word completion offers before any name is bound.
  static var words: [String] {
    keywords + symbols + Interpreter.builtinNames + Easing.allNames + Color.allNames
  }
}
