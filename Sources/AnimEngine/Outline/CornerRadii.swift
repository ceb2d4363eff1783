/// A rectangle's four corner radii as drawn (SPEC §21.3): top-left,
/// top-right, bottom-right, bottom-left, clockwise from the top-left as CSS
/// `border-radius` lists them.
///
/// A negative radius is drawn as 0 (as `cornerRadius` always was). Where
/// the two radii on one side add up past its length, all four are scaled
/// down by the one factor CSS Backgrounds 3 (§5.5, "Overlapping Curves")
/// gives: f = min over the four sides of side / (sum of its two radii),
/// when below 1. Four equal radii are drawn clamped to half the smaller
/// side, exactly as the one radius was (the same factor, without the
/// rounding of a division), so existing pictures keep every byte.
public struct CornerRadii: Sendable, Equatable {
  /// The top-left corner's radius.
  public var topLeft: Double
  /// The top-right corner's radius.
  public var topRight: Double
  /// The bottom-right corner's radius.
  public var bottomRight: Double
  /// The bottom-left corner's radius.
  public var bottomLeft: Double

  /// The four properties, in the order of `cornerRadius: (tl, tr, br, bl)`.
  public static let names = [
    "cornerTopLeft", "cornerTopRight", "cornerBottomRight", "cornerBottomLeft",
  ]

  /// Radii as given.
  public init(_ topLeft: Double, _ topRight: Double, _ bottomRight: Double, _ bottomLeft: Double) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  /// One radius for all four corners.
  public init(all r: Double) { self.init(r, r, r, r) }

  /// Square corners.
  public static let zero = CornerRadii(all: 0)

  /// The four radii a view holds, as stored.
  public init(of v: some PropertyReading) {
    self.init(
      v.number(.cornerTopLeft), v.number(.cornerTopRight), v.number(.cornerBottomRight),
      v.number(.cornerBottomLeft))
  }

  /// The radii in order tl, tr, br, bl.
  public var all: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

  /// Whether the four are one radius.
  public var isUniform: Bool {
    topLeft == topRight && topLeft == bottomRight && topLeft == bottomLeft
  }

  /// Whether every corner is drawn square.
  public var isSquare: Bool { all.allSatisfy { !($0 > 0) } }

  /// The radii as drawn in a box of `width` × `height` (magnitudes): each
  /// at least 0, then all scaled by CSS's factor where two on a side
  /// overlap. Finite inputs give finite radii (a side's two radii are
  /// halved before they are added, so 1e308 + 1e308 does not overflow).
  public func drawn(width: Double, height: Double) -> CornerRadii {
    let w = max(abs(width), 0)
    let h = max(abs(height), 0)
    if isUniform {
      let r = min(max(topLeft, 0), min(w, h) / 2)
      return CornerRadii(all: r.isNaN ? 0 : r)
    }
    func clean(_ r: Double) -> Double { r > 0 ? r : 0 }  // NaN and negatives: 0
    let r = CornerRadii(clean(topLeft), clean(topRight), clean(bottomRight), clean(bottomLeft))
    var f = 1.0
    func side(_ length: Double, _ a: Double, _ b: Double) {
      let half = a / 2 + b / 2
      guard half > 0 else { return }
      let g = (length / 2) / half
      if g < f { f = g }
    }
    side(w, r.topLeft, r.topRight)
    side(w, r.bottomLeft, r.bottomRight)
    side(h, r.topLeft, r.bottomLeft)
    side(h, r.topRight, r.bottomRight)
    guard f < 1 else { return r }
    func scaled(_ x: Double) -> Double { min(x * f, min(w, h)) }
    return CornerRadii(
      scaled(r.topLeft), scaled(r.topRight), scaled(r.bottomRight), scaled(r.bottomLeft))
  }
}
