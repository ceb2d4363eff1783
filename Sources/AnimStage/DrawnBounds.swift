import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where drawn views lie in the world (SPEC §12.1–§12.2): a view is its
/// `width × height` rectangle centred on (x, y), scaled about its centre by
/// `scaleX`, `scaleY`, then rotated clockwise on screen by `rotation` degrees.
public enum DrawnBounds {
  /// The bounding box of one view's scaled and rotated rectangle.
  public static func of(_ state: some PropertyReading) -> StageRect {
    of(
      x: state.number(.x), y: state.number(.y), width: state.number(.width),
      height: state.number(.height), rotation: state.number(.rotation),
      scaleX: state.number(.scaleX), scaleY: state.number(.scaleY))
  }

  /// The bounding box of a rectangle `width × height` centred on (x, y),
  /// scaled, then rotated by `rotation` degrees.
  @inline(__always)
  static func of(
    x: Double, y: Double, width: Double, height: Double, rotation: Double, scaleX: Double,
    scaleY: Double
  ) -> StageRect {
    let hw = abs(width * scaleX) / 2
    let hh = abs(height * scaleY) / 2
    let (s, c) = sinCos(degrees: rotation)
    let ex = abs(c) * hw + abs(s) * hh
    let ey = abs(s) * hw + abs(c) * hh
    return StageRect(minX: x - ex, minY: y - ey, maxX: x + ex, maxY: y + ey)
  }

  /// The union of the bounds of every view `scene` draws, or nil when it
  /// draws none.
  public static func of(_ scene: Scene) -> StageRect? {
    var result: StageRect?
    scene.forEachDrawn { _, _, record in
      let r = of(record)
      result = result?.union(r) ?? r
    }
    return result
  }

  /// sin and cos of an angle in degrees, exact at multiples of 90° (so an
  /// unrotated view's bounds are exactly its frame).
  public static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
    let turn = degrees.truncatingRemainder(dividingBy: 360)
    switch turn {
    case 0: return (0, 1)
    case 90, -270: return (1, 0)
    case 180, -180: return (0, -1)
    case 270, -90: return (-1, 0)
    default:
      let r = turn * .pi / 180
      return (sin(r), cos(r))
    }
  }
}
