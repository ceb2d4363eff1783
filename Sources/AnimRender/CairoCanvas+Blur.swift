/// The blurs of the composition stage (SPEC §21.2): a group picture blurred
/// in place and a drop shadow's alpha blurred apart, both with
/// ``RecursiveGaussian`` (a cost per pixel independent of σ), over what was
/// drawn grown by 4σ and no further. Passes down columns run over whole
/// rows of lines at once (``RecursiveGaussian/sweep(_:count:lines:stride:state:causal:)``);
/// a shadow's passes along rows run on its alpha transposed, for the same
/// reason.
extension CairoCanvas {
  /// Buffers the filters reuse group after group and frame after frame,
  /// each grown when a larger one is asked for; their contents are
  /// scratch.
  final class EffectBuffers {
    /// What each buffer is for.
    enum Slot: Int, CaseIterable {
      /// One line of one channel, and its causal pass, for a blur along
      /// rows.
      case input, causal
      /// A sweep's recursion state and causal pass.
      case state, sweep
      /// A shadow's alpha, laid out over its region; transposed; one row of
      /// it as composited.
      case shadow, transposed, row
    }

    private var buffers: [UnsafeMutablePointer<Double>]
    private var capacities: [Int]

    init() {
      buffers = Slot.allCases.map { _ in .allocate(capacity: 1) }
      capacities = Slot.allCases.map { _ in 1 }
    }

    /// Buffer `slot`, holding at least `count` doubles (contents undefined).
    func callAsFunction(_ slot: Slot, _ count: Int) -> UnsafeMutablePointer<Double> {
      let i = slot.rawValue
      if capacities[i] < count {
        buffers[i].deallocate()
        // Grown by half again, so that slowly growing regions reallocate
        // rarely.
        let capacity = max(count, capacities[i] + capacities[i] / 2)
        buffers[i] = .allocate(capacity: capacity)
        capacities[i] = capacity
      }
      return buffers[i]
    }

    deinit {
      for b in buffers { b.deallocate() }
    }
  }

  /// The smallest σ, in pixels, that is drawn as a blur.
  static let leastSigma = 0.05
  /// The largest σ, in pixels, drawn as it is (see ``drawnSigma(_:)``).
  static let mostSigma = 100_000.0

  /// σ as it is drawn: below 0.05 px a Gaussian changes no pixel by a
  /// thousandth of a level (and the recursion's poles would overflow at
  /// σ = 1e-320): none. Above 100 000 px (a view scaled up 1e30 times) the
  /// picture is spread below a hundredth of a level anywhere; drawn at that
  /// σ, where the recursion is still exact in doubles.
  static func drawnSigma(_ s: Double) -> Double {
    s >= leastSigma ? min(s, mostSigma) : 0
  }

  /// The rectangle `rect` grown by `x`, `y` pixels (rounded out, plus one),
  /// inside `limit` (the frame when not given). A growth past 2³⁰ pixels
  /// (far past any picture) counts as 2³⁰, so that pixel arithmetic stays
  /// in range.
  func grown(_ rect: PixelRect, x: Double, y: Double, within limit: PixelRect? = nil)
    -> PixelRect
  {
    let limit = limit ?? frame
    let gx = Int(min(x, 0x1p30).rounded(.up)) + 1
    let gy = Int(min(y, 0x1p30).rounded(.up)) + 1
    return PixelRect(
      x0: max(rect.x0 - gx, limit.x0), y0: max(rect.y0 - gy, limit.y0),
      x1: min(rect.x1 + gx, limit.x1), y1: min(rect.y1 + gy, limit.y1))
  }

  /// Blurs `plane` (zero outside `rect`) in place with σ `sx` along x and
  /// `sy` along y pixels, where it is `needed`: rows of `rect` across the
  /// rectangle grown by 4σ, then every column of that, each line no longer
  /// than it takes to hold what was drawn and what is needed (a line of the
  /// recursion padded with zeros gives the same values to the bit, so
  /// where a line starts and ends changes nothing but its cost). Returns
  /// `valid`, where the result may be non-zero and is blurred, and
  /// `touched`, where the plane may now be non-zero.
  func blur(_ plane: PicturePlane, _ rect: PixelRect, sx: Double, sy: Double, needed: PixelRect)
    -> (valid: PixelRect, touched: PixelRect)
  {
    let buffers = effectBuffers()
    let sx = Self.drawnSigma(sx)
    let sy = Self.drawnSigma(sy)
    let out = grown(rect, x: sx > 0 ? 4 * sx : 0, y: sy > 0 ? 4 * sy : 0, within: plane.extent)
    let wanted = out.intersection(needed)
    // What was drawn further than 3σ (and 2 pixels) from where it is wanted
    // adds less than a third of a level there (SPEC's margin): left out.
    let drawn = rect.intersection(
      grown(wanted, x: sx > 0 ? 3 * sx + 1 : 0, y: sy > 0 ? 3 * sy + 1 : 0, within: plane.extent))
    guard !wanted.isEmpty, !drawn.isEmpty else {
      return (PixelRect(x0: 0, y0: 0, x1: 0, y1: 0), rect)
    }
    let lines = drawn.union(wanted)
    let width = lines.x1 - lines.x0
    if sx > 0 {
      let g = RecursiveGaussian(sigma: sx)
      let input = buffers(.input, width)
      let causal = buffers(.causal, width)
      for y in drawn.y0..<drawn.y1 {
        // Channel by channel, in scalars.
        for c in 0..<4 {
          g.line(plane.at(lines.x0, y) + c, count: width, step: 4, input: input, causal: causal)
        }
      }
    }
    // Only the columns wanted, each over the rows drawn and wanted.
    let valid = PixelRect(x0: wanted.x0, y0: lines.y0, x1: wanted.x1, y1: lines.y1)
    if sy > 0 {
      // Every channel of every column is a line of its own, side by side.
      let count = 4 * (valid.x1 - valid.x0)
      let height = valid.y1 - valid.y0
      RecursiveGaussian(sigma: sy).sweep(
        plane.at(valid.x0, valid.y0), count: height, lines: count, stride: 4 * plane.stride,
        state: buffers(.state, 4 * count), causal: buffers(.sweep, height * count))
    }
    return (valid, lines.union(rect))
  }

