import AnimEngine
import AnimStage
import CCairo
import CPixels

/// Coverage into pixels: the batch's mask blended colour by colour, the
/// coverage Cairo computed kept and reused at other whole-pixel positions.
extension CairoCanvas {
  /// Notes that the current frame blended pixels in `rect` of the picture
  /// being drawn: the frame's (``PixelChanges``) or the innermost group's.
  @inline(__always)
  func drew(_ rect: PixelRect) {
    if groups.isEmpty {
      changes.drew(rect)
    } else {
      groups[groups.count - 1].drew(rect)
    }
  }

  /// The current path (in device space: the identity matrix in force) as a
  /// reusable shape headed by `head`, when reuse is on, no clip of a tree
  /// is in force and its pixels (`bounds` grown as blending grows them)
  /// lie inside ``reuseArea``; else nil.
  /// `tried`: the answer ``fillLooksUp(_:)`` already had for it, which
  /// counted the lookup (nil: asked here).
  func reusableShape(
    _ bounds: (Double, Double, Double, Double), head: [Int64], tried: Bool? = nil
  ) -> CoverageCache.Shape? {
    if let tried {
      guard tried else { return nil }
    } else {
      guard reusesCoverage, appliedClips.isEmpty, coverage.tries(Int(head[0])), reusable(bounds)
      else { return nil }
    }
    return CoverageCache.shape(of: context, head: head)
  }

  /// Whether the pixels of `bounds` (grown as blending grows them) lie
  /// inside ``reuseArea``.
  func reusable(_ bounds: (Double, Double, Double, Double)) -> Bool {
    bounds.0.isFinite && bounds.1.isFinite && bounds.2.isFinite && bounds.3.isFinite
      && bounds.0 - 1 >= Double(reuseArea.x0) && bounds.1 - 1 >= Double(reuseArea.y0)
      && bounds.2 + 1 <= Double(reuseArea.x1) && bounds.3 + 1 <= Double(reuseArea.y1)
  }

  /// Keeps the mask's coverage of the shape just rasterised within the
  /// pixels of `bounds` (before blending clears it), for `shape`.
  func keep(_ shape: CoverageCache.Shape, _ bounds: (Double, Double, Double, Double)) {
    let rect = pixelRect(bounds)
    guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { return }
    cairo_surface_flush(mask)
    guard let data = cairo_image_surface_get_data(mask) else { return }
    // The rectangle of non-zero coverage.
    var (x0, y0, x1, y1) = (rect.x1, rect.y1, rect.x0, rect.y0)
    for y in rect.y0..<rect.y1 {
      let row = data + y * maskStride
      for x in rect.x0..<rect.x1 where row[x] != 0 {
        x0 = min(x0, x)
        x1 = max(x1, x + 1)
        y0 = min(y0, y)
        y1 = max(y1, y + 1)
      }
    }
    var entry = CoverageCache.Entry(
      x0: x0 - shape.x, y0: y0 - shape.y, width: max(x1 - x0, 0), height: max(y1 - y0, 0),
      coverage: [])
    entry.coverage.reserveCapacity(entry.width * entry.height)
    for y in y0..<max(y1, y0) {
      let row = data + y * maskStride
      for x in x0..<x1 { entry.coverage.append(row[x]) }
    }
    coverage.store(entry, for: shape.key)
  }

  /// Blends `paint` through a kept coverage placed at `shape`'s origin, as
  /// the mask of a view within `bounds` would be blended.
  func blend(
    _ entry: CoverageCache.Entry, at shape: CoverageCache.Shape, _ paint: Paint,
    _ bounds: (Double, Double, Double, Double)
  ) {
    let rect = pixelRect(bounds)
    let x0 = shape.x + entry.x0
    let y0 = shape.y + entry.y0
    let placed = PixelRect(x0: x0, y0: y0, x1: x0 + entry.width, y1: y0 + entry.height)
    guard placed.area > 0 else {
      if rect.x0 < rect.x1 && rect.y0 < rect.y1 { drew(rect) }
      return
    }
    drew(
      rect.contains(placed)
        ? rect
        : PixelRect(
          x0: min(rect.x0, placed.x0), y0: min(rect.y0, placed.y0),
          x1: max(rect.x1, placed.x1), y1: max(rect.y1, placed.y1)))
    entry.coverage.withUnsafeBufferPointer { cells in
      let base = UnsafeMutablePointer(mutating: cells.baseAddress!)
      for y in placed.y0..<placed.y1 {
        blendRow(
          paint, cells: base + (y - y0) * entry.width - x0, y: y, x0: x0, x1: placed.x1,
          clearing: false)
      }
    }
  }

