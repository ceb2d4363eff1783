import Foundation

/// An immutable animation template. Building one changes nothing; the same
/// motion can be run, combined and repeated any number of times.
public final class Motion: @unchecked Sendable {
  /// The shape of a motion.
  public indirect enum Node {
    case leaf(Leaf)
    case sequence([Motion])
    case parallel([Motion])
    /// `count` plays back to back; `.infinity` is forever.
    case repeating(Motion, count: Double)
    case reversed(Motion)
    case yoyo(Motion)
    case speed(Motion, factor: Double)
    case eased(Motion, Easing)
    /// Plays on every listed view at once; an inner binding wins.
    case bound(Motion, [ViewID])
    /// `wait(delay) + m`, except that m's first segment on each property takes
    /// its start values when this starts and holds them through the delay
    /// (how a stagger prepares every member before the first one moves).
    case prepared(Motion, delay: Double)
  }

  public let node: Node
  /// Length in seconds (`.infinity` for a motion that never ends).
  public let duration: Double
  /// Number of leaves one play of this motion passes through (saturating);
  /// bounds the work of `reverse`, `yoyo` and `ease`, which resolve a whole play.
  public let leafCount: Double

  /// Most leaves one play of a reversed, yoyoed or eased motion may hold.
  /// Those forms resolve a whole play when they start, so the bound keeps that
  /// work and its memory small.
  public static let maximumResolvedLeaves = 100_000.0

  private init(_ node: Node, duration: Double, leafCount: Double) {
    self.node = node
    self.duration = duration
    self.leafCount = leafCount
  }

  /// A primitive. Its duration must be finite and not negative.
  public static func leaf(_ leaf: Leaf) throws(MotionError) -> Motion {
    try checkDuration(leaf.duration)
    return Motion(.leaf(leaf), duration: leaf.duration, leafCount: 1)
  }

  /// `wait(d)`: nothing, for `d` seconds.
  public static func wait(_ d: Double) throws(MotionError) -> Motion {
    try leaf(Leaf(duration: d))
  }

  /// `a + b + …`: each starts when the previous ends.
  public static func sequence(_ parts: [Motion]) throws(MotionError) -> Motion {
    if parts.count == 1 { return parts[0] }
    let d = parts.reduce(0) { $0 + $1.duration }
    if d.isNaN { throw MotionError("a motion cannot follow one that never ends") }
    if parts.dropLast().contains(where: { $0.duration == .infinity }) {
      throw MotionError("a motion cannot follow one that never ends")
    }
    // Finite parts whose sum is not (two `delay(m, 1e308)`) would pass for a
    // motion that never ends.
    if d.isInfinite && parts.allSatisfy({ $0.duration.isFinite }) {
      throw MotionError("sequence makes the motion's duration overflow")
    }
    return Motion(.sequence(parts), duration: d, leafCount: parts.reduce(0) { $0 + $1.leafCount })
  }

  /// `a | b | …`: all start together.
  public static func parallel(_ parts: [Motion]) -> Motion {
    if parts.count == 1 { return parts[0] }
    let d = parts.map(\.duration).max() ?? 0
    return Motion(.parallel(parts), duration: d, leafCount: parts.reduce(0) { $0 + $1.leafCount })
  }

  /// `m * n`: n plays back to back (fractional allowed, `.infinity` forever).
  public static func repeating(_ m: Motion, count: Double) throws(MotionError) -> Motion {
    if count.isNaN || count < 0 {
      throw MotionError("repeat count must be a number ≥ 0, not \(format(count))")
    }
    if count == .infinity {
      if m.duration == 0 { throw MotionError("a zero-length motion cannot repeat forever") }
      // Its first play would never end: `* forever` would mean nothing more.
      if m.duration == .infinity {
        throw MotionError("a motion that never ends cannot be repeated")
      }
      return Motion(.repeating(m, count: count), duration: .infinity, leafCount: .infinity)
    }
    if m.duration == .infinity && count > 0 {
      throw MotionError("a motion that never ends cannot be repeated")
    }
    let d = m.duration * count
    if !d.isFinite { throw MotionError("repeat makes the motion's duration overflow") }
    return Motion(.repeating(m, count: count), duration: d, leafCount: m.leafCount * count.rounded(.up))
  }

  /// `reverse(m)`: m played backwards from where it would end.
  public static func reversed(_ m: Motion) throws(MotionError) -> Motion {
    try checkResolvable(m, "reverse")
    return Motion(.reversed(m), duration: m.duration, leafCount: m.leafCount)
  }

  /// `yoyo(m)`: m, then the same play retraced.
  public static func yoyo(_ m: Motion) throws(MotionError) -> Motion {
    try checkResolvable(m, "yoyo")
    if !(2 * m.duration).isFinite { throw MotionError("yoyo makes the motion's duration overflow") }
    return Motion(.yoyo(m), duration: 2 * m.duration, leafCount: 2 * m.leafCount)
  }

  /// `speed(m, k)`: m at k times the speed.
  public static func speed(_ m: Motion, _ k: Double) throws(MotionError) -> Motion {
    if !(k > 0) || !k.isFinite {
      throw MotionError("speed factor must be a finite number > 0, not \(format(k))")
    }
    let d = m.duration / k
    if d.isNaN || (d.isInfinite && m.duration.isFinite) {
      throw MotionError("speed makes the motion's duration overflow")
    }
    return Motion(.speed(m, factor: k), duration: d, leafCount: m.leafCount)
  }

  /// `ease(m, E)`: the whole of m re-timed through E.
  public static func eased(_ m: Motion, _ e: Easing) throws(MotionError) -> Motion {
    try checkResolvable(m, "ease")
    return Motion(.eased(m, e), duration: m.duration, leafCount: m.leafCount)
  }

  /// `m on target`: binds m to views; an inner binding wins over an outer one.
  public static func bound(_ m: Motion, to views: [ViewID]) -> Motion {
    Motion(.bound(m, views), duration: m.duration, leafCount: m.leafCount * Double(max(views.count, 1)))
  }

  /// `wait(d) + m` with m's start state shown from the start (see
  /// `Node.prepared`).
  public static func prepared(_ m: Motion, after d: Double) throws(MotionError) -> Motion {
    try checkDuration(d)
    if m.duration == .infinity || d == 0 {
      return Motion(.prepared(m, delay: d), duration: m.duration + d, leafCount: m.leafCount)
    }
    let total = m.duration + d
    if !total.isFinite { throw MotionError("the motion's duration overflows") }
    return Motion(.prepared(m, delay: d), duration: total, leafCount: m.leafCount)
  }

  /// `delay(m, d)` = `wait(d) + m`.
  public static func delayed(_ m: Motion, by d: Double) throws(MotionError) -> Motion {
    if d == 0 { return m }
    return try sequence([wait(d), m])
  }

  static func checkDuration(_ d: Double) throws(MotionError) {
    if d.isNaN || d < 0 {
      throw MotionError("duration must be a number ≥ 0, not \(format(d))")
    }
    if d.isInfinite { throw MotionError("duration must be finite") }
  }

  private static func checkResolvable(_ m: Motion, _ verb: String) throws(MotionError) {
    if m.duration == .infinity { throw MotionError("cannot \(verb) a motion that never ends") }
    if m.leafCount > maximumResolvedLeaves {
      throw MotionError(
        "cannot \(verb) a motion of more than \(Int(maximumResolvedLeaves)) parts")
    }
  }

  static func format(_ v: Double) -> String {
    if v.isNaN { return "nan" }
    if v.isInfinite { return v > 0 ? "inf" : "-inf" }
    return String(format: "%g", v)
  }
}
