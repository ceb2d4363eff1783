/// The bridge from the scene's kinds of view to the geometry: each
/// `ViewOutline` case as the `Outline` it draws in a box, the one geometry
/// the renderers, exporters, drawn bounds, trim and morph use (SPEC §16.1).
extension ViewOutline {
  /// The outline in a box of `width` × `height` ((0, 0) its top-left
  /// corner; a negative size is drawn as its magnitude, as the rectangle
  /// always was), with `cornerRadius` for the kinds that round corners.
  public func outline(width: Double, height: Double, cornerRadius: Double) -> Outline {
    outline(
      width: width, height: height, corners: CornerRadii(all: cornerRadius), sides: 5,
      innerRadius: 0.5)
  }

  /// The outline in a box of `width` × `height` with every kind's own
  /// settings: `corners` (rect, drawn as ``CornerRadii`` says), `sides`
  /// (polygon's vertices, star's points) and `innerRadius` (star, drawn
  /// clamped).
  public func outline(
    width: Double, height: Double, corners: CornerRadii, sides: Int, innerRadius: Double
  ) -> Outline {
    let w = abs(width)
    let h = abs(height)
    switch self {
    case .rectangle:
      return .rectangle(width: w, height: h, corners: corners)
    case .image:
      return .rectangle(width: w, height: h, cornerRadius: 0)
    case .ellipse:
      return .ellipse(width: w, height: h)
    case .polygon:
      return .polygon(sides: max(sides, 3), width: w, height: h)
    case .star:
      return .star(points: max(sides, 3), innerRadius: innerRadius, width: w, height: h)
    case .path, .none, .text:
      return Outline([])
    }
  }

  /// The outline a view of this kind draws, read from its properties (each
  /// clamped as it is drawn): once a morph has started on it, the morphed
  /// outline stretched onto its box (SPEC §16.4), else the kind's own.
  public func outline(of v: some PropertyReading, path: ShapePath? = nil, text: TextView? = nil)
    -> Outline
  {
    let morphed = v.recordValue(at: Property.outline.slot)
    if morphed != 0, let record = MorphedOutlines.outline(morphed) {
      return record.outline(
        at: v.recordValue(at: Property.outline.slot + 1), width: v.number(.width),
        height: v.number(.height))
    }
    return ownOutline(of: v, path: path, text: text)
  }

  /// The outline of this kind in the view's box, whatever morph it has had:
  /// a `shape`'s from its `path`, a `text`'s glyph contours from `text` (what
  /// it shows, laid out at its size, tracking and alignment in its box;
  /// SPEC §18).
  public func ownOutline(of v: some PropertyReading, path: ShapePath? = nil, text: TextView? = nil)
    -> Outline
  {
    if self == .path {
      return path?.outline(width: v.number(.width), height: v.number(.height)) ?? Outline([])
    }
    if self == .text {
      return text?.outline() ?? Outline([])
    }
    let w = v.number(.width)
    let h = v.number(.height)
    let sides: Int
    switch self {
    case .polygon: sides = Int(min(max(v.number(.sides), 3), Double(Outline.maximumSides)))
    case .star: sides = Int(min(max(v.number(.points), 3), Double(Outline.maximumSides)))
    default: sides = 5
    }
    return outline(
      width: w, height: h, corners: CornerRadii(of: v), sides: sides,
      innerRadius: v.drawn(.innerRadius))
  }
}
