import AnimEngine
import CCairo

/// The filters and blend modes of the composition stage (SPEC §21.2): a
/// group picture blurred (``RecursiveGaussian``, cost independent of σ), its
/// drop shadow made from its alpha, and shadow then picture composited with
/// the group's opacity and blend mode (the W3C compositing formulas, in
/// premultiplied doubles as the rest of the canvas blends). A group whose
/// composition is an opacity alone never comes here: it is composited as
/// before, to the bit.
///
/// A blurred or shadowed group is drawn past the frame by its filter's
/// reach (`CairoCanvas+Apart`), so what lies just outside blurs or casts a
/// shadow into it (docs/spec.md §21.2); each step works only over what was
/// drawn and what the frame needs of it.
extension CairoCanvas {
  /// Filters the complete group picture `plane` drawn in `rect` as
  /// `composition` says (placed in pixels by `filter`), and composites it
  /// with its drop shadow onto the target at its opacity and blend mode,
  /// times the mask's coverage when given (cleared as it is used), within
  /// `bounds` (``filteredBounds(_:_:)``, which holds all it may draw, inside
  /// the frame); clears the plane. Returns where the target may have
  /// changed.
  func compositeFiltered(
    _ plane: PicturePlane, _ rect: PixelRect, bounds: PixelRect, composition: Composition,
    filter: PlacedFilter, coverage: UnsafeMutablePointer<UInt8>?
  ) -> PixelRect {
    // An offset past any picture moves the shadow out of the frame: held
    // within ±2³⁰ pixels, so that pixel arithmetic stays in range.
    let dx = min(max(filter.shadowDX, -0x1p30), 0x1p30)
    let dy = min(max(filter.shadowDY, -0x1p30), 0x1p30)
    let ix = Int(dx.rounded(.down))
    let iy = Int(dy.rounded(.down))
    let shadowed = composition.hasShadow
    var picture = rect
    // What the plane holds that must be cleared.
    var touched = rect
    if filter.blurX > 0 || filter.blurY > 0 {
      // Wanted over the frame and, with a shadow, where the shadow is
      // made from for the frame.
      let reach =
        shadowed ? (x: 4 * filter.shadowBlurX + 2, y: 4 * filter.shadowBlurY + 2) : (x: 0.0, y: 0.0)
      let moved = PixelRect(
        x0: min(0, -ix - 1), y0: min(0, -iy - 1),
        x1: max(layout.pixelWidth, layout.pixelWidth - ix),
        y1: max(layout.pixelHeight, layout.pixelHeight - iy))
      let needed = grown(moved, x: reach.x, y: reach.y, within: plane.extent)
      (picture, touched) = blur(plane, rect, sx: filter.blurX, sy: filter.blurY, needed: needed)
    }
    var shadow: (area: PixelRect, alpha: UnsafeMutablePointer<Double>)?
    // Where something may be drawn: the picture and its shadow, moved.
    var reached = picture
    if shadowed,
      let made = shadowAlpha(
        plane, picture, sx: filter.shadowBlurX, sy: filter.shadowBlurY,
        // The shadow at frame pixel (x, y) is read from (x − dx, y − dy).
        needed: PixelRect(
          x0: -ix - 1, y0: -iy - 1, x1: layout.pixelWidth - ix, y1: layout.pixelHeight - iy))
    {
      // The picture's alpha blurred, then read offset and tinted by the
      // shadow colour (premultiplied).
      shadow = made
      let a = made.area
      reached = reached.union(
        PixelRect(
          x0: Int((Double(a.x0) + dx).rounded(.down)), y0: Int((Double(a.y0) + dy).rounded(.down)),
          x1: Int((Double(a.x1) + dx).rounded(.up)) + 1,
          y1: Int((Double(a.y1) + dy).rounded(.up)) + 1))
    }
    // The mask's coverage was filled over `bounds`: then every cell of it
    // is read (and cleared) below; else only what may be drawn is visited.
    let area = coverage == nil ? bounds.intersection(reached) : bounds
    guard !area.isEmpty else {
      plane.clear(touched.union(picture))
      return area
    }
    let out = target
    let w = layout.pixelWidth
    let opacity = composition.opacity
    let blend = composition.blend
    let c = composition.shadowColor
    let (tr, tg, tb, ta) = (c.r * c.a, c.g * c.a, c.b * c.a, c.a)
    let normal = blend == .normal
    let areaWidth = area.x1 - area.x0
    // One row of the shadow at a time, read from its blurred alpha at
    // (x − dx, y − dy): bilinear weights of the offset, exact when whole.
    let row = effectBuffers()(.row, areaWidth)
    let fx = dx - dx.rounded(.down)
    let fy = dy - dy.rounded(.down)
    /// Adds weight `k` times the shadow's row `sy` shifted by `shift` to
    /// `row`, the first term assigned: the four terms are summed in one
    /// order for every pixel.
    func term(_ sy: Int, _ shift: Int, _ k: Double) {
      guard let shadow, sy >= shadow.area.y0, sy < shadow.area.y1 else { return }
      let a = shadow.area
      let x0 = max(area.x0, a.x0 + ix + shift)
      let x1 = min(area.x1, a.x1 + ix + shift)
      guard x0 < x1 else { return }
      let source = UnsafeRawPointer(
        shadow.alpha + (sy - a.y0) * (a.x1 - a.x0) - a.x0 - ix - shift + x0)
      let target = UnsafeMutableRawPointer(row + (x0 - area.x0))
      // Four at a time (the compiler does not, not knowing the two apart).
      let n = x1 - x0
      let kk = SIMD4(repeating: k)
      var i = 0
      while i + 4 <= n {
        let t = target.loadUnaligned(fromByteOffset: 8 * i, as: SIMD4<Double>.self)
        let v = source.loadUnaligned(fromByteOffset: 8 * i, as: SIMD4<Double>.self)
        target.storeBytes(of: t + v * kk, toByteOffset: 8 * i, as: SIMD4<Double>.self)
        i += 4
      }
      while i < n {
        let t = target.load(fromByteOffset: 8 * i, as: Double.self)
        let v = source.load(fromByteOffset: 8 * i, as: Double.self)
        target.storeBytes(of: t + v * k, toByteOffset: 8 * i, as: Double.self)
        i += 1
      }
    }
    // Source-over without the mask (most groups): row by row in spans,
    // the shadow alone then the picture over it (CairoCanvas+Spans), the
    // same arithmetic pixel for pixel as the loop below.
    let spans = normal && coverage == nil
    // The frame's rows are asked for `rowsAhead` rows before they are
    // composited: the first ones at once, each later one a pixel at a time
    // as the row that many above it is composited (CairoCanvas+Spans).
    let rowsAhead = 4
    if spans {
      for y in area.y0..<min(area.y0 + rowsAhead, area.y1) {
        prefetch(out + 4 * (y * w + area.x0), count: 4 * areaWidth)
      }
    }
    for y in area.y0..<area.y1 {
      let cells = coverage.map { $0 + y * maskStride }
      let inPicture = y >= picture.y0 && y < picture.y1
      if shadow != nil {
        row.update(repeating: 0, count: areaWidth)
        let sy = y - iy
        term(sy, 0, (1 - fx) * (1 - fy))
        if fx > 0 { term(sy, 1, fx * (1 - fy)) }
        if fy > 0 { term(sy - 1, 0, (1 - fx) * fy) }
        if fx > 0, fy > 0 { term(sy - 1, 1, fx * fy) }
      }
      if spans {
        let ahead = y + rowsAhead < area.y1 ? 4 * rowsAhead * w : 0
        let p0 = inPicture ? min(max(picture.x0, area.x0), area.x1) : area.x1
        let p1 = inPicture ? min(max(picture.x1, p0), area.x1) : area.x1
        let pixels = out + 4 * (y * w)
        let tint = SIMD4(tr, tg, tb, ta)
        if shadow != nil {
          shadowSpan(pixels, row - area.x0, area.x0, p0, ahead: ahead, tint: tint, opacity: opacity)
          shadowSpan(pixels, row - area.x0, p1, area.x1, ahead: ahead, tint: tint, opacity: opacity)
        }
        if p0 < p1 {
          pictureSpan(
            pixels, plane.at(p0, y) - 4 * p0, shadow != nil ? row - area.x0 : nil, p0, p1,
            ahead: ahead, tint: tint, opacity: opacity)
        }
        continue
      }
      for x in area.x0..<area.x1 {
        let o = 4 * (y * w + x)
        var k = opacity
        if let cells {
          k *= Double(cells[x]) / 255
          cells[x] = 0
        }
        var (r, g, b, a) = (0.0, 0.0, 0.0, 0.0)
        if inPicture && x >= picture.x0 && x < picture.x1 {
          let p = plane.at(x, y)
          (r, g, b, a) = (p[0], p[1], p[2], p[3])
        }
        if shadow != nil {
          let s = row[x - area.x0]
          if s > 0 {
            let under = min(s, 1) * (1 - min(max(a, 0), 1))
            r += tr * under
            g += tg * under
            b += tb * under
            a += ta * under
          }
        }
        // The recursive blur leaves tiny negative lobes: premultiplied
        // colour stays within 0…alpha ≤ 1.
        a = min(max(a, 0), 1) * k
        guard a > 0 else { continue }
        r = min(max(r * k, 0), a)
        g = min(max(g * k, 0), a)
        b = min(max(b * k, 0), a)
        if normal {
          Self.over(out + o, r, g, b, a)
          continue
        }
        let dst = SIMD4(out[o], out[o + 1], out[o + 2], out[o + 3])
        let result = Self.blended(SIMD4(r, g, b, a), over: dst, blend)
        out[o] = result[0]
        out[o + 1] = result[1]
        out[o + 2] = result[2]
        out[o + 3] = result[3]
      }
    }
    plane.clear(touched.union(picture))
    if coverage != nil { cairo_surface_mark_dirty(mask) }
    return area
  }

