import AnimEngine
import AnimStage
import CCairo
import CPixels
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
///
/// The drawing is split by concern: this file holds the canvas's state and
/// the walk over a frame; `CairoCanvas+Rectangles` the fast paths for plain
/// rectangles (batches and exact quad coverage), `CairoCanvas+Outlines` the
/// general outline path and clips, `CairoCanvas+Coverage` the blending of
/// coverage into pixels and its reuse, `CairoCanvas+Groups` the
/// composition stage (a group picture drawn apart, then composited), and
/// `CairoCanvas+Pixels` the background and the conversion to 8 bits.
public final class CairoCanvas {
  public let layout: StageLayout
  /// Whether views are drawn only inside the stage (a letterboxed frame,
  /// and each band of one: ``FrameCanvas``), else wherever they lie.
  let stageClip: Bool
  let mask: OpaquePointer
  let context: OpaquePointer
  let maskStride: Int
  /// Premultiplied r, g, b, a in 0…1 for every pixel, rows top to bottom.
  let pixels: UnsafeMutablePointer<Double>
  /// Where blending writes: `pixels`, or the innermost open group's picture
  /// (``CairoCanvas/openGroup(_:composition:scene:)``), laid out as `pixels`.
  var target: UnsafeMutablePointer<Double>
  /// One row of `pixels` holding the background, copied to clear.
  let backgroundRow: UnsafeMutablePointer<Double>
  /// The pixels as straight RGBA, one 32-bit word a pixel in memory order,
  /// up to date except in `changes`' stale rectangles.
  let image: UnsafeMutablePointer<UInt32>
  /// Where the pixels differ from the background and where `image` is out
  /// of date: a frame clears, blends and converts only there.
  var changes: PixelChanges
  var batch = Batch()
  /// Whether the raster's runs (`anim_raster.spans`) are everything the
  /// mask holds: set by a fill or stroke of anim's raster, cleared by the
  /// blend that reads them (``forEachMaskRun(in:_:)``) and by any other
  /// drawing into the mask.
  var maskRuns = false
  /// Every view's world transform and opacity, reused frame after frame.
  var world = WorldFrame()
  /// The views whose outlines clip what is drawn now, outermost first
  /// (those inside the innermost open group only).
  var appliedClips: [ViewID] = []
  /// The group pictures being drawn, innermost last (the composition stage).
  var groups: [Group] = []
  /// Pictures for groups, one per nesting depth, made when first needed and
  /// kept transparent between uses.
  var groupPlanes: [UnsafeMutablePointer<Double>] = []
  /// The filters' buffers (a shadow's picture, a blur's lines), made when a
  /// group is first filtered (`CairoCanvas+Filters`).
  var effects: EffectBuffers?
  /// Drop shadows' blurred alphas kept by what they were computed from
  /// (``ShadowAlphaCache``), made when a group is first shadowed.
  var shadowAlphas: ShadowAlphaCache?
  /// Whether drop shadows' blurred alphas are reused (tests draw with and
  /// without).
  var cachesShadows = true
  /// The canvas filtered groups are drawn in, past the frame by
  /// `apartMargin` pixels each side, made when first needed
  /// (`CairoCanvas+Apart`); nil in such a canvas itself.
  var apart: CairoCanvas?
  var apartMargin = 0
  /// Whether filtered groups are drawn apart: false in the canvas they are
  /// drawn in.
  var drawsApart = true
  /// The view whose group is being drawn apart now.
  var apartView: ViewID?
  /// Shapes already rasterised, reused at other whole-pixel positions.
  var coverage = CoverageCache()
  /// Where a shape's pixels must lie for its coverage to be reused: inside
  /// the image and the letterbox's clip, so that no clip cuts it.
  let reuseArea: PixelRect
  /// Where a turned rectangle's pixels must lie to be covered by its exact
  /// area (``coverQuad(xs:ys:_:)``): inside the frame and the letterbox's
  /// clip. A band's frame reaches past its rows (``FrameCanvas``), so a
  /// rectangle across the bands' seam is covered as the whole frame
  /// covers it.
  let coverArea: PixelRect
  /// The frame's pixels, in this canvas's: its own, or a band's frame.
  let frameArea: PixelRect
  /// Whether coverage is reused at all (tests draw with and without).
  var reusesCoverage = true
  /// Turned rectangles' exact coverage, computed here (``AreaCoverage``).
  var area = AreaCoverage()
  /// Whether turned rectangles are covered by ``AreaCoverage`` rather than
  /// by Cairo (tests draw with and without).
  var coversTurnedRectanglesByArea = true
  /// A gradient's colour down each column of the shape being blended, when
  /// it keeps down columns (``GradientPaint/lines(width:height:)``).
  var gradientColumns: [SIMD4<Double>] = []
  /// Whether such a gradient's colour is computed once a line rather than
  /// a pixel (tests draw with and without).
  var reusesGradientLines = true
  /// The cells fills are rasterised in (`CairoCanvas+Fills`), made on the
  /// first fill.
  let raster: UnsafeMutablePointer<anim_raster>
  /// The stroker strokes are cut into polygons with (`CairoCanvas+Strokes`),
  /// some 26 KB, made once.
  let stroker: UnsafeMutablePointer<anim_stroker>
  /// The clip in force as those fills see it.
  var fillClip = FillClip.none
  /// Whether fills are rasterised here rather than by Cairo (tests draw
  /// with and without).
  var rasterisesFills = true
  /// Whether those fills are taken to the raster straight from the
  /// outline rather than through Cairo's path (`CairoCanvas+DirectFills`;
  /// tests draw with and without: the same bits).
  var fillsWithoutCairoPath = true
  /// How many fills went to the raster straight from their outline (for
  /// tests and statistics).
  var directFills = 0
  /// Image views' pictures, made on first use (SPEC §21.4).
  let pictures = CanvasPictures()
  /// How many shapes were copied instead of rasterised so far.
  var coverageReuses: Int { coverage.reuses }

