#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The outline a view has once a morph has started on it (SPEC §16.4): the
/// two outlines made ready to morph, in the box the target had when the
/// morph started, and the name of the view morphed into.
///
/// A view's `outline` property holds `(id, progress, 0, 0)`: the id of one of
/// these in `MorphedOutlines` (0: the kind's own outline) and the eased
/// progress, so the clock moves it as any other value (a morph is lane 1
/// from 0 to 1; takeover, `cancel`, `reset`, `reverse` and `yoyo` need
/// nothing more).
public struct MorphedOutline: Sendable, Hashable {
  /// The target's outline and OTHER's, segment for segment.
  public let pair: MorphPair
  /// The target's box (width, height) when the morph started: the outline
  /// is stretched from it onto the current box, as a shape's viewBox is.
  public let box: OutlinePoint
  /// The view morphed into (`print` lists `outline=NAME`).
  public let name: String
  /// The view the outline morphed from had been morphed into, or nil for
  /// the kind's own outline: what progress 0 shows (the end of a `yoyo`).
  public let fromName: String?
  /// A shape's points moving (SPEC §23.1) instead of a morph: the outline
  /// at a progress is the one through the points moved that far.
  public let points: PointsMove?
  /// The bounds of the pair's two ends' points (nil for a points move):
  /// found once, for ``enclosingBounds(at:width:height:)`` every frame.
  let fromBounds, toBounds: OutlineBounds?

  public init(pair: MorphPair, box: OutlinePoint, name: String, fromName: String?) {
    self.pair = pair
    self.box = box
    self.name = name
    self.fromName = fromName
    points = nil
    fromBounds = pair.from.bounds
    toBounds = pair.to.bounds
  }

  /// A shape's points moving from `move.from` to `move.to`.
  public init(points move: PointsMove) {
    pair = MorphPair.empty
    box = OutlinePoint(0, 0)
    name = ""
    fromName = nil
    points = move
    fromBounds = nil
    toBounds = nil
  }

  /// The outline at `progress` in a box of `width` × `height`: each axis
  /// stretched by the box's change since the morph started (an axis that
  /// had no size then is not stretched).
  public func outline(at progress: Double, width: Double, height: Double) -> Outline {
    if let points {
      return points.shape(at: progress).outline.fitted(
        points.viewBox, width: abs(width), height: abs(height))
    }
    let mixed = pair.outline(at: progress)
    let factor = stretch(width: width, height: height)
    if factor == OutlinePoint(1, 1) { return mixed }
    return mixed.mapped { $0 * factor }
  }

  /// Each axis' stretch from the box the morph started in to a box of
  /// `width` × `height` (1 for an axis that had no size then).
  private func stretch(width: Double, height: Double) -> OutlinePoint {
    OutlinePoint(box.x > 0 ? abs(width) / box.x : 1, box.y > 0 ? abs(height) / box.y : 1)
  }

  /// A box holding every point of ``outline(at:width:height:)``, found from
  /// the two ends' points without mixing them (nil for a points move):
  /// within 0…1 each point lies between its two ends;
  /// past them, at most |1 − progress| times one end's distance from 0 plus
  /// |progress| times the other's. (Up to the rounding of the mix, an ulp.)
  public func enclosingBounds(at progress: Double, width: Double, height: Double)
    -> OutlineBounds?
  {
    guard let a = fromBounds, let b = toBounds else { return nil }
    let low: OutlinePoint
    let high: OutlinePoint
    if progress >= 0 && progress <= 1 {
      low = pointwiseMin(a.minimum, b.minimum)
      high = pointwiseMax(a.maximum, b.maximum)
    } else {
      let ra = pointwiseMax(
        pointwiseMax(a.minimum, -a.minimum), pointwiseMax(a.maximum, -a.maximum))
      let rb = pointwiseMax(
        pointwiseMax(b.minimum, -b.minimum), pointwiseMax(b.maximum, -b.maximum))
      high = ra * abs(1 - progress) + rb * abs(progress)
      low = -high
    }
    let factor = stretch(width: width, height: height)
    return OutlineBounds(minimum: low * factor, maximum: high * factor)
  }
}

/// Every `MorphedOutline` made by a morph in this process, interned: the
/// same morph made again (a repeat's next play, a script run again by the
/// language server) gets the same id, so values that compare equal draw the
/// same outline and the table grows only with distinct morphs. Ids are
/// numbers a view's record can hold; they are never reused or removed.
/// Guarded by a lock: scripts may run on several threads of one process.
public enum MorphedOutlines {
  private final class Table: @unchecked Sendable {
    let lock: UnsafeMutablePointer<pthread_mutex_t>
    var entries: [MorphedOutline] = []
    var ids: [MorphedOutline: Int] = [:]

    init() {
      lock = .allocate(capacity: 1)
      pthread_mutex_init(lock, nil)
    }
  }

  private static let table = Table()

  /// The id of `outline` (1, 2, …), made on first use.
  public static func id(of outline: MorphedOutline) -> Double {
    pthread_mutex_lock(table.lock)
    defer { pthread_mutex_unlock(table.lock) }
    if let id = table.ids[outline] { return Double(id) }
    table.entries.append(outline)
    let id = table.entries.count
    table.ids[outline] = id
    return Double(id)
  }

  /// The name `print` gives an `outline` value: the view morphed into, the
  /// one morphed from at progress 0, nil for the kind's own outline.
  public static func name(of value: PropertyValue) -> String? {
    guard let record = outline(value[0]), record.points == nil else { return nil }
    return value[1] == 0 ? record.fromName : record.name
  }

  /// The outline of `id`, or nil for 0 (the kind's own) or an unknown id.
  public static func outline(_ id: Double) -> MorphedOutline? {
    guard id >= 1, id.isFinite else { return nil }
    let i = Int(id) - 1
    pthread_mutex_lock(table.lock)
    defer { pthread_mutex_unlock(table.lock) }
    return i < table.entries.count ? table.entries[i] : nil
  }
}

/// A shape's points moving (SPEC §23.1): each point on a straight line from
/// where it was to where it goes, the outline through them drawn as the
/// shape draws its points (a line or a spline, closed or not), in its
/// viewBox.
public struct PointsMove: Sendable, Hashable {
  public let from: ShapePoints
  public let to: [OutlinePoint]
  public let viewBox: ViewBox

  public init(from: ShapePoints, to: [OutlinePoint], viewBox: ViewBox) {
    self.from = from
    self.to = to
    self.viewBox = viewBox
  }

  /// The points at `progress` (an easing may overshoot past 0…1).
  public func shape(at progress: Double) -> ShapePoints {
    var shape = from
    if progress == 1 {
      shape.points = to
    } else if progress != 0 {
      shape.points = zip(from.points, to).map { a, b in a + (b - a) * progress }
    }
    return shape
  }
}