  /// Where a group drawn in `rect` may draw once filtered by `filter`.
  func filteredBounds(_ rect: PixelRect, _ filter: PlacedFilter) -> PixelRect {
    let reach = filter.reach
    return grown(rect, x: reach.x + 1, y: reach.y + 1)
  }

  /// `src` composited onto `dst` (both premultiplied) with blend `mode`:
  /// W3C Compositing and Blending Level 1, source-over with the separable
  /// blend function B(Cb, Cs) — co = cs(1 − αb) + cb(1 − αs) + αs·αb·B —
  /// and `add` as `plus-lighter` (the sums clamped to 1). B is the W3C's,
  /// case by case (``separable(_:_:_:)``).
  @inline(__always)
  static func blended(_ src: SIMD4<Double>, over dst: SIMD4<Double>, _ mode: BlendMode)
    -> SIMD4<Double>
  {
    let sa = src[3]
    let da = dst[3]
    switch mode {
    case .normal:
      return src + dst * (1 - sa)
    case .add:
      return SIMD4(
        min(src[0] + dst[0], 1), min(src[1] + dst[1], 1), min(src[2] + dst[2], 1),
        min(sa + da, 1))
    default:
      var r = SIMD4<Double>.zero
      for i in 0..<3 {
        let cs = sa > 0 ? src[i] / sa : 0
        let cb = da > 0 ? dst[i] / da : 0
        let b = separable(mode, cs, cb)
        r[i] = src[i] * (1 - da) + dst[i] * (1 - sa) + sa * da * b
      }
      r[3] = sa + da * (1 - sa)
      return r
    }
  }

