import AnimEngine
import CCairo
import CPixels

/// Gradient paints (SPEC §21.1): the shape's coverage is rasterised into the
/// mask as for a colour, then each covered pixel is blended with the
/// gradient's premultiplied colour at the pixel's centre, found by mapping
/// the centre back into the view's box in unit coordinates. So the colours
/// are exactly the premultiplied interpolation SPEC asks for, in doubles,
/// with no stops added and none of Cairo's 8-bit gradient tables.
extension CairoCanvas {
  /// A gradient made ready to blend: the map from pixels to the gradient's
  /// unit coordinates, its ramp and the opacity it is blended at.
  struct GradientPaint {
    /// Pixels → the view's box in unit coordinates ((0, 0)…(1, 1)).
    var a, b, c, d, tx, ty: Double
    let gradient: Gradient
    let ramp: GradientRamp
    let alpha: Double
    /// The position along the gradient of a point in unit coordinates.
    let position: Position

    /// The paint of `gradient` on a view whose box `placed` maps to pixels,
    /// a box `width` × `height`; nil when the box cannot be inverted (the
    /// view is squashed to nothing, and draws nothing).
    init?(_ gradient: Gradient, placed m: Affine, width: Double, height: Double, alpha: Double) {
      let det = m.a * m.d - m.b * m.c
      guard det != 0, det.isFinite else { return nil }
      // The inverse of `placed`, then box → unit (a side of length 0 counts
      // as 1 point, as the exports write it).
      let sx = width > 0 ? 1 / width : 1
      let sy = height > 0 ? 1 / height : 1
      let ia = m.d / det
      let ib = -m.b / det
      let ic = -m.c / det
      let id = m.a / det
      let itx = -(ia * m.tx + ic * m.ty)
      let ity = -(ib * m.tx + id * m.ty)
      (a, b, c, d, tx, ty) = (ia * sx, ib * sy, ic * sx, id * sy, itx * sx, ity * sy)
      self.gradient = gradient
      ramp = GradientRamp(gradient)
      self.alpha = alpha
      position = Position(gradient.geometry)
    }

    /// ``Gradient/position(at:)`` with what does not change from pixel to
    /// pixel worked out once: the same operations on the same values, so
    /// the same bits.
    enum Position {
      /// One position everywhere (a gradient with no length or radius).
      case constant(Double)
      /// Along `d` = to − from, whose squared length is `length2`.
      case linear(from: OutlinePoint, d: OutlinePoint, length2: Double)
      /// A radial gradient whose focal point is its centre.
      case centred(center: OutlinePoint, radius: Double)
      /// One with a focal point `f` (the drawn one), `d` = centre − f and
      /// `a` = |d|² − r².
      case focal(f: OutlinePoint, d: OutlinePoint, a: Double)

      init(_ geometry: Gradient.Geometry) {
        switch geometry {
        case .linear(let from, let to):
          let d = to - from
          let length2 = d.x * d.x + d.y * d.y
          self = length2 > 0 ? .linear(from: from, d: d, length2: length2) : .constant(1)
        case .radial(let center, let radius, let focal):
          if !(radius > 0) {
            self = .constant(1)
          } else if focal == center {
            self = .centred(center: center, radius: radius)
          } else {
            let f = Gradient.drawnFocal(center: center, radius: radius, focal: focal)
            let d = center - f
            self = .focal(f: f, d: d, a: d.x * d.x + d.y * d.y - radius * radius)
          }
        }
      }

      /// The position at `p` (unit coordinates).
      @inline(__always)
      func at(_ p: OutlinePoint) -> Double {
        switch self {
        case .constant(let t): return t
        case .linear(let from, let d, let length2):
          let q = p - from
          return (q.x * d.x + q.y * d.y) / length2
        case .centred(let center, let radius):
          let q = p - center
          return (q.x * q.x + q.y * q.y).squareRoot() / radius
        case .focal(let f, let d, let a):
          let q = p - f
          let b = q.x * d.x + q.y * d.y
          let c = q.x * q.x + q.y * q.y
          return (b - (b * b - a * c).squareRoot()) / a
        }
      }
    }

