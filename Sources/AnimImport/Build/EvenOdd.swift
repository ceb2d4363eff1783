import AnimEngine

/// The even-odd rule drawn with the non-zero one, so that the imported
/// script stays one any kind draws alike (a `shape` written before anim had
/// `fillRule` reads the same): closed paths that do not cross
/// one another or themselves fill the same under both rules when each runs
/// clockwise at an even depth of nesting (inside none, two, … of the
/// others) and counter-clockwise at an odd one. Paths that cross cannot be
/// turned so: their view keeps `fillRule: evenodd` (SPEC §21.3).
enum EvenOdd {
  /// The paths turned so that the non-zero rule fills what the even-odd one
  /// does; nil when they cross (or are too many to check).
  static func turned(_ paths: [BezierPath]) -> [BezierPath]? {
    reversals(paths).map { zip(paths, $0).map { $1 ? $0.reversed : $0 } }
  }

  /// For each path, whether to reverse it; nil when paths cross (or are too
  /// many to check).
  static func reversals(_ paths: [BezierPath]) -> [Bool]? {
    let polygons = paths.map(polygon)
    let total = polygons.reduce(0) { $0 + $1.count }
    guard total <= 4000 else { return nil }
    // No crossings, between paths or within one.
    for i in polygons.indices {
      for j in i..<polygons.count where crosses(polygons[i], polygons[j], same: i == j) {
        return nil
      }
    }
    return polygons.indices.map { i in
      guard let probe = polygons[i].first else { return false }
      let depth = polygons.indices.filter { $0 != i && contains(polygons[$0], probe) }.count
      let clockwise = paths[i].signedArea >= 0
      return clockwise != (depth % 2 == 0)
    }
  }

  /// The path as a closed polygon, 8 points per segment.
  static func polygon(_ path: BezierPath) -> [OutlinePoint] {
    var points: [OutlinePoint] = []
    var segments = path.segments
    if !path.closed, let first = path.vertices.first, let last = path.vertices.last {
      segments.append((last, last, first, first))
    }
    for (p0, p1, p2, p3) in segments {
      for step in 0..<8 {
        let t = Double(step) / 8
        let u = 1 - t
        points.append(u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3)
      }
    }
    return points
  }

  private static func contains(_ polygon: [OutlinePoint], _ p: OutlinePoint) -> Bool {
    var inside = false
    var j = polygon.count - 1
    for i in polygon.indices {
      let (a, b) = (polygon[i], polygon[j])
      if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x {
        inside.toggle()
      }
      j = i
    }
    return inside
  }

  private static func crosses(_ a: [OutlinePoint], _ b: [OutlinePoint], same: Bool) -> Bool {
    guard a.count > 1, b.count > 1 else { return false }
    for i in a.indices {
      let (p, q) = (a[i], a[(i + 1) % a.count])
      for j in b.indices {
        if same && (j == i || (j + 1) % b.count == i || (i + 1) % a.count == j) { continue }
        let (r, s) = (b[j], b[(j + 1) % b.count])
        if properlyCross(p, q, r, s) { return true }
      }
    }
    return false
  }

  private static func properlyCross(
    _ p: OutlinePoint, _ q: OutlinePoint, _ r: OutlinePoint, _ s: OutlinePoint
  ) -> Bool {
    func cross(_ o: OutlinePoint, _ a: OutlinePoint, _ b: OutlinePoint) -> Double {
      (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }
    // A point on a line counts as on its positive side, the same for
    // every pair: a polygon passing through a vertex of the other is
    // caught at one of the vertex's two segments (touching may count as
    // crossing; that only leaves the rule non-zero, and noted).
    func side(_ d: Double) -> Bool { d >= 0 }
    return side(cross(r, s, p)) != side(cross(r, s, q))
      && side(cross(p, q, r)) != side(cross(p, q, s))
  }
}
