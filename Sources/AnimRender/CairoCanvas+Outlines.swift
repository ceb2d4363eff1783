import AnimEngine
import AnimStage
import CCairo

/// The general path: any view drawn through its outline (SPEC §16), and the
/// clips of a tree (SPEC §17).
extension CairoCanvas {
  /// Clips drawing to the stage's rectangle (a letterboxed frame, a band):
  /// Cairo's, and the fills rasterised here (``fillClip``).
  func clipToStage() {
    let (x, y) = (layout.offsetX, layout.offsetY)
    let (w, h) = (layout.world.width * layout.scale, layout.world.height * layout.scale)
    cairo_rectangle(context, x, y, w, h)
    cairo_clip(context)
    fillClip = fillClip.intersected(with: (x, y, x + w, y + h))
  }

  /// Clips drawing to the stage (when letterboxed) and to each view's
  /// outline in `clips` (a `layer`'s box; trim never applies). False when
  /// the region is empty for sure (a clip squashed to nothing).
  func applyClips(_ clips: [ViewID], _ scene: Scene, _ toPixels: Affine) -> Bool {
    let cr = context
    appliedClips = clips
    cairo_reset_clip(cr)
    fillClip = .none
    if stageClip { clipToStage() }
    for clip in clips {
      let m = toPixels.concatenating(world.transforms[Int(clip)])
      // Cairo refuses a matrix it cannot invert, and such a clip is empty.
      let det = m.a * m.d - m.b * m.c
      guard det != 0, det.isFinite, m.tx.isFinite, m.ty.isFinite else {
        cairo_rectangle(cr, 0, 0, 0, 0)
        cairo_clip(cr)
        fillClip = .empty
        return false
      }
      let matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
      CairoOutline.append(
        scene.clipOutline(of: clip), to: cr, under: matrix, cut: cut(reach: 0), closing: true)
      cairo_identity_matrix(cr)
      fillClip = fillClip.intersected(with: Self.uprightRectangle(of: cr))
      cairo_clip(cr)
    }
    return true
  }

  /// One view of a flat scene drawn through its outline (SPEC §16.1–3): the
  /// outline in its box under `T(x, y)·R·S·T(−ax·w, −ay·h)` in pixels
  /// (``Affine/placing(_:scale:at:)``), filled, then its trimmed piece
  /// stroked over the fill (the stroke width in the view's local units),
  /// each blended as the batches are, at its alpha times `opacity`.
  func drawOutline(
    _ kind: ViewKind, _ v: some PropertyReading, path: ShapePath?, text: TextView?,
    image: ImageSource? = nil, opacity: Double
  ) {
    // Composed here as it always was (in pixels), so flat scenes draw the
    // very same pixels as before trees existed.
    let k = layout.scale
    let sx = v.number(.scaleX) * k
    let sy = v.number(.scaleY) * k
    guard sx != 0, sy != 0, sx.isFinite, sy.isFinite else { return }
    let placed = Affine.placing(v, scale: k, at: layout.pixel(x: v.number(.x), y: v.number(.y)))
    drawOutline(
      kind, v, path: path, text: text, image: image, placed: placed,
      alpha: v.drawn(.alpha) * opacity)
  }

