/// What a script's `stage(width:, height:, origin:, background:)` statement
/// fixed of the region a renderer draws (SPEC §12.2). Rendering reads it; the
/// clock never does.
public struct StageSettings: Sendable, Equatable {
  /// The world width and height in points, or nil when the stage is fitted to
  /// the drawn views (the script gave no size). Both or neither are set.
  public var size: (width: Double, height: Double)? {
    get { width.flatMap { w in height.map { (w, $0) } } }
    set {
      width = newValue?.width
      height = newValue?.height
    }
  }
  private var width: Double?
  private var height: Double?
  /// The world point at the stage's top-left corner.
  public var origin = (x: 0.0, y: 0.0)
  /// The colour under every view; `transparent` is `Color.clear`.
  public var background = StageSettings.defaultBackground

  /// `#1e1e1e`: views are white by default, so the stage is dark.
  public static let defaultBackground = Color(r: 30 / 255, g: 30 / 255, b: 30 / 255)

  public init() {}

  public static func == (a: StageSettings, b: StageSettings) -> Bool {
    a.width == b.width && a.height == b.height && a.origin == b.origin
      && a.background == b.background
  }
}
