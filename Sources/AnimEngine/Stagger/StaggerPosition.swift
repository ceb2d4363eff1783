/// A named point of a group's frame that radial, continuous and weighted
/// sorts spread out from.
public enum StaggerPosition: String, Sendable, CaseIterable {
  /// Along the top edge: (0, 0), (w/2, 0), (w, 0).
  case topLeft, topMiddle, topRight
  /// Across the middle: (0, h/2), (w/2, h/2), (w, h/2).
  case left, middle, right
  /// Along the bottom edge: (0, h), (w/2, h), (w, h).
  case bottomLeft, bottomMiddle, bottomRight

  /// The point in `frame` (origin top-left, y down): `topLeft` is (0, 0),
  /// `middle` is (w/2, h/2), `bottomRight` is (w, h).
  public func point(in frame: StaggerFrame) -> SIMD2<Double> {
    let w = frame.width
    let h = frame.height
    switch self {
    case .topLeft: return SIMD2(0, 0)
    case .topMiddle: return SIMD2(w / 2, 0)
    case .topRight: return SIMD2(w, 0)
    case .left: return SIMD2(0, h / 2)
    case .middle: return SIMD2(w / 2, h / 2)
    case .right: return SIMD2(w, h / 2)
    case .bottomLeft: return SIMD2(0, h)
    case .bottomMiddle: return SIMD2(w / 2, h)
    case .bottomRight: return SIMD2(w, h)
    }
  }
}
