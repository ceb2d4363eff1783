import AnimEngine
import CCairo
import CPixels

/// Outlines filled by anim's raster straight from the outline, without
/// building Cairo's path and reading it back (`cairo_curve_to` and
/// `cairo_copy_path` were a twentieth of an imported Lottie's drawing).
/// The lines are the ones ``rasterisePath()`` cuts Cairo's path of the same
/// outline into, number for number: each point is taken to pixels as Cairo
/// takes it, (xx·x + xy·y) + x0, and rounded to Cairo's 24.8 fixed point
/// as Cairo stores it (to the nearest 256th, ties to even); each subpath is
/// moved to, curved along and closed as Cairo's path holds it (a curve
/// that does not move, which Cairo keeps as a line of no length, adds
/// nothing either way). So the pixels are the same to the bit.
extension CairoCanvas {
  /// A fill taken into the raster's lines: to be finished inside `clip`.
  struct DirectFill {
    var clip: (Double, Double, Double, Double)?
  }

  /// 1.5 · 2^44: a double plus this is rounded to a multiple of 1/256
  /// (ties to even), Cairo's `_cairo_fixed_from_double`.
  private static let fixedRounding = 26_388_279_066_624.0

  /// Coordinates at most this far from 0 (2^22 pixels) are rounded to 24.8
  /// fixed point exactly as Cairo rounds them; past that the outline is
  /// left to Cairo.
  private static let fixedRange = 4_194_304.0

  /// `v` rounded as Cairo stores it: a multiple of 1/256, ties to even.
  @inline(__always)
  private static func fixed(_ v: Double) -> Double { (v + fixedRounding) - fixedRounding }

  /// Whether a fill (even-odd or not) may go straight to the raster: anim
  /// rasterises fills, the rule is nonzero, the clip is none or an upright
  /// rectangle, and no batch is waiting (an outline joins Cairo's path
  /// after the batch's). Asking costs nothing (no reuse lookup is counted).
  func fillsDirectly(evenOdd: Bool) -> Bool {
    guard fillsWithoutCairoPath, rasterisesFills, !evenOdd, batch.members.isEmpty else {
      return false
    }
    switch fillClip {
    case .none, .rectangle: return true
    case .empty, .general: return false
    }
  }

  /// Takes `outline` under `matrix` (box coordinates to pixels, finite)
  /// into the raster's lines as ``rasterisePath()`` takes Cairo's path of
  /// it, inside the window of its points' box; nil, with nothing done,
  /// where `bounds` (its points' box in pixels, as `Outline.bounds` gives
  /// it under the same map) lies past ``DeviceClip/safeRange`` (Cairo's
  /// path of it is cut first: ``DeviceClip/fits(_:under:)``), it has a
  /// subpath of no segment, or the cells cannot be had. Only where
  /// ``fillsDirectly(evenOdd:)``.
  func rasteriseOutline(
    _ outline: Outline, under matrix: cairo_matrix_t, bounds: OutlineBounds
  ) -> DirectFill? {
    var clip: (Double, Double, Double, Double)?
    switch fillClip {
    case .none: clip = nil
    case .rectangle(let x0, let y0, let x1, let y1): clip = (x0, y0, x1, y1)
    case .empty, .general: return nil
    }
    guard
      DeviceClip.holds(
        (bounds.minimum.x, bounds.minimum.y, bounds.maximum.x, bounds.maximum.y))
    else { return nil }
    let (xx, xy, x0, yx, yy, y0) = (
      matrix.xx, matrix.xy, matrix.x0, matrix.yx, matrix.yy, matrix.y0
    )
    @inline(__always) func device(_ p: OutlinePoint) -> (Double, Double) {
      (Self.fixed(xx * p.x + xy * p.y + x0), Self.fixed(yx * p.x + yy * p.y + y0))
    }
    // The window: every point's box (a curve lies within its controls').
    var (minX, minY) = (Double.infinity, Double.infinity)
    var (maxX, maxY) = (-Double.infinity, -Double.infinity)
    // Whether every point is within the fixed range (false for a NaN).
    var inRange = true
    @inline(__always) func widen(_ p: (Double, Double)) {
      inRange = inRange && abs(p.0) <= Self.fixedRange && abs(p.1) <= Self.fixedRange
      minX = min(minX, p.0)
      minY = min(minY, p.1)
      maxX = max(maxX, p.0)
      maxY = max(maxY, p.1)
    }
    for subpath in outline.subpaths {
      guard !subpath.segments.isEmpty else { return nil }
      widen(device(subpath.start))
      for s in subpath.segments {
        widen(device(s.control1))
        widen(device(s.control2))
        widen(device(s.end))
      }
    }
    guard inRange, !outline.subpaths.isEmpty, let r = rasterCells() else { return nil }
    maskRuns = false
    directFills += 1
    guard openWindow(r, (minX, minY, maxX, maxY)) else { return DirectFill(clip: clip) }
    // Cairo's path: a move to each subpath's start (closing the last one
    // with a line, as a fill does), its curves, a close (a line back to the
    // start) where it is closed; and at the end the last one closed.
    var (sx, sy, cx, cy) = (0.0, 0.0, 0.0, 0.0)
    for subpath in outline.subpaths {
      anim_raster_line(r, cx, cy, sx, sy)
      (sx, sy) = device(subpath.start)
      (cx, cy) = (sx, sy)
      for s in subpath.segments {
        let (p1, p2, p3) = (device(s.control1), device(s.control2), device(s.end))
        anim_raster_cubic(r, cx, cy, p1.0, p1.1, p2.0, p2.1, p3.0, p3.1, Self.fillTolerance)
        (cx, cy) = p3
      }
      if subpath.isClosed {
        anim_raster_line(r, cx, cy, sx, sy)
        (cx, cy) = (sx, sy)
      }
    }
    anim_raster_line(r, cx, cy, sx, sy)
    return DirectFill(clip: clip)
  }

  /// Whether a fill of one paint within `bounds` would look its coverage
  /// up for reuse, asked as ``reusableShape(_:head:tried:)`` asks it,
  /// counted once (``CoverageCache/tries(_:)``): its answer goes to that
  /// call when the fill then takes Cairo's path after all.
  func fillLooksUp(_ bounds: (Double, Double, Double, Double)) -> Bool {
    reusesCoverage && appliedClips.isEmpty && coverage.tries(0) && reusable(bounds)
  }
}
