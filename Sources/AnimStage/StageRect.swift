/// An axis-aligned rectangle in world points (y grows downwards).
public struct StageRect: Sendable, Equatable {
  public var minX: Double
  public var minY: Double
  public var maxX: Double
  public var maxY: Double

  public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  /// The rectangle `width × height` whose top-left corner is `(x, y)`.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
  }

  public var width: Double { maxX - minX }
  public var height: Double { maxY - minY }

  /// The smallest rectangle holding both.
  public func union(_ other: StageRect) -> StageRect {
    StageRect(
      minX: min(minX, other.minX), minY: min(minY, other.minY),
      maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
  }

  /// Grown by `margin` on each side, then rounded out to whole points.
  public func grown(by margin: Double) -> StageRect {
    StageRect(
      minX: (minX - margin).rounded(.down), minY: (minY - margin).rounded(.down),
      maxX: (maxX + margin).rounded(.up), maxY: (maxY + margin).rounded(.up))
  }
}
