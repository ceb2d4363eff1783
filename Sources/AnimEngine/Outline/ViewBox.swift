/// An SVG viewBox: the rectangle of path-data coordinates that is stretched
/// onto a view's box, exactly as SVG's `preserveAspectRatio="none"` does.
public struct ViewBox: Sendable, Hashable {
  /// The top-left corner of the rectangle, in path-data coordinates.
  public let x: Double
  /// The top of the rectangle.
  public let y: Double
  /// Its width (> 0).
  public let width: Double
  /// Its height (> 0).
  public let height: Double

  /// A viewBox, or an error when its size is not positive and finite (SVG
  /// draws nothing for such a viewBox; anim says why).
  public init(x: Double, y: Double, width: Double, height: Double) throws(EngineError) {
    guard x.isFinite, y.isFinite else {
      throw EngineError("a viewBox's corner must be finite numbers")
    }
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
      throw EngineError(
        "a viewBox needs a width and height > 0, not \(NumberText.format(width)) × \(NumberText.format(height))"
      )
    }
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The map from path-data coordinates to a box of `width` × `height` with
  /// (0, 0) its top-left corner.
  public func map(toWidth boxWidth: Double, height boxHeight: Double) -> (OutlinePoint) ->
    OutlinePoint
  {
    let sx = boxWidth / width
    let sy = boxHeight / height
    let ox = x
    let oy = y
    return { p in OutlinePoint((p.x - ox) * sx, (p.y - oy) * sy) }
  }
}

extension Outline {
  /// This outline, in `viewBox` coordinates, stretched onto a box of
  /// `width` × `height`.
  public func fitted(_ viewBox: ViewBox, width: Double, height: Double) -> Outline {
    mapped(viewBox.map(toWidth: width, height: height))
  }
}
