/// The values of every property of one view.
public struct ViewState: Sendable, Equatable {
  public var x = 0.0, y = 0.0, width = 100.0, height = 100.0
  public var alpha = 1.0, rotation = 0.0, scaleX = 1.0, scaleY = 1.0
  public var color = Color(r: 1, g: 1, b: 1, a: 1)

  public init() {}

  /// The view's frame as (minX, minY, width, height); `x` and `y` are its centre.
  public var frame: (x: Double, y: Double, width: Double, height: Double) {
    (x - width / 2, y - height / 2, width, height)
  }

  /// The record the scene stores for this state.
  var record: [Double] {
    [x, y, width, height, alpha, rotation, scaleX, scaleY, color.r, color.g, color.b, color.a]
  }

  init<C: Collection>(record: C) where C.Element == Double, C.Index == Int {
    let r = record.startIndex
    x = record[r]; y = record[r + 1]; width = record[r + 2]; height = record[r + 3]
    alpha = record[r + 4]; rotation = record[r + 5]; scaleX = record[r + 6]; scaleY = record[r + 7]
    color = Color(r: record[r + 8], g: record[r + 9], b: record[r + 10], a: record[r + 11])
  }
}
