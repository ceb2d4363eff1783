/// One item of a shape layer's `shapes` or a group's `it`, read into what
/// the importer needs. Items the importer does not draw keep their type so
/// that they can be named in a note.
struct ShapeItem: Sendable {
  indirect enum Content: Sendable {
    case group([ShapeItem])
    case path(Animated<BezierPath>)
    case rect(position: Animated<[Double]>, size: Animated<[Double]>, roundness: Animated<Double>)
    case ellipse(position: Animated<[Double]>, size: Animated<[Double]>)
    case star(Star)
    case fill(Fill)
    case stroke(Stroke)
    /// A gradient fill or stroke: its gradient, and `paint`, a fill or
    /// stroke of its average colour (what a matte's clip reads).
    case gradient(isStroke: Bool, paint: Content, gradient: GradientPaint)
    case transform(ShapeTransform)
    case trim(Trim)
    /// Round corners (`rd`), its radius: read into the shapes' paths
    /// (``RoundCorners``); the item stays only as a marker.
    case roundCorners(Animated<Double>)
    /// Offset paths (`op`): read into the shapes' paths (``PathModifiers``);
    /// the item stays only as a marker.
    case offset(Offset)
    /// Pucker and bloat (`pb`), its percent: read into the shapes' paths
    /// (``PathModifiers``); the item stays only as a marker.
    case puckerBloat(Animated<Double>)
    /// Zig zag (`zz`): read into the shapes' paths (``PathModifiers``);
    /// the item stays only as a marker.
    case zigZag(ZigZag)
    /// A repeater, before ``ShapeRepeater/expand(_:)`` reads it into
    /// groups.
    case repeater(ShapeRepeater)
    /// What the importer draws otherwise than the file says, and the note
    /// that says so (a repeater that moves).
    case approximation(String)
    /// An item the importer does not draw (merge paths, …).
    case other(type: String)
  }

  var content: Content
  var name: String
  var hidden: Bool
  /// Lottie's `d`: 3 draws the shape the other way round.
  var reversed: Bool
  var ref: JSONRef
  /// Which copy of which repeaters this is, outermost first (empty: the
  /// item as the file lists it).
  var copy: [Int] = []
  /// A group that is one copy of a repeater of one path: drawn into one
  /// picture, then at its opacity, as ThorVG fades a shape's fill and
  /// stroke as a whole. A copy of several paths is a plain group, its
  /// opacity multiplied into each of its shapes as the players fade them.
  var fadesAsOnePicture = false

  struct Star: Sendable {
    var isPolygon: Bool
    var position: Animated<[Double]>
    var outerRadius: Animated<Double>
    var innerRadius: Animated<Double>
    var outerRoundness: Animated<Double>
    var innerRoundness: Animated<Double>
    var points: Animated<Double>
    var rotation: Animated<Double>
  }

  struct Fill: Sendable {
    var color: Animated<[Double]>
    /// Percent.
    var opacity: Animated<Double>
    var evenOdd: Bool
    /// A gradient's average opacity (its opacity stops), 0…1.
    var gradientAlpha = 1.0
  }

  struct Stroke: Sendable {
    var color: Animated<[Double]>
    var opacity: Animated<Double>
    var width: Animated<Double>
    /// 1 butt, 2 round, 3 square.
    var cap: Int
    /// 1 miter, 2 round, 3 bevel.
    var join: Int
    var miterLimit: Double
    var dashes: JSONRef?
    var gradientAlpha = 1.0
  }

  struct Offset: Sendable {
    /// How far the outline moves out (in when negative), in the layer's
    /// units.
    var amount: Animated<Double>
    /// 1 miter, 2 round, 3 bevel.
    var join: Int
    var miterLimit: Animated<Double>
  }

  struct ZigZag: Sendable {
    /// How far each point moves off the path (`s`).
    var size: Animated<Double>
    /// Points per segment (`r`), rounded.
    var ridges: Animated<Double>
    /// Smooth points (`pt` 2) rather than corners (1).
    var smooth: Bool
  }

  struct Trim: Sendable {
    /// Percent.
    var start: Animated<Double>
    var end: Animated<Double>
    /// Degrees (360 is the whole outline).
    var offset: Animated<Double>
    /// 1 simultaneously, 2 individually.
    var mode: Int
  }

  /// The deepest groups may nest (the importer walks them recursively).
  static let maximumDepth = 64

  /// The items of `ref`, their repeaters read into copies at the cost of
  /// `budget` (items the copies may add in the whole file, counted down).
  static func readList(_ ref: JSONRef, depth: Int, budget: inout Int) throws(ImportError)
    -> [ShapeItem]
  {
    guard depth <= maximumDepth else {
      throw ImportError(ref.pointer, "shape groups nested deeper than \(maximumDepth)")
    }
    let items = try ref.array()
    try ref.tally(items.count, of: "shape items", limit: maximumItemsInAll)
    var result: [ShapeItem] = []
    result.reserveCapacity(items.count)
    for item in items { result.append(try read(item, depth: depth, budget: &budget)) }
    let rounded = RoundCorners.apply(
      ShapeRepeater.expand(result, budget: &budget), budget: &budget)
    return PathModifiers.apply(rounded, budget: &budget)
  }

