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
    let (ox, oy, vw, vh) = (x, y, width, height)
    return { p in
      let q = OutlinePoint((p.x - ox) * sx, (p.y - oy) * sy)
      if q.x.isFinite && q.y.isFinite { return q }
      // The factor overflows for a tiny viewBox (1e-320 wide), or the
      // offset for a corner far from the point: the same map taken in
      // fractions of the viewBox, finite wherever its result is.
      return OutlinePoint(
        Self.stretch(p.x, from: ox, over: vw, onto: boxWidth),
        Self.stretch(p.y, from: oy, over: vh, onto: boxHeight))
    }
  }

  /// `(v − origin) / length · target` without an intermediate that
  /// overflows where the result does not.
  static func stretch(_ v: Double, from origin: Double, over length: Double, onto target: Double)
    -> Double
  {
    var offset = v - origin
    var scale = 1.0
    if !offset.isFinite {
      // Both within ±1.8e308: their halves' difference is finite.
      offset = v * 0.5 - origin * 0.5
      scale = 2
    }
    return offset / length * target * scale
  }
}

extension Outline {
  /// This outline, in `viewBox` coordinates, stretched onto a box of
  /// `width` × `height`.
  public func fitted(_ viewBox: ViewBox, width: Double, height: Double) -> Outline {
    mapped(viewBox.map(toWidth: width, height: height))
  }
}
