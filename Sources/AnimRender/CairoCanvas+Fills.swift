import CCairo
import CPixels

/// Fills rasterised by anim itself (`CoverageRaster.c`, SPEC §12.1's
/// decision): the path Cairo holds (`cairo_copy_path`) is cut into lines
/// within ``fillTolerance`` of each curve, and each pixel gets the exact
/// area of that polygon over it (nonzero winding), the clip in force
/// applied as the share of the pixel inside it. Cairo's own scan converter
/// samples 15 sub-rows a pixel row and took a third of an imported
/// Lottie's drawing; this costs a few operations a row a line, a step a
/// touched cell and a store a covered pixel. Even-odd fills, and fills
/// under a clip that is not an upright rectangle (a turned or curved
/// ancestor's outline), are still filled by Cairo.
extension CairoCanvas {
  /// The clip in force, as the fills rasterised here see it.
  enum FillClip: Equatable {
    /// None: the whole canvas.
    case none
    /// An upright rectangle (x0, y0, x1, y1) in pixels: the letterbox, a
    /// band, upright layers' boxes, their intersection.
    case rectangle(Double, Double, Double, Double)
    /// Nothing shows.
    case empty
    /// Some other shape: the fill is left to Cairo.
    case general

    /// This clip cut by the rectangle `r`, or by a shape that is not one
    /// (nil).
    func intersected(with r: (Double, Double, Double, Double)?) -> FillClip {
      guard let r else { return self == .empty ? .empty : .general }
      switch self {
      case .none: return r.0 < r.2 && r.1 < r.3 ? .rectangle(r.0, r.1, r.2, r.3) : .empty
      case .rectangle(let x0, let y0, let x1, let y1):
        let c = (max(x0, r.0), max(y0, r.1), min(x1, r.2), min(y1, r.3))
        return c.0 < c.2 && c.1 < c.3 ? .rectangle(c.0, c.1, c.2, c.3) : .empty
      case .empty, .general: return self
      }
    }
  }