  /// The most shape items (groups, shapes, paints, modifiers) a file's
  /// layers may hold in all, as read: each becomes a view or part of one,
  /// and a layer of 532 000 groups (50 MB) passed 1.4 GB importing. The
  /// most of 2 306 public files holds 3 564.
  static let maximumItemsInAll = 200_000

  static func read(_ ref: JSONRef, depth: Int, budget: inout Int) throws(ImportError)
    -> ShapeItem
  {
    let item = try ref.object()
    let type = try item.optionalText("ty") ?? ""
    let name = try item.optionalText("nm") ?? ""
    let hidden = try item.flag("hd")
    // `d` is a shape's direction (3: reversed); a stroke's `d` is its dashes.
    let reversed = ["rc", "el", "sr", "sh"].contains(type) && item.optional("d")?.number == 3
    func prop(_ key: String) throws(ImportError) -> JSONRef { try item.required(key) }
    // A missing position or size is the players' default, [0, 0].
    func point(_ key: String) throws(ImportError) -> Animated<[Double]> {
      guard let value = item.optional(key) else { return Animated(fixed: [0, 0]) }
      return try AnimatedReader.point(value)
    }
    // A paint without a colour is white, as both players draw it (a
    // minified file leaves out what it takes for a default).
    func color() throws(ImportError) -> Animated<[Double]> {
      guard let value = item.optional("c") else { return Animated(fixed: [1, 1, 1]) }
      return try AnimatedReader.color(value)
    }
    func number(_ key: String, or fallback: Double) throws(ImportError) -> Animated<Double> {
      guard let value = item.optional(key) else { return Animated(fixed: fallback) }
      return try AnimatedReader.number(value)
    }
    let content: Content
    switch type {
    case "gr":
      if let list = item.optional("it") {
        content = .group(try readList(list, depth: depth + 1, budget: &budget))
      } else {
        content = .group([])
      }
    case "sh":
      let closed = item.optional("closed")?.bool
      content = .path(
        try AnimatedReader.read(prop("ks"), loops: false) { (value) throws(ImportError) in
          try BezierPath.read(value, closed: closed)
        })
    case "rc":
      content = .rect(
        position: try point("p"), size: try point("s"), roundness: try number("r", or: 0))
    case "el":
      content = .ellipse(position: try point("p"), size: try point("s"))
    case "sr":
      content = .star(
        Star(
          isPolygon: try item.optionalNumber("sy") == 2,
          position: try point("p"),
          outerRadius: try number("or", or: 0), innerRadius: try number("ir", or: 0),
          outerRoundness: try number("os", or: 0), innerRoundness: try number("is", or: 0),
          points: try number("pt", or: 5), rotation: try number("r", or: 0)))
    case "fl":
      content = .fill(
        Fill(
          color: try color(), opacity: try number("o", or: 100),
          evenOdd: try item.optionalNumber("r") == 2))
    case "st":
      content = .stroke(
        Stroke(
          color: try color(), opacity: try number("o", or: 100),
          width: try number("w", or: 1), cap: try item.optionalInteger("lc") ?? 2,
          join: try item.optionalInteger("lj") ?? 2, miterLimit: try item.number("ml", or: 4),
          dashes: item.optional("d").flatMap { $0.count > 0 ? $0 : nil }))
    case "gf", "gs":
      var gradient = try prop("g").object()
      // A gradient's slot (named by its stops, `g.k.sid`) holds the whole
      // `g`: the count of colour stops and the stops (as ThorVG reads it).
      if let slot = gradient.optional("k")?.slotValue, slot.optional("k") != nil,
        slot.optional("p") != nil
      {
        gradient = try slot.object()
      }
      let count = try gradient.optionalInteger("p") ?? 0
      let stops = try AnimatedReader.read(gradient.required("k"), loops: false) {
        (value) throws(ImportError) in try value.numbers()
      }
      let color = try stops.map { GradientAverage.color($0, count: count) }
      let alpha = GradientAverage.alpha(stops.first, count: count)
      let paint = try GradientPaint.read(item, stops: stops, count: count)
      if type == "gf" {
        var fill = Fill(
          color: color, opacity: try number("o", or: 100),
          evenOdd: try item.optionalNumber("r") == 2)
        fill.gradientAlpha = alpha
        content = .gradient(isStroke: false, paint: .fill(fill), gradient: paint)
      } else {
        var stroke = Stroke(
          color: color, opacity: try number("o", or: 100),
          width: try number("w", or: 1), cap: try item.optionalInteger("lc") ?? 2,
          join: try item.optionalInteger("lj") ?? 2, miterLimit: try item.number("ml", or: 4),
          dashes: item.optional("d").flatMap { $0.count > 0 ? $0 : nil })
        stroke.gradientAlpha = alpha
        content = .gradient(isStroke: true, paint: .stroke(stroke), gradient: paint)
      }
    case "tr":
      var transform = try ShapeTransform.read(item)
      // A group turns about z only (the players read `rx`, `ry` and `or`
      // of 3D layers alone).
      (transform.turnX, transform.turnY, transform.orientation) = (nil, nil, nil)
      content = .transform(transform)
    case "rp":
      content = .repeater(try ShapeRepeater.read(ref))
    case "rd":
      content = .roundCorners(try number("r", or: 0))
    case "zz":
      content = .zigZag(
        ZigZag(
          size: try number("s", or: 0), ridges: try number("r", or: 0),
          smooth: try number("pt", or: 1).first == 2))
    case "pb":
      content = .puckerBloat(try number("a", or: 0))
    case "op":
      content = .offset(
        Offset(
          amount: try number("a", or: 0), join: try item.optionalInteger("lj") ?? 1,
          miterLimit: try number("ml", or: 4)))
    case "tm":
      content = .trim(
        Trim(
          start: try number("s", or: 0), end: try number("e", or: 100),
          offset: try number("o", or: 0), mode: try item.optionalInteger("m") ?? 1))
    default:
      content = .other(type: type)
    }
    return ShapeItem(content: content, name: name, hidden: hidden, reversed: reversed, ref: ref)
  }
}