  /// Fills the batch's shapes into the mask, then blends each member's own
  /// colour over the pixels it covers, clearing the mask behind it.
  /// `tried`: whether a lookup of the one member's coverage was already
  /// counted and would go ahead (``fillLooksUp(_:)``; nil: asked here).
  func flush(tried: Bool? = nil) {
    guard !batch.members.isEmpty else { return }
    // A single shape that may be reused: copied when it was rasterised
    // before at another whole-pixel position, else rasterised and kept.
    if batch.members.count == 1, batch.reusable, let member = batch.members.first,
      let shape = reusableShape(member.bounds, head: [0], tried: tried)
    {
      if let entry = coverage.entry(for: shape.key) {
        cairo_new_path(context)
        blend(entry, at: shape, member.paint, member.bounds)
        batch.reset()
        return
      }
      fillMask()
      keep(shape, member.bounds)
      blendBatch()
      return
    }
    // One member, nothing kept: its coverage blended as it is finished.
    if batch.members.count == 1, let member = batch.members.first {
      fillBlending(member)
      return
    }
    fillMask()
    blendBatch()
  }

  /// Calls `body` with each row of `rect` and the columns of it to read
  /// from the mask: where the raster's last finish wrote (its runs, when
  /// ``maskRuns`` says they are all the mask holds), else the whole row.
  /// The mask is zero elsewhere, so both read the same pixels; the runs
  /// skip the empty ones between a ring's sides or a diagonal's ends.
  @inline(__always)
  func forEachMaskRun(in rect: PixelRect, _ body: (Int, Int, Int) -> Void) {
    guard maskRuns, let spans = raster.pointee.spans else {
      for y in rect.y0..<rect.y1 { body(y, rect.x0, rect.x1) }
      return
    }
    for k in 0..<raster.pointee.spanCount {
      let y = Int(spans[3 * k])
      let from = max(Int(spans[3 * k + 1]), rect.x0)
      let to = min(Int(spans[3 * k + 2]), rect.x1)
      if y >= rect.y0 && y < rect.y1 && from < to { body(y, from, to) }
    }
  }

  /// The pixels blending `bounds` visits: one more on each side, where
  /// anti-aliasing reaches, clamped to the image.
  func pixelRect(_ bounds: (Double, Double, Double, Double)) -> PixelRect {
    PixelRect(covering: bounds, width: layout.pixelWidth, height: layout.pixelHeight)
  }

  /// The box outlines are cut to before Cairo draws them (``DeviceClip``):
  /// the image grown by a stroke's `reach` in pixels and a little more.
  func cut(reach: Double) -> DeviceClip {
    DeviceClip(width: layout.pixelWidth, height: layout.pixelHeight, margin: reach + 4)
  }

  /// Blends `p` over pixels `x0..<x1` of row `y` through the coverage
  /// `cells[x]`, clearing each cell used when `clearing` (`anim_blend_row`:
  /// a pixel's four channels in one AVX2 register where the processor has
  /// it, the same products and sums either way).
  ///
  /// Where an opaque paint covers a pixel whole (coverage 255, alpha 1) the
  /// blend is p·1 + below·0, which is p: the pixel is stored, not read
  /// (``over(_:_:_:_:_:)``), and eight such pixels in a row (the inside of
  /// most shapes) at once.
  @inline(__always)
  func blendRow(
    _ p: Paint, cells: UnsafeMutablePointer<UInt8>, y: Int, x0: Int, x1: Int, clearing: Bool
  ) {
    guard x0 < x1 else { return }
    anim_blend_row(
      target + 4 * (y * layout.pixelWidth + x0), cells + x0, x1 - x0, p.r, p.g, p.b, p.a,
      clearing ? 1 : 0)
  }

  /// Blends each member's own colour over the pixels of the mask it covers,
  /// clearing the mask behind it, and empties the batch.
  func blendBatch() {
    guard !batch.members.isEmpty else { return }
    cairo_surface_flush(mask)
    guard let data = cairo_image_surface_get_data(mask) else { return }
    if batch.members.count > 1 { maskRuns = false }
    for member in batch.members {
      // One pixel more on each side: anti-aliasing reaches the pixels the
      // bounds cross. Members' bounds do not overlap, and each mask pixel is
      // cleared once used, so no pixel is blended twice.
      let rect = pixelRect(member.bounds)
      guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { continue }
      drew(rect)
      forEachMaskRun(in: rect) { y, from, to in
        blendRow(
          member.paint, cells: data + y * maskStride, y: y, x0: from, x1: to, clearing: true)
      }
    }
    maskRuns = false
    cairo_surface_mark_dirty(mask)
    batch.reset()
  }
}
