import AnimEngine

/// A recorded rectangle's corner radii (SPEC §21.3), as the exporters ask
/// about them: a `<rect rx>` or a Lottie `rc` has one radius, so a view is
/// written with one only when its four corners hold the same keyframes.
enum RecordedCorners {
  /// The four corner properties, in the order tl, tr, br, bl.
  static let properties: [Property] = [
    .cornerTopLeft, .cornerTopRight, .cornerBottomRight, .cornerBottomLeft,
  ]

  /// Whether the view's four corners hold one radius at every time: their
  /// tracks have the same keyframes (then the top-left's stands for all).
  static func areUniform(_ view: RecordedView) -> Bool {
    let first = view.track(.cornerTopLeft).keys
    return properties.dropFirst().allSatisfy { view.track($0).keys.elementsEqual(first, by: same) }
  }

  /// Whether two keyframes are one (a slope that is not known, NaN, is the
  /// same as another not known).
  private static func same(_ a: Keyframe, _ b: Keyframe) -> Bool {
    a.time == b.time && a.value == b.value && a.out == b.out
      && (a.slope == b.slope || (a.slope.isNaN && b.slope.isNaN))
  }
}