  /// A canvas of `layout`'s pixel size; an error when it cannot be made.
  public convenience init(layout: StageLayout) throws(RenderError) {
    try self.init(layout: layout, stageClip: layout.offsetX != 0 || layout.offsetY != 0)
  }

  /// A canvas of `layout`'s pixel size that draws views only inside the
  /// stage when `stageClip` (a letterboxed frame), else wherever they lie;
  /// without a frame of its own unless `framed` (a canvas that only draws
  /// group pictures: `CairoCanvas+Apart`); part of a larger `frame` (its
  /// pixels in this canvas's, a band's: ``FrameCanvas``) when given.
  init(layout: StageLayout, stageClip: Bool, framed: Bool = true, frame: PixelRect? = nil)
    throws(RenderError)
  {
    try GraphicsLibraries.load()
    self.layout = layout
    self.stageClip = stageClip
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
    let held = framed ? layout.pixelWidth * layout.pixelHeight : 1
    // On huge pages where it is large (`anim_canvas_allocate`).
    guard let canvas = anim_canvas_allocate(held * 4) else {
      cairo_destroy(context)
      cairo_surface_destroy(mask)
      throw RenderError(
        "cannot make a \(layout.pixelWidth) × \(layout.pixelHeight) image: out of memory")
    }
    pixels = canvas
    target = pixels
    image = .allocate(capacity: held)
    backgroundRow = .allocate(capacity: layout.pixelWidth * 4)
    let bg = layout.background
    for x in 0..<layout.pixelWidth {
      backgroundRow[4 * x] = bg.r * bg.a
      backgroundRow[4 * x + 1] = bg.g * bg.a
      backgroundRow[4 * x + 2] = bg.b * bg.a
      backgroundRow[4 * x + 3] = bg.a
    }
    changes = PixelChanges(width: layout.pixelWidth, height: layout.pixelHeight)
    raster = .allocate(capacity: 1)
    raster.initialize(to: anim_raster())
    stroker = .allocate(capacity: 1)
    stroker.initialize(to: anim_stroker())
    let own = PixelRect(x0: 0, y0: 0, x1: layout.pixelWidth, y1: layout.pixelHeight)
    let whole = frame ?? own
    frameArea = whole
    if stageClip {
      coverArea = whole.intersection(
        PixelRect(
          x0: Int(layout.offsetX.rounded(.up)), y0: Int(layout.offsetY.rounded(.up)),
          x1: Int((layout.offsetX + layout.world.width * layout.scale).rounded(.down)),
          y1: Int((layout.offsetY + layout.world.height * layout.scale).rounded(.down))))
    } else {
      coverArea = whole
    }
    reuseArea = coverArea.intersection(own)
    cairo_set_source_rgba(context, 1, 1, 1, 1)
    // Letterboxed (--size): the views stay inside the stage.
    if stageClip { clipToStage() }
  }

  deinit {
    cairo_destroy(context)
    cairo_surface_destroy(mask)
    free(pixels)
    backgroundRow.deallocate()
    image.deallocate()
    for plane in groupPlanes { free(plane) }
    anim_raster_free(raster)
    raster.deallocate()
    stroker.deallocate()
  }

  /// Draws the views of `scene` over the background, replacing the image.
  ///
  /// Only what the last frame drew is put back to the background (the rest
  /// of the image already is), so a frame costs in proportion to the area
  /// its views cover, not to the image's.
  public func draw(_ scene: Scene) {
    changes.beginFrame { fillBackground($0) }
    if scene.hasTree {
      drawTree(scene)
    } else {
      drawFlat(scene)
    }
  }

