import AnimEngine
import AnimStage
import CCairo
import Foundation

/// The composition stage (SPEC §21.2): a composed view and its descendants
/// are drawn into a picture of their own, a group, with every path of the
/// canvas (batches, exact quads, reused coverage, outlines) writing into it
/// as they write into the frame; the group is then composited onto what is
/// below at its ``Composition``. Nothing else knows a group exists.
extension CairoCanvas {
  /// One group picture being drawn.
  struct Group {
    /// The view whose group it is.
    let view: ViewID
    /// How it is composited when complete.
    let composition: Composition
    /// Its view's box to pixels: the filters' lengths are the view's.
    let placed: Affine
    /// Its picture, zero wherever nothing was drawn: laid out as the
    /// frame's, or, for a group drawn apart (``CairoCanvas/openApart(_:composition:placed:scene:)``),
    /// the picture of the canvas it was drawn in, past the frame.
    var plane: PicturePlane
    /// How many of the view's clip ancestors (outermost first) are outside
    /// the group: they clip the composited picture, not what is drawn in it.
    let outerClipCount: Int
    /// The pixels drawn in it so far.
    var drawnRect: PixelRect?

    mutating func drew(_ rect: PixelRect) {
      guard let known = drawnRect else {
        drawnRect = rect
        return
      }
      drawnRect = PixelRect(
        x0: min(known.x0, rect.x0), y0: min(known.y0, rect.y0), x1: max(known.x1, rect.x1),
        y1: max(known.y1, rect.y1))
    }
  }

  /// Begins the group picture of view `id`: what is drawn until the
  /// matching ``closeGroup(_:)`` goes into it.
  func openGroup(_ id: ViewID, composition: Composition, placed: Affine, scene: Scene) {
    flush()
    let depth = groups.count
    if groupPlanes.count <= depth {
      let count = layout.pixelWidth * layout.pixelHeight * 4
      // Zeroed by the system (calloc), pages made only where drawn.
      let plane = calloc(count, MemoryLayout<Double>.size)!.assumingMemoryBound(to: Double.self)
      groupPlanes.append(plane)
    }
    let outer = scene.hasClips ? scene.clipAncestors(of: id).count : 0
    groups.append(
      Group(
        view: id, composition: composition, placed: placed,
        plane: PicturePlane(base: groupPlanes[depth], extent: frame), outerClipCount: outer))
    target = groupPlanes[depth]
  }

  /// Completes the innermost group: its picture composited onto the one
  /// below (the frame or the enclosing group) at its opacity, through the
  /// clips of the view's ancestors outside the group, and cleared.
  func closeGroup(_ scene: Scene) {
    flush()
    let group = groups.removeLast()
    target = groups.last?.plane.base ?? pixels
    guard var rect = group.drawnRect else { return }
    rect = rect.intersection(group.plane.extent)
    guard !rect.isEmpty else { return }
    // The clips of the ancestors between the enclosing group and this one
    // cut the composited picture: their coverage, rasterised into the mask.
    let base = groups.last?.outerClipCount ?? 0
    let clips =
      group.outerClipCount > base
      ? Array(scene.clipAncestors(of: group.view).prefix(group.outerClipCount).dropFirst(base))
      : []
    // A filtered or blended group (CairoCanvas+Filters) may draw past what
    // was drawn in it.
    let filtered = !group.composition.isOpacityOnly
    let filter = group.composition.placed(by: group.placed)
    let bounds = filtered ? filteredBounds(rect, filter) : rect
    var cells: UnsafeMutablePointer<UInt8>?
    if bounds.isEmpty
      || ((!clips.isEmpty || appliedClips != clips)
        && !applyClips(clips, scene, stageTransform))
    {
      // Nothing of it reaches the frame, or its clips show nothing.
      group.plane.clear(rect)
      return
    }
    if !clips.isEmpty {
      cairo_rectangle(
        context, Double(bounds.x0), Double(bounds.y0), Double(bounds.x1 - bounds.x0),
        Double(bounds.y1 - bounds.y0))
      cairo_fill(context)
      cairo_surface_flush(mask)
      cells = cairo_image_surface_get_data(mask)
    }
    if filtered {
      drew(
        compositeFiltered(
          group.plane, rect, bounds: bounds, composition: group.composition, filter: filter,
          coverage: cells))
      return
    }
    composite(group.plane.base, rect, opacity: group.composition.opacity, coverage: cells)
    if cells != nil { cairo_surface_mark_dirty(mask) }
    drew(rect)
  }

  /// Source-over of `plane`'s pixels in `rect` times `opacity` (and the
  /// mask's coverage, cleared as it is used, when given) onto the target,
  /// clearing `plane` there.
  private func composite(
    _ plane: UnsafeMutablePointer<Double>, _ rect: PixelRect, opacity: Double,
    coverage: UnsafeMutablePointer<UInt8>?
  ) {
    let out = target
    let w = layout.pixelWidth
    for y in rect.y0..<rect.y1 {
      let row = coverage.map { $0 + y * maskStride }
      for x in rect.x0..<rect.x1 {
        let o = 4 * (y * w + x)
        var k = opacity
        if let row {
          let c = row[x]
          row[x] = 0
          k *= Double(c) / 255
        }
        // Premultiplied: a pixel nothing was drawn on is all zeros.
        let a = plane[o + 3] * k
        if plane[o + 3] != 0 {
          let keep = 1 - a
          out[o] = plane[o] * k + out[o] * keep
          out[o + 1] = plane[o + 1] * k + out[o + 1] * keep
          out[o + 2] = plane[o + 2] * k + out[o + 2] * keep
          out[o + 3] = a + out[o + 3] * keep
        }
        plane[o] = 0
        plane[o + 1] = 0
        plane[o + 2] = 0
        plane[o + 3] = 0
      }
    }
  }

  /// This canvas's pixels, as a rectangle: the frame's, or a band's rows
  /// of it (the whole frame is then ``frameArea``).
  var frame: PixelRect { PixelRect(x0: 0, y0: 0, x1: layout.pixelWidth, y1: layout.pixelHeight) }
}
