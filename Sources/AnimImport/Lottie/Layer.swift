/// One layer of a composition, read into what the importer needs.
struct Layer: Sendable {
  /// Lottie's layer types.
  enum Kind: Sendable {
    case precomp(reference: String, width: Double, height: Double)
    case solid(color: [Double], width: Double, height: Double)
    case image(reference: String)
    case null
    case shape([ShapeItem])
    /// A text layer, or why it cannot be read (a malformed text layer is
    /// left out with a note, as before anim drew text layers).
    /// Boxed (`indirect`): its payload made every layer 56 bytes larger.
    indirect case text(Result<TextLayer, ImportError>)
    case other(Int)
  }

  var kind: Kind
  var name: String
  /// `ind`: how parents and mattes name it.
  var index: Int?
  var parent: Int?
  var hidden: Bool
  var inPoint: Double
  var outPoint: Double
  var startTime: Double
  var stretch: Double
  var transform: ShapeTransform
  var is3D: Bool
  var blendMode: Int
  /// `tt`: 1 alpha, 2 alpha inverted, 3 luma, 4 luma inverted.
  var matteMode: Int
  /// `td`: this layer is a matte for another.
  var isMatte: Bool
  /// `tp`: the `ind` of its matte, when not the layer above.
  var matteParent: Int?
  var masks: [Mask]
  /// Layer effects (`ef`), which anim does not draw.
  var effects: [JSONRef]
  /// A time remap (`tm`).
  var timeRemap: JSONRef?
  /// The layers of its composition, which its properties' links name
  /// (``PropertyLink``): one index for them all, shared by every layer of
  /// the composition and every instance of a precomposition.
  var siblings: LayerNames
  var ref: JSONRef

  struct Mask: Sendable {
    /// `a` add, `s` subtract, `i` intersect, `n` none, others.
    var mode: String
    var path: Animated<BezierPath>
    /// Percent.
    var opacity: Animated<Double>
    var expansion: Animated<Double>
    var inverted: Bool
    var ref: JSONRef
  }

  /// Each `ind` of `layers` to the position of the first layer with it.
  static func positions(of layers: [Layer]) -> [Int: Int] {
    var byIndex: [Int: Int] = [:]
    for (i, layer) in layers.enumerated() {
      if let index = layer.index, byIndex[index] == nil { byIndex[index] = i }
    }
    return byIndex
  }

  /// Marks every layer a track matte takes its matte from (`tp`, else the
  /// layer above) as a matte, drawn only as one, whether or not the file
  /// says so with `td`: ThorVG and lottie-android take the matte layer out
  /// of the drawing by its use (files exported with Flow write no `td`).
  static func markMatteSources(_ layers: inout [Layer]) {
    let byIndex = positions(of: layers)
    for (i, layer) in layers.enumerated() where (1...4).contains(layer.matteMode) {
      if let source = matteSource(of: i, in: layers, byIndex: byIndex) {
        layers[source].isMatte = true
      }
    }
  }

  /// Where the matte of the layer at `position` is: the layer its `tp`
  /// names, else the one above it; nil when there is none.
  static func matteSource(of position: Int, in layers: [Layer], byIndex: [Int: Int]) -> Int? {
    let source = layers[position].matteParent.flatMap { byIndex[$0] } ?? (position - 1)
    return source >= 0 && source < layers.count && source != position ? source : nil
  }

  /// The layer at `ref`, one of its composition's `siblings` (which its
  /// properties' links may name); its repeaters' copies count down
  /// `budget` (``ShapeItem/readList(_:depth:budget:)``).
  static func read(_ ref: JSONRef, siblings: LayerNames, budget: inout Int) throws(ImportError)
    -> Layer
  {
    let object = try ref.object()
    let ip = try object.number("ip", or: 0)
    // A layer without an out point is never shown: ThorVG's and rlottie's
    // default is frame 0, and lottie-web compares with NaN.
    let op = try object.number("op", or: ip)
    // Its properties' loops repeat up to its out point (``KeyframeLoop``).
    let scope = LayerScope(outPoint: op, siblings: siblings)
    return try AnimatedReader.within(scope, of: ref) { () throws(ImportError) in
      try read(object, ref: ref, inPoint: ip, outPoint: op, siblings: siblings, budget: &budget)
    }
  }

