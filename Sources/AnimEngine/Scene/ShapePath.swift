/// A `shape`'s outline (SPEC §16.1): its SVG path data parsed once, or the
/// line through its points (SPEC §23.1), in viewBox coordinates, and the
/// viewBox stretched onto the view's box.
public struct ShapePath: Sendable, Equatable {
  /// The outline in viewBox coordinates.
  public let outline: Outline
  /// The rectangle of path-data coordinates that fills the box.
  public let viewBox: ViewBox
  /// The points it was declared through, when it was (`points:`).
  public let points: ShapePoints?
  /// The bounds of `outline`'s points (``Outline/bounds()``), found once:
  /// every frame asks where a shape reaches.
  public let bounds: OutlineBounds?

  public init(outline: Outline, viewBox: ViewBox, points: ShapePoints? = nil) {
    self.outline = outline
    self.viewBox = viewBox
    self.points = points
    bounds = outline.bounds()
  }

  /// The bounds of ``outline(width:height:)``'s points, without making it:
  /// `bounds`' corners stretched onto the box (the stretch is one
  /// non-decreasing map per axis, so it takes each coordinate's least and
  /// greatest to theirs, to the bit).
  public func bounds(width: Double, height: Double) -> OutlineBounds? {
    guard let bounds else { return nil }
    let map = viewBox.map(toWidth: abs(width), height: abs(height))
    return OutlineBounds(minimum: map(bounds.minimum), maximum: map(bounds.maximum))
  }

  /// The outline stretched onto a box of `width` × `height`.
  public func outline(width: Double, height: Double) -> Outline {
    outline.fitted(viewBox, width: abs(width), height: abs(height))
  }
}

/// The points a shape is drawn through (SPEC §23.1), in viewBox
/// coordinates, and how: `closed` back to the first, `smooth` a Catmull–Rom
/// spline (`PointsOutline`).
public struct ShapePoints: Sendable, Hashable {
  public var points: [OutlinePoint]
  public var closed: Bool
  public var smooth: Bool

  public init(points: [OutlinePoint], closed: Bool, smooth: Bool) {
    self.points = points
    self.closed = closed
    self.smooth = smooth
  }

  /// The outline through the points, in viewBox coordinates.
  public var outline: Outline { PointsOutline.outline(points, closed: closed, smooth: smooth) }

  /// The outline as SVG path data: straight, `M x y L x y …` (and `Z`), as
  /// d3's linear curves write it; smooth, its cubics.
  public var pathData: String {
    guard !smooth, let first = points.first else { return outline.svgPathData }
    var text = "M" + Outline.pathNumber(first.x) + " " + Outline.pathNumber(first.y)
    for p in points.dropFirst() {
      text += " L" + Outline.pathNumber(p.x) + " " + Outline.pathNumber(p.y)
    }
    return closed ? text + " Z" : text
  }
}
