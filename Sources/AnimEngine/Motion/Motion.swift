#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
  /// Number of leaves a run of this motion sets up: like `leafCount`, but a
  /// repeat counts its body once (its plays are stepped, not copied). Shared
  /// parts count each time they are used, since a run instantiates each use.
  public let partCount: Double

  /// Most leaves one play of a reversed, yoyoed or eased motion may hold.
  /// Those forms resolve a whole play when they start, so the bound keeps that
  /// work and its memory small.
  public static let maximumResolvedLeaves = 100_000.0

  /// Most parts (`partCount`) a motion may have. A motion is a shared graph,
  /// so `m = m + m` repeated doubles its parts at each step for a few bytes;
  /// running it would set up every one of them. The bound admits a stagger
  /// over the largest grid (a wait and a primitive for each of 1 000 000
  /// views) and refuses exponential growth long before memory runs out.
  public static let maximumParts = 2_000_000.0

  /// How deeply motions are nested in this one: 0 for a primitive.
  public let depth: Int

  /// Whether a run of this motion animates the clock's default view: some
  /// primitive that changes a property is bound to no view (SPEC §12.1 draws
  /// the default `view` only when a script uses it).
  public let animatesDefaultView: Bool

  /// Whether some leaf of this motion is a play (SPEC §22): its runs are
  /// logged for the mix (`Clock.soundLog`).
  public let hasSound: Bool

  /// Whether some leaf of this motion changes a property (of any view).
  public let animatesProperties: Bool

  /// Most levels of nesting a motion may have. Running, resolving and
  /// releasing a motion recurse over its nesting, so `m = speed(m, 1)` in a
  /// loop of 100 000 would overflow the stack; `+` and `|` chains stay flat
  /// and do not count. (The same bound as the parser's nesting.)
  public static let maximumDepth = 256

  private init(_ node: Node, duration: Double, leafCount: Double, partCount: Double)
    throws(EngineError)
  {
    let children: [Motion]
    switch node {
    case .leaf: children = []
    case .sequence(let parts), .parallel(let parts): children = parts
    case .repeating(let m, _), .reversed(let m), .yoyo(let m), .speed(let m, _), .eased(let m, _),
      .bound(let m, _), .prepared(let m, _):
      children = [m]
    }
    depth = children.isEmpty ? 0 : 1 + children.map(\.depth).max()!
    switch node {
    case .leaf(let leaf): animatesDefaultView = !leaf.changes.isEmpty
    case .bound: animatesDefaultView = false
    default: animatesDefaultView = children.contains { $0.animatesDefaultView }
    }
    if case .leaf(let leaf) = node {
      hasSound = leaf.sound != nil
      animatesProperties = !leaf.changes.isEmpty
    } else {
      hasSound = children.contains { $0.hasSound }
      animatesProperties = children.contains { $0.animatesProperties }
    }
    if depth > Motion.maximumDepth {
      throw EngineError("motions nested more than \(Motion.maximumDepth) deep")
    }
    self.node = node
    self.duration = duration
    self.leafCount = leafCount
    self.partCount = partCount
  }

  /// The parts of a motion made of `parts`; an error past `maximumParts`.
  private static func checkParts(_ parts: Double) throws(EngineError) -> Double {
    if parts > maximumParts {
      throw EngineError(
        "a motion may have at most \(Int(maximumParts)) parts; this one would have \(NumberText.format(parts))"
      )
    }
    return parts
  }

  /// A primitive. Its duration must be finite and not negative.
  public static func leaf(_ leaf: Leaf) throws(EngineError) -> Motion {
    try checkDuration(leaf.duration)
    return try Motion(.leaf(leaf), duration: leaf.duration, leafCount: 1, partCount: 1)
  }

  /// `play(sound, …)` (SPEC §22): a leaf that makes `cue` heard for its
  /// duration. Its numbers must be finite; `from`, the duration, the volume
  /// and the fades not negative.
  public static func play(_ cue: SoundCue) throws(EngineError) -> Motion {
    for (name, value) in [
      ("from", cue.from), ("the play's length (to − from)", cue.duration), ("volume", cue.volume),
      ("fadeIn", cue.fadeIn), ("fadeOut", cue.fadeOut),
    ] {
      guard value.isFinite, value >= 0 else {
        throw EngineError("\(name) must be a finite number ≥ 0, not \(NumberText.format(value))")
      }
    }
    return try leaf(Leaf(duration: cue.duration, sound: cue))
  }

  /// `wait(d)`: nothing, for `d` seconds.
  public static func wait(_ d: Double) throws(EngineError) -> Motion {
    try leaf(Leaf(duration: d))
  }

  /// `a + b + …`: each starts when the previous ends.
  public static func sequence(_ parts: [Motion]) throws(EngineError) -> Motion {
    if parts.count == 1 { return parts[0] }
    let d = parts.reduce(0) { $0 + $1.duration }
    if d.isNaN { throw EngineError("a motion cannot follow one that never ends") }
    if parts.dropLast().contains(where: { $0.duration == .infinity }) {
      throw EngineError("a motion cannot follow one that never ends")
    }
    // Finite parts whose sum is not (two `delay(m, 1e308)`) would pass for a
    // motion that never ends.
    if d.isInfinite && parts.allSatisfy({ $0.duration.isFinite }) {
      throw EngineError("sequence makes the motion's duration overflow")
    }
    return try Motion(
      .sequence(parts), duration: d, leafCount: parts.reduce(0) { $0 + $1.leafCount },
      partCount: try checkParts(parts.reduce(0) { $0 + $1.partCount }))
  }

  /// `a | b | …`: all start together.
  public static func parallel(_ parts: [Motion]) throws(EngineError) -> Motion {
    if parts.count == 1 { return parts[0] }
    let d = parts.map(\.duration).max() ?? 0
    return try Motion(
      .parallel(parts), duration: d, leafCount: parts.reduce(0) { $0 + $1.leafCount },
      partCount: try checkParts(parts.reduce(0) { $0 + $1.partCount }))
  }

  /// The largest finite repeat count, 2^52: past it a play's index and
  /// `k + 1` are no longer exact in a double.
  public static let maximumRepeatCount = 0x1p52

  /// `m * n`: n plays back to back (fractional allowed, `.infinity` forever).
  public static func repeating(_ m: Motion, count: Double) throws(EngineError) -> Motion {
    if count.isNaN || count < 0 {
      throw EngineError("repeat count must be a number ≥ 0, not \(NumberText.format(count))")
    }
    if count == .infinity {
      if m.duration == 0 { throw EngineError("a zero-length motion cannot repeat forever") }
      // Its first play would never end: `* forever` would mean nothing more.
      if m.duration == .infinity {
        throw EngineError("a motion that never ends cannot be repeated")
      }
      return try Motion(
        .repeating(m, count: count), duration: .infinity, leafCount: .infinity,
        partCount: m.partCount)
    }
    if m.duration == .infinity && count > 0 {
      throw EngineError("a motion that never ends cannot be repeated")
    }
    if count > maximumRepeatCount {
      throw EngineError(
        "repeat count \(NumberText.format(count)) is more than 2^52 plays, past which plays cannot be counted exactly (write forever)"
      )
    }
    let d = m.duration * count
    if !d.isFinite { throw EngineError("repeat makes the motion's duration overflow") }
    return try Motion(
      .repeating(m, count: count), duration: d, leafCount: m.leafCount * count.rounded(.up),
      partCount: m.partCount)
  }

  /// `reverse(m)`: m played backwards from where it would end.
  public static func reversed(_ m: Motion) throws(EngineError) -> Motion {
    try checkResolvable(m, "reverse")
    return try Motion(
      .reversed(m), duration: m.duration, leafCount: m.leafCount, partCount: m.partCount)
  }

  /// `yoyo(m)`: m, then the same play retraced.
  public static func yoyo(_ m: Motion) throws(EngineError) -> Motion {
    try checkResolvable(m, "yoyo")
    if !(2 * m.duration).isFinite { throw EngineError("yoyo makes the motion's duration overflow") }
    return try Motion(
      .yoyo(m), duration: 2 * m.duration, leafCount: 2 * m.leafCount,
      partCount: try checkParts(2 * m.partCount))
  }

  /// `speed(m, k)`: m at k times the speed.
  public static func speed(_ m: Motion, _ k: Double) throws(EngineError) -> Motion {
    if !(k > 0) || !k.isFinite {
      throw EngineError("speed factor must be a finite number > 0, not \(NumberText.format(k))")
    }
    let d = m.duration / k
    if d.isNaN || (d.isInfinite && m.duration.isFinite) {
      throw EngineError("speed makes the motion's duration overflow")
    }
    return try Motion(
      .speed(m, factor: k), duration: d, leafCount: m.leafCount, partCount: m.partCount)
  }

  /// `ease(m, E)`: the whole of m re-timed through E.
  public static func eased(_ m: Motion, _ e: Easing) throws(EngineError) -> Motion {
    try checkResolvable(m, "ease")
    return try Motion(
      .eased(m, e), duration: m.duration, leafCount: m.leafCount, partCount: m.partCount)
  }

  /// `m on target`: binds m to views; an inner binding wins over an outer one.
  public static func bound(_ m: Motion, to views: [ViewID]) throws(EngineError) -> Motion {
    let copies = Double(max(views.count, 1))
    return try Motion(
      .bound(m, views), duration: m.duration, leafCount: m.leafCount * copies,
      partCount: try checkParts(m.partCount * copies))
  }

  /// `wait(d) + m` with m's start state shown from the start (see
  /// `Node.prepared`).
  public static func prepared(_ m: Motion, after d: Double) throws(EngineError) -> Motion {
    try checkDuration(d)
    if m.duration == .infinity || d == 0 {
      return try Motion(
        .prepared(m, delay: d), duration: m.duration + d, leafCount: m.leafCount,
        partCount: m.partCount)
    }
    let total = m.duration + d
    if !total.isFinite { throw EngineError("the motion's duration overflows") }
    return try Motion(
      .prepared(m, delay: d), duration: total, leafCount: m.leafCount, partCount: m.partCount)
  }

  /// `delay(m, d)` = `wait(d) + m`.
  public static func delayed(_ m: Motion, by d: Double) throws(EngineError) -> Motion {
    if d == 0 { return m }
    return try sequence([wait(d), m])
  }

  static func checkDuration(_ d: Double) throws(EngineError) {
    if d.isNaN || d < 0 {
      throw EngineError("duration must be a number ≥ 0, not \(NumberText.format(d))")
    }
    if d.isInfinite { throw EngineError("duration must be finite") }
  }

  private static func checkResolvable(_ m: Motion, _ verb: String) throws(EngineError) {
    if m.duration == .infinity { throw EngineError("cannot \(verb) a motion that never ends") }
    if m.leafCount > maximumResolvedLeaves {
      throw EngineError(
        "cannot \(verb) a motion of more than \(Int(maximumResolvedLeaves)) parts")
    }
  }
}
