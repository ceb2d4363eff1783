#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// SVG's elliptical arc command as cubic Bézier segments, following the SVG
/// 1.1 implementation notes (F.6): endpoints to centre parameterisation
/// (F.6.5), out-of-range radii scaled up until the arc just fits (F.6.6), a
/// zero radius drawn as a straight line and identical endpoints drawn as
/// nothing (F.6.2). The sweep is cut into the fewest equal pieces of at most
/// 90°, each drawn with handles 4/3·tan(δ/4) of its radius (the cubic that
/// meets the circle at both ends and the middle with the right tangents).
public enum ArcConversion {
  /// The segments from `start` to `end` of the arc with radii `radii`, the
  /// ellipse's x axis turned by `rotation` degrees, and SVG's flags.
  public static func cubics(
    from start: OutlinePoint, to end: OutlinePoint, radii: OutlinePoint, rotation: Double,
    largeArc: Bool, sweep: Bool
  ) -> [CubicSegment] {
    if start == end { return [] }
    var rx = abs(radii.x)
    var ry = abs(radii.y)
    if rx == 0 || ry == 0 { return [.line(from: start, to: end)] }
    let phi = rotation.truncatingRemainder(dividingBy: 360) * Double.pi / 180
    let cosPhi = cos(phi)
    let sinPhi = sin(phi)
    // F.6.5.1: half the chord in the ellipse's own axes, as fractions of
    // its radii (a, b). Working in these ratios instead of F.6.5.2's
    // products of squares keeps radii of 1e200 or 1e-200 from overflowing.
    let half = (start - end) / 2
    var a = (cosPhi * half.x + sinPhi * half.y) / rx
    var b = (-sinPhi * half.x + cosPhi * half.y) / ry
    let h = hypot(a, b)
    guard h.isFinite, h > 0 else { return [.line(from: start, to: end)] }
    // F.6.6.2-3: radii too small to reach are scaled up (by √Λ = h), and the
    // centre is then the chord's midpoint; F.6.5.2 otherwise, where the
    // square root's argument (r²r² − …)/(…) is (1 − Λ)/Λ.
    var coefficient = 0.0
    if h >= 1 {
      rx *= h
      ry *= h
      a /= h
      b /= h
    } else {
      coefficient = ((1 - h) * (1 + h)).squareRoot() / h
      if largeArc == sweep { coefficient = -coefficient }
    }
    // F.6.5.5-6 on the unit circle: the start and end points' directions
    // from the centre (coefficient·b, −coefficient·a), the start angle and
    // the sweep.
    let u = OutlinePoint(a - coefficient * b, b + coefficient * a)
    let v = OutlinePoint(-a - coefficient * b, -b + coefficient * a)
    let theta1 = atan2(u.y, u.x)
    var delta = angle(u, v)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }
    // The fewest pieces of at most 90°; a rounding error just past 90° does
    // not make a second piece.
    let pieces = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(pieces)
    let handle = 4.0 / 3.0 * tan(step / 4)
    // Points are placed as offsets from the start, the differences of sines
    // and cosines written as products: no cancellation between a huge
    // centre and a huge radius for a nearly straight arc.
    // The angle from the start is carried as `d`, not as θ1 + d: an arc of
    // 1e-198 radians would vanish in the sum.
    func offset(_ d: Double) -> OutlinePoint {
      let mean = theta1 + d / 2
      let s = sin(d / 2)
      return OutlinePoint(-2 * rx * sin(mean) * s, 2 * ry * cos(mean) * s)
    }
    func tangent(_ d: Double) -> OutlinePoint {
      OutlinePoint(-rx * sin(theta1 + d), ry * cos(theta1 + d))
    }
    func place(_ p: OutlinePoint) -> OutlinePoint {
      OutlinePoint(cosPhi * p.x - sinPhi * p.y + start.x, sinPhi * p.x + cosPhi * p.y + start.y)
    }
    var segments: [CubicSegment] = []
    segments.reserveCapacity(pieces)
    var from = 0.0
    for i in 0..<pieces {
      let last = i == pieces - 1
      let to = last ? delta : Double(i + 1) * step
      let c1 = offset(from) + handle * tangent(from)
      let c2 = offset(to) - handle * tangent(to)
      segments.append(CubicSegment(place(c1), place(c2), last ? end : place(offset(to))))
      from = to
    }
    return segments
  }

  /// The signed angle from u to v, in radians (−π…π).
  private static func angle(_ u: OutlinePoint, _ v: OutlinePoint) -> Double {
    atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
  }
}
