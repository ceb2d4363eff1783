import AnimEngine

/// Lottie paths as SVG path data for a `shape`'s `d`: `M` to the first
/// vertex, a `C` per segment (straight ones too, so that morphs pair
/// segments one to one), `Z` for a closed path; numbers written exactly.
/// No vertices at all (Lottie allows an empty path) is `M0 0`: nothing drawn.
enum PathData {
  static func text(_ paths: [BezierPath], keepEmptySegments: Bool = false) -> String {
    var out = ""
    for path in paths where !path.vertices.isEmpty {
      if !out.isEmpty { out += " " }
      out += "M\(n(path.vertices[0].x)) \(n(path.vertices[0].y))"
      for (p0, var p1, p2, p3) in path.segments {
        if keepEmptySegments && p0 == p1 && p1 == p2 && p2 == p3 {
          // anim drops a segment whose four points coincide; a morph must
          // keep it to pair with the other outline's, so nudge a handle by
          // a distance far below a pixel.
          p1.x += 1e-7 * max(1, abs(p1.x))
        }
        out += " C\(n(p1.x)) \(n(p1.y)) \(n(p2.x)) \(n(p2.y)) \(n(p3.x)) \(n(p3.y))"
      }
      if path.closed { out += " Z" }
    }
    // A path of no vertices draws nothing; anim's path data needs a moveto.
    return out.isEmpty ? "M0 0" : out
  }

  private static func n(_ v: Double) -> String { NumberFormat.exact(v) }
}
