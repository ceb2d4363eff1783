import AnimEngine
import CCairo

/// An ``Outline`` as a Cairo path, and a stroke's settings: the one way
/// anim's drawing turns SPEC §16's geometry into Cairo calls, so what is
/// filled and stroked is exactly the outline the SVG, Lottie and the bounds
/// use (Cairo's own arcs and rectangles are not used for outlines).
enum CairoOutline {
  /// Appends every subpath of `outline` to `cr`'s current path, in user
  /// coordinates: a move, its cubics, and a close for a closed subpath
  /// (joined at its start, not capped).
  static func append(_ outline: Outline, to cr: OpaquePointer) {
    for subpath in outline.subpaths {
      cairo_move_to(cr, subpath.start.x, subpath.start.y)
      for s in subpath.segments {
        cairo_curve_to(cr, s.control1.x, s.control1.y, s.control2.x, s.control2.y, s.end.x, s.end.y)
      }
      if subpath.isClosed { cairo_close_path(cr) }
    }
  }

  /// Appends `outline` under `matrix` (box coordinates to pixels; the
  /// matrix is in force when this returns, for a stroke's pen): as it is
  /// when it lies within ``DeviceClip/safeRange``, else cut to `cut`'s box
  /// in device space (SPEC §12.1's pixels inside the image unchanged; issue
  /// 32). `closing`: the path is filled or clipped to, so an open subpath
  /// is closed before it is cut.
  static func append(
    _ outline: Outline, to cr: OpaquePointer, under matrix: cairo_matrix_t, cut: DeviceClip,
    closing: Bool
  ) {
    var matrix = matrix
    let transform = Affine(
      a: matrix.xx, b: matrix.yx, c: matrix.xy, d: matrix.yy, tx: matrix.x0, ty: matrix.y0)
    cairo_set_matrix(cr, &matrix)
    if DeviceClip.fits(outline, under: transform) {
      append(outline, to: cr)
      return
    }
    cairo_identity_matrix(cr)
    for command in cut.commands(for: outline, under: transform, closing: closing) {
      switch command {
      case .move(let p): cairo_move_to(cr, p.x, p.y)
      case .line(let p): cairo_line_to(cr, p.x, p.y)
      case .curve(let c1, let c2, let p): cairo_curve_to(cr, c1.x, c1.y, c2.x, c2.y, p.x, p.y)
      case .close: cairo_close_path(cr)
      }
    }
    cairo_set_matrix(cr, &matrix)
  }

  /// The widest stroke, in the view's units, whose pen Cairo draws under a
  /// map whose largest scale is `largestScale`: ``DeviceClip/safeRange``
  /// pixels. A stroke wider than that (its width past 65 536 pixels) is
  /// drawn that wide, a documented approximation.
  static func drawableWidth(_ width: Double, largestScale: Double) -> Double {
    guard largestScale > 0, largestScale.isFinite else { return width }
    return min(width, DeviceClip.safeRange / largestScale)
  }

  /// Strokes `cr`'s path with `dash` (SPEC §21.3; nil: solid), in user
  /// units as the width is, and leaves the stroke solid again.
  static func stroke(_ cr: OpaquePointer, dash: StrokeDash?) {
    guard let dash else {
      cairo_stroke(cr)
      return
    }
    dash.lengths.withUnsafeBufferPointer {
      cairo_set_dash(cr, $0.baseAddress, Int32($0.count), dash.phase)
    }
    cairo_stroke(cr)
    cairo_set_dash(cr, nil, 0, 0)
  }

  /// Sets `cr`'s stroke: `width` (in user units, so it scales with the
  /// matrix in force when stroking), the cap, the join and SPEC §16.2's
  /// miter limit of 4.
  static func setStroke(_ cr: OpaquePointer, width: Double, cap: LineCap, join: LineJoin) {
    cairo_set_line_width(cr, max(width, 0))
    switch cap {
    case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
    case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
    }
    switch join {
    case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
    case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
    case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
    }
    cairo_set_miter_limit(cr, Outline.miterLimit)
  }
}
