import AnimConsole
import AnimEngine
import AnimExport
import AnimFiles
import AnimRender
import ArgumentParser

/// `anim geometry`: a test hook, hidden from `--help`, that prints an
/// outline's data as JSON so the independent checkers
/// (`tests/checkers/test_outline.py`) can compare anim's geometry with
/// skia-python's and scipy's. Documented in docs/testing.md; not a
/// user-facing command, and its output may change with the checkers.
struct GeometryCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "geometry",
    abstract: "Print an outline as JSON (a test hook for the checkers).",
    shouldDisplay: false)

  @Option(help: "SVG path data.") var d: String?
  @Option(help: "rect, ellipse, polygon or star (instead of --d).") var kind: String?
  @Option var width: Double = 100
  @Option var height: Double = 100
  @Option(name: .customLong("corner-radius")) var cornerRadius: Double = 0
  @Option(help: "tl,tr,br,bl: a rect's four corner radii (instead of --corner-radius).")
  var corners: String?
  @Option var sides: Double = 5
  @Option var points: Double = 5
  @Option(name: .customLong("inner-radius")) var innerRadius: Double = 0.5
  @Option(name: .customLong("view-box"), help: "x,y,w,h: stretch --d onto --width × --height.")
  var viewBox: String?
  @Option(help: "s,e,o: print the trimmed piece instead of the outline.") var trim: String?
  @Option(name: .customLong("morph-to"), help: "Path data to morph into.") var morphTo: String?
  @Option(help: "The morph's progress.") var progress: Double = 0
  @Option(help: "Draw the outline into this PNG (with --trim as the stroke's) instead.")
  var png: String?
  @Option(help: "Write the same picture as an SVG document instead.") var svg: String?
  @Option(help: "Write the same picture as a one-frame Lottie document instead.")
  var lottie: String?
  @Option(name: .customLong("png-size"), help: "WxH pixels of the PNG.") var pngSize = "220x220"
  @Option(help: "Pixels per outline unit in the PNG.") var scale: Double = 1
  @Option(help: "x,y: the PNG pixel where the outline's (0, 0) goes.") var offset = "10,10"
  @Option(help: "Fill colour (#rrggbb or #rrggbbaa).") var fill: String?
  @Option(help: "Stroke colour.") var stroke: String?
  @Option(name: .customLong("stroke-width")) var strokeWidth: Double = 2
  @Option(help: "butt, round or square.") var cap = "butt"
  @Option(help: "miter, round or bevel.") var join = "miter"

  func run() throws {
    var outline = try build()
    if let morphTo {
      let other = try parse(morphTo)
      do {
        outline = try MorphPair(target: outline, other: other).outline(at: progress)
      } catch {
        try fail(MorphPair.message(for: error, target: "--d", other: "--morph-to"))
      }
    }
    if png != nil || svg != nil || lottie != nil {
      try draw(outline)
      return
    }
    if let trim {
      let values = try numbers(trim, count: 3, option: "--trim")
      outline = outline.trimmed(start: values[0], end: values[1], offset: values[2])
    }
    Terminal.writeLine(Self.json(outline))
    Terminal.flush()
  }

  /// Writes the outline, filled and stroked, as a PNG through Cairo.
  private func draw(_ outline: Outline) throws {
    func color(_ text: String?) throws -> Color? {
      guard let text else { return nil }
      guard let c = Color.parseHex(text) else { throw ValidationError("bad colour '\(text)'") }
      return c
    }
    var picture = OutlinePicture(outline)
    picture.fill = try color(fill)
    picture.stroke = try color(stroke)
    picture.strokeWidth = strokeWidth
    guard let cap = LineCap(rawValue: cap), let join = LineJoin(rawValue: join) else {
      throw ValidationError("--cap is butt, round or square; --join is miter, round or bevel")
    }
    picture.cap = cap
    picture.join = join
    if let trim {
      let t = try numbers(trim, count: 3, option: "--trim")
      picture.trim = (t[0], t[1], t[2])
    }
    let size = pngSize.split(separator: "x").compactMap { Int($0) }
    let at = try numbers(offset, count: 2, option: "--offset")
    guard size.count == 2 else { throw ValidationError("--png-size is WxH") }
    let white = Color(r: 1, g: 1, b: 1, a: 1)
    let origin = OutlinePoint(at[0], at[1])
    if let png {
      let bytes = try picture.rgba(
        width: size[0], height: size[1], scale: scale, offset: origin, background: white)
      try AtomicFile.write(
        bytes: try PNGFile.encode(bytes, width: size[0], height: size[1]), to: png)
    }
    if let svg {
      let text = picture.svg(
        width: size[0], height: size[1], scale: scale, offset: origin, background: white)
      try AtomicFile.write(text, to: svg)
    }
    if let lottie {
      try AtomicFile.write(lottieDocument(picture, size: size, origin: origin), to: lottie)
    }
  }

  /// One shape layer holding the picture's items (LottieShapes), placed by
  /// the layer's transform as the PNG places the outline.
  private func lottieDocument(_ picture: OutlinePicture, size: [Int], origin: OutlinePoint)
    -> String
  {
    func fixed(_ v: JSONValue) -> JSONValue { .object([("a", .integer(0)), ("k", v)]) }
    func pair(_ x: Double, _ y: Double) -> JSONValue { fixed(.array([.number(x), .number(y)])) }
    let items = LottieShapes.items(
      LottieShapes.paths(picture.outline), fill: picture.fill, stroke: picture.stroke,
      strokeWidth: picture.strokeWidth, cap: picture.cap, join: picture.join, trim: picture.trim)
    let layer: JSONValue = .object([
      ("ddd", .integer(0)), ("ind", .integer(1)), ("ty", .integer(4)), ("nm", .string("picture")),
      ("sr", .integer(1)),
      (
        "ks",
        .object([
          ("a", pair(0, 0)), ("p", pair(origin.x, origin.y)), ("s", pair(scale * 100, scale * 100)),
          ("r", fixed(.integer(0))), ("o", fixed(.integer(100))),
        ])
      ),
      ("ao", .integer(0)), ("shapes", .array(items)), ("ip", .integer(0)), ("op", .integer(1)),
      ("st", .integer(0)), ("bm", .integer(0)),
    ])
    let document: JSONValue = .object([
      ("v", .string(LottieWriter.version)), ("nm", .string("anim geometry")), ("ddd", .integer(0)),
      ("fr", .integer(30)), ("ip", .integer(0)), ("op", .integer(1)), ("w", .integer(size[0])),
      ("h", .integer(size[1])), ("assets", .array([])), ("layers", .array([layer])),
    ])
    return document.text
  }

  private func build() throws -> Outline {
    if let d {
      var outline = try parse(d)
      if let viewBox {
        let v = try numbers(viewBox, count: 4, option: "--view-box")
        do {
          let box = try ViewBox(x: v[0], y: v[1], width: v[2], height: v[3])
          outline = outline.fitted(box, width: width, height: height)
        } catch {
          try fail(error.message)
        }
      }
      return outline
    }
    switch kind ?? "rect" {
    case "rect":
      if let corners {
        let r = try numbers(corners, count: 4, option: "--corners")
        return .rectangle(
          width: width, height: height, corners: CornerRadii(r[0], r[1], r[2], r[3]))
      }
      return .rectangle(width: width, height: height, cornerRadius: cornerRadius)
    case "ellipse":
      return .ellipse(width: width, height: height)
    case "polygon":
      if let problem = Outline.validatePolygon(sides: sides) { try fail(problem.message) }
      return .polygon(sides: Int(sides), width: width, height: height)
    case "star":
      if let problem = Outline.validateStar(points: points, innerRadius: innerRadius) {
        try fail(problem.message)
      }
      return .star(points: Int(points), innerRadius: innerRadius, width: width, height: height)
    case let other:
      throw ValidationError("unknown kind '\(other)': rect, ellipse, polygon or star")
    }
  }

  private func parse(_ text: String) throws -> Outline {
    do {
      return try PathDataParser.parse(text)
    } catch {
      try fail(error.description)
    }
  }

  private func fail(_ message: String) throws -> Never {
    Terminal.writeError("anim: \(message)")
    Terminal.flush()
    throw ExitCode(ExitStatus.dataError)
  }

  private func numbers(_ text: String, count: Int, option: String) throws -> [Double] {
    let values = text.split(separator: ",").compactMap { Double($0) }
    guard values.count == count, !text.contains(",,") else {
      throw ValidationError("\(option) needs \(count) numbers separated by commas")
    }
    return values
  }

  /// The outline's subpaths, segment lengths, total length, bounds, SVG path
  /// data and Lottie form, numbers in their shortest round-trip form.
  static func json(_ outline: Outline) -> String {
    func number(_ x: Double) -> String { Outline.pathNumber(x) }
    func point(_ p: OutlinePoint) -> String { "[\(number(p.x)),\(number(p.y))]" }
    func list<T>(_ items: [T], _ each: (T) -> String) -> String {
      "[" + items.map(each).joined(separator: ",") + "]"
    }
    let subpaths = list(outline.subpaths) { s in
      let segments = list(s.segments) { c in
        "[\(number(c.control1.x)),\(number(c.control1.y)),\(number(c.control2.x)),"
          + "\(number(c.control2.y)),\(number(c.end.x)),\(number(c.end.y))]"
      }
      return "{\"start\":\(point(s.start)),\"segments\":\(segments),\"closed\":\(s.isClosed)}"
    }
    let lengths = list(outline.segmentLengths) { list($0, number) }
    let bounds =
      outline.bounds().map {
        "[\(number($0.minimum.x)),\(number($0.minimum.y)),\(number($0.maximum.x)),\(number($0.maximum.y))]"
      } ?? "null"
    let lottie = list(outline.lottiePaths) { p in
      "{\"v\":\(list(p.vertices, point)),\"i\":\(list(p.inTangents, point)),"
        + "\"o\":\(list(p.outTangents, point)),\"c\":\(p.isClosed)}"
    }
    let svg = outline.svgPathData
    return "{\"subpaths\":\(subpaths),\"lengths\":\(lengths),\"length\":\(number(outline.length)),"
      + "\"bounds\":\(bounds),\"svg\":\"\(svg)\",\"lottie\":\(lottie)}"
  }
}