/// A gradient's average colour and opacity: each channel integrated over
/// the offsets 0…1 (linear between stops, the end stops' values beyond).
enum GradientAverage {
  /// Stops as Lottie writes them: `count` colour stops (offset, r, g, b),
  /// then opacity stops (offset, alpha).
  static func color(_ values: [Double], count: Int) -> [Double] {
    let n = min(max(count, 0), values.count / 4)
    guard n > 0 else { return [0, 0, 0] }
    let stops = (0..<n).map { Array(values[4 * $0..<4 * $0 + 4]) }
    return (1...3).map { c in average(stops.map { ($0[0], $0[c]) }) }
  }

  static func alpha(_ values: [Double], count: Int) -> Double {
    let n = min(max(count, 0), values.count / 4)
    let rest = Array(values.dropFirst(4 * n))
    guard rest.count >= 2 else { return 1 }
    let stops = stride(from: 0, to: rest.count - 1, by: 2).map { (rest[$0], rest[$0 + 1]) }
    return average(stops)
  }

  private static func average(_ stops: [(Double, Double)]) -> Double {
    let sorted = stops.sorted { $0.0 < $1.0 }
    guard let first = sorted.first, let last = sorted.last else { return 0 }
    var total = first.1 * min(max(first.0, 0), 1)
    for (a, b) in zip(sorted, sorted.dropFirst()) {
      let from = min(max(a.0, 0), 1)
      let to = min(max(b.0, 0), 1)
      total += (to - from) * (a.1 + b.1) / 2
    }
    total += last.1 * (1 - min(max(last.0, 0), 1))
    return total
  }
}

/// A transform: a layer's `ks` or a group's `tr`. Position is either one
/// point or split into x and y; scale and opacity are percent.
struct ShapeTransform: Sendable {
  var anchor: Animated<[Double]>
  var position: Animated<[Double]>?
  var scale: Animated<[Double]>
  var rotation: Animated<Double>
  var opacity: Animated<Double>
  var skew: Animated<Double>
  var ref: JSONRef
  /// A layer's auto-orient (`ao`): turned to its position's direction of
  /// travel (after its position, before its own rotation). Never set on a
  /// group's transform.
  var autoOrient = false

  /// What few transforms have, held apart (an empty array when none) so
  /// that every layer and group does not carry it: a transform was 408
  /// bytes, and a file of a million layers held them all.
  private struct Rare: Sendable {
    var positionX: Animated<Double>?
    var positionY: Animated<Double>?
    var turnsOutOfPlane: JSONRef?
    var turnX: Animated<Double>?
    var turnY: Animated<Double>?
    var orientation: JSONRef?
    var skewAxis: Animated<Double>?
  }
  private var rare: [Rare] = []

  private func rare<T>(_ path: KeyPath<Rare, T?>) -> T? { rare.first?[keyPath: path] }

  private mutating func setRare<T>(_ path: WritableKeyPath<Rare, T?>, _ value: T?) {
    if rare.isEmpty {
      guard value != nil else { return }
      rare = [Rare()]
    }
    rare[0][keyPath: path] = value
  }

