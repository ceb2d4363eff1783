import AnimEngine
import AnimStage
import CCairo

/// The fast paths for plain rectangles: views of one paint batched into one
/// Cairo fill, and turned square-cornered ones covered by their exact area.
extension CairoCanvas {
  /// What the flat fast path draws itself (``batchFlatRectangle``): a box
  /// about its centre, turned, scaled, each corner rounded (SPEC §21.3),
  /// filled at its alpha.
  static let flatRectangles = PlainViews(drawing: [
    .x, .y, .width, .height, .rotation, .scaleX, .scaleY, .alpha, .color,
    .cornerTopLeft, .cornerTopRight, .cornerBottomRight, .cornerBottomLeft,
  ])
  /// What the tree's fast path draws itself (``batchRectangle``): a box
  /// under its world transform (its anchor included), square-cornered,
  /// filled at its world opacity.
  static let treeRectangles = PlainViews(drawing: [
    .x, .y, .width, .height, .rotation, .scaleX, .scaleY, .anchorX, .anchorY, .alpha, .color,
  ])

  /// A plain rectangle of a flat scene added to the batch, its colour at
  /// alpha × the colour's alpha × `opacity` (a group opacity taken into
  /// its one paint). False, drawing nothing, for a rectangle past
  /// ``DeviceClip/safeRange``: it is drawn through its outline, cut to the
  /// image.
  @inline(__always)
  func batchFlatRectangle(
    _ v: ViewRecord, alphaClamp: DrawClamp, opacity groupOpacity: Double
  ) -> Bool {
    let k = layout.scale
    let opacity =
      alphaClamp.apply(v.number(.alpha), width: 0, height: 0) * v.color(.color).a * groupOpacity
    let w = abs(v.number(.width))
    let h = abs(v.number(.height))
    let sx = v.number(.scaleX) * k
    let sy = v.number(.scaleY) * k
    guard opacity > 0, w > 0, h > 0, sx != 0, sy != 0, sx.isFinite, sy.isFinite else {
      return true
    }
    let (px, py) = layout.pixel(x: v.number(.x), y: v.number(.y))
    let radii = CornerRadii(of: v).drawn(width: w, height: h)
    let square = radii.isSquare
    let (sin, cos) = Affine.sinCos(degrees: v.number(.rotation))
    // The device-space bounds, to keep overlapping views out of one batch.
    let ex = abs(cos * sx) * w / 2 + abs(sin * sy) * h / 2
    let ey = abs(sin * sx) * w / 2 + abs(cos * sy) * h / 2
    let bounds = (px - ex, py - ey, px + ex, py + ey)
    // Past what Cairo draws exactly: cut to the image first.
    guard DeviceClip.holds(bounds) else { return false }
    let fill = v.color(.color)
    let paint = Paint(r: fill.r, g: fill.g, b: fill.b, a: opacity)
    if sin != 0 && square {
      // Turned and square-cornered: its four corners in pixels.
      let (ax, ay) = (cos * sx * w / 2, sin * sx * w / 2)
      let (bx, by) = (-sin * sy * h / 2, cos * sy * h / 2)
      let xs = (px - ax - bx, px + ax - bx, px + ax + bx, px - ax + bx)
      let ys = (py - ay - by, py + ay - by, py + ay + by, py - ay + by)
      if coverQuad(xs: xs, ys: ys, paint) { return true }
    }
    if !batch.accepts(paint, bounds) { flush() }
    batch.add(paint, bounds, reusable: sin != 0 || !square)
    if sin == 0 && square {
      // Upright and square-cornered: the rectangle in pixels directly.
      let dw = abs(sx) * w
      let dh = abs(sy) * h
      cairo_rectangle(context, px - dw / 2, py - dh / 2, dw, dh)
      return true
    }
    // The matrix maps the view's own points (centred on 0, 0) to pixels:
    // scaled about the centre, rotated clockwise on screen, moved to (px, py).
    var matrix = cairo_matrix_t(
      xx: cos * sx, yx: sin * sx, xy: -sin * sy, yy: cos * sy, x0: px, y0: py)
    cairo_set_matrix(context, &matrix)
    if !square {
      roundedRectangle(context, w, h, radii)
    } else {
      cairo_rectangle(context, -w / 2, -h / 2, w, h)
    }
    cairo_identity_matrix(context)
    return true
  }

