import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How values print (SPEC §3): numbers in the shortest form that round-trips
/// to 6 significant digits (`NumberText`), colours as `#rrggbb[aa]`.
public enum Formatting {
  /// A count for a message: past the largest double, "more than 1.79769e+308"
  /// instead of "inf".
  static func count(_ v: Double) -> String {
    v == .infinity
      ? "more than \(NumberText.format(.greatestFiniteMagnitude))" : NumberText.format(v)
  }

  /// A value as `print` writes it (strings without quotes).
  static func display(_ value: Value, scene: Scene) -> String {
    switch value {
    case .number(let v): return NumberText.format(v)
    case .bool(let b): return b ? "true" : "false"
    case .string(let s): return s
    case .symbol(let s): return s
    case .point(let x, let y): return "(\(NumberText.format(x)), \(NumberText.format(y)))"
    case .color(let c): return c.hex
    case .gradient(let g): return GradientText.text(g)
    case .stop(let offset, let c): return "(\(NumberText.format(offset)), \(c.hex))"
    case .corners(let c): return "(" + c.all.map(NumberText.format).joined(separator: ", ") + ")"
    case .view(let id): return view(id, scene: scene)
    case .group(let g):
      return "\(g.name) (\(g.members.count) view\(g.members.count == 1 ? "" : "s"))"
    case .motion(let m):
      return m.duration.isFinite ? "motion (\(NumberText.format(m.duration))s)" : "motion (forever)"
    case .handle(let h): return "#\(h.record.id)"
    case .function(let f): return "function \(f.name)"
    case .easing(let e): return e.name
    case .sort(let s): return s.description
    case .range(let a, let b, let inclusive):
      return "\(NumberText.format(a))\(inclusive ? "..." : "..<")\(NumberText.format(b))"
    case .list(let items): return list(items, scene: scene)
    case .sound(let s): return "sound \(s.name) (\(NumberText.format(s.file.duration))s)"
    case .record(let record):
      var text = ""
      _ = append(record, to: &text, scene: scene)
      return text
    case .none: return "none"
    }
  }

  /// Longest text a value prints as: a string of 100 MB prints whole, but a
  /// list holding it a million times does not. Past it, `display` stops and
  /// ends the text with `…`, and `print` and `trace` refuse the line.
  static let maximumLength = 1 << 27

  /// `[a, b, "c"]`, cut with `…` once longer than `maximumLength`.
  private static func list(_ items: ValueList, scene: Scene) -> String {
    var text = ""
    _ = append(items, to: &text, scene: scene)
    return text
  }

  /// Appends a list to `text`, nested lists and records into the same
  /// text; false when `text` grew past `maximumLength` and was cut (it then
  /// ends with `…`).
  private static func append(_ items: ValueList, to text: inout String, scene: Scene) -> Bool {
    text += "["
    for (index, item) in items.enumerated() {
      if index > 0 { text += ", " }
      if !append(item: item, to: &text, scene: scene) { return false }
    }
    text += "]"
    return true
  }

  /// `{month: "Jan", sales: 120}`: a name that is not a word is quoted
  /// (`{"first name": "Ada"}`), values as in a list.
  private static func append(_ record: ValueRecord, to text: inout String, scene: Scene) -> Bool {
    text += "{"
    for (index, (name, value)) in record.fields.enumerated() {
      if index > 0 { text += ", " }
      text += SyntaxFormat.isWord(name) ? name : SyntaxFormat.quoted(name)
      text += ": "
      if !append(item: value, to: &text, scene: scene) { return false }
    }
    text += "}"
    return true
  }

  /// One item of a list or a record's value; false when it was cut.
  private static func append(item: Value, to text: inout String, scene: Scene) -> Bool {
    switch item {
    case .list(let inner):
      if !append(inner, to: &text, scene: scene) { return false }
    case .record(let inner):
      if !append(inner, to: &text, scene: scene) { return false }
    case .string(let string) where string.utf8.count > maximumLength - text.utf8.count:
      // Only the part that fits is copied (and left unquoted).
      let room = max(0, maximumLength - text.utf8.count)
      text += "\"" + String(decoding: string.utf8.prefix(room), as: UTF8.self) + "…"
      return false
    default:
      text += debug(item, scene: scene)
    }
    if text.utf8.count > maximumLength {
      text += "…"
      return false
    }
    return true
  }