  /// A flat scene, in declaration order: plain rectangles through the fast
  /// path (batches, exact quad coverage), every other view through its
  /// outline; a view whose composition needs a group picture drawn into
  /// one first (a flat view has no descendants: its group is itself).
  private func drawFlat(_ scene: Scene) {
    let plain = Self.flatRectangles
    let alphaClamp = Property.alpha.declaration.drawClamp
    scene.forEachDrawn { id, kind, v in
      var opacity = 1.0
      if Composition.isNeeded(v), case let composition = Composition(v), !composition.isNone {
        if composition.foldsIntoPaint(of: v, hasChildren: false) {
          opacity = composition.opacity
        } else {
          let placed = Affine.placing(
            v, scale: layout.scale, at: layout.pixel(x: v.number(.x), y: v.number(.y)))
          if drawsApart, composition.isFiltered {
            // Drawn past the frame, in the canvas filtered groups are
            // drawn in.
            openApart(id, composition: composition, placed: placed, scene: scene)
            let canvas = apartView != nil ? apart ?? self : self
            canvas.drawFlatGroup(id, kind, v, scene)
            closeApart(scene)
            return
          }
          openGroup(id, composition: composition, placed: placed, scene: scene)
          drawFlatGroup(id, kind, v, scene)
          closeGroup(scene)
          return
        }
      }
      guard plain.admits(kind, v),
        batchFlatRectangle(v, alphaClamp: alphaClamp, opacity: opacity)
      else {
        // Every other view is drawn through its outline (SPEC §16), and a
        // rectangle past what Cairo draws exactly, cut to the image.
        flush()
        drawOutline(
          kind, v, path: scene.paths[id], text: scene.textView(id), image: scene.images[id],
          opacity: opacity)
        return
      }
    }
    flush()
  }

  /// The one view of a flat scene's group, drawn into the group picture
  /// open for it.
  func drawFlatGroup(_ id: ViewID, _ kind: ViewKind, _ v: ViewRecord, _ scene: Scene) {
    if !Self.flatRectangles.admits(kind, v)
      || !batchFlatRectangle(
        v, alphaClamp: Property.alpha.declaration.drawClamp, opacity: 1)
    {
      flush()
      drawOutline(
        kind, v, path: scene.paths[id], text: scene.textView(id), image: scene.images[id],
        opacity: 1)
    }
  }

  /// A scene with a tree (SPEC §17), in paint order: each view under its
  /// world transform at its world opacity, inside the outlines of the
  /// ancestors that clip it (Cairo's clip intersects them), a composed
  /// view's group (it and its descendants) drawn apart and composited.
  private func drawTree(_ scene: Scene) {
    scene.fillWorldFrame(&world)
    // Most trees clip nothing: then no view's ancestors are looked at.
    let clipping = scene.hasClips
    scene.forEachPaintStep { step in
      // The steps of a group drawn apart are drawn in the canvas it is
      // drawn in, until it closes.
      if let id = apartView, let apart {
        if step == .close(id) {
          closeApart(scene)
        } else {
          apart.paint(step, scene, clipping: clipping)
        }
        return
      }
      paint(step, scene, clipping: clipping)
    }
    flush()
    if !appliedClips.isEmpty { _ = applyClips([], scene, stageTransform) }
  }

  /// Paints one step of a scene with a tree (``drawTree(_:)``).
  func paint(_ step: PaintStep<ViewID>, _ scene: Scene, clipping: Bool) {
    let toPixels = stageTransform
    let plain = Self.treeRectangles
    switch step {
    case .open(let id):
      let composition = Composition(scene.record(of: id))
      // A view alone, of one paint, takes its opacity into its paint.
      if composition.foldsIntoPaint(
        of: scene.record(of: id), hasChildren: !scene.children(of: id).isEmpty)
      {
        return
      }
      let placed = toPixels.concatenating(world.transforms[Int(id)])
      if drawsApart, composition.isFiltered {
        openApart(id, composition: composition, placed: placed, scene: scene)
      } else {
        openGroup(id, composition: composition, placed: placed, scene: scene)
      }
    case .close(let id):
      if groups.last?.view == id { closeGroup(scene) }
    case .view(let id):
      guard scene.isDrawn(id) else { return }
      if clipping {
        let base = groups.last?.outerClipCount ?? 0
        let clips = Array(scene.clipAncestors(of: id).dropFirst(base))
        if clips != appliedClips {
          flush()
          guard applyClips(clips, scene, toPixels) else { return }
        }
      }
      let i = Int(id)
      let placed = toPixels.concatenating(world.transforms[i])
      let kind = scene.kind(of: id)
      let v = scene.record(of: id)
      var alpha = world.alphas[i]
      if groups.last?.view != id, Composition.isNeeded(v) {
        // Its opacity taken into its paint (see `.open`).
        let composition = Composition(v)
        if !composition.isNone { alpha *= composition.opacity }
      }
      // Morphed outlines and texts go through the generic outline path.
      if plain.admits(kind, v), batchRectangle(v, placed: placed, alpha: alpha) { return }
      flush()
      drawOutline(
        kind, v, path: scene.paths[id], text: scene.textView(id), image: scene.images[id],
        placed: placed, alpha: alpha)
    }
  }

  /// World coordinates to pixels.
  var stageTransform: Affine {
    let (x0, y0) = layout.pixel(x: 0, y: 0)
    return Affine(a: layout.scale, b: 0, c: 0, d: layout.scale, tx: x0, ty: y0)
  }
}
