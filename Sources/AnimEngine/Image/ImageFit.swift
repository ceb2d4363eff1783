/// How an image fills its view's box (SPEC §21.4), as CSS `object-fit`
/// and SVG's `preserveAspectRatio` do: `fill` stretches it onto the box;
/// `contain` scales it uniformly to the largest size inside the box and
/// `cover` to the smallest size that covers it, both centred. The picture
/// is clipped to the box (only `cover` reaches past it).
public enum ImageFit: Int, Sendable, CaseIterable {
  case fill = 0
  case contain = 1
  case cover = 2

  /// The words scripts write, in the order of the `fit` choice's cases.
  public static let words = ["fill", "contain", "cover"]

  /// The fit a `fit` property's stored value stands for (drawn clamped to
  /// the cases, as every choice is).
  public init(stored value: Double) {
    self = value >= 1.5 ? .cover : value >= 0.5 ? .contain : .fill
  }

  /// SVG's `preserveAspectRatio` for it.
  public var preserveAspectRatio: String {
    switch self {
    case .fill: return "none"
    case .contain: return "xMidYMid meet"
    case .cover: return "xMidYMid slice"
    }
  }

  /// Where an image of its own size `imageWidth` × `imageHeight` is drawn
  /// in a box of `width` × `height` (box coordinates, (0, 0) its top-left
  /// corner; a negative size is drawn as its magnitude, as every outline
  /// is): the rectangle the whole image is stretched onto. Nil when either
  /// size is 0, not finite, or the placement would not be (nothing is drawn).
  public func placement(imageWidth: Double, imageHeight: Double, width: Double, height: Double)
    -> ImagePlacement?
  {
    let w = abs(width)
    let h = abs(height)
    guard imageWidth > 0, imageHeight > 0, imageWidth.isFinite, imageHeight.isFinite, w > 0, h > 0,
      w.isFinite, h.isFinite
    else { return nil }
    let placed: ImagePlacement
    switch self {
    case .fill:
      placed = ImagePlacement(x: 0, y: 0, width: w, height: h)
    case .contain, .cover:
      let sx = w / imageWidth
      let sy = h / imageHeight
      let s = self == .contain ? min(sx, sy) : max(sx, sy)
      // The scaled side that matches the box is the box's own, exactly, so
      // no rounding leaves a sliver uncovered along it.
      let pw = s == sx ? w : imageWidth * s
      let ph = s == sy ? h : imageHeight * s
      placed = ImagePlacement(x: (w - pw) / 2, y: (h - ph) / 2, width: pw, height: ph)
    }
    guard placed.width > 0, placed.height > 0, placed.width.isFinite, placed.height.isFinite
    else { return nil }
    return placed
  }
}

/// The rectangle an image is stretched onto, in its view's box coordinates.
public struct ImagePlacement: Sendable, Equatable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The part of it inside a box of `width` × `height`: what is drawn.
  public func clipped(toBoxWidth width: Double, height: Double) -> ImagePlacement {
    let x0 = max(x, 0)
    let y0 = max(y, 0)
    let x1 = min(x + self.width, abs(width))
    let y1 = min(y + self.height, abs(height))
    return ImagePlacement(x: x0, y: y0, width: max(x1 - x0, 0), height: max(y1 - y0, 0))
  }
}
