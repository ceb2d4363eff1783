import AnimEngine

/// A dotLottie theme (`t/ID.json`, dotLottie 2): rules, each giving a slot
/// (`id`) a new value of its `type` — Color, Scalar, Vector, Position,
/// Gradient, Image or Text — fixed (`value`) or keyframed (`keyframes`),
/// for every animation or those its `animations` lists. Written here as
/// Lottie slots (`{"ID": {"p": property}}`), the form the animation's own
/// `slots` take, as the dotLottie players turn a theme into slots
/// (``LottieSlots``; docs/spec.md §25).
enum DotLottieTheme {
  /// The slots of the theme `text` for the animation `animation`, as a
  /// JSON text. Every rule is checked: a value of the wrong kind is an
  /// error naming its pointer in the theme.
  static func slots(_ text: [UInt8], animation: String) throws(ImportError) -> [UInt8] {
    let document: JSONDocument
    do {
      document = try JSONDocument(text)
    } catch {
      throw ImportError("", error.description)
    }
    var slots: [String] = []
    for rule in try document.root.required("rules").array() {
      let object = try rule.object()
      let id = try object.required("id").text()
      if let only = object.optional("animations") {
        let ids = try only.array().map { (entry) throws(ImportError) in try entry.text() }
        guard ids.contains(animation) else { continue }
      }
      slots.append(JSONText.quoted(id) + ":{\"p\":" + (try property(of: object)) + "}")
    }
    return Array(("{" + slots.joined(separator: ",") + "}").utf8)
  }

  /// The Lottie value of `rule`.
  private static func property(of rule: JSONRef) throws(ImportError) -> String {
    let kind = try rule.required("type").text()
    switch kind {
    case "Color": return try animated(rule) { (v) throws(ImportError) in try numbers(v, 3) }
    case "Scalar":
      return try animated(rule) { (v) throws(ImportError) in number(try v.finiteNumber()) }
    case "Vector", "Position":
      return try animated(rule) { (v) throws(ImportError) in try numbers(v, 2) }
    case "Gradient": return try gradient(rule)
    case "Image": return try image(try rule.required("value").object())
    case "Text": return try text(rule)
    default:
      throw ImportError(
        try rule.required("type").pointer,
        "a theme rule of type '\(kind)' (expected Color, Scalar, Vector, Position, Gradient, "
          + "Image or Text)")
    }
  }

  /// `{"a": 0, "k": value}` or `{"a": 1, "k": [keyframes]}`, each value
  /// written by `write`; an `expression` is kept as Lottie's `x` (noted as
  /// every expression is).
  private static func animated(
    _ rule: JSONRef, _ write: (JSONRef) throws(ImportError) -> String
  ) throws(ImportError) -> String {
    let expression = try rule.optionalText("expression").map { ",\"x\":" + JSONText.quoted($0) }
    guard let frames = rule.optional("keyframes") else {
      return "{\"a\":0,\"k\":" + (try write(try rule.required("value"))) + (expression ?? "") + "}"
    }
    var keys: [String] = []
    for frame in try frames.array() {
      let key = try frame.object()
      var fields = [
        "\"t\":" + number(try key.required("frame").finiteNumber()),
        "\"s\":" + (try write(try key.required("value"))),
      ]
      for (theirs, ours) in [("inTangent", "i"), ("outTangent", "o")] {
        guard let handle = key.optional(theirs) else { continue }
        let h = try handle.object()
        let x = try h.required("x").numbers()
        let y = try h.required("y").numbers()
        guard !x.isEmpty, !y.isEmpty else { throw ImportError(h.pointer, "an empty handle") }
        fields.append("\"\(ours)\":{\"x\":\(list(x)),\"y\":\(list(y))}")
      }
      for (theirs, ours) in [("valueInTangent", "ti"), ("valueOutTangent", "to")] {
        guard let tangent = key.optional(theirs) else { continue }
        fields.append("\"\(ours)\":" + list(try tangent.numbers()))
      }
      if try key.flag("hold") { fields.append("\"h\":1") }
      keys.append("{" + fields.joined(separator: ",") + "}")
    }
    guard !keys.isEmpty else { throw ImportError(frames.pointer, "no keyframes") }
    return "{\"a\":1,\"k\":[" + keys.joined(separator: ",") + "]" + (expression ?? "") + "}"
  }

