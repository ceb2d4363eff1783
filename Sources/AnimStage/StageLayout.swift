import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How the stage's points become pixels (SPEC §12.2): `--scale K` makes one
/// point K pixels; `--size WxH` fits the stage into exactly W × H pixels,
/// keeping its aspect ratio, centred, the rest filled with the background.
public enum StageSizing: Sendable, Equatable {
  case scale(Double)
  case size(width: Int, height: Int)
}

/// The region a render draws and its mapping to pixels: a world point p is
/// at pixel `(p - world.min) · scale + offset`.
public struct StageLayout: Sendable, Equatable {
  /// The world rectangle drawn.
  public let world: StageRect
  /// The image's size in pixels.
  public let pixelWidth: Int
  public let pixelHeight: Int
  /// Pixels per point.
  public let scale: Double
  /// Where the world rectangle's top-left corner lands, in pixels (non-zero
  /// only when `--size` letterboxes the stage).
  public let offsetX: Double
  public let offsetY: Double
  /// The colour under every view (alpha 0: transparent).
  public let background: Color

  /// The widest and tallest image a render writes, in pixels.
  public static let maximumPixels = 8192
  /// The margin around the drawn views of a fitted stage, in points.
  public static let fittedMargin = 16.0

  public init(
    world: StageRect, pixelWidth: Int, pixelHeight: Int, scale: Double, offsetX: Double,
    offsetY: Double, background: Color
  ) {
    self.world = world
    self.pixelWidth = pixelWidth
    self.pixelHeight = pixelHeight
    self.scale = scale
    self.offsetX = offsetX
    self.offsetY = offsetY
    self.background = background
  }

  /// The world region: the script's stage when it gave a size, else the
  /// union of every rendered frame's drawn bounds (`fitted`, nil when no
  /// view was drawn) grown by 16 points and rounded out to whole points.
  public static func region(_ settings: StageSettings, fitted: StageRect?) -> StageRect {
    if let size = settings.size {
      return StageRect(
        x: settings.origin.x, y: settings.origin.y, width: size.width, height: size.height)
    }
    let views = fitted ?? StageRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    return views.grown(by: fittedMargin)
  }

  /// The layout of `settings` (the fitted bounds used when it has no size),
  /// sized by `sizing`, over `background` when given (`--background`) or the
  /// stage's own.
  public static func make(
    _ settings: StageSettings, fitted: StageRect?, sizing: StageSizing = .scale(1),
    background: Color? = nil
  ) throws(StageError) -> StageLayout {
    let world = region(settings, fitted: fitted)
    let fill = background ?? settings.background
    guard world.width.isFinite, world.height.isFinite, world.minX.isFinite, world.minY.isFinite
    else {
      throw StageError(
        "the views reach past the largest number, so no stage can hold them",
        hint: "give the script a stage(width:, height:, origin:)")
    }
    switch sizing {
    case .scale(let k):
      let w = (world.width * k - 1e-9).rounded(.up)
      let h = (world.height * k - 1e-9).rounded(.up)
      try check(w, h, what: "the stage of \(points(world)) at --scale \(NumberText.format(k))")
      return StageLayout(
        world: world, pixelWidth: max(1, Int(w)), pixelHeight: max(1, Int(h)), scale: k,
        offsetX: 0, offsetY: 0, background: fill)
    case .size(let w, let h):
      try check(Double(w), Double(h), what: "--size \(w)x\(h)")
      let k = min(Double(w) / world.width, Double(h) / world.height)
      return StageLayout(
        world: world, pixelWidth: w, pixelHeight: h, scale: k,
        offsetX: (Double(w) - world.width * k) / 2, offsetY: (Double(h) - world.height * k) / 2,
        background: fill)
    }
  }

  private static func check(_ w: Double, _ h: Double, what: String) throws(StageError) {
    let limit = Double(maximumPixels)
    if w > limit || h > limit || !w.isFinite || !h.isFinite {
      throw StageError(
        "\(what) is \(NumberText.format(w)) × \(NumberText.format(h)) pixels, larger than \(maximumPixels) × \(maximumPixels)",
        hint: "a smaller --scale or --size WxH fits it; stage(width:, height:, origin:) crops it")
    }
  }

  private static func points(_ r: StageRect) -> String {
    "\(NumberText.format(r.width)) × \(NumberText.format(r.height)) points"
  }

  /// The pixel where world point (x, y) lands.
  @inline(__always)
  public func pixel(x: Double, y: Double) -> (x: Double, y: Double) {
    ((x - world.minX) * scale + offsetX, (y - world.minY) * scale + offsetY)
  }
}
