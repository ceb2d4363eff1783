import AnimEngine

/// How the corners an offset opens are joined (Lottie's `lj`).
enum OffsetJoin: Sendable {
  case miter, round, bevel

  /// Lottie's `lj`: 1 miter, 2 round, 3 bevel (anything else: miter).
  init(lottie value: Int) {
    switch value {
    case 2: self = .round
    case 3: self = .bevel
    default: self = .miter
    }
  }
}

extension BezierPath {
  /// The most a flattened piece of an offset outline strays from the
  /// exact one, in the path's units.
  static let offsetTolerance = 0.05
  /// The most pieces one cubic segment or one round join is cut into.
  static let maximumOffsetPieces = 256

  /// The path moved `amount` out from the region it encloses (in, when
  /// negative), as After Effects' Offset Paths and mask expansion move it
  /// (its renders in LottieFiles' test files): every side moves along its
  /// normal; the corners that open are joined by `join` (a miter past
  /// `miterLimit` times the amount is bevelled), and where sides overlap
  /// the outline turns at their crossing. An open path becomes the outline
  /// of a stroke `2 × |amount|` wide along it, its ends cut square (round,
  /// for round joins). The result is a polygon (curves flattened within
  /// ``offsetTolerance``); a region that an inward offset closes up is an
  /// empty path. A path with a number that is not finite, or whose offset
  /// is not, is returned as it is.
  func offsetting(by amount: Double, join: OffsetJoin, miterLimit: Double) -> BezierPath {
    offset(by: amount, join: join, miterLimit: miterLimit, limit: .max) ?? self
  }

