import AnimEngine

/// A text layer (`ty` 5) as read: its text documents and what anim does not
/// draw of it. The glyphs it is drawn with are the file's (`chars`,
/// ``Glyph``), found through its font (`fonts.list`, ``Font``).
struct TextLayer: Sendable {
  /// One text document (a keyframe of `t.d`): what it says and how.
  struct Document: Sendable {
    var text: String
    /// `f`: the font's `fName`.
    var font: String
    /// `s`: the size in points (glyphs are drawn at size / 100).
    var size: Double
    /// `fc`, `sc`: 0…1 channels; nil for none.
    var fill: [Double]?
    var stroke: [Double]?
    /// `sw`: the stroke's width in points.
    var strokeWidth: Double
    /// `of`: the stroke over the fill (else under it).
    var strokeOver: Bool
    /// `j`: 0 left, 1 right, 2 centred (3 to 6, justified, drawn left).
    var justify: Int
    /// `tr`: thousandths of an em.
    var tracking: Double
    /// `lh`: line height in points.
    var lineHeight: Double
    /// `ls`: baseline shift in points.
    var shift: Double
    /// `ps`, `sz`: a paragraph box (its top-left corner and size), or nil
    /// for point text.
    var box: (x: Double, y: Double, width: Double, height: Double)?
    /// `ca`: 1 all caps, 2 small caps.
    var caps: Int
  }

  /// The documents with their frames (`t`), in order.
  var documents: [(frame: Double, document: Document)]
  /// `t.a` holds animators.
  var hasAnimators: Bool {
    guard case .success(let list) = animators else { return true }
    return !list.isEmpty
  }
  /// The animators as read, or why they could not be (a malformed
  /// animator leaves the text drawn without them, noted).
  var animators: Result<[TextAnimator], ImportError>
  /// `t.m.g` groups the characters' transforms by 1 character (ThorVG's
  /// default), 2 word, 3 line or 4 all; `t.m.a`, their anchor.
  var grouping: Int
  var groupAnchor: [Double]
  /// `t.p` puts the text on a mask's path.
  var followsPath: Bool
  var ref: JSONRef

  static func read(_ ref: JSONRef) throws(ImportError) -> TextLayer {
    let object = try ref.object()
    let own = try object.required("d").object()
    let slot = own.slotValue
    var documents: [(Double, Document)] = []
    // A slot's documents (a theme's Text rule) give what they set; the
    // layer's own first document gives the rest (its font, size, colours).
    let base = try slot.flatMap { (_) throws(ImportError) in
      try own.required("k").array().first.map { (key) throws(ImportError) in
        try readDocument(try key.object().required("s").object())
      }
    }
    for key in try (slot ?? own).required("k").array() {
      let entry = try key.object()
      documents.append(
        (
          try entry.number("t", or: 0),
          try readDocument(try entry.required("s").object(), over: base)
        ))
    }
    guard !documents.isEmpty else {
      throw ImportError(try object.required("d").pointer, "a text layer without a document")
    }
    let list = try object.optional("a")?.array() ?? []
    let animators: Result<[TextAnimator], ImportError>
    do {
      animators = .success(
        try list.map { (item) throws(ImportError) in try TextAnimator.read(item) })
    } catch {
      animators = .failure(error)
    }
    let path = try object.optional("p")?.object()
    let more = try object.optional("m")?.object()
    var anchor = [0.0, 0.0]
    if let a = more?.optional("a") { anchor = (try? AnimatedReader.point(a).first) ?? anchor }
    return TextLayer(
      documents: documents, animators: animators,
      grouping: Int(exactly: try more?.number("g", or: 1) ?? 1) ?? 1, groupAnchor: anchor,
      followsPath: path?.optional("m") != nil, ref: ref)
  }

  /// The document `s`; what it leaves out is `base`'s, else Lottie's
  /// defaults.
  private static func readDocument(_ s: JSONRef, over base: Document? = nil)
    throws(ImportError) -> Document
  {
    func color(_ key: String) throws(ImportError) -> [Double]? {
      guard let value = s.optional(key) else { return nil }
      let channels = try value.numbers()
      guard channels.count >= 3 else {
        throw ImportError(value.pointer, "expected a colour of 3 or 4 numbers")
      }
      return Array(channels.prefix(3))
    }
    func point(_ key: String) throws(ImportError) -> [Double]? {
      guard let value = s.optional(key) else { return nil }
      let xy = try value.numbers()
      guard xy.count >= 2 else { throw ImportError(value.pointer, "expected 2 numbers") }
      return xy
    }
    let size = try s.number("s", or: base?.size ?? 10)
    // A line height left out follows the size: `base`'s, unless the size is new.
    let sameSize = s.optional("s") == nil ? base : nil
    var box = base?.box
    if let at = try point("ps"), let extent = try point("sz") {
      box = (at[0], at[1], extent[0], extent[1])
    }
    return Document(
      text: try s.optionalText("t") ?? base?.text ?? "",
      font: try s.optionalText("f") ?? base?.font ?? "", size: size,
      fill: try color("fc") ?? base?.fill, stroke: try color("sc") ?? base?.stroke,
      strokeWidth: try s.number("sw", or: base?.strokeWidth ?? 0),
      strokeOver: s.optional("of") == nil ? base?.strokeOver ?? true : try s.flag("of"),
      justify: Int(exactly: try s.number("j", or: Double(base?.justify ?? 0))) ?? 0,
      tracking: try s.number("tr", or: base?.tracking ?? 0),
      lineHeight: try s.number("lh", or: sameSize?.lineHeight ?? size * 1.2),
      shift: try s.number("ls", or: base?.shift ?? 0), box: box,
      caps: Int(exactly: try s.number("ca", or: Double(base?.caps ?? 0))) ?? 0)
  }
}

