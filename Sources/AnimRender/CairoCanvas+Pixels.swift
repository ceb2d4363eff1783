import AnimEngine
import AnimStage
import CCairo
import CPixels

/// The frame's pixels: the background put back, and the conversion of the
/// blended doubles to 8-bit RGBA (and PNG).
extension CairoCanvas {
  /// Sets the pixels of `rect` to the background.
  func fillBackground(_ rect: PixelRect) {
    let w = layout.pixelWidth
    guard rect.x0 < rect.x1 else { return }
    if layout.background.a == 0 {
      // Transparent (every imported Lottie's): zeros stored, nothing read.
      for y in rect.y0..<rect.y1 {
        (pixels + 4 * (y * w + rect.x0)).update(repeating: 0, count: 4 * (rect.x1 - rect.x0))
      }
      return
    }
    // A copy of the background row (memcpy): twice as fast as storing the
    // four channels pixel by pixel.
    for y in rect.y0..<rect.y1 {
      (pixels + 4 * (y * w + rect.x0)).update(
        from: backgroundRow + 4 * rect.x0, count: 4 * (rect.x1 - rect.x0))
    }
  }

  /// Converts the pixels of `rect` into `image`, a row at a time
  /// (`anim_convert_pixels`: ``packed(_:_:_:_:)``'s rounding, two channels
  /// an instruction; an opaque pixel's colour is not divided), putting the
  /// background back over each pixel read when `clearing`
  /// (`anim_convert_clearing`: ``PixelChanges/takeStale(_:)``).
  func convert(_ rect: PixelRect, clearing: Bool = false) {
    let w = layout.pixelWidth
    guard rect.x0 < rect.x1 else { return }
    for y in rect.y0..<rect.y1 {
      let first = y * w + rect.x0
      if clearing {
        anim_convert_clearing(
          pixels + 4 * first, image + first, rect.x1 - rect.x0, backgroundRow)
      } else {
        anim_convert_pixels(pixels + 4 * first, image + first, rect.x1 - rect.x0)
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
    buffer.withUnsafeMutableBytes { out in copyRGBA(to: out.baseAddress!) }
  }

  /// Writes the image as ``rgba(into:)`` does, to the 4 bytes a pixel at
  /// `start` (a band's rows of a frame: ``FrameCanvas``).
  func copyRGBA(to start: UnsafeMutableRawPointer) {
    changes.takeStale { convert($0, clearing: $1) }
    start.copyMemory(from: image, byteCount: layout.pixelWidth * layout.pixelHeight * 4)
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

  /// The image encoded as PNG (RGBA, 8 bits a channel), quickly when
  /// `fast` (``PNGFile/encode(_:width:height:fast:)``).
  /// Encoded from the canvas's own 8-bit image, once the pixels that
  /// changed are converted (no copy of the frame first).
  public func png(fast: Bool = false) throws(RenderError) -> [UInt8] {
    changes.takeStale { convert($0, clearing: $1) }
    let bytes = UnsafeRawBufferPointer(
      start: image, count: layout.pixelWidth * layout.pixelHeight * 4)
    return try PNGFile.encode(
      bytes, width: layout.pixelWidth, height: layout.pixelHeight, fast: fast)
  }
}