  /// ``offsetting(by:join:miterLimit:)``, or nil when the flattened path or
  /// the outline would pass `limit` vertices (counted as they are made,
  /// so that a huge path costs no more than the bound).
  func offset(by amount: Double, join: OffsetJoin, miterLimit: Double, limit: Int) -> BezierPath? {
    guard amount != 0, amount.isFinite else { return self }
    guard let points = flattened(limit: limit) else { return nil }
    guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return self }
    var outline: [OutlinePoint]
    if closed {
      guard points.count >= 3 else { return self }
      let area = Self.signedArea(points)
      guard area != 0 else { return self }
      // Moved in by half its box's shorter side or more, no point of the
      // region is left (its inscribed circles are no wider). The box is
      // found in one pass, and only for an inward move.
      if amount < 0 {
        var (x0, y0, x1, y1) = (points[0].x, points[0].y, points[0].x, points[0].y)
        for p in points {
          (x0, x1) = (min(x0, p.x), max(x1, p.x))
          (y0, y1) = (min(y0, p.y), max(y1, p.y))
        }
        if -amount >= min(x1 - x0, y1 - y0) / 2 {
          return BezierPath(vertices: [], inTangents: [], outTangents: [], closed: true)
        }
      }
      // The side the outline moves to: out of the region for a positive
      // amount (the right of each side when the shoelace area is positive).
      let side: Double = (area > 0 ? -1 : 1) * (amount > 0 ? 1 : -1)
      guard
        let moved = Self.offsetSide(
          points, closed: true, side: side, distance: abs(amount), join: join,
          miterLimit: miterLimit, limit: limit)
      else { return nil }
      outline = moved
      if amount < 0, Self.signedArea(outline) * area <= 0 { outline = [] }
    } else {
      guard
        let moved = Self.strokeOutline(
          points, distance: abs(amount), join: join, miterLimit: miterLimit, limit: limit)
      else { return nil }
      outline = moved
    }
    guard outline.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return self }
    let zero = OutlinePoint(0, 0)
    return BezierPath(
      vertices: outline, inTangents: Array(repeating: zero, count: outline.count),
      outTangents: Array(repeating: zero, count: outline.count), closed: true)
  }

  /// The path as a polyline: each cubic cut into as many equal steps of
  /// its parameter as Wang's bound asks for ``offsetTolerance``, points
  /// that repeat the one before left out (and a closed path's last, when
  /// it is its first).
  func flattened(limit: Int = .max) -> [OutlinePoint]? {
    guard let first = vertices.first else { return [] }
    var points = [first]
    func add(_ p: OutlinePoint) {
      if p != points[points.count - 1] { points.append(p) }
    }
    for (p0, c1, c2, p3) in segments {
      if c1 == p0 && c2 == p3 {
        add(p3)
        continue
      }
      let d1 = p0 - 2 * c1 + c2
      let d2 = c1 - 2 * c2 + p3
      let bend = max(
        (d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
      let wanted = (0.75 * bend / Self.offsetTolerance).squareRoot().rounded(.up)
      let n = wanted.isFinite ? Int(min(max(wanted, 1), Double(Self.maximumOffsetPieces))) : 1
      for k in 1...n {
        let t = Double(k) / Double(n)
        let u = 1 - t
        add(u * u * u * p0 + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * p3)
      }
      if points.count > limit { return nil }
    }
    if closed, points.count > 1, points[points.count - 1] == first { points.removeLast() }
    return points
  }

  /// The outline of a stroke `2 × distance` wide along an open polyline:
  /// its left side forward, its end, its right side back, its start.
  private static func strokeOutline(
    _ points: [OutlinePoint], distance: Double, join: OffsetJoin, miterLimit: Double, limit: Int
  ) -> [OutlinePoint]? {
    guard points.count >= 2 else {
      // A lone point: a dot under round joins, nothing otherwise.
      guard join == .round, let p = points.first else { return [] }
      return arc(around: p, from: OutlinePoint(distance, 0), turning: 2 * .pi, radius: distance)
    }
    guard
      let forward = offsetSide(
        points, closed: false, side: 1, distance: distance, join: join, miterLimit: miterLimit,
        limit: limit),
      let back = offsetSide(
        points.reversed(), closed: false, side: 1, distance: distance, join: join,
        miterLimit: miterLimit, limit: limit)
    else { return nil }
    var outline = forward
    if join == .round, let end = points.last, let last = forward.last {
      outline += arc(around: end, from: last - end, turning: -.pi, radius: distance).dropFirst()
        .dropLast()
    }
    outline += back
    if join == .round, let start = points.first, let last = back.last {
      outline += arc(around: start, from: last - start, turning: -.pi, radius: distance)
        .dropFirst().dropLast()
    }
    return outline
  }

  /// One side of a polyline moved `distance` along each side's normal, to
  /// its left when `side` is 1 and its right when −1, with the corners
  /// joined: a corner that opens on that side by `join`, one that closes
  /// at the crossing of its two sides (through the vertex itself when they
  /// do not cross, as a stroke's inner join goes).
  private static func offsetSide(
    _ points: [OutlinePoint], closed: Bool, side: Double, distance: Double, join: OffsetJoin,
    miterLimit: Double, limit: Int
  ) -> [OutlinePoint]? {
    let n = points.count
    let edges = closed ? n : n - 1
    // Each side's unit direction and its offset.
    var directions: [OutlinePoint] = []
    var normals: [OutlinePoint] = []
    directions.reserveCapacity(edges)
    normals.reserveCapacity(edges)
    for k in 0..<edges {
      let d = points[(k + 1) % n] - points[k]
      let u = d / (d.x * d.x + d.y * d.y).squareRoot()
      directions.append(u)
      normals.append(OutlinePoint(-u.y, u.x) * (side * distance))
    }
    var result: [OutlinePoint] = []
    if !closed { result.append(points[0] + normals[0]) }
    let corners = closed ? 0..<n : 1..<(n - 1)
    for k in corners {
      if result.count > limit { return nil }
      let (before, after) = ((k + edges - 1) % edges, k % edges)
      let p = points[k]
      let (q1, q2) = (p + normals[before], p + normals[after])
      let (u1, u2) = (directions[before], directions[after])
      let turn = u1.x * u2.y - u1.y * u2.x
      let straight = abs(turn) < 1e-12 && u1.x * u2.x + u1.y * u2.y > 0
      if straight {
        result.append(q2)
      } else if turn * side < 0 {
        // The corner opens on this side.
        result += joined(
          at: p, q1, q2, directions: (u1, u2), join: join, miterLimit: miterLimit, radius: distance)
      } else if let x = crossing(q1 - u1, q1, q2, q2 + u2, lengths: (points, k, before, after)) {
        result.append(x)
      } else {
        result += [q1, p, q2]
      }
    }
    if !closed { result.append(points[n - 1] + normals[edges - 1]) }
    removeLoops(&result)
    if closed, result.count > 3 {
      // A loop across the first point: once more, starting half way.
      result = Array(result[(result.count / 2)...] + result[..<(result.count / 2)])
      removeLoops(&result)
    }
    return result
  }

  /// How many sides on a side may lie between two that cross for the loop
  /// between them to be cut out.
  static let loopWindow = 64

  /// Cuts out the small loops where a side crosses one a few sides on
  /// (within ``loopWindow``): where a corner closes on a curve flattened
  /// into pieces shorter than the offset, the moved pieces cross further
  /// on than the next one, and the loop between (outside the region moved
  /// in, inside it moved out) would be filled.
  private static func removeLoops(_ points: inout [OutlinePoint]) {
    var i = 0
    while i + 3 < points.count {
      let (a, b) = (points[i], points[i + 1])
      var cut = false
      for j in (i + 2)..<min(i + 2 + loopWindow, points.count - 1) {
        guard let x = segmentCrossing(a, b, points[j], points[j + 1]) else { continue }
        points.replaceSubrange((i + 1)...j, with: [x])
        cut = true
        break
      }
      if !cut { i += 1 }
    }
  }

  /// Where segment a–b crosses segment c–d strictly inside both; nil when
  /// they do not (or only touch at an end).
  private static func segmentCrossing(
    _ a: OutlinePoint, _ b: OutlinePoint, _ c: OutlinePoint, _ d: OutlinePoint
  ) -> OutlinePoint? {
    let r = b - a
    let s = d - c
    let denominator = r.x * s.y - r.y * s.x
    guard denominator != 0, denominator.isFinite else { return nil }
    let w = c - a
    let t = (w.x * s.y - w.y * s.x) / denominator
    let u = (w.x * r.y - w.y * r.x) / denominator
    guard t > 1e-9, t < 1 - 1e-9, u > 1e-9, u < 1 - 1e-9 else { return nil }
    return a + r * t
  }

  /// The points that join an opening corner at `p` from `q1` to `q2`, the
  /// ends of the moved sides running along `directions`.
  private static func joined(
    at p: OutlinePoint, _ q1: OutlinePoint, _ q2: OutlinePoint,
    directions: (OutlinePoint, OutlinePoint), join: OffsetJoin, miterLimit: Double, radius: Double
  ) -> [OutlinePoint] {
    let (o1, o2) = ((q1 - p) / radius, (q2 - p) / radius)
    switch join {
    case .bevel:
      return [q1, q2]
    case .miter:
      // The miter's tip is 1 / cos(φ / 2) of the offset away, φ the angle
      // between the two normals.
      let half = ((1 + (o1.x * o2.x + o1.y * o2.y)) / 2).squareRoot()
      guard half > 0, 1 / half <= miterLimit else { return [q1, q2] }
      // The tip, where the two moved sides' lines cross.
      let (u1, u2) = directions
      let w = q2 - q1
      let t = (w.x * u2.y - w.y * u2.x) / (u1.x * u2.y - u1.y * u2.x)
      return [q1 + u1 * t]
    case .round:
      let dot = min(max(o1.x * o2.x + o1.y * o2.y, -1), 1)
      let cross = o1.x * o2.y - o1.y * o2.x
      let angle = (cross < 0 ? -1 : 1) * Double.acos(dot)
      return arc(around: p, from: q1 - p, turning: angle, radius: radius)
    }
  }

  /// Points along a circle about `center` from `center + start`, turning
  /// by `angle` (radians, positive from x toward y), first and last
  /// included, each piece straying at most ``offsetTolerance``.
  private static func arc(
    around center: OutlinePoint, from start: OutlinePoint, turning angle: Double, radius: Double
  ) -> [OutlinePoint] {
    let step = 2 * Double.acos(max(1 - offsetTolerance / radius, -1))
    let wanted = (abs(angle) / step).rounded(.up)
    let n = wanted.isFinite ? Int(min(max(wanted, 1), Double(maximumOffsetPieces))) : 1
    let a0 = Double.atan2(y: start.y, x: start.x)
    return (0...n).map { k in
      let a = a0 + angle * Double(k) / Double(n)
      return center + OutlinePoint(Double.cos(a), Double.sin(a)) * radius
    }
  }

  /// Where the line through `a`, `b` crosses the line through `c`, `d`,
  /// when it does within both offset sides at corner `k` (each no longer
  /// than the side it moves); nil otherwise.
  private static func crossing(
    _ a: OutlinePoint, _ b: OutlinePoint, _ c: OutlinePoint, _ d: OutlinePoint,
    lengths: ([OutlinePoint], Int, Int, Int)
  ) -> OutlinePoint? {
    let (points, k, before, after) = lengths
    let n = points.count
    let r = b - a
    let s = d - c
    let denominator = r.x * s.y - r.y * s.x
    guard denominator != 0, denominator.isFinite else { return nil }
    let w = c - a
    // Distances back along the side before (from b) and on along the one
    // after (from c), in units of the unit directions r and s.
    let t = (w.x * s.y - w.y * s.x) / denominator - 1
    let u = (w.x * r.y - w.y * r.x) / denominator
    let lengthBefore = distance(points[before], points[(before + 1) % n])
    let lengthAfter = distance(points[k], points[(after + 1) % n])
    guard t <= 0, -t <= lengthBefore, u >= 0, u <= lengthAfter else { return nil }
    return b + r * t
  }

  private static func distance(_ a: OutlinePoint, _ b: OutlinePoint) -> Double {
    let d = b - a
    return (d.x * d.x + d.y * d.y).squareRoot()
  }
}
