/// Writes a `ScriptModel` as anim source in `anim fmt`'s canonical layout:
/// the header comments, the stage and frame rate, then each view's
/// declaration followed by its runs, and the `run wait(…)` that gives the
/// script the animation's length.
struct ScriptWriter {
  private(set) var text = ""
  private var names: [String] = []

  static func write(_ model: ScriptModel) -> String {
    var writer = ScriptWriter()
    writer.write(model)
    return writer.text
  }

  private mutating func write(_ model: ScriptModel) {
    for line in model.header {
      text += line.isEmpty ? "#\n" : "# \(Self.commentText(line))\n"
    }
    text += "stage(" + arguments(model.stage) + ")\n"
    text += "fps \(NumberFormat.exact(model.fps))\n"
    var table = ViewNames()
    names = model.views.map { table.claim($0.name) }
    // A view's runs follow its declaration, or the last declaration of a
    // view they morph into, whichever comes later: a run starts when its
    // line runs, so every view it names must be declared by then.
    var pending: [(after: Int, view: Int)] = []
    for (i, view) in model.views.enumerated() {
      if let comment = view.comment { text += "\n# \(Self.commentText(comment))\n" }
      var settings = view.settings
      if let parent = view.parent { settings.insert(("parent", .word(names[parent])), at: 0) }
      text += "\(view.kind) \(names[i])"
      if !settings.isEmpty { text += "(" + arguments(settings) + ")" }
      text += "\n"
      pending.append((after: Self.lastReference(view, index: i), view: i))
      pending.removeAll { entry in
        guard entry.after <= i else { return false }
        for run in model.views[entry.view].runs where !run.parts.isEmpty {
          write(run, on: names[entry.view])
        }
        return true
      }
    }
    text += "\n# The last frame's time: render and export draw the frames the players show.\n"
    text += "run wait(\(NumberFormat.exact(model.duration)))\n"
  }

  /// The last view a view's runs name: itself, or a morph's target.
  private static func lastReference(_ view: ScriptView, index: Int) -> Int {
    var last = index
    for run in view.runs {
      for case .morph(let target, _, _) in run.parts { last = max(last, target) }
    }
    return last
  }

  private mutating func write(_ run: ScriptRun, on name: String) {
    text += "run "
    for (i, part) in run.parts.enumerated() {
      if i > 0 { text += " +\n  " }
      text += motion(part)
    }
    text += " on \(name)\n"
  }

  private func motion(_ part: MotionPart) -> String {
    switch part {
    case .wait(let d): return "wait(\(NumberFormat.exact(d)))"
    case .tween(let values, let d, let ease):
      return "tween(" + arguments(values) + ", \(NumberFormat.exact(d))" + easing(ease) + ")"
    case .path(let data, let d, let ease, let orient):
      return "path(d: \"\(data)\", \(NumberFormat.exact(d))" + easing(ease)
        + (orient ? ", orient: true" : "") + ")"
    case .morph(let target, let d, let ease):
      return "morph(to: \(names[target]), \(NumberFormat.exact(d))" + easing(ease) + ")"
    }
  }

  private func easing(_ ease: ScriptEase) -> String {
    switch ease {
    case .linear: return ""
    case .hold: return ", ease: steps(1)"
    case .bezier(let e):
      let x1 = NumberFormat.exact(min(max(e.x1, 0), 1))
      let x2 = NumberFormat.exact(min(max(e.x2, 0), 1))
      return
        ", ease: cubicBezier(\(x1), \(NumberFormat.exact(e.y1)), \(x2), \(NumberFormat.exact(e.y2)))"
    }
  }

  private func arguments(_ settings: [(String, ScriptValue)]) -> String {
    settings.map { "\($0.0): \(value($0.1))" }.joined(separator: ", ")
  }

  private func value(_ v: ScriptValue) -> String {
    switch v {
    case .number(let n): return NumberFormat.exact(n)
    case .point(let x, let y): return "(\(NumberFormat.exact(x)), \(NumberFormat.exact(y)))"
    case .color(let c):
      return "\"#" + c.prefix(3).map(NumberFormat.hexByte).joined() + "\""
    case .rgba(let c):
      let alpha = c.count > 3 && c[3] < 1 ? NumberFormat.hexByte(c[3]) : ""
      return "\"#" + c.prefix(3).map(NumberFormat.hexByte).joined() + alpha + "\""
    case .word(let w): return w
    case .string(let s): return "\"" + Self.escaped(s) + "\""
    case .bool(let b): return b ? "true" : "false"
    case .gradient(let g): return gradient(g)
    }
  }

  private func gradient(_ g: ScriptGradient) -> String {
    let n = g.points.map(NumberFormat.exact)
    let stops = g.stops.map { s in
      let alpha = s[4] < 1 ? NumberFormat.hexByte(s[4]) : ""
      return "(\(NumberFormat.exact(s[0])), \"#"
        + s[1...3].map(NumberFormat.hexByte).joined() + alpha + "\")"
    }
    let list = "stops: [" + stops.joined(separator: ", ") + "]"
    if g.radial {
      // The focal point (SPEC §21.1) only when Lottie's highlight moves it.
      let focal = n.count >= 5 ? "focal: (\(n[3]), \(n[4])), " : ""
      return "radial(center: (\(n[0]), \(n[1])), radius: \(n[2]), \(focal)\(list))"
    }
    return "linear(from: (\(n[0]), \(n[1])), to: (\(n[2]), \(n[3])), \(list))"
  }

  /// `s` inside a string literal: quotes, backslashes, line feeds and tabs
  /// escaped. Read scalar by scalar, so a CR LF pair (one Swift character)
  /// has its line feed escaped too.
  static func escaped(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    for c in s.unicodeScalars {
      switch c {
      case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
      case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
      case "\n": out.append(contentsOf: "\\n".unicodeScalars)
      case "\t": out.append(contentsOf: "\\t".unicodeScalars)
      default: out.append(c)
      }
    }
    return String(out)
  }

  /// `s` on one comment line: a layer's name may hold a line break (a CR
  /// ends a comment as a LF does), so each control character, and the
  /// Unicode line and paragraph separators, is shown as `\u{…}`.
  static func commentText(_ s: String) -> String {
    var out = String.UnicodeScalarView()
    for c in s.unicodeScalars {
      if c.value < 0x20 || c.value == 0x7F || c.value == 0x85 || c.value == 0x2028
        || c.value == 0x2029
      {
        out.append(contentsOf: "\\u{\(String(c.value, radix: 16, uppercase: true))}".unicodeScalars)
      } else {
        out.append(c)
      }
    }
    return String(out)
  }
}
