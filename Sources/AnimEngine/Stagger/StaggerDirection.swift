/// The direction a linear sort sweeps across a group.
public enum StaggerDirection: String, Sendable, CaseIterable {
  /// Vertical sweeps, measured by |Δy|.
  case topToBottom, bottomToTop
  /// Horizontal sweeps, measured by |Δx|.
  case leftToRight, rightToLeft

  /// Where the sweep starts: the middle of the edge it leaves from.
  /// `topToBottom` is (w/2, 0), `bottomToTop` (w/2, h), `leftToRight`
  /// (0, h/2) and `rightToLeft` (w, h/2).
  public func point(in frame: StaggerFrame) -> SIMD2<Double> {
    switch self {
    case .topToBottom: return SIMD2(frame.width / 2, 0)
    case .bottomToTop: return SIMD2(frame.width / 2, frame.height)
    case .leftToRight: return SIMD2(0, frame.height / 2)
    case .rightToLeft: return SIMD2(frame.width, frame.height / 2)
    }
  }

  /// Whether the sweep is up or down, so only vertical distance counts.
  public var isVertical: Bool {
    self == .topToBottom || self == .bottomToTop
  }
}
