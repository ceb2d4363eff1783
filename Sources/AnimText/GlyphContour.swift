/// One closed contour of a glyph as cubic Bézier segments (SPEC §16.1: every
/// outline is cubics; TrueType's quadratics are raised to cubics exactly).
public struct GlyphContour: Equatable, Sendable {
  /// Where the contour starts.
  public var start: (x: Double, y: Double)
  /// Each segment's two control points and end point.
  public var segments:
    [(c1: (x: Double, y: Double), c2: (x: Double, y: Double), end: (x: Double, y: Double))]

  public static func == (a: GlyphContour, b: GlyphContour) -> Bool {
    a.start == b.start
      && a.segments.elementsEqual(b.segments) {
        $0.c1 == $1.c1 && $0.c2 == $1.c2 && $0.end == $1.end
      }
  }

  /// The contours of a flat command list as `anim_text_outline` writes it.
  static func contours(from commands: ArraySlice<Double>) -> [GlyphContour] {
    var contours: [GlyphContour] = []
    var i = commands.startIndex
    var current = (x: 0.0, y: 0.0)
    func take(_ n: Int) -> [Double] {
      defer { i += n }
      return Array(commands[i..<min(i + n, commands.endIndex)])
    }
    while i < commands.endIndex {
      let op = Int(commands[i])
      i += 1
      switch op {
      case 0:
        let p = take(2)
        current = (p[0], p[1])
        contours.append(GlyphContour(start: current, segments: []))
      case 1:
        let p = take(2)
        let end = (x: p[0], y: p[1])
        contours[contours.count - 1].segments.append(
          (
            (current.x + (end.x - current.x) / 3, current.y + (end.y - current.y) / 3),
            (current.x + 2 * (end.x - current.x) / 3, current.y + 2 * (end.y - current.y) / 3), end
          ))
        current = end
      case 2:
        let p = take(4)
        let control = (x: p[0], y: p[1]), end = (x: p[2], y: p[3])
        // A quadratic is the cubic with controls two thirds of the way to its
        // one control point (degree elevation, exact).
        contours[contours.count - 1].segments.append(
          (
            (
              current.x + 2 * (control.x - current.x) / 3,
              current.y + 2 * (control.y - current.y) / 3
            ),
            (end.x + 2 * (control.x - end.x) / 3, end.y + 2 * (control.y - end.y) / 3), end
          ))
        current = end
      default:
        let p = take(6)
        let end = (x: p[4], y: p[5])
        contours[contours.count - 1].segments.append(((p[0], p[1]), (p[2], p[3]), end))
        current = end
      }
    }
    // A contour that is only a move (a stray point) draws nothing.
    return contours.filter { !$0.segments.isEmpty }
  }

  /// The contour placed: font units (y up) scaled by `scale` with its origin
  /// at (`x`, `baseline`) in a box whose y grows down.
  func placed(x: Double, baseline: Double, scale: Double) -> GlyphContour {
    func map(_ p: (x: Double, y: Double)) -> (x: Double, y: Double) {
      (x + p.x * scale, baseline - p.y * scale)
    }
    return GlyphContour(
      start: map(start), segments: segments.map { (map($0.c1), map($0.c2), map($0.end)) })
  }
}
