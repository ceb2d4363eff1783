/// A property's `loopOut` expression (`x`), the loop After Effects users
/// write most (docs/spec.md §25.1 counts them): past its last keyframe the
/// property plays its keyframes again, from the first (`cycle`) or back and
/// forth (`pingpong`), until the layer ends. anim evaluates it by
/// repeating the keyframes as they are read (``repeated(_:through:most:)``),
/// so every use of the property sees the loop; any other expression is
/// noted and not evaluated (SPEC §25, docs/spec.md §25.1).
struct KeyframeLoop: Sendable, Equatable {
  enum Kind: Sendable, Equatable {
    /// From the loop's first keyframe again, a jump at each repeat where
    /// the last value is not the first.
    case cycle
    /// Backwards to the loop's first keyframe, forwards again, and so on.
    case pingpong
  }

  var kind: Kind
  /// `numKeyframes`: the loop spans the last this many segments (0, or as
  /// many as there are or more: all of them), as After Effects and
  /// lottie-web take it.
  var keyframes: Int

  /// Whether the loop spans all of `count` keyframes' segments: the only
  /// loops evaluated, as the players agree on them. A loop of fewer (never
  /// in the public files run here) is left out, noted: lottie-web loops the
  /// last segments, ThorVG the first.
  func spansAll(_ count: Int) -> Bool { keyframes == 0 || keyframes >= count - 1 }

  /// The most keyframes a loop adds to one property, and loops to one file:
  /// a cycle of a thousandth of a frame in a layer of a million frames, or
  /// many long loops, stop there (the property then holds its last
  /// keyframe, noted). Each keyframe becomes a tween or two of the script,
  /// and the script's 250 000 (``SceneBuilder/maximumParts``) must still
  /// hold the file's own: past them the whole file would be refused.
  static let maximumKeyframes = 10_000
  static let maximumKeyframesInAll = 50_000

  /// The loop an expression says when it is only a `loopOut` given to the
  /// result, as bodymovin writes it (`var $bm_rt;\n$bm_rt =
  /// loopOut('cycle');`; also `loopOut()`, `loopOut("pingpong", 0)`,
  /// `loopOut(type = "cycle")`); nil for any other expression, and for one
  /// that does not set `$bm_rt`, whose value lottie-web and ThorVG do not
  /// take. The type is read in any case, and a type other than `pingpong`,
  /// `offset` and `continue` is `cycle`, as lottie-web and ThorVG read it;
  /// `offset` and `continue` (which ThorVG and rlottie leave out) are nil:
  /// not evaluated.
  init?(expression: String) {
    var reader = ExpressionReader(expression)
    guard reader.takeResult(), reader.take("loopOut"), reader.take("(") else { return nil }
    var type = "cycle"
    var count = 0
    if !reader.take(")") {
      // Arguments by position or by name (`type = 'cycle'`).
      func named(_ name: String) {
        var probe = reader
        if probe.take(name), probe.take("=") { reader = probe }
      }
      named("type")
      guard let given = reader.quoted() else { return nil }
      type = given.lowercased()
      if reader.take(",") {
        named("numKeyframes")
        guard let n = reader.count() else { return nil }
        count = n
      }
      guard reader.take(")") else { return nil }
    }
    guard reader.takeEnd() else { return nil }
    switch type {
    case "pingpong": kind = .pingpong
    case "offset", "continue": return nil
    default: kind = .cycle
    }
    keyframes = count
  }

  /// `frames` (at least two, in time order) with the loop's copies after
  /// them up to frame `horizon` (the layer's out point: it shows nothing
  /// later), at most `most` more keyframes (nil past it: the caller holds
  /// the last keyframe and notes it); as they are when the keyframes span
  /// no time. A ping-pong's backwards copies turn each segment around: its
  /// ease mirrored, its spatial tangents swapped, a held value shown from
  /// the start of its turned segment (two keyframes at one time: a jump).
  func repeated<Value>(_ frames: [Keyframe<Value>], through horizon: Double, most: Int)
    -> [Keyframe<Value>]?
  {
    let last = frames.count - 1
    guard last >= 1, spansAll(frames.count) else { return frames }
    let (a, b) = (frames[0].time, frames[last].time)
    let period = b - a
    guard period > 0, period.isFinite, horizon.isFinite else { return frames }
    // The segments' ends as the players take them (an older file's `e`).
    var cycle = frames
    for k in 0..<last { cycle[k].end = nil }
    var result = frames
    var copy = 1
    // Copy `copy` plays over b + (copy − 1)·period … b + copy·period.
    while b + Double(copy - 1) * period < horizon {
      let added = kind == .pingpong && copy % 2 == 1 ? 2 * last + 1 : last + 1
      guard result.count - frames.count + added <= most else { return nil }
      if kind == .pingpong && copy % 2 == 1 {
        // Backwards: the copy's time u shows the cycle's 2b + (copy − 1)·period − u.
        let mirror = 2 * b + Double(copy - 1) * period
        for k in stride(from: last, through: 1, by: -1) {
          // The segment from keyframe k − 1 to k, played from k to k − 1.
          let segment = cycle[k - 1]
          var from = cycle[k]
          from.time = mirror - cycle[k].time
          from.end = nil
          from.hold = segment.hold
          from.eases = segment.eases.map(\.reversed)
          (from.outTangent, from.inTangent) = (segment.inTangent, segment.outTangent)
          if segment.hold {
            // The held value from the turned segment's start on.
            var jump = from
            jump.hold = false
            jump.eases = Ease.linearOnly
            result.append(jump)
            from.value = segment.value
          }
          result.append(from)
        }
        var first = cycle[0]
        first.time = mirror - a
        result.append(first)
      } else {
        let shift = Double(copy) * period
        for var frame in cycle {
          frame.time += shift
          result.append(frame)
        }
      }
      copy += 1
    }
    return result
  }
}
