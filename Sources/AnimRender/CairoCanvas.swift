import AnimEngine
import AnimStage
import CCairo
import Foundation

/// Draws scenes into one RGBA image (SPEC §12.1): each drawn view is its
/// rectangle, scaled and rotated about its centre, corners rounded, filled
/// with its colour at opacity alpha × the colour's alpha, painted in
/// declaration order over the background. Edges are anti-aliased.
///
/// Cairo only measures coverage: it fills each view's shape into an 8-bit
/// mask (a turned, square-cornered rectangle's coverage is its exact area,
/// computed here by ``AreaCoverage``). The colours are blended here, in
/// doubles, source over, and rounded to 8 bits once, at the end; so a pixel
/// inside a shape, away from every edge (coverage 255), is exactly the
/// source-over blend of the views covering it over the background, rounded
/// to 8 bits. (Cairo's own 8-bit compositing rounds at every layer and is
/// off by one for most translucent colours.) The canvas is reused frame
/// after frame: drawing allocates nothing.
public final class CairoCanvas {
  public let layout: StageLayout
  private let mask: OpaquePointer
  private let context: OpaquePointer
  private let maskStride: Int
  /// Premultiplied r, g, b, a in 0…1 for every pixel, rows top to bottom.
  private let pixels: UnsafeMutablePointer<Double>
  /// One row of `pixels` holding the background, copied to clear.
  private let backgroundRow: UnsafeMutablePointer<Double>
  /// The pixels as straight RGBA, one 32-bit word a pixel in memory order,
  /// up to date except in `changes`' stale rectangles.
  private let image: UnsafeMutablePointer<UInt32>
  /// Where the pixels differ from the background and where `image` is out
  /// of date: a frame clears, blends and converts only there.
  private var changes: PixelChanges
  private var batch = Batch()
  /// Every view's world transform and opacity, reused frame after frame.
  private var world = WorldFrame()
  /// The views whose outlines clip what is drawn now, outermost first.
  private var appliedClips: [ViewID] = []
  /// Shapes already rasterised, reused at other whole-pixel positions.
  private var coverage = CoverageCache()
  /// Where a shape's pixels must lie for its coverage to be reused: inside
  /// the image and the letterbox's clip, so that no clip cuts it.
  private let reuseArea: PixelRect
  /// Whether coverage is reused at all (tests draw with and without).
  var reusesCoverage = true
  /// Turned rectangles' exact coverage, computed here (``AreaCoverage``).
  private var area = AreaCoverage()
  /// Whether turned rectangles are covered by ``AreaCoverage`` rather than
  /// by Cairo (tests draw with and without).
  var coversTurnedRectanglesByArea = true
  /// How many shapes were copied instead of rasterised so far.
  var coverageReuses: Int { coverage.reuses }

  /// A canvas of `layout`'s pixel size; an error when it cannot be made.
  public init(layout: StageLayout) throws(RenderError) {
    try GraphicsLibraries.load()
    self.layout = layout
    guard
      let mask = cairo_image_surface_create(
        CAIRO_FORMAT_A8, Int32(layout.pixelWidth), Int32(layout.pixelHeight)),
      cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS
    else {
      throw RenderError(
        "cannot make a \(layout.pixelWidth) × \(layout.pixelHeight) image: out of memory")
    }
    self.mask = mask
    context = cairo_create(mask)
    maskStride = Int(cairo_image_surface_get_stride(mask))
    pixels = .allocate(capacity: layout.pixelWidth * layout.pixelHeight * 4)
    image = .allocate(capacity: layout.pixelWidth * layout.pixelHeight)
    backgroundRow = .allocate(capacity: layout.pixelWidth * 4)
    let bg = layout.background
    for x in 0..<layout.pixelWidth {
      backgroundRow[4 * x] = bg.r * bg.a
      backgroundRow[4 * x + 1] = bg.g * bg.a
      backgroundRow[4 * x + 2] = bg.b * bg.a
      backgroundRow[4 * x + 3] = bg.a
    }
    changes = PixelChanges(width: layout.pixelWidth, height: layout.pixelHeight)
    if layout.offsetX != 0 || layout.offsetY != 0 {
      reuseArea = PixelRect(
        x0: max(0, Int(layout.offsetX.rounded(.up))), y0: max(0, Int(layout.offsetY.rounded(.up))),
        x1: min(
          layout.pixelWidth,
          Int((layout.offsetX + layout.world.width * layout.scale).rounded(.down))),
        y1: min(
          layout.pixelHeight,
          Int((layout.offsetY + layout.world.height * layout.scale).rounded(.down))))
    } else {
      reuseArea = PixelRect(x0: 0, y0: 0, x1: layout.pixelWidth, y1: layout.pixelHeight)
    }
    cairo_set_source_rgba(context, 1, 1, 1, 1)
    if layout.offsetX != 0 || layout.offsetY != 0 {
      // Letterboxed (--size): the views stay inside the stage.
      cairo_rectangle(
        context, layout.offsetX, layout.offsetY, layout.world.width * layout.scale,
        layout.world.height * layout.scale)
      cairo_clip(context)
    }
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(mask)
    pixels.deallocate()
    backgroundRow.deallocate()
    image.deallocate()
  }

