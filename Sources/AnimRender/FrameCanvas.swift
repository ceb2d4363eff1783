import AnimEngine
import AnimStage

/// Draws frames of any size within bounded memory: a frame of up to
/// ``bandPixels`` pixels on one ``CairoCanvas``, a larger one a band of
/// rows at a time (SPEC §12.1's doubles take 32 bytes a pixel: a 5800 ×
/// 6075 frame would need 1.1 GB of them at once; drawn in bands of at most
/// 2 Mi pixels, 67 MB).
///
/// Each band is a canvas whose layout is the frame's moved up by the rows
/// above it, so every view lands on the same pixels, whole rows away; the
/// band draws the whole scene, Cairo keeping what falls inside, and its
/// 8-bit rows are copied into the frame's image. A filtered group's
/// picture reaches past a band as it reaches past a frame
/// (`CairoCanvas+Apart`), so a blur or a shadow crosses the bands' seams.
public final class FrameCanvas {
  /// The frame's layout.
  public let layout: StageLayout
  /// The most pixels one canvas holds: frames up to 2048 × 1024 (or
  /// 1920 × 1080) are drawn whole.
  public static let bandPixels = 1 << 21
  /// The canvas of a frame drawn whole; nil for a frame drawn in bands.
  private let whole: CairoCanvas?
  /// Rows a band holds (the last may hold fewer).
  private let rowsPerBand: Int
  /// A banded frame's straight RGBA, 4 bytes a pixel, rows top to bottom.
  private var image: [UInt8] = []
  /// Whether a scene that draws alike the last one drawn
  /// (``AnimEngine/Scene/drawsAlike(_:)``) is not drawn again: the frame
  /// already holds it, to the byte (tests draw with and without).
  public var keepsUnchangedFrames = true
  /// A copy of the scene drawn last, kept while ``keepsUnchangedFrames``
  /// and its values take at most ``keptSceneBytes``.
  private var lastScene: Scene?
  /// An earlier copy not kept now, whose memory the next copy reuses.
  private var spareScene: Scene?
  /// Frames drawn in a row that were not alike the one before.
  private var misses = 0
  /// Frames drawn, counted to space the copies while scenes keep changing.
  private var drawn = 0
  /// The frame's PNG as last encoded (and whether fast), until the next
  /// frame drawn: a kept frame of a sequence is not encoded again.
  private var encoded: (fast: Bool, bytes: [UInt8])?
  /// How many frames were kept rather than drawn again.
  public private(set) var framesKept = 0
  /// While the scene changes at every frame, copies are made only every
  /// `restEvery` frames (after ``restAfter`` frames not alike): copying the
  /// values of a scene in motion into a new scene at every frame cost W1's
  /// 2 500 views up to 20 % of a 400 × 400 render, a copy into the last
  /// one's memory every eighth frame nothing measurable (BENCHMARKS.md);
  /// a hold that starts then is kept at most 8 frames later.
  static let restAfter = 4
  static let restEvery = 8
  /// The most bytes of values a kept scene holds (13 000 views): a larger
  /// scene is drawn at every frame, as its copy would cost more memory
  /// than a held frame saves.
  public static let keptSceneBytes = 4 << 20

  /// A canvas for frames of `layout`, drawn in bands of at most
  /// `bandPixels` pixels (and at least one row); an error when a canvas
  /// cannot be made.
  public init(layout: StageLayout, bandPixels: Int = FrameCanvas.bandPixels) throws(RenderError) {
    self.layout = layout
    rowsPerBand = max(1, bandPixels / max(1, layout.pixelWidth))
    if layout.pixelHeight <= rowsPerBand {
      whole = try CairoCanvas(layout: layout)
    } else {
      whole = nil
      // The first band is made now: a missing Cairo or too little memory
      // is reported before any frame.
      _ = try band(at: 0)
      image = [UInt8](repeating: 0, count: layout.pixelWidth * layout.pixelHeight * 4)
    }
  }

  /// How many bands a frame is drawn in.
  public var bandCount: Int {
    whole != nil ? 1 : (layout.pixelHeight + rowsPerBand - 1) / rowsPerBand
  }

