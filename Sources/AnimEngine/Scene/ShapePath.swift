/// A `shape`'s outline (SPEC §16.1): its SVG path data parsed once, in
/// viewBox coordinates, and the viewBox stretched onto the view's box.
public struct ShapePath: Sendable, Equatable {
  /// The outline in viewBox coordinates.
  public let outline: Outline
  /// The rectangle of path-data coordinates that fills the box.
  public let viewBox: ViewBox

  public init(outline: Outline, viewBox: ViewBox) {
    self.outline = outline
    self.viewBox = viewBox
  }

  /// The outline stretched onto a box of `width` × `height`.
  public func outline(width: Double, height: Double) -> Outline {
    outline.fitted(viewBox, width: abs(width), height: abs(height))
  }
}
