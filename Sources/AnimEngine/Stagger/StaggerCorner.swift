/// A corner of a group's frame, for cornered and inline sorts.
public enum StaggerCorner: String, Sendable, CaseIterable {
  /// (0, 0) and (w, 0).
  case topLeft, topRight
  /// (0, h) and (w, h).
  case bottomLeft, bottomRight

  /// The corner's point in `frame` (origin top-left, y down).
  public func point(in frame: StaggerFrame) -> SIMD2<Double> {
    switch self {
    case .topLeft: return SIMD2(0, 0)
    case .topRight: return SIMD2(frame.width, 0)
    case .bottomLeft: return SIMD2(0, frame.height)
    case .bottomRight: return SIMD2(frame.width, frame.height)
    }
  }
}