  /// The most bytes drawing one frame of `layout` holds at once, besides
  /// group pictures: the canvas's doubles, 8-bit image and coverage mask,
  /// its fills' cells and lists at their bound (``rasterBytesPerPixel``),
  /// a banded frame's whole image, and the copy of the last scene drawn at
  /// its bound (``keptSceneBytes``).
  public static func bytes(for layout: StageLayout, bandPixels: Int = FrameCanvas.bandPixels)
    -> Int
  {
    let w = max(1, layout.pixelWidth)
    let frame = w * layout.pixelHeight
    let canvas = min(frame, max(1, bandPixels / w) * w)
    return canvas * (32 + 4 + 1 + rasterBytesPerPixel) + (canvas < frame ? frame * 4 : 0)
      + keptSceneBytes
  }

  /// The most bytes a pixel of a canvas takes in its fills' raster
  /// (`CoverageRaster.c`): a float cell, the lists of touched cells at
  /// their bound of half the cells (two ints each, and an int to sort),
  /// and the runs written at theirs of an eighth (three ints each).
  public static let rasterBytesPerPixel = 4 + 4 + 2 + 2

  /// The canvas of the band whose first row is `top`: the frame's layout
  /// moved up by `top` rows, clipped to the stage as the frame is.
  private func band(at top: Int) throws(RenderError) -> CairoCanvas {
    let rows = min(rowsPerBand, layout.pixelHeight - top)
    let moved = StageLayout(
      world: layout.world, pixelWidth: layout.pixelWidth, pixelHeight: rows, scale: layout.scale,
      offsetX: layout.offsetX, offsetY: layout.offsetY - Double(top),
      background: layout.background)
    return try CairoCanvas(
      layout: moved, stageClip: layout.offsetX != 0 || layout.offsetY != 0,
      frame: PixelRect(x0: 0, y0: -top, x1: layout.pixelWidth, y1: layout.pixelHeight - top))
  }

  /// Draws the views of `scene` over the background, replacing the frame;
  /// an error when a band's canvas cannot be made. A scene that draws alike
  /// the last one drawn leaves the frame as it is: true when it did.
  @discardableResult
  public func draw(_ scene: Scene) throws(RenderError) -> Bool {
    if keepsUnchangedFrames, let lastScene, scene.drawsAlike(lastScene) {
      framesKept += 1
      misses = 0
      return true
    }
    if let lastScene {
      misses += 1
      spareScene = lastScene
    }
    lastScene = nil
    try drawAgain(scene)
    drawn += 1
    guard keepsUnchangedFrames, Scene.valueBytes(views: scene.count) <= Self.keptSceneBytes,
      misses < Self.restAfter || drawn % Self.restEvery == 0
    else { return false }
    lastScene = scene.drawingCopy(reusing: spareScene)
    spareScene = nil
    return false
  }

  /// Draws `scene`, whatever was drawn before.
  private func drawAgain(_ scene: Scene) throws(RenderError) {
    encoded = nil
    if let whole { return whole.draw(scene) }
    let rowBytes = layout.pixelWidth * 4
    var top = 0
    while top < layout.pixelHeight {
      let canvas = try band(at: top)
      canvas.draw(scene)
      image.withUnsafeMutableBytes { out in canvas.copyRGBA(to: out.baseAddress! + top * rowBytes) }
      top += canvas.layout.pixelHeight
    }
  }

  /// The frame as straight RGBA, 4 bytes a pixel, rows top to bottom,
  /// written into `buffer` (resized to fit).
  public func rgba(into buffer: inout [UInt8]) {
    if let whole { return whole.rgba(into: &buffer) }
    if buffer.count != image.count { buffer = [UInt8](repeating: 0, count: image.count) }
    buffer.withUnsafeMutableBytes { out in
      image.withUnsafeBytes { out.copyMemory(from: $0) }
    }
  }

  /// The frame encoded as PNG (RGBA, 8 bits a channel), quickly when
  /// `fast` (a frame sequence's: ``PNGFile/encode(_:width:height:fast:)``);
  /// the same bytes again, not encoded anew, until the next frame drawn (a
  /// kept frame's).
  public func png(fast: Bool = false) throws(RenderError) -> [UInt8] {
    if let encoded, encoded.fast == fast { return encoded.bytes }
    let bytes: [UInt8]
    if let whole {
      bytes = try whole.png(fast: fast)
    } else {
      bytes = try PNGFile.encode(
        image, width: layout.pixelWidth, height: layout.pixelHeight, fast: fast)
    }
    encoded = (fast, bytes)
    return bytes
  }
}