/// A font of the file (`fonts.list`): how text documents name it and the
/// family and style its glyphs carry.
struct Font: Sendable {
  var name: String
  var family: String
  var style: String
  /// Percent of the size above the baseline.
  var ascent: Double
  /// `fPath`: where its file is (a dotLottie archive's `/f/NAME.ttf`, a
  /// URL); empty when the file does not say.
  var path = ""

  static func readList(_ root: JSONRef) throws(ImportError) -> [String: Font] {
    guard let list = try root.optional("fonts")?.object().optional("list") else { return [:] }
    var fonts: [String: Font] = [:]
    for item in try list.array() {
      let object = try item.object()
      let font = Font(
        name: try object.optionalText("fName") ?? "",
        family: try object.optionalText("fFamily") ?? "",
        style: try object.optionalText("fStyle") ?? "", ascent: try object.number("ascent", or: 0),
        path: try object.optionalText("fPath") ?? "")
      if fonts[font.name] == nil { fonts[font.name] = font }
    }
    return fonts
  }
}

/// A glyph of the file (`chars`): its character, the font family and
/// style it belongs to, its advance and its outline at size 100.
struct Glyph: Sendable {
  var character: String
  var family: String
  var style: String
  /// `w`: the advance at size 100.
  var width: Double
  let paths: [BezierPath]
  /// The vertices of its paths (counted once: a text counts them per
  /// character against its bound).
  let vertexCount: Int

  init(character: String, family: String, style: String, width: Double, paths: [BezierPath]) {
    (self.character, self.family, self.style, self.width) = (character, family, style, width)
    self.paths = paths
    vertexCount = paths.reduce(0) { $0 + $1.vertices.count }
  }

  /// The most glyphs a file may hold.
  static let maximumGlyphs = 100_000

  static func readList(_ root: JSONRef) throws(ImportError) -> [Glyph] {
    guard let list = root.optional("chars") else { return [] }
    let items = try list.array()
    guard items.count <= maximumGlyphs else {
      throw ImportError(list.pointer, "more than \(maximumGlyphs) glyphs")
    }
    var glyphs: [Glyph] = []
    for item in items {
      let object = try item.object()
      var paths: [BezierPath] = []
      if let shapes = try object.optional("data")?.object().optional("shapes") {
        try collectPaths(shapes, into: &paths, depth: 0)
      }
      glyphs.append(
        Glyph(
          character: try object.optionalText("ch") ?? "",
          family: try object.optionalText("fFamily") ?? "",
          style: try object.optionalText("style") ?? "", width: try object.number("w", or: 0),
          paths: paths))
    }
    return glyphs
  }

  /// The paths (`sh`) of a glyph's shapes, in groups or not, as the
  /// players take them (transforms and paints in a glyph are not drawn).
  private static func collectPaths(_ list: JSONRef, into paths: inout [BezierPath], depth: Int)
    throws(ImportError)
  {
    guard depth < ShapeItem.maximumDepth else {
      throw ImportError(
        list.pointer, "glyph shapes nested more than \(ShapeItem.maximumDepth) deep")
    }
    for item in try list.array() {
      let object = try item.object()
      switch try object.optionalText("ty") {
      case "gr":
        if let children = object.optional("it") {
          try collectPaths(children, into: &paths, depth: depth + 1)
        }
      case "sh":
        let value = try object.required("ks")
        let animated = try AnimatedReader.read(value, loops: false) { (v) throws(ImportError) in
          try BezierPath.read(v)
        }
        paths.append(animated.first)
      default: break
      }
    }
  }
}

/// The file's glyphs by font, looked up once per text document: each
/// font's glyphs (by family and style) by character, the first of a
/// character kept, as the players find the first.
struct GlyphTable: Sendable {
  private var fonts: [String: Font] = [:]
  private var byFamilyStyle: [String: [String: Glyph]] = [:]
  private var byFamily: [String: [String: Glyph]] = [:]

  init(fonts: [String: Font], glyphs: [Glyph]) {
    self.fonts = fonts
    for glyph in glyphs {
      let key = glyph.family + "\u{0}" + glyph.style
      if byFamilyStyle[key, default: [:]][glyph.character] == nil {
        byFamilyStyle[key, default: [:]][glyph.character] = glyph
      }
      if byFamily[glyph.family, default: [:]][glyph.character] == nil {
        byFamily[glyph.family, default: [:]][glyph.character] = glyph
      }
    }
  }

  /// The font a document names (`f`, a font's `fName`) and its glyphs by
  /// character; for a name `fonts.list` lacks, the glyphs of the family of
  /// that name; nil when the file has none.
  func glyphs(forFont name: String) -> (font: Font?, glyphs: [String: Glyph])? {
    let font = fonts[name]
    let table = font.map { byFamilyStyle[$0.family + "\u{0}" + $0.style] } ?? byFamily[name]
    guard let table, !table.isEmpty else { return nil }
    return (font, table)
  }

  /// The font `fonts.list` names `name` (`fName`), else its first of the
  /// family `name` (a document may name a family, as glyphs do).
  func font(named name: String) -> Font? {
    fonts[name] ?? fonts.values.filter { $0.family == name }.min { $0.name < $1.name }
  }
}
