/// The bridge from the scene's kinds of view to the geometry: each
/// `ViewOutline` case as the `Outline` it draws in a box, the one geometry
/// the renderers, exporters, drawn bounds, trim and morph use (SPEC §16.1).
extension ViewOutline {
  /// The outline in a box of `width` × `height` ((0, 0) its top-left
  /// corner; a negative size is drawn as its magnitude, as the rectangle
  /// always was), with `cornerRadius` for the kinds that round corners.
  public func outline(width: Double, height: Double, cornerRadius: Double) -> Outline {
    switch self {
    case .rectangle:
      return .rectangle(width: abs(width), height: abs(height), cornerRadius: cornerRadius)
    }
  }
}
