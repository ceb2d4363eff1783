/// The script an import writes, before it is text: views in declaration
/// order (parents first, siblings in paint order), each with its settings
/// and the runs that animate it.
struct ScriptModel: Sendable {
  var header: [String] = []
  var stage: [(String, ScriptValue)] = []
  var fps: Double = 60
  var views: [ScriptView] = []
  /// The animation's length in seconds: the script runs `wait` for it so
  /// that `render` and `export` cover it.
  var duration: Double = 0
}

/// A value as the script writes it.
enum ScriptValue: Sendable, Equatable {
  case number(Double)
  case point(Double, Double)
  /// Red, green, blue in 0…1, written as `"#rrggbb"`.
  case color([Double])
  /// Red, green, blue, alpha in 0…1, written as `"#rrggbbaa"` (`"#rrggbb"`
  /// when opaque).
  case rgba([Double])
  case word(String)
  case string(String)
  case bool(Bool)
  /// `linear(from:, to:, stops:)` or `radial(center:, radius:, stops:)`.
  case gradient(ScriptGradient)
}

/// A gradient as the script writes it (SPEC §21.1), in the view's box's
/// unit coordinates.
struct ScriptGradient: Sendable, Equatable {
  var radial: Bool
  /// Linear: from x, y, to x, y. Radial: centre x, y, radius, and the
  /// focal point's x, y when it is not the centre.
  var points: [Double]
  /// Each (offset, r, g, b, a), channels 0…1.
  var stops: [[Double]]
}

/// One declaration: `KIND NAME(parent: P, SETTINGS…)`.
struct ScriptView: Sendable {
  var kind: String
  /// The name as wished (made valid and unique when written).
  var name: String
  var parent: Int?
  var settings: [(String, ScriptValue)] = []
  /// A comment line written above the declaration.
  var comment: String?
  var runs: [ScriptRun] = []
  /// An invisible outline that only morphs refer to: declared as a root,
  /// with `alpha: 0`.
  var isMorphTarget = false

  init(kind: String, name: String, parent: Int?) {
    self.kind = kind
    self.name = name
    self.parent = parent
  }

  mutating func set(_ name: String, _ value: ScriptValue) {
    if let i = settings.firstIndex(where: { $0.0 == name }) {
      settings[i].1 = value
    } else {
      settings.append((name, value))
    }
  }

  func setting(_ name: String) -> ScriptValue? { settings.first { $0.0 == name }?.1 }

  /// Writes property `old` as `new`: its setting and every `tween` of its
  /// runs that names it.
  mutating func renameProperty(_ old: String, to new: String) {
    for i in settings.indices where settings[i].0 == old { settings[i].0 = new }
    for r in runs.indices {
      for p in runs[r].parts.indices {
        guard case .tween(var values, let duration, let ease) = runs[r].parts[p] else { continue }
        for v in values.indices where values[v].0 == old { values[v].0 = new }
        runs[r].parts[p] = .tween(values, duration: duration, ease: ease)
      }
    }
  }
}

/// `run PART + PART + … on VIEW`, started at time 0.
struct ScriptRun: Sendable {
  var parts: [MotionPart]
}

/// How a segment is timed, as the script writes it.
enum ScriptEase: Sendable, Equatable {
  case linear
  case bezier(Ease)
  /// A Lottie hold: the value jumps at the segment's end (`steps(1)`).
  case hold
}

/// One part of a run's chain.
enum MotionPart: Sendable {
  case wait(Double)
  case tween([(String, ScriptValue)], duration: Double, ease: ScriptEase)
  /// Along SVG path data (a spatial Bézier route), by arc length; turned
  /// to the direction of travel when `orient`.
  case path(d: String, duration: Double, ease: ScriptEase, orient: Bool = false)
  /// Into the outline of the view at this index.
  case morph(to: Int, duration: Double, ease: ScriptEase)
}
