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
/// The group picture is the frame: what a view draws outside it is not
/// there to be blurred or to cast a shadow into it (docs/spec.md §21.2).
extension CairoCanvas {
  /// Buffers the filters reuse frame after frame, made on first use.
  final class EffectBuffers {
    /// The drop shadow's alpha, one double a pixel laid out as the frame,
    /// zero between uses (its colour is the tint times it).
    let shadow: UnsafeMutablePointer<Double>
    /// One line of one channel for the blur's two passes.
    let input: UnsafeMutablePointer<Double>
    let causal: UnsafeMutablePointer<Double>

    init(width: Int, height: Int) {
      shadow = .allocate(capacity: width * height)
      shadow.initialize(repeating: 0, count: width * height)
      let line = max(width, height)
      input = .allocate(capacity: line)
      causal = .allocate(capacity: line)
    }

    deinit {
      shadow.deallocate()
      input.deallocate()
      causal.deallocate()
    }
  }

  /// The smallest σ, in pixels, that is drawn as a blur.
  static let leastSigma = 0.05
  /// The largest σ, in pixels, drawn as it is (see ``blur(_:_:sx:sy:buffers:)``).
  static let mostSigma = 100_000.0

  /// The rectangle `rect` grown by `x`, `y` pixels (rounded out), inside the
  /// frame.
  func grown(_ rect: PixelRect, x: Double, y: Double) -> PixelRect {
    let gx = Int(min(x, Double(layout.pixelWidth)).rounded(.up)) + 1
    let gy = Int(min(y, Double(layout.pixelHeight)).rounded(.up)) + 1
    return PixelRect(
      x0: max(rect.x0 - gx, 0), y0: max(rect.y0 - gy, 0),
      x1: min(rect.x1 + gx, layout.pixelWidth), y1: min(rect.y1 + gy, layout.pixelHeight))
  }

  /// Blurs `plane` (premultiplied, zero outside `rect`) with σ `sx` along x
  /// and `sy` along y pixels: rows of `rect` across the rectangle grown by
  /// 4σ, then every column of that; returns where the result may be
  /// non-zero.
  func blur(
    _ plane: UnsafeMutablePointer<Double>, _ rect: PixelRect, sx: Double, sy: Double,
    buffers: EffectBuffers, alphaOnly: Bool = false
  ) -> PixelRect {
    // Below 0.05 px a Gaussian changes no pixel by a thousandth of a level
    // (and the recursion's poles would overflow at σ = 1e-320): none.
    // Above 100 000 px (a view scaled up 1e30 times) the picture is spread
    // below a hundredth of a level anywhere; drawn at that σ, where the
    // recursion is still exact in doubles.
    let sx = sx >= Self.leastSigma ? min(sx, Self.mostSigma) : 0
    let sy = sy >= Self.leastSigma ? min(sy, Self.mostSigma) : 0
    let out = grown(rect, x: sx > 0 ? 4 * sx : 0, y: sy > 0 ? 4 * sy : 0)
    let w = layout.pixelWidth
    if sx > 0 {
      let g = RecursiveGaussian(sigma: sx)
      for y in rect.y0..<rect.y1 {
        if alphaOnly {
          g.line(
            plane + (y * w + out.x0), count: out.x1 - out.x0, step: 1,
            input: buffers.input, causal: buffers.causal)
        } else {
          // Channel by channel, in scalars.
          for c in 0..<4 {
            g.line(
              plane + 4 * (y * w + out.x0) + c, count: out.x1 - out.x0, step: 4,
              input: buffers.input, causal: buffers.causal)
          }
        }
      }
    }
    if sy > 0 {
      let g = RecursiveGaussian(sigma: sy)
      for x in out.x0..<out.x1 {
        if alphaOnly {
          g.line(
            plane + (out.y0 * w + x), count: out.y1 - out.y0, step: w,
            input: buffers.input, causal: buffers.causal)
        } else {
          for c in 0..<4 {
            g.line(
              plane + 4 * (out.y0 * w + x) + c, count: out.y1 - out.y0, step: 4 * w,
              input: buffers.input, causal: buffers.causal)
          }
        }
      }
    }
    return out
  }