  /// One view's outline under `placed` (box coordinates to pixels), filled
  /// and stroked at opacity `alpha` (its own, or its world opacity).
  func drawOutline(
    _ kind: ViewKind, _ v: some PropertyReading, path: ShapePath?, text: TextView?,
    image: ImageSource? = nil, placed: Affine, alpha: Double
  ) {
    let cr = context
    let det = placed.a * placed.d - placed.b * placed.c
    guard alpha > 0, det != 0, det.isFinite, placed.tx.isFinite, placed.ty.isFinite else {
      return
    }
    let outline = kind.outline.outline(of: v, path: path, text: text)
    guard !outline.subpaths.isEmpty else { return }
    let (xx, yx, xy, yy) = (placed.a, placed.b, placed.c, placed.d)
    var matrix = cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: placed.tx, y0: placed.ty)
    func device(_ p: OutlinePoint) -> OutlinePoint {
      OutlinePoint(
        matrix.xx * p.x + matrix.xy * p.y + matrix.x0, matrix.yx * p.x + matrix.yy * p.y + matrix.y0
      )
    }
    guard let box = outline.bounds(device) else { return }
    let fill = v.color(.color)
    let fillPaint = Paint(r: fill.r, g: fill.g, b: fill.b, a: fill.a * alpha)
    // A shape's even-odd fill (SPEC §21.3): set for its own fill only (the
    // fill is flushed at once) and kept out of the coverage cache.
    let evenOdd = FillRule(of: v) == .evenodd
    if evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD) }
    defer { if evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING) } }
    if kind.outline == .image {
      // An image's picture in place of a fill (SPEC §21.4).
      if let image { drawImage(image, v, placed: placed, alpha: alpha) }
    } else if let gradient = v.gradient(.color) {
      if let paint = GradientPaint(
        gradient, placed: placed, width: abs(v.number(.width)), height: abs(v.number(.height)),
        alpha: alpha)
      {
        flush()
        let bounds = (box.minimum.x, box.minimum.y, box.maximum.x, box.maximum.y)
        if fillsDirectly(evenOdd: evenOdd),
          let direct = rasteriseOutline(outline, under: matrix, bounds: box)
        {
          finishMask(direct.clip)
          blendMask(paint, bounds)
        } else {
          CairoOutline.append(outline, to: cr, under: matrix, cut: cut(reach: 0), closing: true)
          cairo_identity_matrix(cr)
          blendGradient(paint, bounds)
        }
      }
    } else if fill.a * alpha > 0, !coverTurnedQuad(outline, device, fillPaint) {
      let bounds = (box.minimum.x, box.minimum.y, box.maximum.x, box.maximum.y)
      // Straight to the raster, unless its coverage is to be looked up for
      // reuse (keyed on Cairo's path).
      var tried: Bool?
      var direct: DirectFill?
      if fillsDirectly(evenOdd: evenOdd) {
        let looksUp = fillLooksUp(bounds)
        tried = looksUp
        if !looksUp { direct = rasteriseOutline(outline, under: matrix, bounds: box) }
      }
      if let direct {
        finishBlend(direct.clip, fillPaint, bounds)
      } else {
        CairoOutline.append(outline, to: cr, under: matrix, cut: cut(reach: 0), closing: true)
        cairo_identity_matrix(cr)
        batch.add(fillPaint, bounds, reusable: !evenOdd)
        flush(tried: tried)
      }
    }
    let stroke = v.color(.stroke)
    let width = v.strokeWidth(path: path)
    guard stroke.a * alpha > 0, width > 0 else { return }
    let piece = outline.trimmed(
      start: v.drawn(.trimStart), end: v.drawn(.trimEnd), offset: v.number(.trimOffset))
    guard !piece.subpaths.isEmpty else { return }
    let capIndex = min(max(Int(v.number(.lineCap)), 0), 2)
    let joinIndex = min(max(Int(v.number(.lineJoin)), 0), 2)
    let cap = LineCap.allCases[capIndex]
    let join = LineJoin.allCases[joinIndex]
    let reach = Outline.strokeOutset(
      strokeWidth: width, join: join, cap: cap,
      largestScale: Outline.largestScale(a: xx, b: yx, c: xy, d: yy))
    let grown = box.grown(by: reach)
    let paint = Paint(r: stroke.r, g: stroke.g, b: stroke.b, a: stroke.a * alpha)
    let bounds = (grown.minimum.x, grown.minimum.y, grown.maximum.x, grown.maximum.y)
    // Dashes (SPEC §21.3) cut the trimmed piece, each subpath from its start.
    let dash = v.strokeDash(along: piece, path: path)
    // Cairo's stroke of the path appended under `matrix` (the pen in the
    // view's units), into the mask, leaving device space in force.
    func strokeByCairo() {
      CairoOutline.setStroke(
        cr,
        width: CairoOutline.drawableWidth(
          width, largestScale: Outline.largestScale(a: xx, b: yx, c: xy, d: yy)),
        cap: cap, join: join)
      CairoOutline.stroke(cr, dash: dash)
      cairo_identity_matrix(cr)
    }
    if let gradient = v.gradient(.stroke) {
      guard
        let paint = GradientPaint(
          gradient, placed: placed, width: abs(v.number(.width)),
          height: abs(v.number(.height)), alpha: alpha)
      else { return }
      flush()
      if !strokeMask(
        piece, under: placed, width: width, cap: cap, join: join, dash: dash, bounds: bounds)
      {
        CairoOutline.append(piece, to: cr, under: matrix, cut: cut(reach: reach), closing: false)
        strokeByCairo()
      }
      blendMask(paint, bounds)
      return
    }
    // Only strokes whose coverage is the same at every whole-pixel offset
    // (CoverageCache): straight segments, round or bevel joins, stroked by
    // Cairo whether or not reuse is on (the cache's key is Cairo's path,
    // and a canvas draws the same with reuse and without); the others by
    // anim.
    let reusable = dash == nil && join != .miter && CoverageCache.isStraight(piece)
    if !reusable {
      flush()
      // Blended as its coverage is finished: a batch of this one stroke.
      if strokeMask(
        piece, under: placed, width: width, cap: cap, join: join, dash: dash, bounds: bounds,
        blending: paint)
      {
        return
      }
    }
    CairoOutline.append(piece, to: cr, under: matrix, cut: cut(reach: reach), closing: false)
    var shape: CoverageCache.Shape?
    if reusable {
      cairo_identity_matrix(cr)
      let head: [Int64] = [
        1, Int64(bitPattern: xx.bitPattern), Int64(bitPattern: yx.bitPattern),
        Int64(bitPattern: xy.bitPattern), Int64(bitPattern: yy.bitPattern),
        Int64(bitPattern: width.bitPattern), Int64(capIndex), Int64(joinIndex),
      ]
      shape = reusableShape(bounds, head: head)
      if let shape, let entry = coverage.entry(for: shape.key) {
        cairo_new_path(cr)
        blend(entry, at: shape, paint, bounds)
        return
      }
      cairo_set_matrix(cr, &matrix)
    }
    strokeByCairo()
    batch.add(paint, bounds)
    if let shape { keep(shape, bounds) }
    blendBatch()
  }
}
