import AnimEngine
import CPixels

/// Strokes rasterised by anim itself (`StrokeRaster.c`, SPEC §12.1's
/// decision): the trimmed piece is cut into lines within ``fillTolerance``
/// pixels, dashed, and each line, join and cap becomes a polygon of the
/// pen's width in the view's units, taken through the view's matrix to
/// pixels (an elliptical pen where the view is squashed, as Cairo's) and
/// covered by its exact area, as fills are (``fillMask()``). Cairo's
/// stroker and scan converter took most of a line-drawing Lottie's time.
/// Strokes under a clip that is not an upright rectangle, outlines that
/// reach past ``DeviceClip/safeRange``, the straight strokes whose
/// coverage is reused (``CoverageCache``, keyed on Cairo's path), and
/// strokes whose lines fold back on each other (two lines' polygons
/// overlapping along more than 4 pixels, or three overlapping at once,
/// which the raster's sum of areas less each pair's overlap would count
/// wrong) are still stroked by Cairo.
extension CairoCanvas {
  /// Strokes `piece` (view units) under `m` into the mask, within the
  /// pixels of `bounds`, as `CairoOutline.stroke` would: true when done,
  /// false when it is left to Cairo. With `blending`, the paint is blended
  /// through the stroke's coverage over those pixels instead
  /// (``finishBlend(_:_:_:)``: what the mask blended by ``blendBatch()``
  /// would make), and the mask is left as it was.
  func strokeMask(
    _ piece: Outline, under m: Affine, width: Double, cap: LineCap, join: LineJoin,
    dash: StrokeDash?, bounds: (Double, Double, Double, Double), blending paint: Paint? = nil
  ) -> Bool {
    maskRuns = false
    var clip: (Double, Double, Double, Double)?
    switch fillClip {
    case .none: clip = nil
    case .rectangle(let x0, let y0, let x1, let y1): clip = (x0, y0, x1, y1)
    case .empty: return true
    case .general: return false
    }
    let det = m.a * m.d - m.b * m.c
    guard rasterisesFills, det != 0, det.isFinite, DeviceClip.fits(piece, under: m),
      let r = rasterCells()
    else { return false }
    let rect = pixelRect(bounds)
    guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { return true }
    let scale = Outline.largestScale(a: m.a, b: m.b, c: m.c, d: m.d)
    guard scale > 0, scale.isFinite else { return false }
    anim_raster_window(r, Int32(rect.x0), Int32(rect.y0), Int32(rect.x1), Int32(rect.y1))
    let stroker = self.stroker
    let matrix = [m.a, m.b, m.c, m.d, m.tx, m.ty]
    let lengths = dash?.lengths ?? []
    lengths.withUnsafeBufferPointer { dashes in
      anim_stroke_begin(
        stroker, r, matrix, CairoOutline.drawableWidth(width, largestScale: scale),
        Int32(cap == .butt ? ANIM_CAP_BUTT : cap == .round ? ANIM_CAP_ROUND : ANIM_CAP_SQUARE),
        Int32(
          join == .miter ? ANIM_JOIN_MITER : join == .round ? ANIM_JOIN_ROUND : ANIM_JOIN_BEVEL),
        Outline.miterLimit, Self.fillTolerance / scale,
        dash == nil ? nil : dashes.baseAddress, Int32(dashes.count), dash?.phase ?? 0)
      for subpath in piece.subpaths {
        anim_stroke_move_to(
          stroker, subpath.start.x, subpath.start.y, subpath.isClosed ? 1 : 0)
        for s in subpath.segments {
          anim_stroke_curve_to(
            stroker, s.control1.x, s.control1.y, s.control2.x, s.control2.y, s.end.x, s.end.y)
        }
        guard subpath.isClosed else { continue }
        anim_stroke_close(stroker)
        // A dashed ring's first dash, drawn from its start again (joined
        // to the last dash where that runs to the start).
        if anim_stroke_wrap(stroker) != 0 {
          for s in subpath.segments {
            anim_stroke_curve_to(
              stroker, s.control1.x, s.control1.y, s.control2.x, s.control2.y, s.end.x, s.end.y)
          }
          if subpath.start != (subpath.segments.last?.end ?? subpath.start) {
            anim_stroke_line_to(stroker, subpath.start.x, subpath.start.y)
          }
        }
      }
      anim_stroke_end(stroker)
    }
    guard stroker.pointee.overlaps == 0 else {
      // Lines folding back on each other: Cairo's stroker handles them.
      anim_raster_discard(r)
      return false
    }
    if let paint {
      finishBlend(clip, paint, bounds)
    } else {
      finishMask(clip)
    }
    return true
  }
}
