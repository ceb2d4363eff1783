import AnimEngine

/// The piece of a spatial route a cut keeps (a position segment under way
/// at the script's time 0 or at the animation's end). The players move a
/// position along its route's cubic by arc length: at eased progress p it
/// is the point at p of the route's length. Between progress `pa` and `pb`
/// that is the part of the cubic between the parameters at those lengths —
/// again a cubic, split by de Casteljau — along which anim's `path` moves
/// by its own arc length, (p − pa) / (pb − pa) of it: the same points,
/// when the piece's ease stays within 0…1 (beyond its ends `path` goes on
/// along the tangent, where the whole route would have bent).
enum RouteCut {
  /// The point at eased progress `p` along the route from `a` to `b`: at
  /// p of the cubic's arc length, held at its start below 0 and at its end
  /// above 1, as the players stop there (``Track/clampingRouteProgress()``);
  /// numbers past the second mixed straight. Nil when it cannot be a route
  /// (fewer than two numbers, a route of no length or not finite).
  static func point(
    from a: [Double], to b: [Double], route: OutlinePointPair, progress p: Double
  ) -> [Double]? {
    guard a.count >= 2, b.count == a.count, route.outTangent.count >= 2,
      route.inTangent.count >= 2, !p.isNaN
    else { return nil }
    let p = min(max(p, 0), 1)
    let curve = self.curve(from: a, to: b, route: route)
    let total = curve.length()
    guard total.isFinite, total > 0 else { return nil }
    let point = curve.point(at: curve.parameter(atLength: p * total, total: total))
    return [point.x, point.y] + [Double].mix(a, b, p).dropFirst(2)
  }

  /// The route's cubic in the plane of the first two numbers.
  private static func curve(from a: [Double], to b: [Double], route: OutlinePointPair) -> Bezier {
    let p0 = OutlinePoint(a[0], a[1])
    let p3 = OutlinePoint(b[0], b[1])
    return Bezier(
      p0, p0 + OutlinePoint(route.outTangent[0], route.outTangent[1]),
      p3 + OutlinePoint(route.inTangent[0], route.inTangent[1]), p3)
  }

  /// The piece's ends and tangents, or nil when it cannot be a route: not
  /// 0 ≤ pa < pb ≤ 1, a route of no length, or values of fewer than two
  /// numbers. Numbers past the second (Lottie's z) are mixed straight.
  static func piece(
    from a: [Double], to b: [Double], route: OutlinePointPair, pa: Double, pb: Double
  ) -> (from: [Double], to: [Double], route: OutlinePointPair)? {
    guard a.count >= 2, b.count == a.count, route.outTangent.count >= 2,
      route.inTangent.count >= 2, pa >= 0, pa < pb, pb <= 1
    else { return nil }
    let curve = self.curve(from: a, to: b, route: route)
    let total = curve.length()
    guard total.isFinite, total > 0 else { return nil }
    let ua = curve.parameter(atLength: pa * total, total: total)
    let ub = curve.parameter(atLength: pb * total, total: total)
    guard ua < ub else { return nil }
    let part = curve.piece(from: ua, to: ub)
    let rest = [Double].mix(a, b, pa).dropFirst(2)
    let restEnd = [Double].mix(a, b, pb).dropFirst(2)
    return (
      from: [part.p0.x, part.p0.y] + rest, to: [part.p3.x, part.p3.y] + restEnd,
      route: OutlinePointPair(
        outTangent: [part.p1.x - part.p0.x, part.p1.y - part.p0.y],
        inTangent: [part.p2.x - part.p3.x, part.p2.y - part.p3.y])
    )
  }
}
