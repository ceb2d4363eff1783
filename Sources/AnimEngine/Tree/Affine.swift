#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 2-D affine map, `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty` (the
/// layout of SVG's `matrix(a b c d e f)` and Cairo's `cairo_matrix_t`).
public struct Affine: Sendable, Equatable {
  public var a, b, c, d, tx, ty: Double

  /// A map from its six numbers.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The map that changes nothing.
  public static let identity = Affine(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// `self` after `inner`: `(self · inner)(p) = self(inner(p))`.
  @inline(__always)
  public func concatenating(_ inner: Affine) -> Affine {
    Affine(
      a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
      c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
      tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
  }

  /// The image of the point (x, y).
  @inline(__always)
  public func apply(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
    (a * x + c * y + tx, b * x + d * y + ty)
  }

  /// The image of an outline point.
  @inline(__always)
  public func apply(_ p: OutlinePoint) -> OutlinePoint {
    OutlinePoint(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
  }

  /// A view's own transform (SPEC §16.1), from its box's coordinates to its
  /// parent's (or the world's): `T(x, y) · R(rotation) · S(scaleX, scaleY) ·
  /// T(−ax·w, −ay·h)`, with w and h the box's drawn size (their magnitudes).
  @inline(__always)
  public static func placing(_ v: some PropertyReading) -> Affine {
    placing(v, scale: 1, at: (v.number(.x), v.number(.y)))
  }

  /// A view's own transform followed by a uniform `scale` about its
  /// position, with its position moved to `origin`: the transform from its
  /// box to pixels in a flat scene (`scale` the stage's pixels per point,
  /// `origin` its (x, y) in pixels). The one place the placement is
  /// computed: with scale 1 and origin (x, y) it is ``placing(_:)``, number
  /// for number (a scale of 1 multiplies exactly).
  @inline(__always)
  public static func placing(
    _ v: some PropertyReading, scale k: Double, at origin: (x: Double, y: Double)
  ) -> Affine {
    let w = abs(v.number(.width))
    let h = abs(v.number(.height))
    let sx = v.number(.scaleX) * k
    let sy = v.number(.scaleY) * k
    let (sin, cos) = sinCos(degrees: v.number(.rotation))
    let (a, b, c, d) = (cos * sx, sin * sx, -sin * sy, cos * sy)
    let ax = -v.number(.anchorX) * w
    let ay = -v.number(.anchorY) * h
    return Affine(
      a: a, b: b, c: c, d: d, tx: origin.x + a * ax + c * ay, ty: origin.y + b * ax + d * ay)
  }

  /// sin and cos of an angle in degrees, exact at multiples of 90° (so an
  /// unrotated view's corners are exact).
  @inline(__always)
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
