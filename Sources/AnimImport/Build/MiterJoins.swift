import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Whether a stroke's miter limit changes what is drawn: anim's limit is
/// 4; a file's other limit draws differently only at a corner whose miter
/// ratio 1/sin(θ/2) (θ the angle between the two segments) lies between
/// the two limits. Only such corners make a note.
enum MiterJoins {
  static func differ(_ paths: [BezierPath], limit: Double) -> Bool {
    let (low, high) = (min(limit, 4), max(limit, 4))
    for path in paths {
      let segments = path.segments
      guard segments.count > 1 || path.closed else { continue }
      let count = segments.count
      let joins = path.closed ? count : count - 1
      for k in 0..<joins {
        let incoming = direction(into: segments[k])
        let outgoing = direction(outOf: segments[(k + 1) % count])
        guard let a = incoming, let b = outgoing else { continue }
        // cos of the turn; the angle between the segments is π − turn.
        let cosTurn = max(-1, min(1, (a * b).sum()))
        let halfAngle = (Double.pi - acos(cosTurn)) / 2
        let s = sin(halfAngle)
        guard s > 1e-12 else { continue }
        let ratio = 1 / s
        if ratio > low && ratio <= high { return true }
      }
    }
    return false
  }

  private static func unit(_ v: OutlinePoint) -> OutlinePoint? {
    let n = (v * v).sum().squareRoot()
    return n > 1e-9 ? v / n : nil
  }

  private static func direction(into s: (OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint))
    -> OutlinePoint?
  {
    unit(s.3 - s.2) ?? unit(s.3 - s.1) ?? unit(s.3 - s.0)
  }

  private static func direction(outOf s: (OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint))
    -> OutlinePoint?
  {
    unit(s.1 - s.0) ?? unit(s.2 - s.0) ?? unit(s.3 - s.0)
  }
}
