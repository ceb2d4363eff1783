import AnimEngine

/// Where the recorded world lands in the output: the stage's world rectangle
/// (SPEC §12.2), the pixels it fills and the background.
public struct ExportStage: Sendable {
  /// World coordinates of the stage's top-left corner.
  public var originX: Double
  public var originY: Double
  /// Output size in pixels.
  public var pixelWidth: Int
  public var pixelHeight: Int
  /// Pixels per point.
  public var scale: Double
  /// Offset of the stage inside the output (`--size` letterboxing), pixels.
  public var offsetX: Double
  public var offsetY: Double
  /// The background (r, g, b, a in 0…1), nil when transparent.
  public var background: PropertyValue?

  public init(
    originX: Double, originY: Double, pixelWidth: Int, pixelHeight: Int, scale: Double = 1,
    offsetX: Double = 0, offsetY: Double = 0, background: PropertyValue?
  ) {
    self.originX = originX
    self.originY = originY
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.background = background
  }

  /// A world x in output pixels.
  public func pixelX(_ x: Double) -> Double { (x - originX) * scale + offsetX }
  /// A world y in output pixels.
  public func pixelY(_ y: Double) -> Double { (y - originY) * scale + offsetY }
}