    /// The premultiplied colour at the centre of pixel (x, y).
    @inline(__always)
    func color(x: Int, y: Int) -> SIMD4<Double> {
      ramp.premultiplied(at: position.at(unit(x: x, py: Double(y) + 0.5)))
    }

    /// The centre of pixel `x` of the row whose centre is at `py`, in the
    /// box's unit coordinates.
    @inline(__always)
    func unit(x: Int, py: Double) -> OutlinePoint {
      let px = Double(x) + 0.5
      return OutlinePoint(a * px + c * py + tx, b * px + d * py + ty)
    }

    /// Along which lines of pixels ``color(x:y:)`` does not change.
    enum Lines {
      case neither
      /// One colour along each row: a linear gradient running along the
      /// box's y on a box not turned (b = 0 and the run's x 0).
      case rows
      /// One colour down each column: one running along the box's x on a
      /// box not turned (c = 0 and the run's y 0).
      case columns
    }

    /// The lines of a canvas `width` × `height` along which the colour is
    /// the same to the bit, so that it is computed once a line. Along a
    /// row, b·x is ±0 of one sign, so the box's y does not change; the box's
    /// x times the run's ±0 is ±0 while it is finite, which adds nothing to
    /// a product that is not 0 and, where that is 0, makes a position of ±0,
    /// which every comparison and blend of the ramp takes alike. So each
    /// term is bounded here, far from overflow, for every pixel.
    func lines(width: Int, height: Int) -> Lines {
      guard case .linear(let from, let to) = gradient.geometry else { return .neither }
      let run = to - from
      let w = Double(width) + 1
      let h = Double(height) + 1
      let reachX = abs(a) * w + abs(c) * h + abs(tx) + abs(from.x)
      let reachY = abs(b) * w + abs(d) * h + abs(ty) + abs(from.y)
      guard reachX < 1e300, reachY < 1e300 else { return .neither }
      if run.x == 0 && b == 0 { return .rows }
      if run.y == 0 && c == 0 { return .columns }
      return .neither
    }
  }

  /// Fills the current path (in device space) into the mask and blends
  /// `paint` over the pixels of `bounds` it covers, clearing the mask.
  func blendGradient(_ paint: GradientPaint, _ bounds: (Double, Double, Double, Double)) {
    fillMask()
    blendMask(paint, bounds)
  }

  /// Blends `paint` over the pixels of `bounds` the mask covers (a fill
  /// or a stroke just rasterised), clearing the mask behind it.
  func blendMask(_ paint: GradientPaint, _ bounds: (Double, Double, Double, Double)) {
    cairo_surface_flush(mask)
    defer {
      maskRuns = false
      cairo_surface_mark_dirty(mask)
    }
    guard let data = cairo_image_surface_get_data(mask) else { return }
    let rect = pixelRect(bounds)
    guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { return }
    drew(rect)
    // A gradient whose colour keeps along rows or columns is computed once
    // a line (the columns' colours kept in `gradientColumns`).
    let lines =
      reusesGradientLines
      ? paint.lines(width: layout.pixelWidth, height: layout.pixelHeight) : .neither
    if lines == .columns {
      gradientColumns.removeAll(keepingCapacity: true)
      for x in rect.x0..<rect.x1 { gradientColumns.append(paint.color(x: x, y: rect.y0)) }
    }
    paint.ramp.offsets.withUnsafeBufferPointer { offsets in
      paint.ramp.colors.withUnsafeBufferPointer { colors in
        gradientColumns.withUnsafeBufferPointer { columns in
          var each = paint.row((offsets, colors))
          forEachMaskRun(in: rect) { y, from, to in
            blendGradientRow(
              paint, (offsets, colors), lines, each: &each, columns: columns,
              cells: data + y * maskStride, y: y, origin: rect.x0, from: from, to: to)
          }
        }
      }
    }
  }

