/// A property's `loopOut` expression (`x`), the loop After Effects users
/// write most (of the loops in the public repositories
/// `bench/lottie_public.py` has run, 362 are `loopOut`, 32 `loopIn`): past
/// its last keyframe the property plays its keyframes again,
/// from the first (`cycle`) or back and forth (`pingpong`), until the layer
/// ends. anim evaluates it by repeating the keyframes' segments
/// (``extended(_:keyframes:clock:)``); any other expression is noted and
/// not evaluated (SPEC §25, docs/spec.md §25.1).
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

  /// The most segments a loop adds to one property: a cycle of a frame in a
  /// file of a million frames stops there (the property then holds).
  static let maximumSegments = 10_000

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
    var text = Substring(expression.filter { !$0.isWhitespace })
    func take(_ prefix: String) -> Bool {
      guard text.hasPrefix(prefix) else { return false }
      text = text.dropFirst(prefix.count)
      return true
    }
    _ = take("var$bm_rt;")
    guard take("$bm_rt="), take("loopOut(") else { return nil }
    // The arguments, then the end of the expression.
    guard text.hasSuffix(")") || text.hasSuffix(");") else { return nil }
    text = text.hasSuffix(";") ? text.dropLast(2) : text.dropLast()
    var type = "cycle"
    var count = 0
    if !text.isEmpty {
      _ = take("type=")
      guard let quote = text.first, quote == "'" || quote == "\"" else { return nil }
      text = text.dropFirst()
      guard let close = text.firstIndex(of: quote) else { return nil }
      type = String(text[..<close]).lowercased()
      text = text[text.index(after: close)...]
      if take(",") {
        _ = take("numKeyframes=")
        guard !text.isEmpty, text.count <= 9, text.allSatisfy(\.isASCII),
          let n = Int(text), n >= 0
        else { return nil }
        count = n
        text = ""
      }
      guard text.isEmpty else { return nil }
    }
    switch type {
    case "pingpong": kind = .pingpong
    case "offset", "continue": return nil
    default: kind = .cycle
    }
    keyframes = count
  }

  /// `segments` (one per pair of `keyframes`, in script seconds on `clock`,
  /// before a backwards clock turns them) with the loop's copies after
  /// them, up to the clock's ``TimeMap/end`` (its 0 on a backwards clock),
  /// ``maximumSegments`` in all (a loop cut there is kept in the clock's
  /// ``TimeMap/cutLoops`` with `ref`, to be noted); as they are when the
  /// clock has no end or the loop spans no time.
  func extended<Value>(
    _ segments: [Segment<Value>], keyframes frames: [Keyframe<Value>], clock: TimeMap,
    ref: JSONRef?
  ) -> [Segment<Value>] {
    let last = frames.count - 1
    guard last >= 1, segments.count == last, spansAll(frames.count), clock.end.isFinite
    else { return segments }
    let a = clock.seconds(frames[0].time)
    let b = clock.seconds(frames[last].time)
    let period = b - a
    guard period != 0, period.isFinite, a.isFinite, b.isFinite else { return segments }
    var result = segments
    var copy = 1
    while true {
      // Copy `copy` plays over b + (copy − 1)·period … b + copy·period.
      let start = b + Double(copy - 1) * period
      guard period > 0 ? start < clock.end : start > 0 else { break }
      guard result.count + segments.count <= Self.maximumSegments else {
        clock.cutLoops?.add(ref)
        break
      }
      if kind == .pingpong && copy % 2 == 1 {
        // Backwards: the time u of the copy shows the cycle's time
        // 2b + (copy − 1)·period − u.
        let mirror = 2 * b + Double(copy - 1) * period
        for segment in segments.reversed() {
          result.append(
            segment.turnedAround(start: mirror - segment.end, end: mirror - segment.start))
        }
      } else {
        let shift = Double(copy) * period
        for var segment in segments {
          segment.start += shift
          segment.end += shift
          result.append(segment)
        }
      }
      copy += 1
    }
    return result
  }
}