  /// Draws the views of `scene` over the background, replacing the image.
  ///
  /// Only what the last frame drew is put back to the background (the rest
  /// of the image already is), so a frame costs in proportion to the area
  /// its views cover, not to the image's.
  public func draw(_ scene: Scene) {
    let cr = context
    changes.beginFrame { fillBackground($0) }
    if scene.hasTree {
      drawTree(scene)
      return
    }
    let k = layout.scale
    // The clamps hoisted out of the loop: the table is read once per frame.
    let alphaClamp = Property.alpha.declaration.drawClamp
    let radiusClamp = Property.cornerRadius.declaration.drawClamp
    scene.forEachDrawn { id, kind, v in
      if kind.outline != .rectangle || v.number(.anchorX) != 0.5 || v.number(.anchorY) != 0.5
        || (v.color(.stroke).a > 0 && v.drawn(.strokeWidth) > 0) || v.number(.outline) != 0
      {
        // Every other view is drawn through its outline (SPEC §16).
        flush()
        drawOutline(kind, v, path: scene.paths[id], text: scene.textView(id))
        return
      }
      let opacity = alphaClamp.apply(v.number(.alpha), width: 0, height: 0) * v.color(.color).a
      let w = abs(v.number(.width))
      let h = abs(v.number(.height))
      let sx = v.number(.scaleX) * k
      let sy = v.number(.scaleY) * k
      guard opacity > 0, w > 0, h > 0, sx != 0, sy != 0, sx.isFinite, sy.isFinite else {
        return
      }
      let (px, py) = layout.pixel(x: v.number(.x), y: v.number(.y))
      let radius: Double
      radius = radiusClamp.apply(v.number(.cornerRadius), width: w, height: h)
      let (sin, cos) = Affine.sinCos(degrees: v.number(.rotation))
      // The device-space bounds, to keep overlapping views out of one batch.
      let ex = abs(cos * sx) * w / 2 + abs(sin * sy) * h / 2
      let ey = abs(sin * sx) * w / 2 + abs(cos * sy) * h / 2
      let bounds = (px - ex, py - ey, px + ex, py + ey)
      if !DeviceClip.holds(bounds) {
        // Past what Cairo draws exactly: cut to the image first.
        flush()
        drawOutline(kind, v, path: scene.paths[id], text: scene.textView(id))
        return
      }
      let fill = v.color(.color)
      let paint = Paint(r: fill.r, g: fill.g, b: fill.b, a: opacity)
      if sin != 0 && radius == 0 {
        // Turned and square-cornered: its four corners in pixels.
        let (ax, ay) = (cos * sx * w / 2, sin * sx * w / 2)
        let (bx, by) = (-sin * sy * h / 2, cos * sy * h / 2)
        let xs = (px - ax - bx, px + ax - bx, px + ax + bx, px - ax + bx)
        let ys = (py - ay - by, py + ay - by, py + ay + by, py - ay + by)
        if coverQuad(xs: xs, ys: ys, paint) { return }
      }
      if !batch.accepts(paint, bounds) { flush() }
      batch.add(paint, bounds, reusable: sin != 0 || radius != 0)
      if sin == 0 && radius == 0 {
        // Upright and square-cornered: the rectangle in pixels directly.
        let dw = abs(sx) * w
        let dh = abs(sy) * h
        cairo_rectangle(cr, px - dw / 2, py - dh / 2, dw, dh)
        return
      }
      // The matrix maps the view's own points (centred on 0, 0) to pixels:
      // scaled about the centre, rotated clockwise on screen, moved to (px, py).
      var matrix = cairo_matrix_t(
        xx: cos * sx, yx: sin * sx, xy: -sin * sy, yy: cos * sy, x0: px, y0: py)
      cairo_set_matrix(cr, &matrix)
      if radius > 0 {
        roundedRectangle(cr, w, h, radius)
      } else {
        cairo_rectangle(cr, -w / 2, -h / 2, w, h)
      }
      cairo_identity_matrix(cr)
    }
    flush()
  }

