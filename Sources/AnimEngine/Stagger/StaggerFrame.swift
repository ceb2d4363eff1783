/// The size of the group a stagger is measured in.
///
/// Points are in the group's own coordinates: origin at the top-left, x to
/// the right, y downwards, so the frame spans (0, 0)…(width, height).
public struct StaggerFrame: Sendable, Equatable, Hashable {
  /// Width of the group's frame.
  public var width: Double
  /// Height of the group's frame.
  public var height: Double

  /// Creates a frame of the given size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}
