import AnimEngine

/// A glyph's contours as the engine's one outline type (SPEC §16.1: every
/// outline is cubics; TrueType's quadratics are raised to cubics exactly).
extension Outline {
  /// The closed contours of a flat command list as `anim_text_outline`
  /// writes it (0 move x y, 1 line x y, 2 quadratic cx cy x y, 3 cubic
  /// c1x c1y c2x c2y x y), in font units.
  static func glyph(from commands: ArraySlice<Double>) -> Outline {
    var subpaths: [Subpath] = []
    var start = OutlinePoint(0, 0)
    var current = start
    var segments: [CubicSegment] = []
    func finish() {
      // A contour that is only a move (a stray point) draws nothing.
      if !segments.isEmpty {
        subpaths.append(Subpath(start: start, segments: segments, isClosed: true))
      }
      segments = []
    }
    var i = commands.startIndex
    func take(_ n: Int) -> [Double] {
      defer { i += n }
      let taken = Array(commands[i..<min(i + n, commands.endIndex)])
      return taken + [Double](repeating: 0, count: n - taken.count)
    }
    while i < commands.endIndex {
      let op = Int(commands[i])
      i += 1
      switch op {
      case 0:
        finish()
        let p = take(2)
        start = OutlinePoint(p[0], p[1])
        current = start
      case 1:
        let p = take(2)
        let end = OutlinePoint(p[0], p[1])
        segments.append(.line(from: current, to: end))
        current = end
      case 2:
        let p = take(4)
        let control = OutlinePoint(p[0], p[1])
        let end = OutlinePoint(p[2], p[3])
        // A quadratic is the cubic with controls two thirds of the way to its
        // one control point (degree elevation, exact).
        segments.append(
          CubicSegment(
            current + 2 * (control - current) / 3, end + 2 * (control - end) / 3, end))
        current = end
      default:
        let p = take(6)
        let end = OutlinePoint(p[4], p[5])
        segments.append(
          CubicSegment(OutlinePoint(p[0], p[1]), OutlinePoint(p[2], p[3]), end))
        current = end
      }
    }
    finish()
    return Outline(subpaths)
  }

  /// The outline placed: font units (y up) scaled by `scale` with its origin
  /// at (`x`, `baseline`) in a box whose y grows down.
  func placed(x: Double, baseline: Double, scale: Double) -> Outline {
    mapped { OutlinePoint(x + $0.x * scale, baseline - $0.y * scale) }
  }
}