  /// The upright rectangle `cr`'s current path (in device space) bounds
  /// when the path is exactly that rectangle, once round (one subpath of
  /// level and plumb sides along the rectangle's edges, a curved side's
  /// controls on its line, enclosing its area once); else nil.
  static func uprightRectangle(of cr: OpaquePointer) -> (Double, Double, Double, Double)? {
    guard let path = cairo_copy_path(cr) else { return nil }
    defer { cairo_path_destroy(path) }
    let count = Int(path.pointee.num_data)
    guard path.pointee.status == CAIRO_STATUS_SUCCESS, count > 1, let data = path.pointee.data
    else { return nil }
    // The corners (each side's ends), and every point a side passes
    // through or is pulled towards (its ends and a curve's controls).
    var corners: [(x: Double, y: Double)] = []
    var sides: [[(x: Double, y: Double)]] = []
    var closed = false
    var i = 0
    while i < count {
      let header = data[i].header
      let length = Int(header.length)
      guard length > 0 else { return nil }
      let points = (1..<length).map { (x: data[i + $0].point.x, y: data[i + $0].point.y) }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        if let first = corners.first {
          // Only Cairo's move back to the start after the close.
          guard closed, points[0].x == first.x, points[0].y == first.y else { return nil }
        } else {
          corners.append(points[0])
        }
      case CAIRO_PATH_LINE_TO, CAIRO_PATH_CURVE_TO:
        guard !closed, let last = corners.last else { return nil }
        sides.append([last] + points)
        corners.append(points[points.count - 1])
      case CAIRO_PATH_CLOSE_PATH:
        guard let first = corners.first, let last = corners.last else { return nil }
        sides.append([last, first])
        closed = true
      default: return nil
      }
      i += length
    }
    guard sides.count >= 3, let first = corners.first else { return nil }
    var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
    for side in sides {
      for p in side {
        x0 = min(x0, p.x)
        y0 = min(y0, p.y)
        x1 = max(x1, p.x)
        y1 = max(y1, p.y)
      }
    }
    var area = 0.0
    for side in sides {
      // Every side level or plumb (its controls on its line), on the
      // rectangle's edge.
      let level = side.allSatisfy { $0.y == side[0].y } && (side[0].y == y0 || side[0].y == y1)
      let plumb = side.allSatisfy { $0.x == side[0].x } && (side[0].x == x0 || side[0].x == x1)
      guard level || plumb else { return nil }
      let (a, b) = (side[0], side[side.count - 1])
      area += a.x * b.y - b.x * a.y
    }
    let whole = (x1 - x0) * (y1 - y0)
    guard abs(abs(area / 2) - whole) <= 1e-9 * max(whole, 1) else { return nil }
    return (x0, y0, x1, y1)
  }

  /// How far, in pixels, the lines a curve is filled as may stray from it:
  /// half Cairo's default tolerance (the slivers between a curve and its
  /// lines are lost coverage: an `ellipse` 20 px across covers 312.7 px²
  /// of its 314.2, where Cairo's own fill covered 312.2).
  static let fillTolerance = 0.05

  /// Where ``rasterisePath()`` put a fill's path.
  enum PathRaster {
    /// Into the raster's lines, to be finished inside this clip (nil: none).
    case lines((Double, Double, Double, Double)?)
    /// Into the mask, by Cairo, or nowhere (nothing of it shows).
    case mask
  }

  /// Fills the current path (in device space: the identity matrix in
  /// force) into the mask as `cairo_fill` would, inside the clip in force,
  /// and clears the path.
  func fillMask() {
    if case .lines(let clip) = rasterisePath() { finishMask(clip) }
  }

  /// Fills the current path as ``fillMask()`` does and blends `member`'s
  /// paint through it over the pixels of its bounds, as ``blendBatch()``
  /// does a batch of that one member; the coverage anim rasterises goes
  /// straight into the pixels (``finishBlend(_:_:_:)``), no mask written
  /// or read. Empties the batch.
  func fillBlending(_ member: Batch.Member) {
    guard case .lines(let clip) = rasterisePath() else {
      blendBatch()
      return
    }
    finishBlend(clip, member.paint, member.bounds)
    batch.reset()
  }

  /// Takes the current path (in device space) into the raster's lines, or,
  /// where anim does not rasterise it (an even-odd rule, a clip that is not
  /// an upright rectangle, no cells), fills it into the mask by Cairo; the
  /// path is cleared either way.
  func rasterisePath() -> PathRaster {
    let cr = context
    maskRuns = false
    var clip: (Double, Double, Double, Double)?
    switch fillClip {
    case .none: clip = nil
    case .rectangle(let x0, let y0, let x1, let y1): clip = (x0, y0, x1, y1)
    case .empty:
      cairo_new_path(cr)
      return .mask
    case .general:
      cairo_fill(cr)
      return .mask
    }
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cr, &matrix)
    guard rasterisesFills, cairo_get_fill_rule(cr) == CAIRO_FILL_RULE_WINDING,
      matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0, matrix.x0 == 0,
      matrix.y0 == 0, let r = rasterCells(), let path = cairo_copy_path(cr)
    else {
      cairo_fill(cr)
      return .mask
    }
    defer { cairo_path_destroy(path) }
    guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else {
      cairo_fill(cr)
      return .mask
    }
    cairo_new_path(cr)
    let count = Int(path.pointee.num_data)
    // The window: the path's points' box (a curve lies within its
    // controls'), in whole pixels, cut to the canvas.
    var (minX, minY) = (Double.infinity, Double.infinity)
    var (maxX, maxY) = (-Double.infinity, -Double.infinity)
    var k = 0
    while k < count {
      let length = Int(data[k].header.length)
      guard length > 0 else { break }
      for j in 1..<length {
        let p = data[k + j].point
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
      }
      k += length
    }
    guard openWindow(r, (minX, minY, maxX, maxY)) else { return .mask }
    var (sx, sy, cx, cy) = (0.0, 0.0, 0.0, 0.0)
    var i = 0
    while i < count {
      let header = data[i].header
      let length = Int(header.length)
      guard length > 0 else { break }
      switch header.type {
      case CAIRO_PATH_MOVE_TO:
        // A fill closes every subpath.
        anim_raster_line(r, cx, cy, sx, sy)
        (sx, sy) = (data[i + 1].point.x, data[i + 1].point.y)
        (cx, cy) = (sx, sy)
      case CAIRO_PATH_LINE_TO:
        let p = data[i + 1].point
        anim_raster_line(r, cx, cy, p.x, p.y)
        (cx, cy) = (p.x, p.y)
      case CAIRO_PATH_CURVE_TO:
        let (p1, p2, p3) = (data[i + 1].point, data[i + 2].point, data[i + 3].point)
        anim_raster_cubic(r, cx, cy, p1.x, p1.y, p2.x, p2.y, p3.x, p3.y, Self.fillTolerance)
        (cx, cy) = (p3.x, p3.y)
      case CAIRO_PATH_CLOSE_PATH:
        anim_raster_line(r, cx, cy, sx, sy)
        (cx, cy) = (sx, sy)
      default: break
      }
      i += length
    }
    anim_raster_line(r, cx, cy, sx, sy)
    return .lines(clip)
  }

  /// Sets the raster's window to the pixels of `box` (a path's points'
  /// box, in device pixels: a curve lies within its controls'), in whole
  /// pixels cut to the canvas; false, with nothing set, when the box lies
  /// wholly left of, right of, above or below the canvas, where a closed
  /// path covers none of it.
  func openWindow(
    _ r: UnsafeMutablePointer<anim_raster>, _ box: (Double, Double, Double, Double)
  ) -> Bool {
    let (minX, minY, maxX, maxY) = box
    guard minX < Double(layout.pixelWidth), maxX > 0, minY < Double(layout.pixelHeight), maxY > 0
    else { return false }
    anim_raster_window(
      r, Int32(max(minX, 0).rounded(.down)), Int32(max(minY, 0).rounded(.down)),
      Int32(min(maxX.rounded(.up) + 1, Double(layout.pixelWidth))),
      Int32(min(maxY.rounded(.up) + 1, Double(layout.pixelHeight))))
    return true
  }

  /// Writes the coverage of the lines added to the raster since the last
  /// finish into the mask, cut by `clip` (an upright rectangle in pixels).
  func finishMask(_ clip: (Double, Double, Double, Double)?) {
    guard let r = rasterCells() else { return }
    cairo_surface_flush(mask)
    guard let cells = cairo_image_surface_get_data(mask) else { return }
    r.pointee.keepSpans = 1
    var box: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
    withUnsafeMutableBytes(of: &box) { boxBytes in
      let boxPointer = boxBytes.baseAddress!.assumingMemoryBound(to: Int32.self)
      if let clip {
        let rect = [clip.0, clip.1, clip.2, clip.3]
        rect.withUnsafeBufferPointer {
          anim_raster_finish(r, cells, maskStride, $0.baseAddress, boxPointer)
        }
      } else {
        anim_raster_finish(r, cells, maskStride, nil, boxPointer)
      }
    }
    // The runs written are all the mask holds (it is zero between blends),
    // until the blend that reads them.
    maskRuns = r.pointee.spansLost == 0
    cairo_surface_mark_dirty(mask)
  }

  /// Blends `paint` through the coverage of the lines added to the raster
  /// since the last finish, cut by `clip`, over the pixels of `bounds`
  /// (grown as ``pixelRect(_:)`` grows them): what ``finishMask(_:)`` and
  /// then ``blendBatch()`` make of a batch of that one paint, pixel for
  /// pixel, with no mask between (`anim_raster_finish_blend`).
  func finishBlend(
    _ clip: (Double, Double, Double, Double)?, _ paint: Paint,
    _ bounds: (Double, Double, Double, Double)
  ) {
    guard let r = rasterCells() else { return }
    let rect = pixelRect(bounds)
    if rect.x0 < rect.x1, rect.y0 < rect.y1 { drew(rect) }
    var area: (Int32, Int32, Int32, Int32) = (
      Int32(rect.x0), Int32(rect.y0), Int32(rect.x1), Int32(rect.y1)
    )
    var box: (Double, Double, Double, Double) = clip ?? (0, 0, 0, 0)
    withUnsafePointer(to: &area) { area in
      area.withMemoryRebound(to: Int32.self, capacity: 4) { area in
        withUnsafePointer(to: &box) { box in
          box.withMemoryRebound(to: Double.self, capacity: 4) { box in
            anim_raster_finish_blend(
              r, target, layout.pixelWidth, clip == nil ? nil : box, area, paint.r, paint.g,
              paint.b, paint.a)
          }
        }
      }
    }
  }

  /// The raster, its cells made on the first fill; nil when they cannot
  /// be had (Cairo fills then).
  func rasterCells() -> UnsafeMutablePointer<anim_raster>? {
    if raster.pointee.cells == nil,
      anim_raster_init(raster, Int32(layout.pixelWidth), Int32(layout.pixelHeight)) == 0
    {
      return nil
    }
    return raster
  }
}
