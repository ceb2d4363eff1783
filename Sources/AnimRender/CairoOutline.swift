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
