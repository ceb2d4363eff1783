/// How a stroke ends at an open end or a trimmed piece's end (SPEC §16.2).
public enum LineCap: String, Sendable, CaseIterable {
  /// Flat, exactly at the end.
  case butt
  /// A half disc past the end.
  case round
  /// A half square past the end.
  case square
}

/// Which points a fill covers where an outline crosses itself or holds
/// another (SPEC §21.3), as SVG's `fill-rule`.
public enum FillRule: String, Sendable, CaseIterable {
  /// Points the outline winds around a number of times other than 0.
  case nonzero
  /// Points the outline crosses an odd number of times to reach.
  case evenodd

  /// The rule a view's `fillRule` holds (nonzero for every kind without one).
  public init(of v: some PropertyReading) {
    self = v.number(.fillRule) == 1 ? .evenodd : .nonzero
  }
}

/// How a stroke turns a corner (SPEC §16.2; miters are limited to 4).
public enum LineJoin: String, Sendable, CaseIterable {
  /// A sharp corner, bevelled past the miter limit.
  case miter
  /// A rounded corner.
  case round
  /// A cut corner.
  case bevel
}

/// An axis-aligned rectangle: the smallest holding some points.
public struct OutlineBounds: Sendable, Hashable {
  /// The smallest x and y.
  public var minimum: OutlinePoint
  /// The largest x and y.
  public var maximum: OutlinePoint

  /// The rectangle from `minimum` to `maximum`.
  public init(minimum: OutlinePoint, maximum: OutlinePoint) {
    self.minimum = minimum
    self.maximum = maximum
  }

  /// The rectangle grown by `amount` on every side.
  public func grown(by amount: Double) -> OutlineBounds {
    OutlineBounds(
      minimum: minimum - OutlinePoint(amount, amount),
      maximum: maximum + OutlinePoint(amount, amount))
  }
}

extension Outline {
  /// The miter limit of every stroke (SVG's `stroke-miterlimit`, Lottie's `ml`).
  public static let miterLimit = 4.0

  /// The bounding box of every segment's four points, each mapped by
  /// `transform` (for world bounds, the view's transform), or nil for an
  /// outline without points. Control points are included, as SPEC §16.2's
  /// drawn bounds say: never smaller than what is drawn, and the same in
  /// every consumer.
  public func bounds(_ transform: (OutlinePoint) -> OutlinePoint) -> OutlineBounds? {
    var low = OutlinePoint(Double.infinity, Double.infinity)
    var high = -low
    var any = false
    func add(_ p: OutlinePoint) {
      let q = transform(p)
      low = pointwiseMin(low, q)
      high = pointwiseMax(high, q)
      any = true
    }
    for subpath in subpaths {
      add(subpath.start)
      for segment in subpath.segments {
        add(segment.control1)
        add(segment.control2)
        add(segment.end)
      }
    }
    return any ? OutlineBounds(minimum: low, maximum: high) : nil
  }

  /// The bounding box of every segment's four points as they are (the
  /// ``bounds(_:)`` of the identity, without a call a point), or nil for an
  /// outline without points.
  public func bounds() -> OutlineBounds? {
    guard !subpaths.isEmpty else { return nil }
    var low = OutlinePoint(Double.infinity, Double.infinity)
    var high = -low
    for subpath in subpaths { subpath.widen(&low, &high) }
    return OutlineBounds(minimum: low, maximum: high)
  }

  /// How far a stroke can reach past the outline's bounds (SPEC §16.2):
  /// strokeWidth/2 × (4, the miter limit, with miter joins; √2 with square
  /// caps; else 1) × the view's largest world scale factor. A negative or
  /// non-finite width reaches nothing (drawn clamped at 0).
  public static func strokeOutset(
    strokeWidth: Double, join: LineJoin, cap: LineCap, largestScale: Double
  ) -> Double {
    guard strokeWidth.isFinite, strokeWidth > 0 else { return 0 }
    let factor: Double
    if join == .miter {
      factor = miterLimit
    } else if cap == .square {
      factor = 2.0.squareRoot()
    } else {
      factor = 1
    }
    return strokeWidth / 2 * factor * abs(largestScale)
  }

  /// The largest factor by which the linear map [[a, c], [b, d]] (x' = a·x +
  /// c·y, y' = b·x + d·y) stretches a length: its largest singular value.
  public static func largestScale(a: Double, b: Double, c: Double, d: Double) -> Double {
    let s = a * a + b * b + c * c + d * d
    let det = a * d - b * c
    let root = max(0, s * s / 4 - det * det).squareRoot()
    return (s / 2 + root).squareRoot()
  }
}

extension Subpath {
  /// Widens `low` and `high` to hold the subpath's points: its start and
  /// each segment's controls and end (``Outline/bounds()``, and a morph's
  /// ends once, ``MorphedOutline``).
  func widen(_ low: inout OutlinePoint, _ high: inout OutlinePoint) {
    low = pointwiseMin(low, start)
    high = pointwiseMax(high, start)
    for segment in segments {
      low = pointwiseMin(
        pointwiseMin(low, segment.control1), pointwiseMin(segment.control2, segment.end))
      high = pointwiseMax(
        pointwiseMax(high, segment.control1), pointwiseMax(segment.control2, segment.end))
    }
  }

  /// The bounds of its points.
  var bounds: OutlineBounds {
    var low = OutlinePoint(Double.infinity, Double.infinity)
    var high = -low
    widen(&low, &high)
    return OutlineBounds(minimum: low, maximum: high)
  }
}
