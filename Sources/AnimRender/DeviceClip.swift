import AnimEngine

/// An outline in pixels cut down to what Cairo draws exactly (issue 32).
///
/// Cairo holds device coordinates as 24.8 fixed-point numbers and its
/// rasteriser loses them well before that: a rectangle 300 000 pixels wide
/// vanished, and coordinates past 2^23 wrap around. Views far larger than
/// the image (a map zoomed in, a ring around the stage) are legitimate, so
/// an outline that reaches past ``safeRange`` is cut to a box around the
/// image first: each part of a curve that lies wholly on the far side of
/// one of the box's edges is replaced by a straight line along that edge
/// (between the parts' ends clamped onto the box), the rest is split in
/// halves until it lies inside ``safeRange`` or wholly outside one edge.
///
/// Every change happens outside the box's interior, and each replaced part
/// and its replacement lie in one closed half-plane outside it, so the
/// winding number of every point inside the box, and so the nonzero fill of
/// every pixel of the image, is unchanged. A stroke along the new edges
/// lies outside the image when the box's margin exceeds the stroke's reach
/// (``CairoOutline`` makes it so, up to ``safeRange``).
struct DeviceClip {
  /// Device coordinates Cairo draws exactly: ±2^16 pixels (a turned
  /// rectangle reaching 1.3e5 pixels from the image was lost here, one
  /// reaching 1.1e5 drawn: half of that, to be safe).
  static let safeRange = 65_536.0
  /// Most halvings of one segment; a segment ±1e42 pixels long needs about
  /// 125 to come within ``safeRange``.
  static let maximumDepth = 200

  /// A path command in device pixels.
  enum Command: Equatable {
    case move(OutlinePoint)
    case line(OutlinePoint)
    case curve(OutlinePoint, OutlinePoint, OutlinePoint)
    case close
  }

  /// The box outside which parts are replaced: the image grown by a margin.
  let minimum: OutlinePoint
  let maximum: OutlinePoint

  /// The box of an image `width` × `height` pixels grown by `margin`, kept
  /// inside ``safeRange``.
  init(width: Int, height: Int, margin: Double) {
    let m = min(max(margin, 0), Self.safeRange - Double(max(width, height)) - 1)
    minimum = OutlinePoint(-m, -m)
    maximum = OutlinePoint(Double(width) + m, Double(height) + m)
  }

  /// Whether device bounds (minX, minY, maxX, maxY) lie within
  /// ``safeRange``; false for a NaN.
  static func holds(_ bounds: (Double, Double, Double, Double)) -> Bool {
    bounds.0 >= -safeRange && bounds.1 >= -safeRange && bounds.2 <= safeRange
      && bounds.3 <= safeRange && bounds.0 <= bounds.2 && bounds.1 <= bounds.3
  }

  /// Whether every point of `outline` under `transform` lies within
  /// ``safeRange`` (then Cairo draws it as it is); false for a NaN.
  static func fits(_ outline: Outline, under transform: Affine) -> Bool {
    let t = transform
    // Bounds pass a NaN point over: a map with one is never drawn as is.
    guard [t.a, t.b, t.c, t.d, t.tx, t.ty].allSatisfy(\.isFinite) else { return false }
    guard let b = outline.bounds({ transform.apply($0) }) else { return true }
    return holds((b.minimum.x, b.minimum.y, b.maximum.x, b.maximum.y))
  }

  /// The commands of `outline` under `transform`, cut to the box. With
  /// `closing`, an open subpath is closed first (a fill closes it with a
  /// line, which must be cut like the rest); strokes keep it open.
  func commands(for outline: Outline, under transform: Affine, closing: Bool) -> [Command] {
    var out: [Command] = []
    for subpath in outline.subpaths {
      var current = clamp(transform.apply(subpath.start))
      let start = transform.apply(subpath.start)
      guard start.x.isFinite, start.y.isFinite else { continue }
      if inside(start) { current = start }
      out.append(.move(current))
      var beziers = subpath.beziers.map {
        Bezier(
          transform.apply($0.p0), transform.apply($0.p1), transform.apply($0.p2),
          transform.apply($0.p3))
      }
      if closing && !subpath.isClosed, let last = beziers.last?.p3, last != start {
        beziers.append(Bezier(last, last, start, start))
      }
      for b in beziers { cut(b, depth: 0, current: &current, into: &out) }
      if subpath.isClosed || closing { out.append(.close) }
    }
    return out
  }

  /// Appends `b` cut to the box, continuing from `current`.
  private func cut(_ b: Bezier, depth: Int, current: inout OutlinePoint, into out: inout [Command])
  {
    let lowX = min(min(b.p0.x, b.p1.x), min(b.p2.x, b.p3.x))
    let highX = max(max(b.p0.x, b.p1.x), max(b.p2.x, b.p3.x))
    let lowY = min(min(b.p0.y, b.p1.y), min(b.p2.y, b.p3.y))
    let highY = max(max(b.p0.y, b.p1.y), max(b.p2.y, b.p3.y))
    guard lowX.isFinite, highX.isFinite, lowY.isFinite, highY.isFinite else { return }
    if highX < minimum.x || lowX > maximum.x || highY < minimum.y || lowY > maximum.y
      || depth >= Self.maximumDepth
    {
      // Wholly past one edge: along that edge to the end, clamped.
      let end = clamp(b.p3)
      if end != current { out.append(.line(end)) }
      current = end
      return
    }
    let r = Self.safeRange
    if lowX >= -r && highX <= r && lowY >= -r && highY <= r {
      // Drawn as it is, joined from a clamped point by a line outside
      // the box's interior.
      if current != b.p0 { out.append(.line(b.p0)) }
      out.append(.curve(b.p1, b.p2, b.p3))
      current = b.p3
      return
    }
    let (left, right) = Self.halves(b)
    cut(left, depth: depth + 1, current: &current, into: &out)
    cut(right, depth: depth + 1, current: &current, into: &out)
  }

  /// The halves at t = ½ by de Casteljau's construction, through halved
  /// points so no sum overflows.
  static func halves(_ b: Bezier) -> (Bezier, Bezier) {
    func mid(_ u: OutlinePoint, _ v: OutlinePoint) -> OutlinePoint { u * 0.5 + v * 0.5 }
    let a = mid(b.p0, b.p1)
    let m = mid(b.p1, b.p2)
    let c = mid(b.p2, b.p3)
    let d = mid(a, m)
    let e = mid(m, c)
    let f = mid(d, e)
    return (Bezier(b.p0, a, d, f), Bezier(f, e, c, b.p3))
  }

  private func inside(_ p: OutlinePoint) -> Bool {
    p.x >= minimum.x && p.x <= maximum.x && p.y >= minimum.y && p.y <= maximum.y
  }

  private func clamp(_ p: OutlinePoint) -> OutlinePoint {
    OutlinePoint(min(max(p.x, minimum.x), maximum.x), min(max(p.y, minimum.y), maximum.y))
  }
}