  /// A gradient's slot: the whole `g` (`p` colour stops, then `k`), each
  /// stop `{offset, color: [r, g, b(, a)]}` a colour stop, and an opacity
  /// stop too when any stop has an alpha.
  private static func gradient(_ rule: JSONRef) throws(ImportError) -> String {
    var count: Int?
    let stops = try animated(rule) { (value) throws(ImportError) in
      let entries = try value.array()
      guard !entries.isEmpty, count == nil || count == entries.count else {
        throw ImportError(
          value.pointer, "expected the same number of stops, at least one, in every value")
      }
      count = entries.count
      var colours: [Double] = []
      var alphas: [Double] = []
      var anyAlpha = false
      for stop in entries {
        let offset = try stop.required("offset").finiteNumber()
        let c = try stop.required("color").numbers()
        guard c.count >= 3 else {
          throw ImportError(try stop.required("color").pointer, "expected 3 or 4 numbers")
        }
        colours += [offset, c[0], c[1], c[2]]
        alphas += [offset, c.count > 3 ? c[3] : 1]
        anyAlpha = anyAlpha || c.count > 3
      }
      return list(colours + (anyAlpha ? alphas : []))
    }
    return "{\"p\":\(count ?? 0),\"k\":" + stops + "}"
  }

  /// An image asset: `src` a `data:` URI or a file of the archive.
  private static func image(_ value: JSONRef) throws(ImportError) -> String {
    let source = try value.required("src").text()
    var fields: [String]
    if source.hasPrefix("data:") {
      fields = ["\"u\":\"\"", "\"p\":" + JSONText.quoted(source), "\"e\":1"]
    } else {
      let cut = source.lastIndex(of: "/")
      let folder = cut.map { String(source[...$0]) } ?? ""
      let file = cut.map { String(source[source.index(after: $0)...]) } ?? source
      fields = ["\"u\":" + JSONText.quoted(folder), "\"p\":" + JSONText.quoted(file), "\"e\":0"]
    }
    for (theirs, ours) in [("width", "w"), ("height", "h")] {
      if let n = try value.optionalNumber(theirs) { fields.append("\"\(ours)\":" + number(n)) }
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// A text document's slot (`d`): `{"k": [{"t": frame, "s": document}]}`,
  /// with only the fields the rule gives (the layer's own document gives
  /// the others: ``TextLayer``).
  private static func text(_ rule: JSONRef) throws(ImportError) -> String {
    var keys: [String] = []
    if let frames = rule.optional("keyframes") {
      for frame in try frames.array() {
        let key = try frame.object()
        keys.append(
          "{\"t\":" + number(try key.required("frame").finiteNumber()) + ",\"s\":"
            + (try document(try key.required("value").object())) + "}")
      }
      guard !keys.isEmpty else { throw ImportError(frames.pointer, "no keyframes") }
    } else {
      keys = ["{\"t\":0,\"s\":" + (try document(try rule.required("value").object())) + "}"]
    }
    return "{\"k\":[" + keys.joined(separator: ",") + "]}"
  }

  private static let justifications = [
    "Left", "Right", "Center", "JustifyLastLeft", "JustifyLastRight", "JustifyLastCenter",
    "JustifyLastFull",
  ]
  private static let capitals = ["Regular", "AllCaps", "SmallCaps"]

  /// A text document in Lottie's keys, from a Text rule's value.
  private static func document(_ value: JSONRef) throws(ImportError) -> String {
    var fields = ["\"t\":" + JSONText.quoted(try value.required("text").text())]
    if let font = try value.optionalText("fontName") {
      fields.append("\"f\":" + JSONText.quoted(font))
    }
    for (theirs, ours) in [
      ("fontSize", "s"), ("strokeWidth", "sw"), ("lineHeight", "lh"), ("tracking", "tr"),
      ("baselineShift", "ls"),
    ] {
      if let n = try value.optionalNumber(theirs) { fields.append("\"\(ours)\":" + number(n)) }
    }
    for (theirs, ours, count) in [
      ("fillColor", "fc", 3), ("strokeColor", "sc", 3), ("wrapSize", "sz", 2),
      ("wrapPosition", "ps", 2),
    ] {
      guard let v = value.optional(theirs) else { continue }
      fields.append("\"\(ours)\":" + (try numbers(v, count)))
    }
    if value.optional("strokeOverFill") != nil {
      fields.append("\"of\":" + (try value.flag("strokeOverFill") ? "true" : "false"))
    }
    for (theirs, ours, names) in [
      ("justify", "j", justifications), ("textCaps", "ca", capitals),
    ] {
      guard let name = try value.optionalText(theirs) else { continue }
      guard let k = names.firstIndex(of: name) else {
        throw ImportError(
          try value.required(theirs).pointer,
          "expected one of " + names.joined(separator: ", ") + ", found '\(name)'")
      }
      fields.append("\"\(ours)\":\(k)")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The first `count` numbers of `value` (at least that many).
  private static func numbers(_ value: JSONRef, _ count: Int) throws(ImportError) -> String {
    let v = try value.numbers()
    guard v.count >= count else {
      throw ImportError(value.pointer, "expected \(count) numbers, found \(v.count)")
    }
    return list(Array(v.prefix(count)))
  }

  private static func list(_ values: [Double]) -> String {
    "[" + values.map(number).joined(separator: ",") + "]"
  }

  /// A finite number as JSON.
  private static func number(_ value: Double) -> String { "\(value)" }
}
