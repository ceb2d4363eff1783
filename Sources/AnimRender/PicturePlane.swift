/// A picture of premultiplied r, g, b, a doubles covering `extent`, a
/// rectangle of frame pixels that may reach past the frame (a group's
/// picture drawn with a margin, so that what lies just outside the frame
/// can blur or cast a shadow into it), rows top to bottom, as many pixels a
/// row as `extent` is wide.
struct PicturePlane {
  /// The first double of the extent's top-left pixel.
  let base: UnsafeMutablePointer<Double>
  /// The frame pixels it covers.
  let extent: PixelRect

  /// The pixels a row.
  var stride: Int { extent.x1 - extent.x0 }

  /// The first of the four doubles of frame pixel (`x`, `y`), inside
  /// ``extent``.
  @inline(__always)
  func at(_ x: Int, _ y: Int) -> UnsafeMutablePointer<Double> {
    base + 4 * ((y - extent.y0) * stride + (x - extent.x0))
  }

  /// Sets the pixels of `rect` (inside ``extent``) to transparent.
  func clear(_ rect: PixelRect) {
    guard rect.x0 < rect.x1 else { return }
    for y in rect.y0..<rect.y1 {
      at(rect.x0, y).update(repeating: 0, count: 4 * (rect.x1 - rect.x0))
    }
  }
}

extension PixelRect {
  /// `self` and `other` together, as one rectangle.
  func union(_ other: PixelRect) -> PixelRect {
    PixelRect(
      x0: Swift.min(x0, other.x0), y0: Swift.min(y0, other.y0), x1: Swift.max(x1, other.x1),
      y1: Swift.max(y1, other.y1))
  }

  /// What `self` and `other` share (empty — x0 ≥ x1 or y0 ≥ y1 — when
  /// nothing).
  func intersection(_ other: PixelRect) -> PixelRect {
    PixelRect(
      x0: Swift.max(x0, other.x0), y0: Swift.max(y0, other.y0), x1: Swift.min(x1, other.x1),
      y1: Swift.min(y1, other.y1))
  }

  /// Whether it holds no pixel.
  var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
}