  /// A value as the REPL echoes it and lists show it (strings quoted).
  static func debug(_ value: Value, scene: Scene) -> String {
    if case .string(let s) = value { return SyntaxFormat.quoted(s) }
    return display(value, scene: scene)
  }

  /// `box: x=0 y=0 width=100 height=100 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff`,
  /// then each other property the view's kind has, in the table's order,
  /// when it is not its default (` cornerRadius=R`; SPEC §4, §16.1), then
  /// `parent=NAME` when it has one (SPEC §17).
  static func view(_ id: ViewID, scene: Scene) -> String {
    let state = scene.state(of: id)
    var fields = printedFields(of: state, kind: scene.kind(of: id)).map { "\($0.name)=\($0.text)" }
    if let parent = scene.parent(of: id) { fields.append("parent=\(scene.name(of: parent))") }
    return "\(scene.name(of: id)): " + fields.joined(separator: " ")
  }

  /// What `print` and `:show` list for a view of `kind` in `state`, in
  /// order: each printed property's name and text, a rectangle's four
  /// corners as one `cornerRadius` (SPEC §21.3): `R` when they are one
  /// radius, `(tl, tr, br, bl)` when they differ.
  public static func printedFields(of state: ViewState, kind: ViewKind) -> [(
    name: String, text: String
  )] {
    var fields: [(name: String, text: String)] = []
    var cornersShown = false
    for p in printedProperties(of: state, kind: kind) {
      guard CornerRadii.names.contains(p.name) else {
        fields.append((p.name, propertyText(p, of: state)))
        continue
      }
      if cornersShown { continue }
      cornersShown = true
      let c = CornerRadii(of: state)
      fields.append(
        (
          "cornerRadius",
          c.isUniform
            ? NumberText.format(c.topLeft)
            : "(" + c.all.map(NumberText.format).joined(separator: ", ") + ")"
        ))
    }
    return fields
  }

  /// The properties `print` lists for a view of `kind` in `state`, in order:
  /// those always printed, and the others that are not their default.
  public static func printedProperties(of state: ViewState, kind: ViewKind) -> [Property] {
    kind.properties().filter {
      if $0.declaration.type == .outline {
        return MorphedOutlines.name(of: state[value: $0]) != nil
      }
      if $0 == .face {
        // The face drawn, whenever the font, weight or italic asks for
        // another than the default family's regular (SPEC §21.5).
        return !state.isDefault(.font) || !state.isDefault(.weight) || !state.isDefault(.italic)
      }
      return $0.declaration.printing == .always || !state.isDefault($0)
    }
  }

  /// One property of a view state as `print` writes it: numbers as SPEC §3
  /// says, colours as `#rrggbb`, choices as their word, strings quoted, an
  /// outline as the name of the view it was taken from.
  public static func propertyText(_ property: Property, of state: ViewState) -> String {
    switch property.declaration.type {
    case .number: return NumberText.format(state[property])
    case .color: return state[color: property].hex
    case .paint: return PaintText.text(Paint(state[value: property]))
    case .choice(let cases):
      let i = Int(state[property])
      return cases.indices.contains(i) ? cases[i] : cases[0]
    case .boolean: return state[property] != 0 ? "true" : "false"
    case .string where property == .text:
      return SyntaxFormat.quoted(TextView.unscrambled(state).shown)
    case .string where property == .face:
      return SyntaxFormat.quoted(TextView(state).face)
    case .string:
      if case .string(let s) = state[object: property] { return SyntaxFormat.quoted(s) }
      return "none"
    case .outline:
      return MorphedOutlines.name(of: state[value: property]) ?? "none"
    case .dash:
      let written = DashPatterns.pattern(state[property])?.written ?? []
      return "[" + written.map(NumberText.format).joined(separator: ", ") + "]"
    }
  }
}