  /// A scene with a tree (SPEC §17), in paint order: each view under its
  /// world transform at its world opacity, inside the outlines of the
  /// ancestors that clip it (Cairo's clip intersects them).
  private func drawTree(_ scene: Scene) {
    scene.fillWorldFrame(&world)
    let toPixels = stageTransform
    // Most trees clip nothing: then no view's ancestors are looked at.
    let clipping = scene.hasClips
    for id in scene.treeOrder where scene.isDrawn(id) {
      if clipping {
        let clips = scene.clipAncestors(of: id)
        if clips != appliedClips {
          flush()
          guard applyClips(clips, scene, toPixels) else { continue }
        }
      }
      let i = Int(id)
      let placed = toPixels.concatenating(world.transforms[i])
      let kind = scene.kind(of: id)
      let v = scene.record(of: id)
      // Morphed outlines and texts go through the generic outline path.
      if kind.outline == .rectangle, v.number(.cornerRadius) <= 0, v.number(.outline) == 0,
        !(v.color(.stroke).a > 0 && v.drawn(.strokeWidth) > 0)
      {
        if batchRectangle(v, placed: placed, alpha: world.alphas[i]) { continue }
      }
      flush()
      drawOutline(
        kind, v, path: scene.paths[id], text: scene.textView(id), placed: placed,
        alpha: world.alphas[i])
    }
    flush()
    if !appliedClips.isEmpty { _ = applyClips([], scene, toPixels) }
  }

  /// A square-cornered, unstroked rectangle in a tree: its box under
  /// `placed` added to the batch (as flat scenes batch theirs), so the
  /// tiles of a grid under a parent are filled a batch at a time. False,
  /// drawing nothing, for a rectangle past ``DeviceClip/safeRange``: it is
  /// drawn through its outline, cut to the image.
  private func batchRectangle(_ v: ViewRecord, placed m: Affine, alpha: Double) -> Bool {
    let fill = v.color(.color)
    let opacity = alpha * fill.a
    let w = abs(v.number(.width))
    let h = abs(v.number(.height))
    let det = m.a * m.d - m.b * m.c
    guard opacity > 0, w > 0, h > 0, det != 0, det.isFinite, m.tx.isFinite, m.ty.isFinite else {
      return true
    }
    let xs = (m.tx, m.a * w + m.tx, m.c * h + m.tx, m.a * w + m.c * h + m.tx)
    let ys = (m.ty, m.b * w + m.ty, m.d * h + m.ty, m.b * w + m.d * h + m.ty)
    let bounds = (
      min(min(xs.0, xs.1), min(xs.2, xs.3)), min(min(ys.0, ys.1), min(ys.2, ys.3)),
      max(max(xs.0, xs.1), max(xs.2, xs.3)), max(max(ys.0, ys.1), max(ys.2, ys.3))
    )
    guard DeviceClip.holds(bounds) else { return false }
    let paint = Paint(r: fill.r, g: fill.g, b: fill.b, a: opacity)
    if m.b != 0 || m.c != 0,
      coverQuad(xs: (xs.0, xs.1, xs.3, xs.2), ys: (ys.0, ys.1, ys.3, ys.2), paint)
    {
      return true
    }
    if !batch.accepts(paint, bounds) { flush() }
    batch.add(paint, bounds, reusable: m.b != 0 || m.c != 0)
    if m.b == 0 && m.c == 0 {
      cairo_rectangle(context, bounds.0, bounds.1, bounds.2 - bounds.0, bounds.3 - bounds.1)
      return true
    }
    var matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
    cairo_set_matrix(context, &matrix)
    cairo_rectangle(context, 0, 0, w, h)
    cairo_identity_matrix(context)
    return true
  }

  /// World coordinates to pixels.
  private var stageTransform: Affine {
    let (x0, y0) = layout.pixel(x: 0, y: 0)
    return Affine(a: layout.scale, b: 0, c: 0, d: layout.scale, tx: x0, ty: y0)
  }

