/// The outline as text and values for the writers: SVG path data and
/// Lottie's path form.
extension Outline {
  /// SVG path data: `M x y` for each subpath, `C` with three points for each
  /// segment, `Z` after a closed one. Numbers are written by
  /// ``pathNumber(_:)``: the shortest text that reads back as the same
  /// double, so a browser draws exactly anim's geometry.
  public var svgPathData: String {
    var text = ""
    func point(_ p: OutlinePoint) {
      text += Self.pathNumber(p.x)
      text += " "
      text += Self.pathNumber(p.y)
    }
    for subpath in subpaths {
      if !text.isEmpty { text += " " }
      text += "M"
      point(subpath.start)
      for segment in subpath.segments {
        text += " C"
        point(segment.control1)
        text += " "
        point(segment.control2)
        text += " "
        point(segment.end)
      }
      if subpath.isClosed { text += " Z" }
    }
    return text
  }

  /// A number for path data: the shortest decimal that reads back as the
  /// same double (`0.1`, `12`, `-3.5`, `1e-07`), `0` for ±0.
  ///
  /// Not ``NumberText/format(_:)``: that writes 6 significant digits, for
  /// people; path data must carry the geometry unchanged to the browser, so
  /// it needs all 17 when they matter. Swift's own description is the
  /// shortest round-trip form; only its `.0` on whole numbers is dropped
  /// (SVG reads `1e-07` and `1e+16` as written). Outlines hold only finite
  /// numbers.
  public static func pathNumber(_ value: Double) -> String {
    if value == 0 { return "0" }
    // Never `inf` or `nan` in path data (issue 32; ``NumberText/written(_:)``).
    guard value.isFinite else { return NumberText.written(value) }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text
  }

  /// Lottie's form of each subpath (a shape's `ks` value, one per subpath).
  public var lottiePaths: [LottiePath] { subpaths.map(LottiePath.init) }
}

/// One subpath in Lottie's path form: vertices, each with its in and out
/// tangents relative to it, and a closed flag. For a closed subpath the last
/// segment (back to the first vertex) is drawn from the last vertex's out
/// tangent and the first vertex's in tangent, so no vertex is repeated.
public struct LottiePath: Sendable, Equatable {
  /// The on-curve points (`v`).
  public var vertices: [OutlinePoint]
  /// The incoming control point of each vertex, relative to it (`i`).
  public var inTangents: [OutlinePoint]
  /// The outgoing control point of each vertex, relative to it (`o`).
  public var outTangents: [OutlinePoint]
  /// Whether the path is closed (`c`).
  public var isClosed: Bool

  /// The Lottie form of `subpath` (same curves, same start and direction).
  public init(_ subpath: Subpath) {
    let segments = subpath.segments
    let vertices = subpath.vertices
    var inTangents = [OutlinePoint](repeating: .zero, count: vertices.count)
    var outTangents = [OutlinePoint](repeating: .zero, count: vertices.count)
    for (i, segment) in segments.enumerated() {
      let startIndex = i
      let endIndex = subpath.isClosed ? (i + 1) % vertices.count : i + 1
      outTangents[startIndex] = segment.control1 - vertices[startIndex]
      inTangents[endIndex] = segment.control2 - vertices[endIndex]
    }
    self.vertices = vertices
    self.inTangents = inTangents
    self.outTangents = outTangents
    self.isClosed = subpath.isClosed
  }
}
