import AnimEngine
import AnimExport
import AnimStage

extension ExportStage {
  /// The exported stage of a laid-out stage: `anim export` and the preview
  /// both record this (AnimExport knows no stage layout and AnimStage no
  /// export, so the bridge is a module of its own, where both are seen).
  public init(_ layout: StageLayout) {
    let bg = layout.background
    self.init(
      originX: layout.world.minX, originY: layout.world.minY, pixelWidth: layout.pixelWidth,
      pixelHeight: layout.pixelHeight, scale: layout.scale, offsetX: layout.offsetX,
      offsetY: layout.offsetY,
      background: bg.a > 0 ? PropertyValue(bg.r, bg.g, bg.b, bg.a) : nil)
  }
}
