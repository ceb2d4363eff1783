/// A rectangle of pixels, columns `x0..<x1` of rows `y0..<y1`.
struct PixelRect: Equatable {
  var x0, y0, x1, y1: Int

  /// The number of pixels it holds.
  var area: Int { (x1 - x0) * (y1 - y0) }

  /// Whether every pixel of `other` is one of this rectangle's.
  func contains(_ other: PixelRect) -> Bool {
    other.x0 >= x0 && other.y0 >= y0 && other.x1 <= x1 && other.y1 <= y1
  }
}

/// Which pixels of a canvas a frame must touch (issue 20: a 1000 × 1000
/// frame of 100 squares spent three quarters of its time clearing and
/// converting pixels that had not changed).
///
/// Two lists of rectangles: `drawn`, where the views of the current frame
/// were blended (everywhere else the pixels hold the background), and
/// `stale`, where the 8-bit image may differ from the pixels. A frame puts
/// the background back over the last frame's `drawn` only; the conversion
/// visits `stale` only. A rectangle drawn again at the same place in the
/// same order as in the last frame, as most are, is listed as stale once.
/// When the rectangles add up to more than the image, the whole image is
/// cleared or converted instead: cheaper than visiting overlaps twice.
struct PixelChanges {
  let width: Int
  let height: Int
  private var drawn: [PixelRect] = []
  private var drawnArea = 0
  /// The last frame's `drawn`, cleared at the start of this frame.
  private var cleared: [PixelRect] = []
  private var stale: [PixelRect] = []
  private var staleArea = 0
  /// Until the first frame the pixels hold nothing: all of them are cleared
  /// and converted.
  private var everythingDrawn = true
  private var everythingStale = true
  /// Whether the last conversion put the background back over the whole
  /// image as it read it (``takeStale(_:)``): the next frame's clearing,
  /// already done.
  private var clearedAhead = false

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  private var whole: PixelRect { PixelRect(x0: 0, y0: 0, x1: width, y1: height) }

  /// Starts a frame: `clear` puts the background back in each rectangle that
  /// may differ from it (the whole image, or the last frame's drawn ones).
  mutating func beginFrame(clear: (PixelRect) -> Void) {
    if clearsWhole {
      if !clearedAhead { clear(whole) }
      everythingStale = true
      stale.removeAll(keepingCapacity: true)
      staleArea = 0
      cleared.removeAll(keepingCapacity: true)
    } else {
      for rect in drawn {
        clear(rect)
        markStale(rect)
      }
      swap(&cleared, &drawn)
    }
    everythingDrawn = false
    clearedAhead = false
    drawn.removeAll(keepingCapacity: true)
    drawnArea = 0
  }

  /// Whether the next frame starts by clearing the whole image.
  private var clearsWhole: Bool { everythingDrawn || drawnArea > width * height }

  /// Notes that the current frame blended pixels in `rect`.
  mutating func drew(_ rect: PixelRect) {
    let index = drawn.count
    drawn.append(rect)
    drawnArea += rect.area
    // The same rectangle as the last frame's at this place in the list was
    // marked stale when it was cleared.
    if index < cleared.count && cleared[index] == rect { return }
    markStale(rect)
  }

  private mutating func markStale(_ rect: PixelRect) {
    guard !everythingStale else { return }
    staleArea += rect.area
    if staleArea > width * height {
      everythingStale = true
      stale.removeAll(keepingCapacity: true)
    } else {
      stale.append(rect)
    }
  }

  /// Hands `convert` every stale rectangle (or the whole image) and marks
  /// the image up to date. Its flag says whether to put the background back
  /// over the rectangle as it reads it: when it is the whole image and the
  /// next frame would clear it all anyway (the pixels are then read no more
  /// before the next frame: drawing one begins with ``beginFrame(clear:)``).
  mutating func takeStale(_ convert: (PixelRect, _ clearing: Bool) -> Void) {
    if everythingStale {
      clearedAhead = clearsWhole
      convert(whole, clearedAhead)
    } else {
      for rect in stale { convert(rect, false) }
    }
    everythingStale = false
    stale.removeAll(keepingCapacity: true)
    staleArea = 0
  }
}