  /// Clips drawing to the stage (when letterboxed) and to each view's
  /// outline in `clips` (a `layer`'s box; trim never applies). False when
  /// the region is empty for sure (a clip squashed to nothing).
  private func applyClips(_ clips: [ViewID], _ scene: Scene, _ toPixels: Affine) -> Bool {
    let cr = context
    appliedClips = clips
    cairo_reset_clip(cr)
    if layout.offsetX != 0 || layout.offsetY != 0 {
      cairo_rectangle(
        cr, layout.offsetX, layout.offsetY, layout.world.width * layout.scale,
        layout.world.height * layout.scale)
      cairo_clip(cr)
    }
    for clip in clips {
      let m = toPixels.concatenating(world.transforms[Int(clip)])
      // Cairo refuses a matrix it cannot invert, and such a clip is empty.
      let det = m.a * m.d - m.b * m.c
      guard det != 0, det.isFinite, m.tx.isFinite, m.ty.isFinite else {
        cairo_rectangle(cr, 0, 0, 0, 0)
        cairo_clip(cr)
        return false
      }
      let matrix = cairo_matrix_t(xx: m.a, yx: m.b, xy: m.c, yy: m.d, x0: m.tx, y0: m.ty)
      CairoOutline.append(
        Self.clipOutline(scene, clip), to: cr, under: matrix, cut: cut(reach: 0), closing: true)
      cairo_identity_matrix(cr)
      cairo_clip(cr)
    }
    return true
  }

  /// The outline a view clips its descendants to (SPEC §17): its filled
  /// outline, untrimmed; a view without an outline (`layer`) clips to its box;
  /// a text drawn as its letters clips to its own laid-out glyphs (where its
  /// letters sit unmoved), a documented decision.
  public static func clipOutline(_ scene: Scene, _ id: ViewID) -> Outline {
    let state = scene.state(of: id)
    let kind = scene.kind(of: id)
    if kind.outline == .none {
      return .rectangle(width: abs(state[.width]), height: abs(state[.height]), cornerRadius: 0)
    }
    if let text = scene.textView(id) { return text.clipOutline() }
    return kind.outline.outline(of: state, path: scene.paths[id], text: nil)
  }

  /// One view drawn through its outline (SPEC §16.1–3): the outline in its
  /// box under `T(x, y)·R·S·T(−ax·w, −ay·h)`, filled, then its trimmed piece
  /// stroked over the fill (the stroke width in the view's local units),
  /// each blended as the batches are.
  private func drawOutline(
    _ kind: ViewKind, _ v: some PropertyReading, path: ShapePath?, text: TextView?
  ) {
    // Composed here as it always was (in pixels), so flat scenes draw the
    // very same pixels as before trees existed.
    let k = layout.scale
    let w = abs(v.number(.width))
    let h = abs(v.number(.height))
    let sx = v.number(.scaleX) * k
    let sy = v.number(.scaleY) * k
    guard sx != 0, sy != 0, sx.isFinite, sy.isFinite else { return }
    let (px, py) = layout.pixel(x: v.number(.x), y: v.number(.y))
    let (sin, cos) = Affine.sinCos(degrees: v.number(.rotation))
    let (xx, yx, xy, yy) = (cos * sx, sin * sx, -sin * sy, cos * sy)
    let ax = -v.number(.anchorX) * w
    let ay = -v.number(.anchorY) * h
    let placed = Affine(
      a: xx, b: yx, c: xy, d: yy, tx: px + xx * ax + xy * ay, ty: py + yx * ax + yy * ay)
    drawOutline(kind, v, path: path, text: text, placed: placed, alpha: v.drawn(.alpha))
  }

