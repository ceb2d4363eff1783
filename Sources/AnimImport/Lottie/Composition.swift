import AnimEngine

/// A Lottie document read for import: the main composition, its
/// precompositions and images by id, with the limits of SPEC §25 checked.
struct Composition: Sendable {
  var frameRate: Double
  var inPoint: Double
  var outPoint: Double
  var width: Double
  var height: Double
  var name: String
  var layers: [Layer]
  /// Precompositions by id.
  var precomps: [String: Precomp]
  /// Image assets by id.
  var images: [String: Image]
  var ref: JSONRef
  /// The glyphs text layers are drawn with, by font.
  var glyphs: GlyphTable
  /// Each precomposition's layers with every precomposition in them
  /// expanded where it is used, by id (counted by ``checkPrecomps()``).
  var expandedLayers: [String: Double] = [:]

  struct Precomp: Sendable {
    var layers: [Layer]
    var ref: JSONRef
  }

  /// The precompositions in the file's order, so that a check refusing one
  /// names the same one on every run (a dictionary's order is not).
  var precompsInFileOrder: [Precomp] {
    precomps.values.sorted { $0.ref.index < $1.ref.index }
  }

  struct Image: Sendable {
    var width: Double
    var height: Double
    /// The file name or the data URI (`p`), and its folder (`u`).
    var path: String
    var folder: String
    var ref: JSONRef
  }

  /// The most layers a file may hold once every precomposition is expanded
  /// where it is used (SPEC §25).
  static let maximumExpandedLayers = 1_000_000

  static func read(_ document: JSONDocument) throws(ImportError) -> Composition {
    let root = try document.root.object()
    // Items repeaters may add in the whole file.
    var budget = ShapeRepeater.maximumItems
    let frameRate = try root.required("fr").finiteNumber()
    guard frameRate > 0, frameRate <= 1_000_000 else {
      throw ImportError(
        try root.required("fr").pointer,
        "the frame rate \(NumberFormat.exact(frameRate)) is outside anim's (0, 1000000]")
    }
    let inPoint = try root.number("ip", or: 0)
    let outPoint = try root.required("op").finiteNumber()
    guard outPoint > inPoint else {
      throw ImportError(
        try root.required("op").pointer,
        "the last frame (op \(NumberFormat.exact(outPoint))) must come after the first (ip \(NumberFormat.exact(inPoint)))"
      )
    }
    // anim's clock stops at 1e12 s (SPEC §6.1).
    guard (outPoint - inPoint) / frameRate <= 1e9 else {
      throw ImportError(
        try root.required("op").pointer,
        "the animation lasts longer than 1e9 seconds (anim's clock ends at 1e12)")
    }
    let width = try root.required("w").finiteNumber()
    let height = try root.required("h").finiteNumber()
    guard width > 0, height > 0 else {
      throw ImportError(
        root.pointer,
        "the size \(NumberFormat.exact(width)) × \(NumberFormat.exact(height)) must be greater than 0"
      )
    }
    var precomps: [String: Precomp] = [:]
    var images: [String: Image] = [:]
    if let assets = root.optional("assets") {
      for asset in try assets.array() {
        let object = try asset.object()
        let id = try object.required("id").idText()
        if let layers = object.optional("layers") {
          precomps[id] = Precomp(layers: try readLayers(layers, budget: &budget), ref: asset)
        } else if let path = object.optional("p") {
          // An image naming a slot shows the slot's asset (its w, h, u, p, e).
          let shown = try object.slotValue?.object() ?? object
          images[id] = Image(
            width: try shown.number("w", or: 0), height: try shown.number("h", or: 0),
            path: try (shown.optional("p") ?? path).text(),
            folder: try shown.optionalText("u") ?? "", ref: shown)
          // `e` says only what `p` shows (a `data:` URI or a name); its
          // type is still checked.
          _ = try shown.flag("e")
        }
      }
    }
    var composition = Composition(
      frameRate: frameRate, inPoint: inPoint, outPoint: outPoint, width: width, height: height,
      name: try root.optionalText("nm") ?? "",
      layers: try readLayers(root.required("layers"), budget: &budget),
      precomps: precomps, images: images, ref: root,
      glyphs: GlyphTable(fonts: try Font.readList(root), glyphs: try Glyph.readList(root)))
    try composition.checkPrecomps()
    try composition.checkImages()
    try checkParents(composition.layers)
    for precomp in composition.precompsInFileOrder { try checkParents(precomp.layers) }
    if let version = root.optional("v")?.string, Self.isBefore(version, [4, 1, 9]) {
      composition.scaleLegacyColors()
    }
    return composition
  }

  /// Whether the exporter version `text` ("5.7.0") is before `minimum`.
  static func isBefore(_ text: String, _ minimum: [Int]) -> Bool {
    let parts = text.split(separator: ".").map { Int($0) ?? 0 }
    for (i, m) in minimum.enumerated() {
      let v = i < parts.count ? parts[i] : 0
      if v != m { return v < m }
    }
    return false
  }

  /// Files before 4.1.9 write fill and stroke colours in 0…255 (as
  /// lottie-web reads them: it divides them by 255).
  mutating func scaleLegacyColors() {
    func scale(_ items: inout [ShapeItem]) {
      for i in items.indices {
        switch items[i].content {
        case .group(var children):
          scale(&children)
          items[i].content = .group(children)
        case .fill(var fill):
          fill.color = (try? fill.color.map { $0.map { $0 / 255 } }) ?? fill.color
          items[i].content = .fill(fill)
        case .stroke(var stroke):
          stroke.color = (try? stroke.color.map { $0.map { $0 / 255 } }) ?? stroke.color
          items[i].content = .stroke(stroke)
        default: break
        }
      }
    }
    func scale(_ layers: inout [Layer]) {
      for i in layers.indices {
        if case .shape(var items) = layers[i].kind {
          scale(&items)
          layers[i].kind = .shape(items)
        }
      }
    }
    scale(&layers)
    for id in precomps.keys { scale(&precomps[id]!.layers) }
  }

