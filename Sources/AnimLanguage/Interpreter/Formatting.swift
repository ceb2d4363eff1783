import AnimEngine
import Foundation

/// How values print (SPEC §3): numbers in the shortest form that round-trips
/// to 6 significant digits (`%g`), colours as `#rrggbb[aa]`.
enum Formatting {
  /// `1`, `0.5`, `0.333333`, `-12.25`, `1e+06`; `-0` prints as `0`.
  static func number(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v > 0 ? "inf" : "-inf" }
    if v == 0 { return "0" }
    return String(format: "%g", v)
  }

  /// A value as `print` writes it (strings without quotes).
  static func display(_ value: Value, scene: Scene) -> String {
    switch value {
    case .number(let v): return number(v)
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return s
    case .symbol(let s): return s
    case .point(let x, let y): return "(\(number(x)), \(number(y)))"
    case .color(let c): return c.hex
    case .view(let id): return view(id, scene: scene)
    case .group(let g): return "\(g.name) (\(g.members.count) view\(g.members.count == 1 ? "" : "s"))"
    case .motion(let m): return "motion (\(number(m.duration))s)"
    case .handle(let h): return "#\(h.record.id)"
    case .function(let f): return "function \(f.name)"
    case .easing(let e): return e.name
    case .sort(let s): return s.description
    case .range(let a, let b, let inclusive): return "\(number(a))\(inclusive ? "..." : "..<")\(number(b))"
    case .list(let items): return "[" + items.map { debug($0, scene: scene) }.joined(separator: ", ") + "]"
    case .none: return "none"
    }
  }

  /// A value as the REPL echoes it and lists show it (strings quoted).
  static func debug(_ value: Value, scene: Scene) -> String {
    if case .string(let s) = value { return SyntaxFormat.quoted(s) }
    return display(value, scene: scene)
  }

  /// `box: x=0 y=0 width=100 height=100 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff`
  static func view(_ id: ViewID, scene: Scene) -> String {
    let s = scene.state(of: id)
    let fields = [
      ("x", s.x), ("y", s.y), ("width", s.width), ("height", s.height), ("alpha", s.alpha),
      ("rotation", s.rotation), ("scaleX", s.scaleX), ("scaleY", s.scaleY),
    ].map { "\($0.0)=\(number($0.1))" }
    return "\(scene.name(of: id)): " + fields.joined(separator: " ") + " color=\(s.color.hex)"
  }
}