  /// Filters the complete group picture `plane` drawn in `rect` as
  /// `composition` says (placed in pixels by `filter`), and composites it
  /// with its drop shadow onto the target at its opacity and blend mode,
  /// times the mask's coverage when given (cleared as it is used), over
  /// `bounds` (``filteredBounds(_:_:)``, which holds all it may draw);
  /// clears the planes. Returns where the target may have changed.
  func compositeFiltered(
    _ plane: UnsafeMutablePointer<Double>, _ rect: PixelRect, bounds: PixelRect,
    composition: Composition, filter: PlacedFilter, coverage: UnsafeMutablePointer<UInt8>?
  ) -> PixelRect {
    let buffers = effectBuffers()
    var picture = rect
    if filter.blurX > 0 || filter.blurY > 0 {
      picture = blur(plane, rect, sx: filter.blurX, sy: filter.blurY, buffers: buffers)
    }
    let w = layout.pixelWidth
    let h = layout.pixelHeight
    var area = picture
    var shadowArea: PixelRect?
    let shadow = buffers.shadow
    if composition.hasShadow {
      // The picture's alpha tinted by the shadow colour (premultiplied),
      // blurred, then read offset.
      for y in picture.y0..<picture.y1 {
        for x in picture.x0..<picture.x1 {
          shadow[y * w + x] = min(max(plane[4 * (y * w + x) + 3], 0), 1)
        }
      }
      var blurred = picture
      if filter.shadowBlurX > 0 || filter.shadowBlurY > 0 {
        blurred = blur(
          shadow, picture, sx: filter.shadowBlurX, sy: filter.shadowBlurY, buffers: buffers,
          alphaOnly: true)
      }
      shadowArea = blurred
      let moved = PixelRect(
        x0: max(Int((Double(blurred.x0) + filter.shadowDX).rounded(.down)), 0),
        y0: max(Int((Double(blurred.y0) + filter.shadowDY).rounded(.down)), 0),
        x1: min(Int((Double(blurred.x1) + filter.shadowDX).rounded(.up)) + 1, w),
        y1: min(Int((Double(blurred.y1) + filter.shadowDY).rounded(.up)) + 1, h))
      if moved.x0 < moved.x1, moved.y0 < moved.y1 {
        area = PixelRect(
          x0: min(area.x0, moved.x0), y0: min(area.y0, moved.y0), x1: max(area.x1, moved.x1),
          y1: max(area.y1, moved.y1))
      }
    }
    // The mask's coverage was filled over `bounds`: every cell of it is
    // read (and cleared) below.
    area = bounds
    let out = target
    let opacity = composition.opacity
    let blend = composition.blend
    // Bilinear weights of the shadow's offset (exact when it is whole).
    let fx = filter.shadowDX - filter.shadowDX.rounded(.down)
    let fy = filter.shadowDY - filter.shadowDY.rounded(.down)
    let ix = Int(filter.shadowDX.rounded(.down))
    let iy = Int(filter.shadowDY.rounded(.down))
    let sa = shadowArea
    let c = composition.shadowColor
    let tint = SIMD4(c.r * c.a, c.g * c.a, c.b * c.a, c.a)
    func shadowAt(_ x: Int, _ y: Int) -> Double {
      guard let sa, x >= sa.x0, x < sa.x1, y >= sa.y0, y < sa.y1 else { return 0 }
      return shadow[y * w + x]
    }
    // Scalars throughout: this loop runs over every pixel a filtered group
    // may reach, most of them transparent.
    let (tr, tg, tb, ta) = (tint[0], tint[1], tint[2], tint[3])
    let normal = blend == .normal
    for y in area.y0..<area.y1 {
      let row = coverage.map { $0 + y * maskStride }
      let inPicture = y >= picture.y0 && y < picture.y1
      for x in area.x0..<area.x1 {
        let o = 4 * (y * w + x)
        var k = opacity
        if let row {
          k *= Double(row[x]) / 255
          row[x] = 0
        }
        var (r, g, b, a) = (0.0, 0.0, 0.0, 0.0)
        if inPicture && x >= picture.x0 && x < picture.x1 {
          (r, g, b, a) = (plane[o], plane[o + 1], plane[o + 2], plane[o + 3])
        }
        if sa != nil {
          // The shadow at (x, y) is the blurred alpha at (x − dx, y − dy).
          let sx = x - ix
          let sy = y - iy
          var s = shadowAt(sx, sy) * ((1 - fx) * (1 - fy))
          if fx > 0 { s += shadowAt(sx - 1, sy) * (fx * (1 - fy)) }
          if fy > 0 { s += shadowAt(sx, sy - 1) * ((1 - fx) * fy) }
          if fx > 0, fy > 0 { s += shadowAt(sx - 1, sy - 1) * (fx * fy) }
          if s > 0 {
            let under = min(max(s, 0), 1) * (1 - min(max(a, 0), 1))
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
          let keep = 1 - a
          out[o] = r + out[o] * keep
          out[o + 1] = g + out[o + 1] * keep
          out[o + 2] = b + out[o + 2] * keep
          out[o + 3] = a + out[o + 3] * keep
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
    clear(plane, picture)
    if let sa {
      for y in sa.y0..<sa.y1 { (shadow + y * w + sa.x0).update(repeating: 0, count: sa.x1 - sa.x0) }
    }
    if coverage != nil { cairo_surface_mark_dirty(mask) }
    return area
  }

  /// Where a group drawn in `rect` may draw once filtered by `filter`.
  func filteredBounds(_ rect: PixelRect, _ filter: PlacedFilter) -> PixelRect {
    let reach = filter.reach
    return grown(rect, x: reach.x + 1, y: reach.y + 1)
  }

  /// The buffers of the filters, made on first use.
  func effectBuffers() -> EffectBuffers {
    if let effects { return effects }
    let made = EffectBuffers(width: layout.pixelWidth, height: layout.pixelHeight)
    effects = made
    return made
  }

  /// `src` composited onto `dst` (both premultiplied) with blend `mode`:
  /// W3C Compositing and Blending Level 1, source-over with the separable
  /// blend function B(Cb, Cs) — co = cs(1 − αb) + cb(1 − αs) + αs·αb·B —
  /// and `add` as `plus-lighter` (the sums clamped to 1).
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
        let b: Double
        switch mode {
        case .multiply: b = cs * cb
        case .screen: b = cb + cs - cb * cs
        case .overlay: b = cb <= 0.5 ? cs * 2 * cb : cs + (2 * cb - 1) - cs * (2 * cb - 1)
        case .darken: b = min(cs, cb)
        case .lighten: b = max(cs, cb)
        case .normal, .add: b = cs
        }
        r[i] = src[i] * (1 - da) + dst[i] * (1 - sa) + sa * da * b
      }
      r[3] = sa + da * (1 - sa)
      return r
    }
  }
}