  /// The W3C's separable blend function B(cb, cs) of `mode`, the source's
  /// colour channel `cs` over the backdrop's `cb` (both straight, 0…1).
  @inline(__always)
  static func separable(_ mode: BlendMode, _ cs: Double, _ cb: Double) -> Double {
    switch mode {
    case .multiply: return cs * cb
    case .screen: return cb + cs - cb * cs
    case .overlay: return cb <= 0.5 ? cs * 2 * cb : cs + (2 * cb - 1) - cs * (2 * cb - 1)
    case .darken: return min(cs, cb)
    case .lighten: return max(cs, cb)
    case .colorDodge:
      if cb == 0 { return 0 }
      return cs >= 1 ? 1 : min(1, cb / (1 - cs))
    case .colorBurn:
      if cb >= 1 { return 1 }
      return cs <= 0 ? 0 : 1 - min(1, (1 - cb) / cs)
    case .hardLight:
      // Overlay with the layers' roles swapped.
      return cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1)
    case .softLight:
      if cs <= 0.5 { return cb - (1 - 2 * cs) * cb * (1 - cb) }
      let d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
      return cb + (2 * cs - 1) * (d - cb)
    case .difference: return abs(cb - cs)
    case .exclusion: return cb + cs - 2 * cb * cs
    case .normal, .add: return cs
    }
  }
}