  private static func read(
    _ object: JSONRef, ref: JSONRef, inPoint ip: Double, outPoint op: Double,
    siblings: LayerNames, budget: inout Int
  ) throws(ImportError) -> Layer {
    let type = try object.optionalInteger("ty") ?? -1
    let kind: Kind
    switch type {
    case 0:
      kind = .precomp(
        reference: try object.required("refId").text(), width: try object.number("w", or: 0),
        height: try object.number("h", or: 0))
    case 1:
      kind = .solid(
        color: try SolidColor.parse(object.required("sc")),
        width: try object.number("sw", or: 0), height: try object.number("sh", or: 0))
    case 2: kind = .image(reference: try object.required("refId").text())
    case 3: kind = .null
    case 4:
      kind = .shape(
        try object.optional("shapes").map { (list) throws(ImportError) in
          try ShapeItem.readList(list, depth: 0, budget: &budget)
        } ?? [])
    case 5:
      do throws(ImportError) {
        kind = .text(.success(try TextLayer.read(object.required("t"))))
      } catch {
        kind = .text(.failure(error))
      }
    default: kind = .other(type)
    }
    var masks: [Mask] = []
    if let list = object.optional("masksProperties") {
      for item in try list.array() {
        let mask = try item.object()
        var read = Mask(
          mode: try mask.optionalText("mode") ?? "a",
          path: try AnimatedReader.read(mask.required("pt"), loops: false) {
            (value) throws(ImportError) in
            try BezierPath.read(value, closed: mask.optional("cl")?.bool ?? true)
          },
          opacity: try mask.optional("o").map(AnimatedReader.number) ?? Animated(fixed: 100),
          expansion: try mask.optional("x").map(AnimatedReader.number) ?? Animated(fixed: 0),
          inverted: try mask.flag("inv"), ref: item)
        // An expansion is read into the path; one past the bounds stays
        // (and is noted).
        if read.expansion.isAnimated || read.expansion.first != 0,
          let path = PathModifiers.expanded(read.path, by: read.expansion)
        {
          (read.path, read.expansion) = (path, Animated(fixed: 0, ref: read.expansion.ref))
        }
        masks.append(read)
      }
    }
    var transform = try object.optional("ks").map(ShapeTransform.read) ?? .identity(ref)
    transform.autoOrient = try object.flag("ao")
    if try !object.flag("ddd") {
      // The players turn a 2D layer about z only.
      (transform.turnX, transform.turnY, transform.orientation) = (nil, nil, nil)
    }
    return Layer(
      kind: kind, name: try object.optionalText("nm") ?? "",
      index: try object.optionalInteger("ind"),
      parent: try object.optionalInteger("parent"), hidden: try object.flag("hd"),
      inPoint: ip, outPoint: op,
      startTime: try object.number("st", or: 0), stretch: try object.number("sr", or: 1),
      transform: transform, is3D: try object.flag("ddd"),
      blendMode: try object.optionalInteger("bm") ?? 0,
      matteMode: try object.optionalInteger("tt") ?? 0, isMatte: try object.flag("td"),
      matteParent: try object.optionalInteger("tp"), masks: masks,
      effects: try object.optional("ef")?.array() ?? [], timeRemap: object.optional("tm"),
      siblings: siblings, ref: ref)
  }
}

/// A solid layer's colour, `sc`: `"#rrggbb"`. An empty one is black, as
/// ThorVG draws it and lottie-web (whose SVG `fill=""` is no colour, so the
/// default black) does.
enum SolidColor {
  static func parse(_ ref: JSONRef) throws(ImportError) -> [Double] {
    let text = try ref.text()
    if text.isEmpty { return [0, 0, 0] }
    var digits = Array(text.utf8)
    if digits.first == UInt8(ascii: "#") { digits.removeFirst() }
    if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
    guard digits.count == 6 || digits.count == 8 else {
      throw ImportError(ref.pointer, "expected a colour \"#rrggbb\", found \"\(text)\"")
    }
    var channels: [Double] = []
    for k in 0..<3 {
      guard let high = JSONDocument.hexDigit(digits[2 * k]),
        let low = JSONDocument.hexDigit(digits[2 * k + 1])
      else { throw ImportError(ref.pointer, "expected a colour \"#rrggbb\", found \"\(text)\"") }
      channels.append(Double(high * 16 + low) / 255)
    }
    return channels
  }
}
