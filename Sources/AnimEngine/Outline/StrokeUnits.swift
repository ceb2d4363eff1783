/// The units of a stroke (SPEC §21.3): a `shape`'s `strokeWidth`, `dash` and
/// `dashOffset` are in its viewBox's units, as in SVG (an icon drawn four
/// times larger has a stroke four times wider); every other kind's are in
/// its box's points.
///
/// The viewBox is stretched onto the box (`preserveAspectRatio="none"`).
/// Where it is stretched unevenly (the box's aspect is not the viewBox's)
/// the pen stays round — SVG would draw it as an ellipse — and one viewBox
/// unit is √(sx·sy) points, the mean of the two scales (their areas agree):
/// a trim and a dash measured along the outline keep one meaning in every
/// output that way (docs/spec.md §21.3).
extension ShapePath {
  /// Points per viewBox unit for a box of `width` × `height`: √(sx·sy),
  /// 0 for an empty box, the largest double where it overflows.
  public func strokeScale(width: Double, height: Double) -> Double {
    let sx = abs(width) / viewBox.width
    let sy = abs(height) / viewBox.height
    // Exact where the scale is even; the product's root where it is
    // finite, else the roots' product (1e308 × 1e308 overflows).
    var f = sx == sy ? sx : (sx * sy).squareRoot()
    if !f.isFinite { f = sx.squareRoot() * sy.squareRoot() }
    if f.isNaN { return 0 }
    return min(f, .greatestFiniteMagnitude)
  }
}

extension PropertyReading {
  /// Points per stroke unit: a shape's viewBox scale (`path` is the
  /// shape's), else 1.
  @inlinable
  public func strokeScale(path: ShapePath?) -> Double {
    guard let path else { return 1 }
    return path.strokeScale(width: number(.width), height: number(.height))
  }

  /// The stroke width as drawn, in the view's box points: `strokeWidth`
  /// clamped ≥ 0, times ``strokeScale(path:)`` (finite, ≥ 0).
  @inlinable
  public func strokeWidth(path: ShapePath?) -> Double {
    let w = drawn(.strokeWidth)
    guard let path else { return w }
    let scaled = w * path.strokeScale(width: number(.width), height: number(.height))
    return scaled.isNaN ? 0 : min(scaled, .greatestFiniteMagnitude)
  }
}
