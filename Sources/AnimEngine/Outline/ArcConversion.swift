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
    // F.6.5.1: the midpoint difference in the ellipse's own axes.
    let half = (start - end) / 2
    let x1p = cosPhi * half.x + sinPhi * half.y
    let y1p = -sinPhi * half.x + cosPhi * half.y
    // F.6.6.2-3: radii too small to reach are scaled up.
    let lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry)
    if lambda > 1 {
      let root = lambda.squareRoot()
      rx *= root
      ry *= root
    }
    // F.6.5.2: the centre in the ellipse's axes.
    let rx2 = rx * rx
    let ry2 = ry * ry
    let denominator = rx2 * y1p * y1p + ry2 * x1p * x1p
    let numerator = rx2 * ry2 - denominator
    var coefficient = denominator == 0 ? 0 : max(0, numerator / denominator).squareRoot()
    if largeArc == sweep { coefficient = -coefficient }
    let cxp = coefficient * rx * y1p / ry
    let cyp = -coefficient * ry * x1p / rx
    // F.6.5.3: the centre in user space.
    let mid = (start + end) / 2
    let center = OutlinePoint(
      cosPhi * cxp - sinPhi * cyp + mid.x, sinPhi * cxp + cosPhi * cyp + mid.y)
    // F.6.5.5-6: the start angle and the sweep.
    let u = OutlinePoint((x1p - cxp) / rx, (y1p - cyp) / ry)
    let v = OutlinePoint((-x1p - cxp) / rx, (-y1p - cyp) / ry)
    let theta1 = angle(OutlinePoint(1, 0), u)
    var delta = angle(u, v)
    if !sweep && delta > 0 { delta -= 2 * Double.pi }
    if sweep && delta < 0 { delta += 2 * Double.pi }
    // The fewest pieces of at most 90°; a rounding error just past 90° does
    // not make a second piece.
    let pieces = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
    let step = delta / Double(pieces)
    let handle = 4.0 / 3.0 * tan(step / 4)
    func place(_ p: OutlinePoint) -> OutlinePoint {
      let x = rx * p.x
      let y = ry * p.y
      return OutlinePoint(cosPhi * x - sinPhi * y + center.x, sinPhi * x + cosPhi * y + center.y)
    }
    var segments: [CubicSegment] = []
    segments.reserveCapacity(pieces)
    var a = theta1
    for i in 0..<pieces {
      let b = i == pieces - 1 ? theta1 + delta : a + step
      let p0 = OutlinePoint(cos(a), sin(a))
      let p3 = OutlinePoint(cos(b), sin(b))
      let c1 = p0 + handle * OutlinePoint(-p0.y, p0.x)
      let c2 = p3 - handle * OutlinePoint(-p3.y, p3.x)
      let last = i == pieces - 1
      segments.append(CubicSegment(place(c1), place(c2), last ? end : place(p3)))
      a = b
    }
    return segments
  }

  /// The signed angle from u to v, in radians (−π…π).
  private static func angle(_ u: OutlinePoint, _ v: OutlinePoint) -> Double {
    atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y)
  }
}