  /// Blends `paint` over pixels `from..<to` of row `y` through the
  /// coverage `cells[x]`, clearing each cell used: the colour of the row (at
  /// column `origin`, the shape's first), of the column (`columns`, from
  /// `origin`) or of each pixel (`each`, the paint as C takes it), as
  /// `lines` says (the ramp's stops held as pointers).
  @inline(__always)
  private func blendGradientRow(
    _ paint: GradientPaint,
    _ ramp: (offsets: UnsafeBufferPointer<Double>, colors: UnsafeBufferPointer<SIMD4<Double>>),
    _ lines: GradientPaint.Lines, each: inout anim_gradient,
    columns: UnsafeBufferPointer<SIMD4<Double>>, cells: UnsafeMutablePointer<UInt8>, y: Int,
    origin: Int, from x0: Int, to x1: Int
  ) {
    let pixels = target
    // At full opacity a whole pixel's factor is 1 · 255 / 255 = 1: the
    // colour is blended as it is.
    let whole = paint.alpha == 1
    let py = Double(y) + 0.5
    @inline(__always) func color(at p: OutlinePoint) -> SIMD4<Double> {
      GradientRamp.premultiplied(
        at: paint.position.at(p), offsets: ramp.offsets, colors: ramp.colors)
    }
    // Pixel by pixel, the colour from `at(x)`: the position's geometry
    // switched on once a row, not a pixel.
    @inline(__always) func blend(_ at: (Int) -> SIMD4<Double>) {
      var o = 4 * (y * layout.pixelWidth + x0)
      var x = x0
      while x < x1 {
        // Eight uncovered pixels at once (a turned shape's corners).
        if x + 8 <= x1 && UnsafeRawPointer(cells + x).loadUnaligned(as: UInt64.self) == 0 {
          x += 8
          o += 32
          continue
        }
        let cover = cells[x]
        if cover != 0 {
          cells[x] = 0
          var s = at(x)
          if !(whole && cover == 255) { s *= paint.alpha * Double(cover) / 255 }
          // Where the colour is opaque the pixel below is not read.
          Self.over(pixels + o, s[0], s[1], s[2], s[3])
        }
        x += 1
        o += 4
      }
    }
    switch lines {
    case .rows:
      // One colour along the row (at column `origin`, the shape's first).
      // Opaque at full opacity, it is a flat colour: `blendRow` multiplies
      // it by the same factors (1 · cover / 255, alpha 1 · the factor) and
      // stores eight whole pixels at once.
      let s = color(at: paint.unit(x: origin, py: py))
      if whole && s[3] == 1 {
        blendRow(
          Paint(r: s[0], g: s[1], b: s[2], a: 1), cells: cells, y: y, x0: x0, x1: x1,
          clearing: true)
      } else {
        blend { _ in s }
      }
      return
    case .columns: return blend { columns[$0 - origin] }
    case .neither: break
    }
    // Pixel by pixel, in C (`anim_blend_gradient_row`: four positions at
    // once where the processor has AVX2; the same operations, the same
    // bits).
    anim_blend_gradient_row(
      pixels + 4 * (y * layout.pixelWidth + x0), cells + x0, x1 - x0, x0, py, &each)
  }
}

extension CairoCanvas.GradientPaint {
  /// The paint as `anim_blend_gradient_row` takes it, its ramp's stops at
  /// `ramp` (held by the caller while the row is blended).
  func row(
    _ ramp: (offsets: UnsafeBufferPointer<Double>, colors: UnsafeBufferPointer<SIMD4<Double>>)
  ) -> anim_gradient {
    var kind = ANIM_GRADIENT_CONSTANT
    var point = OutlinePoint(0, 0)
    var direction = OutlinePoint(0, 0)
    var k = 0.0
    switch position {
    case .constant(let t): k = t
    case .linear(let from, let d, let length2):
      (kind, point, direction, k) = (ANIM_GRADIENT_LINEAR, from, d, length2)
    case .centred(let center, let radius):
      (kind, point, k) = (ANIM_GRADIENT_CENTRED, center, radius)
    case .focal(let f, let d, let a):
      (kind, point, direction, k) = (ANIM_GRADIENT_FOCAL, f, d, a)
    }
    return anim_gradient(
      a: a, b: b, c: c, d: d, tx: tx, ty: ty, kind: kind, px: point.x, py: point.y,
      dx: direction.x, dy: direction.y, k: k, offsets: ramp.offsets.baseAddress,
      colors: UnsafeRawPointer(ramp.colors.baseAddress)?.assumingMemoryBound(to: Double.self),
      stops: ramp.offsets.count, alpha: alpha)
  }
}