  /// A square-cornered, unstroked rectangle in a tree: its box under
  /// `placed` added to the batch (as flat scenes batch theirs), so the
  /// tiles of a grid under a parent are filled a batch at a time. False,
  /// drawing nothing, for a rectangle past ``DeviceClip/safeRange``: it is
  /// drawn through its outline, cut to the image.
  func batchRectangle(_ v: ViewRecord, placed m: Affine, alpha: Double) -> Bool {
    let fill = v.color(.color)
    let opacity = alpha * fill.a
    let w = abs(v.number(.width))
    let h = abs(v.number(.height))
    let det = m.a * m.d - m.b * m.c
    guard opacity > 0, w > 0, h > 0, det != 0, det.isFinite, m.tx.isFinite, m.ty.isFinite else {
      return true
    }
    let xs = (m.tx, m.a * w + m.tx, m.c * h + m.tx, m.a * w + m.c * h + m.tx)
    let ys = (m.ty, m.b * w + m.ty, m.d * h + m.ty, m.b * w + m.d * h + m.ty)
    let bounds = (
      min(min(xs.0, xs.1), min(xs.2, xs.3)), min(min(ys.0, ys.1), min(ys.2, ys.3)),
      max(max(xs.0, xs.1), max(xs.2, xs.3)), max(max(ys.0, ys.1), max(ys.2, ys.3))
    )
    guard DeviceClip.holds(bounds) else { return false }
    let paint = Paint(r: fill.r, g: fill.g, b: fill.b, a: opacity)
    if m.b != 0 || m.c != 0,
      coverQuad(xs: (xs.0, xs.1, xs.3, xs.2), ys: (ys.0, ys.1, ys.3, ys.2), paint)
    {
      return true
    }
    if !batch.accepts(paint, bounds) { flush() }
    batch.add(paint, bounds, reusable: m.b != 0 || m.c != 0)
    if m.b == 0 && m.c == 0 {
      cairo_rectangle(context, bounds.0, bounds.1, bounds.2 - bounds.0, bounds.3 - bounds.1)
      return true
    }
    var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &matrix)
    cairo_rectangle(context, 0, 0, w, h)
    cairo_identity_matrix(context)
    return true
  }

  /// Blends `paint` through the exact coverage (``AreaCoverage``) of the
  /// convex quadrilateral with corners `xs`, `ys` in pixels, after what is
  /// batched; true when done. False, leaving it to Cairo, when that is off,
  /// a clip of a tree is in force, or its pixels do not all lie inside
  /// ``coverArea`` (the frame and the letterbox, whose clip is Cairo's).
  func coverQuad(
    xs: (Double, Double, Double, Double), ys: (Double, Double, Double, Double), _ paint: Paint
  ) -> Bool {
    guard coversTurnedRectanglesByArea, appliedClips.isEmpty, area.cover(xs: xs, ys: ys) else {
      return false
    }
    let rect = PixelRect(
      x0: area.x0, y0: area.y0, x1: area.x0 + area.width, y1: area.y0 + area.height)
    guard coverArea.contains(rect) else { return false }
    flush()
    // A band holds some of the frame's rows (``FrameCanvas``).
    let held = rect.intersection(frame)
    guard !held.isEmpty else { return true }
    drew(held)
    let width = rect.x1 - rect.x0
    area.forEachBand { first, rows, cells in
      let top = max(first, held.y0)
      for y in top..<max(min(first + rows, held.y1), top) {
        blendRow(
          paint, cells: cells + (y - first) * width - rect.x0, y: y, x0: held.x0, x1: held.x1,
          clearing: false)
      }
    }
    return true
  }

  /// ``coverQuad(xs:ys:_:)`` for an outline that is a convex
  /// quadrilateral whose first edge is neither upright nor level in pixels
  /// (one closed subpath of four straight segments: a turned rectangle, an
  /// anchored one drawn through its outline); false for any other outline,
  /// upright rectangles included (Cairo covers those by area already).
  func coverTurnedQuad(
    _ outline: Outline, _ device: (OutlinePoint) -> OutlinePoint, _ paint: Paint
  ) -> Bool {
    guard coversTurnedRectanglesByArea, outline.subpaths.count == 1,
      let subpath = outline.subpaths.first, subpath.isClosed, subpath.segments.count == 4,
      CoverageCache.isStraight(outline)
    else { return false }
    let s = subpath.segments
    let p = (device(subpath.start), device(s[0].end), device(s[1].end), device(s[2].end))
    // Convex, turning one way at every corner.
    func turn(_ a: OutlinePoint, _ b: OutlinePoint, _ c: OutlinePoint) -> Double {
      (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
    }
    let turns = (turn(p.3, p.0, p.1), turn(p.0, p.1, p.2), turn(p.1, p.2, p.3), turn(p.2, p.3, p.0))
    guard
      (turns.0 > 0 && turns.1 > 0 && turns.2 > 0 && turns.3 > 0)
        || (turns.0 < 0 && turns.1 < 0 && turns.2 < 0 && turns.3 < 0)
    else { return false }
    // Upright rectangles stay Cairo's boxes, as in batches.
    guard p.0.x != p.1.x, p.0.y != p.1.y else { return false }
    return coverQuad(xs: (p.0.x, p.1.x, p.2.x, p.3.x), ys: (p.0.y, p.1.y, p.2.y, p.3.y), paint)
  }

  /// A `w × h` rectangle centred on the origin with its corners of `r`
  /// (drawn radii, ``CornerRadii/drawn(width:height:)``).
  func roundedRectangle(_ cr: OpaquePointer, _ w: Double, _ h: Double, _ r: CornerRadii) {
    let x0 = -w / 2
    let y0 = -h / 2
    let x1 = w / 2
    let y1 = h / 2
    // A corner of radius 0 is an arc about the corner itself: Cairo adds
    // the corner point, so square and rounded corners mix.
    cairo_new_sub_path(cr)
    cairo_arc(cr, x1 - r.topRight, y0 + r.topRight, r.topRight, -.pi / 2, 0)
    cairo_arc(cr, x1 - r.bottomRight, y1 - r.bottomRight, r.bottomRight, 0, .pi / 2)
    cairo_arc(cr, x0 + r.bottomLeft, y1 - r.bottomLeft, r.bottomLeft, .pi / 2, .pi)
    cairo_arc(cr, x0 + r.topLeft, y0 + r.topLeft, r.topLeft, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
  }
}