  private static func readLayers(_ ref: JSONRef, budget: inout Int) throws(ImportError)
    -> [Layer]
  {
    let items = try ref.array()
    // Reserved: doubling held the old and new arrays at once, 1.5 GB for a
    // million layers of 650 bytes each.
    var layers: [Layer] = []
    layers.reserveCapacity(items.count)
    let siblings = LayerNames(items)
    for item in items { layers.append(try Layer.read(item, siblings: siblings, budget: &budget)) }
    Layer.markMatteSources(&layers)
    return layers
  }

  /// The longest line of parents a layer may have: each ancestor is a level
  /// of the script's tree (its view, or a copy of its transform above the
  /// layer's), which anim bounds at `Scene.maximumDepth`.
  static let maximumParentDepth = Scene.maximumDepth

  /// Refuses parents that form a cycle (a layer its own ancestor) and lines
  /// of parents longer than ``maximumParentDepth``, in one pass: each
  /// layer's chain is walked until a layer already known to end, whose
  /// depth is known (so a line of 200 000 parents costs 200 000 steps, not
  /// the 2·10¹⁰ of walking it from every layer).
  static func checkParents(_ layers: [Layer]) throws(ImportError) {
    let byIndex = Layer.positions(of: layers)
    // 0 unknown, 1 on the chain being walked, 2 ends without a cycle.
    var state = [UInt8](repeating: 0, count: layers.count)
    // Ancestors above each layer whose state is 2.
    var depth = [Int](repeating: 0, count: layers.count)
    for start in layers.indices where state[start] == 0 {
      var chain: [Int] = []
      var current: Int? = start
      while let i = current, state[i] == 0 {
        state[i] = 1
        chain.append(i)
        current = layers[i].parent.flatMap { byIndex[$0] }
      }
      if let i = current, state[i] == 1 {
        throw ImportError(layers[i].ref.pointer + "/parent", "the layer's parents form a cycle")
      }
      // The chain, nearest the top last: each one more than the layer above.
      var above = current.map { depth[$0] + 1 } ?? 0
      for i in chain.reversed() {
        depth[i] = above
        state[i] = 2
        if above > maximumParentDepth {
          throw ImportError(
            layers[i].ref.pointer + "/parent",
            "the layer is \(above) parents deep; anim draws at most \(maximumParentDepth) "
              + "(each parent is a level of the script's tree of views)")
        }
        above += 1
      }
    }
  }

  /// Refuses image layers whose asset is not in the file (SPEC §25:
  /// missing assets are an error).
  func checkImages() throws(ImportError) {
    func check(_ layers: [Layer]) throws(ImportError) {
      for layer in layers {
        guard case .image(let id) = layer.kind, images[id] == nil else { continue }
        throw ImportError(layer.ref.pointer + "/refId", "no image asset with id '\(id)'")
      }
    }
    try check(layers)
    for precomp in precompsInFileOrder { try check(precomp.layers) }
  }

  /// The deepest precompositions may nest (each level is a level of the
  /// script's tree of views, whose depth the players bound; SPEC §17).
  static let maximumPrecompDepth = 64

  /// Refuses precompositions that contain themselves, references to ones
  /// that do not exist, nesting deeper than `maximumPrecompDepth`, and more
  /// than `maximumExpandedLayers` layers once every use is expanded —
  /// counted per precomposition once, never by expanding, and kept in
  /// ``expandedLayers``.
  mutating func checkPrecomps() throws(ImportError) {
    enum State { case visiting, done(Double) }
    var states: [String: State] = [:]
    func count(_ layers: [Layer], depth: Int) throws(ImportError) -> Double {
      var total = 0.0
      for layer in layers {
        total += 1
        guard case .precomp(let id, _, _) = layer.kind else { continue }
        let at = layer.ref.pointer + "/refId"
        switch states[id] {
        case .done(let n): total += n * Self.copies(of: layer)
        case .visiting:
          throw ImportError(at, "precomposition '\(id)' contains itself")
        case nil:
          guard let precomp = precomps[id] else {
            throw ImportError(at, "no precomposition with id '\(id)'")
          }
          guard depth < Self.maximumPrecompDepth else {
            throw ImportError(
              at, "precompositions nested deeper than \(Self.maximumPrecompDepth)")
          }
          states[id] = .visiting
          let n = try count(precomp.layers, depth: depth + 1)
          states[id] = .done(n)
          total += n * Self.copies(of: layer)
        }
        if total > Double(Self.maximumExpandedLayers) { throw tooMany() }
      }
      return total
    }
    _ = try count(layers, depth: 0)
    for (id, state) in states {
      if case .done(let n) = state { expandedLayers[id] = n }
    }
  }

  /// How many copies of its precomposition a layer may draw: one, or one
  /// a stretch of its time remap (its keyframes and one more, at most).
  static func copies(of layer: Layer) -> Double {
    guard let remap = layer.timeRemap, let tm = try? AnimatedReader.number(remap) else {
      return 1
    }
    return Double(tm.keyframes.count + 1)
  }

  private func tooMany() -> ImportError {
    ImportError(
      "",
      "more than \(Self.maximumExpandedLayers) layers once precompositions are expanded "
        + "(the limit of anim import)")
  }
}

extension JSONRef {
  /// An asset id: a string, or a number some exporters write.
  func idText() throws(ImportError) -> String {
    if let s = string { return s }
    if let n = number, n.isFinite { return NumberFormat.exact(n) }
    throw wrongType("a string")
  }
}
