/// The values of every property of one view.
public struct ViewState: Sendable, Equatable {
  public var x = 0.0, y = 0.0, width = 100.0, height = 100.0
  public var alpha = 1.0, rotation = 0.0, scaleX = 1.0, scaleY = 1.0
  public var color = Color(r: 1, g: 1, b: 1, a: 1)
  /// Points; drawn clamped to 0…half the smaller side (SPEC §12.1).
  public var cornerRadius = 0.0

  public init() {}

  /// The view's frame as (minX, minY, width, height); `x` and `y` are its centre.
  public var frame: (x: Double, y: Double, width: Double, height: Double) {
    (x - width / 2, y - height / 2, width, height)
  }

  /// The record the scene stores for this state.
  var record: [Double] {
    [
      x, y, width, height, alpha, rotation, scaleX, scaleY, color.r, color.g, color.b, color.a,
      cornerRadius,
    ]
  }

  /// The state stored in one scene record (`Property.recordWidth` doubles).
  public init(record: UnsafeBufferPointer<Double>) {
    x = record[0]; y = record[1]; width = record[2]; height = record[3]
    alpha = record[4]; rotation = record[5]; scaleX = record[6]; scaleY = record[7]
    color = Color(r: record[8], g: record[9], b: record[10], a: record[11])
    cornerRadius = record[12]
  }
}