  /// One view's outline under `placed` (box coordinates to pixels), filled
  /// and stroked at opacity `alpha` (its own, or its world opacity).
  private func drawOutline(
    _ kind: ViewKind, _ v: some PropertyReading, path: ShapePath?, text: TextView?,
    placed: Affine, alpha: Double
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
    if fill.a * alpha > 0, !coverTurnedQuad(outline, device, fillPaint) {
      CairoOutline.append(outline, to: cr, under: matrix, cut: cut(reach: 0), closing: true)
      cairo_identity_matrix(cr)
      batch.add(
        fillPaint, (box.minimum.x, box.minimum.y, box.maximum.x, box.maximum.y), reusable: true)
      flush()
    }
    let stroke = v.color(.stroke)
    let width = v.drawn(.strokeWidth)
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
    CairoOutline.append(piece, to: cr, under: matrix, cut: cut(reach: reach), closing: false)
    // Only strokes whose coverage is the same at every whole-pixel offset
    // (CoverageCache): straight segments, round or bevel joins.
    var shape: CoverageCache.Shape?
    if join != .miter && CoverageCache.isStraight(piece) {
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
    CairoOutline.setStroke(
      cr,
      width: CairoOutline.drawableWidth(
        width, largestScale: Outline.largestScale(a: xx, b: yx, c: xy, d: yy)),
      cap: cap, join: join)
    cairo_stroke(cr)
    cairo_identity_matrix(cr)
    batch.add(paint, bounds)
    if let shape { keep(shape, bounds) }
    blendBatch()
  }

  /// Blends `paint` through the exact coverage (``AreaCoverage``) of the
  /// convex quadrilateral with corners `xs`, `ys` in pixels, after what is
  /// batched; true when done. False, leaving it to Cairo, when that is off,
  /// a clip of a tree is in force, or its pixels do not all lie inside
  /// ``reuseArea`` (the image and the letterbox, whose clip is Cairo's).
  private func coverQuad(
    xs: (Double, Double, Double, Double), ys: (Double, Double, Double, Double), _ paint: Paint
  ) -> Bool {
    guard coversTurnedRectanglesByArea, appliedClips.isEmpty, area.cover(xs: xs, ys: ys) else {
      return false
    }
    let rect = PixelRect(
      x0: area.x0, y0: area.y0, x1: area.x0 + area.width, y1: area.y0 + area.height)
    guard reuseArea.contains(rect) else { return false }
    flush()
    changes.drew(rect)
    let width = rect.x1 - rect.x0
    area.forEachBand { first, rows, cells in
      for y in first..<first + rows {
        blendRow(
          paint, cells: cells + (y - first) * width - rect.x0, y: y, x0: rect.x0, x1: rect.x1,
          clearing: false)
      }
    }
    return true
  }

  /// ``coverQuad(xs:ys:_:)`` for an outline that is a convex
  /// quadrilateral whose first edge is neither upright nor level in pixels
  /// (one closed subpath of four straight segments: a turned rectangle, an
  /// anchored one drawn through its outline); false for any other outline,
  /// upright rectangles included (Cairo covers those by area already).
  private func coverTurnedQuad(
    _ outline: Outline, _ device: (OutlinePoint) -> OutlinePoint, _ paint: Paint
  ) -> Bool {
    guard coversTurnedRectanglesByArea, outline.subpaths.count == 1,
      let subpath = outline.subpaths.first, subpath.isClosed, subpath.segments.count == 4,
      CoverageCache.isStraight(outline)
    else { return false }
    let s = subpath.segments
    let p = (device(subpath.start), device(s[0].end), device(s[1].end), device(s[2].end))
    // Convex, turning one way at every corner.
    func turn(_ a: OutlinePoint, _ b: OutlinePoint, _ c: OutlinePoint) -> Double {
      (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
    }
    let turns = (turn(p.3, p.0, p.1), turn(p.0, p.1, p.2), turn(p.1, p.2, p.3), turn(p.2, p.3, p.0))
    guard
      (turns.0 > 0 && turns.1 > 0 && turns.2 > 0 && turns.3 > 0)
        || (turns.0 < 0 && turns.1 < 0 && turns.2 < 0 && turns.3 < 0)
    else { return false }
    // Upright rectangles stay Cairo's boxes, as in batches.
    guard p.0.x != p.1.x, p.0.y != p.1.y else { return false }
    return coverQuad(xs: (p.0.x, p.1.x, p.2.x, p.3.x), ys: (p.0.y, p.1.y, p.2.y, p.3.y), paint)
  }

  /// The current path (in device space: the identity matrix in force) as a
  /// reusable shape headed by `head`, when reuse is on, no clip of a tree
  /// is in force and its pixels (`bounds` grown as blending grows them)
  /// lie inside ``reuseArea``; else nil.
  private func reusableShape(_ bounds: (Double, Double, Double, Double), head: [Int64])
    -> CoverageCache.Shape?
  {
    guard reusesCoverage, appliedClips.isEmpty, coverage.tries(Int(head[0])),
      bounds.0.isFinite, bounds.1.isFinite,
      bounds.2.isFinite, bounds.3.isFinite,
      bounds.0 - 1 >= Double(reuseArea.x0), bounds.1 - 1 >= Double(reuseArea.y0),
      bounds.2 + 1 <= Double(reuseArea.x1), bounds.3 + 1 <= Double(reuseArea.y1),
      let shape = CoverageCache.shape(of: context, head: head)
    else { return nil }
    return shape
  }

  /// Keeps the mask's coverage of the shape just rasterised within the
  /// pixels of `bounds` (before blending clears it), for `shape`.
  private func keep(_ shape: CoverageCache.Shape, _ bounds: (Double, Double, Double, Double)) {
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
  private func blend(
    _ entry: CoverageCache.Entry, at shape: CoverageCache.Shape, _ paint: Paint,
    _ bounds: (Double, Double, Double, Double)
  ) {
    let rect = pixelRect(bounds)
    let x0 = shape.x + entry.x0
    let y0 = shape.y + entry.y0
    let placed = PixelRect(x0: x0, y0: y0, x1: x0 + entry.width, y1: y0 + entry.height)
    guard placed.area > 0 else {
      if rect.x0 < rect.x1 && rect.y0 < rect.y1 { changes.drew(rect) }
      return
    }
    changes.drew(
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
  private func flush() {
    guard !batch.members.isEmpty else { return }
    // A single shape that may be reused: copied when it was rasterised
    // before at another whole-pixel position, else rasterised and kept.
    if batch.members.count == 1, batch.reusable, let member = batch.members.first,
      let shape = reusableShape(member.bounds, head: [0])
    {
      if let entry = coverage.entry(for: shape.key) {
        cairo_new_path(context)
        blend(entry, at: shape, member.paint, member.bounds)
        batch.reset()
        return
      }
      cairo_fill(context)
      keep(shape, member.bounds)
      blendBatch()
      return
    }
    cairo_fill(context)
    blendBatch()
  }

  /// The pixels blending `bounds` visits: one more on each side, where
  /// anti-aliasing reaches, clamped to the image.
  private func pixelRect(_ bounds: (Double, Double, Double, Double)) -> PixelRect {
    PixelRect(covering: bounds, width: layout.pixelWidth, height: layout.pixelHeight)
  }

  /// The box outlines are cut to before Cairo draws them (``DeviceClip``):
  /// the image grown by a stroke's `reach` in pixels and a little more.
  private func cut(reach: Double) -> DeviceClip {
    DeviceClip(width: layout.pixelWidth, height: layout.pixelHeight, margin: reach + 4)
  }

  /// Blends `p` over pixels `x0..<x1` of row `y` through the coverage
  /// `cells[x]`, clearing each cell used when `clearing`.
  @inline(__always)
  private func blendRow(
    _ p: Paint, cells: UnsafeMutablePointer<UInt8>, y: Int, x0: Int, x1: Int, clearing: Bool
  ) {
    var o = 4 * (y * layout.pixelWidth + x0)
    var x = x0
    while x < x1 {
      let c = cells[x]
      // Eight uncovered pixels at once: much of a turned or starry shape's
      // rectangle is uncovered.
      if c == 0 && x + 8 <= x1
        && UnsafeRawPointer(cells + x).loadUnaligned(as: UInt64.self) == 0
      {
        x += 8
        o += 32
        continue
      }
      if c != 0 {
        if clearing { cells[x] = 0 }
        let alpha = c == 255 ? p.a : p.a * Double(c) / 255
        let keep = 1 - alpha
        pixels[o] = p.r * alpha + pixels[o] * keep
        pixels[o + 1] = p.g * alpha + pixels[o + 1] * keep
        pixels[o + 2] = p.b * alpha + pixels[o + 2] * keep
        pixels[o + 3] = alpha + pixels[o + 3] * keep
      }
      x += 1
      o += 4
    }
  }

  /// Blends each member's own colour over the pixels of the mask it covers,
  /// clearing the mask behind it, and empties the batch.
  private func blendBatch() {
    guard !batch.members.isEmpty else { return }
    cairo_surface_flush(mask)
    guard let data = cairo_image_surface_get_data(mask) else { return }
    for member in batch.members {
      // One pixel more on each side: anti-aliasing reaches the pixels the
      // bounds cross. Members' bounds do not overlap, and each mask pixel is
      // cleared once used, so no pixel is blended twice.
      let rect = pixelRect(member.bounds)
      guard rect.x0 < rect.x1, rect.y0 < rect.y1 else { continue }
      changes.drew(rect)
      for y in rect.y0..<rect.y1 {
        blendRow(
          member.paint, cells: data + y * maskStride, y: y, x0: rect.x0, x1: rect.x1,
          clearing: true)
      }
    }
    cairo_surface_mark_dirty(mask)
    batch.reset()
  }

  /// A `w × h` rectangle centred on the origin with corners of `r`.
  private func roundedRectangle(_ cr: OpaquePointer, _ w: Double, _ h: Double, _ r: Double) {
    let x0 = -w / 2
    let y0 = -h / 2
    let x1 = w / 2
    let y1 = h / 2
    cairo_new_sub_path(cr)
    cairo_arc(cr, x1 - r, y0 + r, r, -.pi / 2, 0)
    cairo_arc(cr, x1 - r, y1 - r, r, 0, .pi / 2)
    cairo_arc(cr, x0 + r, y1 - r, r, .pi / 2, .pi)
    cairo_arc(cr, x0 + r, y0 + r, r, .pi, 3 * .pi / 2)
    cairo_close_path(cr)
  }

  /// Sets the pixels of `rect` to the background.
  private func fillBackground(_ rect: PixelRect) {
    let w = layout.pixelWidth
    guard rect.x0 < rect.x1 else { return }
    // A copy of the background row (memcpy): twice as fast as storing the
    // four channels pixel by pixel.
    for y in rect.y0..<rect.y1 {
      (pixels + 4 * (y * w + rect.x0)).update(
        from: backgroundRow + 4 * rect.x0, count: 4 * (rect.x1 - rect.x0))
    }
  }

  /// Converts the pixels of `rect` into `image`.
  private func convert(_ rect: PixelRect) {
    let w = layout.pixelWidth
    for y in rect.y0..<rect.y1 {
      let base = y * w
      for x in rect.x0..<rect.x1 {
        let p = pixels + 4 * (base + x)
        let a = p[3]
        if a >= 1 {
          // Opaque, most pixels of a frame: no division.
          image[base + x] = Self.packed(p[0], p[1], p[2], 1).littleEndian
        } else if a > 0 {
          image[base + x] = Self.packed(p[0] / a, p[1] / a, p[2] / a, a).littleEndian
        } else {
          image[base + x] = 0
        }
      }
    }
  }

  /// The image as straight (not premultiplied) RGBA, 4 bytes a pixel, rows
  /// top to bottom, each channel rounded to 8 bits once; written into
  /// `buffer` (resized to fit). Only the pixels that changed since the last
  /// call are converted again; the rest are copied.
  public func rgba(into buffer: inout [UInt8]) {
    let count = layout.pixelWidth * layout.pixelHeight
    if buffer.count != count * 4 { buffer = [UInt8](repeating: 0, count: count * 4) }
    changes.takeStale { convert($0) }
    buffer.withUnsafeMutableBytes { out in
      out.baseAddress!.copyMemory(from: image, byteCount: count * 4)
    }
  }

  /// Four channels in 0…1 rounded to 8 bits each (half away from zero, as
  /// `rounded()`) and packed in memory order: clamped, scaled, plus ½ and
  /// truncated (one instruction each; `rounded()` was a call to the C
  /// library's `round` per channel, three quarters of a 1000 × 1000 frame's
  /// conversion time). The one value where the two roundings differ,
  /// 255·v = 0.49999999999999994, is 0 by `rounded()` and 1 here: far below
  /// the precision of any colour. NaN counts as 0.
  @inline(__always)
  static func packed(_ r: Double, _ g: Double, _ b: Double, _ a: Double) -> UInt32 {
    @inline(__always) func byte(_ v: Double) -> UInt32 {
      let c = v > 0 ? (v < 1 ? v : 1) : 0
      return UInt32(truncatingIfNeeded: Int32(c * 255 + 0.5))
    }
    return byte(r) | byte(g) << 8 | byte(b) << 16 | byte(a) << 24
  }

  /// The image encoded as PNG (RGBA, 8 bits a channel).
  public func png() throws(RenderError) -> [UInt8] {
    var buffer: [UInt8] = []
    rgba(into: &buffer)
    return try PNGFile.encode(buffer, width: layout.pixelWidth, height: layout.pixelHeight)
  }
}