  init(
    anchor: Animated<[Double]>, position: Animated<[Double]>?, positionX: Animated<Double>?,
    positionY: Animated<Double>?, scale: Animated<[Double]>, rotation: Animated<Double>,
    opacity: Animated<Double>, skew: Animated<Double>, ref: JSONRef
  ) {
    self.anchor = anchor
    self.position = position
    self.scale = scale
    self.rotation = rotation
    self.opacity = opacity
    self.skew = skew
    self.ref = ref
    self.positionX = positionX
    self.positionY = positionY
  }

  /// Position split into x and y (`p.s`), when it is.
  var positionX: Animated<Double>? {
    get { rare(\.positionX) }
    set { setRare(\.positionX, newValue) }
  }
  var positionY: Animated<Double>? {
    get { rare(\.positionY) }
    set { setRare(\.positionY, newValue) }
  }
  /// Where the transform turns about x or y (`rx`, `ry` not 0): anim turns
  /// about z only, unless the layer is 3D (``turnX``, ``turnY``).
  var turnsOutOfPlane: JSONRef? {
    get { rare(\.turnsOutOfPlane) }
    set { setRare(\.turnsOutOfPlane, newValue) }
  }
  /// A 3D layer's rotations about x and y (`rx`, `ry`, degrees), drawn as
  /// ThorVG and lottie-web draw them, without perspective
  /// (`SceneBuilder+Turn3D`); nil on a 2D layer, whose `rx` and `ry` the
  /// players leave out too.
  var turnX: Animated<Double>? {
    get { rare(\.turnX) }
    set { setRare(\.turnX, newValue) }
  }
  var turnY: Animated<Double>? {
    get { rare(\.turnY) }
    set { setRare(\.turnY, newValue) }
  }
  /// A 3D layer's orientation (`or`) when not 0: noted, not drawn.
  var orientation: JSONRef? {
    get { rare(\.orientation) }
    set { setRare(\.orientation, newValue) }
  }
  /// The axis the skew (`skew`, `sk`) slants along (`sa`, degrees); a
  /// fixed 0 with nothing to note is not held.
  var skewAxis: Animated<Double> {
    get { rare(\.skewAxis) ?? Animated(fixed: 0) }
    set {
      let plain =
        !newValue.isAnimated && newValue.first.bitPattern == (0.0).bitPattern
        && !newValue.hasExpression && !newValue.reordered
      setRare(\.skewAxis, plain ? nil : newValue)
    }
  }

  /// No transform at all (a layer without `ks`).
  static func identity(_ ref: JSONRef) -> ShapeTransform {
    ShapeTransform(
      anchor: Animated(fixed: [0, 0]), position: Animated(fixed: [0, 0]), positionX: nil,
      positionY: nil, scale: Animated(fixed: [100, 100]), rotation: Animated(fixed: 0),
      opacity: Animated(fixed: 100), skew: Animated(fixed: 0), ref: ref)
  }

  static func read(_ ref: JSONRef) throws(ImportError) -> ShapeTransform {
    let object = try ref.object()
    func point(_ key: String, _ fallback: [Double]) throws(ImportError) -> Animated<[Double]> {
      guard let value = object.optional(key) else { return Animated(fixed: fallback) }
      return try AnimatedReader.point(value)
    }
    func number(_ key: String, _ fallback: Double) throws(ImportError) -> Animated<Double> {
      guard let value = object.optional(key) else { return Animated(fixed: fallback) }
      return try AnimatedReader.number(value)
    }
    var result = ShapeTransform(
      anchor: try point("a", [0, 0]), position: nil, positionX: nil, positionY: nil,
      scale: try point("s", [100, 100]),
      rotation: try object.optional("r") != nil ? number("r", 0) : number("rz", 0),
      opacity: try number("o", 100), skew: try number("sk", 0), ref: ref)
    result.skewAxis = try number("sa", 0)
    for key in ["rx", "ry"] where object.optional(key) != nil {
      let angle = try number(key, 0)
      if result.turnsOutOfPlane == nil && (angle.isAnimated || angle.first != 0) {
        result.turnsOutOfPlane = angle.ref ?? ref
      }
      if angle.isAnimated || angle.first != 0 {
        if key == "rx" { result.turnX = angle } else { result.turnY = angle }
      }
    }
    if let value = object.optional("or") {
      let orientation = try AnimatedReader.point(value)
      if orientation.isAnimated || orientation.first.contains(where: { $0 != 0 }) {
        result.orientation = orientation.ref ?? ref
      }
    }
    if let p = object.optional("p") {
      if try p.object().flag("s") {
        result.positionX = try AnimatedReader.number(p.required("x"))
        result.positionY = try AnimatedReader.number(p.required("y"))
      } else {
        result.position = try AnimatedReader.point(p)
      }
    } else {
      result.position = Animated(fixed: [0, 0])
    }
    return result
  }
}
