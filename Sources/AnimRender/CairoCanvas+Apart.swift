import AnimEngine
import AnimStage

/// Filtered groups drawn past the frame (SPEC §21.2): a view just outside
/// the frame blurs into it, and the shadow of a view above it falls into
/// it. A blurred or shadowed group is drawn into the group picture of a
/// second canvas, this canvas's layout grown by a margin each side (the
/// filter's reach, ``margin(for:width:height:)``), by every path as the
/// frame is; its picture is then filtered and composited onto this canvas
/// as a group drawn in the frame is (``closeGroup(_:)``). Groups nested in
/// it are drawn in that canvas too.
extension CairoCanvas {
  /// The most pixels a group's picture has along either side: SPEC §21.2
  /// clips a larger one to the frame plus 3σ.
  static let mostPictureSide = 16384
  /// The most pixels a group's picture drawn past the frame has in all, as
  /// a multiple of the frame's (or 2048 × 2048 for a smaller frame): a view
  /// covering the picture costs as much memory as four frames' pictures,
  /// not more.
  static let mostPictureFrames = 4
  static let leastPicturePixels = 2048 * 2048

  /// The largest margin a `width` × `height` frame's group picture may
  /// have: within ``mostPictureSide`` and ``mostPictureFrames`` frames.
  static func mostMargin(width: Int, height: Int) -> Int {
    let side = max(0, (mostPictureSide - max(width, height)) / 2)
    // (w + 2m)(h + 2m) ≤ P: 4m² + 2(w + h)m + wh − P ≤ 0.
    let w = Double(width)
    let h = Double(height)
    let p = Double(max(mostPictureFrames * width * height, leastPicturePixels))
    let root = ((w + h) * (w + h) - 4 * (w * h - p)).squareRoot()
    let area = max(0, Int(((root - (w + h)) / 4).rounded(.down)))
    return min(side, area)
  }

  /// The margin, in whole pixels, a group filtered by `filter` is drawn
  /// with past each side of a `width` × `height` frame: 3σ of the blur and
  /// of the shadow's blur plus the shadow's offset (what lies further out
  /// changes no pixel of the frame by more than a third of a level), as
  /// much as keeps the picture within ``mostMargin(width:height:)``; 0 for a group
  /// neither blurred nor shadowed.
  static func margin(for filter: PlacedFilter, width: Int, height: Int) -> Int {
    let x = 3 * (filter.blurX + filter.shadowBlurX) + abs(filter.shadowDX)
    let y = 3 * (filter.blurY + filter.shadowBlurY) + abs(filter.shadowDY)
    let reach = max(x, y)
    guard reach > 0 else { return 0 }
    let most = mostMargin(width: width, height: height)
    // Not finite (a view scaled 1e300 times): the most.
    return min(Int(min(reach.isFinite ? reach : .infinity, Double(most)).rounded(.up)) + 2, most)
  }

  /// Begins the group of view `id`, filtered by `composition` (placed in
  /// pixels by `placed`), in the canvas drawn past the frame: what is drawn
  /// until ``closeApart(_:)`` is drawn there (``apart``). When that canvas
  /// cannot be made, the group is drawn in the frame, as
  /// ``openGroup(_:composition:placed:scene:)`` does.
  func openApart(_ id: ViewID, composition: Composition, placed: Affine, scene: Scene) {
    let margin = Self.margin(
      for: composition.placed(by: placed), width: layout.pixelWidth, height: layout.pixelHeight)
    guard margin > 0, let helper = apartCanvas(margin: margin) else {
      openGroup(id, composition: composition, placed: placed, scene: scene)
      return
    }
    flush()
    let m = Double(helper.apartMargin)
    helper.world = world
    helper.openGroup(
      id, composition: composition,
      placed: Affine(
        a: placed.a, b: placed.b, c: placed.c, d: placed.d, tx: placed.tx + m,
        ty: placed.ty + m), scene: scene)
    // This canvas's group of the view, its picture the other canvas's.
    let shift = helper.apartMargin
    let extent = PixelRect(
      x0: -shift, y0: -shift, x1: layout.pixelWidth + shift, y1: layout.pixelHeight + shift)
    let outer = scene.hasClips ? scene.clipAncestors(of: id).count : 0
    groups.append(
      Group(
        view: id, composition: composition, placed: placed,
        plane: PicturePlane(base: helper.groups[0].plane.base, extent: extent),
        outerClipCount: outer))
    apartView = id
  }

  /// Completes the group drawn apart (when one is: else the innermost
  /// group): its picture, drawn past the frame, filtered and composited
  /// onto this canvas (``closeGroup(_:)``).
  func closeApart(_ scene: Scene) {
    guard apartView != nil, let helper = apart else {
      closeGroup(scene)
      return
    }
    apartView = nil
    helper.flush()
    let drawn = helper.groups.removeLast()
    helper.target = helper.pixels
    let shift = helper.apartMargin
    if let r = drawn.drawnRect {
      groups[groups.count - 1].drawnRect = PixelRect(
        x0: r.x0 - shift, y0: r.y0 - shift, x1: r.x1 - shift, y1: r.y1 - shift)
    }
    closeGroup(scene)
  }

  /// The canvas filtered groups are drawn in, at least `margin` pixels
  /// past the frame each side (made again, larger, when a group needs a
  /// larger margin), or nil when it cannot be made.
  func apartCanvas(margin: Int) -> CairoCanvas? {
    if let apart, apartMargin >= margin { return apart }
    // Grown in steps of 32 pixels (within the most), so that a growing
    // blur makes few.
    let most = Self.mostMargin(width: layout.pixelWidth, height: layout.pixelHeight)
    let m = min((max(margin, apartMargin) + 31) & ~31, max(margin, most))
    let grown = StageLayout(
      world: layout.world, pixelWidth: layout.pixelWidth + 2 * m,
      pixelHeight: layout.pixelHeight + 2 * m, scale: layout.scale,
      offsetX: layout.offsetX + Double(m), offsetY: layout.offsetY + Double(m),
      background: layout.background)
    // The frame (a band's: ``FrameCanvas``) grown by the margin, in the
    // grown canvas's pixels.
    let frame = PixelRect(
      x0: frameArea.x0, y0: frameArea.y0, x1: frameArea.x1 + 2 * m, y1: frameArea.y1 + 2 * m)
    guard
      let made = try? CairoCanvas(
        layout: grown, stageClip: stageClip, framed: false, frame: frame)
    else {
      return nil
    }
    made.drawsApart = false
    made.reusesCoverage = reusesCoverage
    made.rasterisesFills = rasterisesFills
    made.coversTurnedRectanglesByArea = coversTurnedRectanglesByArea
    made.apartMargin = m
    apart = made
    apartMargin = m
    return made
  }
}
