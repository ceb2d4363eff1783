import AnimEngine

extension BezierPath {
  /// The path zig-zagged as lottie-web's `ZigZagModifier` does it, whose
  /// result After Effects' renders show (LottieFiles' `zig-zag`,
  /// `zig-zag-smooth`): `ridges` points (rounded, at least 0) at equal steps
  /// of each segment's parameter, and one at each vertex, each moved `size`
  /// along the normal to alternate sides; corners (`smooth` false) or
  /// smooth points whose handles reach a quarter of a step. nil when the
  /// result would pass `limit` vertices; the path as it is for a size of 0
  /// or numbers that are not finite.
  func zigZagged(size: Double, ridges: Double, smooth: Bool, limit: Int) -> BezierPath? {
    let n = vertices.count
    guard size != 0, size.isFinite, ridges.isFinite, n > 0 else { return self }
    let count = closed ? n : n - 1
    guard count > 0 else {
      return BezierPath(vertices: [], inTangents: [], outTangents: [], closed: closed)
    }
    // JavaScript's Math.round: halves up.
    let rounded = max(0, (ridges + 0.5).rounded(.down))
    guard Double(count) * (rounded + 1) + 1 <= Double(limit) else { return nil }
    let f = Int(rounded)
    let steps = Double(f + 1)
    var result = BezierPath(vertices: [], inTangents: [], outTangents: [], closed: closed)
    result.vertices.reserveCapacity(count * (f + 1) + 1)

    func place(_ p: OutlinePoint, angle: Double, direction: Double, out: Double, in inward: Double)
    {
      let point = OutlinePoint(
        p.x + Double.cos(angle) * direction * size, p.y - Double.sin(angle) * direction * size)
      let (o, i) = (angle - .pi / 2, angle + .pi / 2)
      result.vertices.append(point)
      result.outTangents.append(OutlinePoint(Double.cos(o) * out, -Double.sin(o) * out))
      result.inTangents.append(OutlinePoint(Double.cos(i) * inward, -Double.sin(i) * inward))
    }
    func length(_ d: OutlinePoint) -> Double { (d.x * d.x + d.y * d.y).squareRoot() }
    func corner(_ index: Int, direction: Double) {
      let point = vertices[index % n]
      let before = vertices[index == 0 ? n - 1 : index - 1]
      let after = vertices[(index + 1) % n]
      // The normal of the chord from the vertex before to the one after.
      let chord = after - before
      let angle = -Double.atan2(y: -chord.x, x: chord.y)
      let (toBefore, toAfter) = smooth ? (length(point - before), length(point - after)) : (0, 0)
      place(
        point, angle: angle, direction: direction, out: toAfter / (steps * 2),
        in: toBefore / (steps * 2))
    }
    func segment(_ index: Int) -> (OutlinePoint, OutlinePoint, OutlinePoint, OutlinePoint) {
      let next = (index + 1) % n
      let (p0, p3) = (vertices[index], vertices[next])
      // A handle of zero length is taken a third of the way along, as
      // lottie-web linearises it, so that a straight side's steps are even.
      let p1 = outTangents[index] == .zero ? p0 + (p3 - p0) / 3 : p0 + outTangents[index]
      let p2 = inTangents[next] == .zero ? p0 + (p3 - p0) * (2.0 / 3) : p3 + inTangents[next]
      return (p0, p1, p2, p3)
    }
    func ridgesAlong(_ index: Int, direction start: Double) -> Double {
      let (p0, p1, p2, p3) = segment(index)
      let handle = smooth ? length(p3 - p0) / (steps * 2) : 0
      var direction = start
      for k in 0..<f {
        let t = Double(k + 1) / steps
        let u = 1 - t
        let point = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
        let d = 3 * u * u * (p1 - p0) + 6 * u * t * (p2 - p1) + 3 * t * t * (p3 - p2)
        place(
          point, angle: Double.atan2(y: d.x, x: d.y), direction: direction, out: handle,
          in: handle)
        direction = -direction
      }
      return direction
    }
    var direction = -1.0
    corner(0, direction: direction)
    for k in 0..<count {
      direction = ridgesAlong(k, direction: -direction)
      corner(k + 1, direction: direction)
    }
    return result.isFinite ? result : self
  }
}