  /// A drop shadow's alpha: the alpha of `plane` over `picture` (clamped to
  /// 0…1), blurred with σ `sx`, `sy` (as ``blur(_:_:sx:sy:needed:)`` does)
  /// where it is `needed`, laid out over the returned rectangle (its width a
  /// row) in the shadow buffer or in one kept by ``shadowCache`` (the same
  /// doubles, computed before from the same alpha); nil when none of it is
  /// needed. It stays valid until the next shadow is made.
  func shadowAlpha(
    _ plane: PicturePlane, _ picture: PixelRect, sx rawX: Double, sy rawY: Double,
    needed: PixelRect
  ) -> (area: PixelRect, alpha: UnsafeMutablePointer<Double>)? {
    let buffers = effectBuffers()
    let sx = Self.drawnSigma(rawX)
    let sy = Self.drawnSigma(rawY)
    let reach =
      rawX > 0 || rawY > 0
      ? grown(picture, x: sx > 0 ? 4 * sx : 0, y: sy > 0 ? 4 * sy : 0, within: plane.extent)
      : picture
    let wanted = reach.intersection(needed)
    guard !wanted.isEmpty, !picture.isEmpty else { return nil }
    let area = picture.union(wanted)
    let width = area.x1 - area.x0
    let height = area.y1 - area.y0
    let rows = picture.y1 - picture.y0
    let columns = picture.x1 - picture.x0
    // The picture's alpha, clamped, row by row: what the result is
    // computed from, and what a kept result is found by.
    let cache = shadowCache
    let source = cache.gather(columns * rows)
    for y in 0..<rows {
      let row = plane.at(picture.x0, picture.y0 + y) + 3
      let into = source + y * columns
      for x in 0..<columns { into[x] = min(max(row[4 * x], 0), 1) }
    }
    let key = ShadowAlphaCache.Key(
      sx: sx.bitPattern, sy: sy.bitPattern, columns: columns, rows: rows,
      left: picture.x0 - area.x0, top: picture.y0 - area.y0, width: width, height: height)
    if cachesShadows, let kept = cache.find(key) { return (area, kept) }
    let entry = cachesShadows ? cache.keep(key) : nil
    let alpha = entry?.alpha ?? buffers(.shadow, width * height)
    let picked = entry?.source ?? source
    alpha.update(repeating: 0, count: width * height)
    if sx > 0 {
      // The picture's rows transposed (row y's x-th alpha at
      // x · rows + y), swept along x, and put back.
      let t = buffers(.transposed, width * rows)
      t.update(repeating: 0, count: width * rows)
      let left = picture.x0 - area.x0
      for y in 0..<rows {
        let from = picked + y * columns
        for x in 0..<columns { t[(left + x) * rows + y] = from[x] }
      }
      RecursiveGaussian(sigma: sx).sweep(
        t, count: width, lines: rows, stride: rows, state: buffers(.state, 4 * rows),
        causal: buffers(.sweep, width * rows))
      for y in 0..<rows {
        let row = alpha + (picture.y0 - area.y0 + y) * width
        for x in 0..<width { row[x] = t[x * rows + y] }
      }
    } else {
      for y in 0..<rows {
        let from = picked + y * columns
        let row = alpha + (picture.y0 - area.y0 + y) * width + (picture.x0 - area.x0)
        for x in 0..<columns { row[x] = from[x] }
      }
    }
    if sy > 0 {
      RecursiveGaussian(sigma: sy).sweep(
        alpha, count: height, lines: width, stride: width, state: buffers(.state, 4 * width),
        causal: buffers(.sweep, height * width))
    }
    return (area, alpha)
  }

  /// The drop shadows' blurred alphas kept for reuse, made on first use.
  var shadowCache: ShadowAlphaCache {
    if let shadowAlphas { return shadowAlphas }
    let made = ShadowAlphaCache()
    shadowAlphas = made
    return made
  }

  /// The buffers of the filters, made on first use.
  func effectBuffers() -> EffectBuffers {
    if let effects { return effects }
    let made = EffectBuffers()
    effects = made
    return made
  }
}
