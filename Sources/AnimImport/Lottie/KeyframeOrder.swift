/// Keyframes a file lists out of time order (a keyframe at frame 135 after
/// one at 162), put in order as the players read them.
///
/// lottie-web, ThorVG and rlottie all take, at frame f, the first segment
/// k whose next keyframe lies after f (lottie-web walks the list; ThorVG
/// and rlottie draw the same, checked with a square keyed at frames 0, 20,
/// 10 and 40 in `ImportKeyframeOrderTests`), and the first keyframe's
/// value before the first keyframe's time. So segment k shows from the
/// latest keyframe time before it, M = max(t₀ … t_k), until t_{k+1}: not
/// at all when t_{k+1} ≤ M, and only its later part, from M on, when its
/// own start t_k lies before M. From the latest time of all the last
/// keyframe's value holds.
enum KeyframeOrder {
  /// `keys` as keyframes in time order that give the same value at every
  /// frame as the players: the segments that show, a segment shown from
  /// part way as a keyframe there (its value there, the rest of its ease;
  /// a spatial route is left straight), and a keyframe of no length where
  /// one shown segment's end is not the next one's start (the jump the
  /// players show). Nil when the values are not of a kind players mix.
  static func inTimeOrder<Value>(_ keys: [Keyframe<Value>]) -> [Keyframe<Value>]? {
    guard let mix = mixer(for: Value.self), keys.count > 1 else { return nil }
    var result: [Keyframe<Value>] = []
    /// The value the timeline stands at: the first keyframe's before
    /// everything, then each shown segment's end.
    var standing = keys[0].value
    var latest = keys[0].time
    /// Appends `key`, after a keyframe of no length holding the value the
    /// timeline stands at when `key` does not start from it.
    func append(_ key: Keyframe<Value>, continuing: Bool) {
      if !continuing {
        result.append(
          Keyframe(
            time: key.time, value: standing, end: nil, hold: false, eases: Ease.linearOnly,
            outTangent: nil, inTangent: nil))
      }
      result.append(key)
    }
    var previousShown = -1
    for k in 0..<(keys.count - 1) {
      let (start, end) = (keys[k].time, keys[k + 1].time)
      let from = max(latest, start)
      latest = max(latest, end)
      guard end > from else { continue }
      let segmentEnd = keys[k + 1].value
      var key = keys[k]
      key.end = nil
      if from > start {
        key = part(of: keys[k], to: segmentEnd, from: from, until: end, mix: mix)
      }
      append(key, continuing: from == start && (previousShown == k - 1 || k == 0))
      previousShown = k
      standing = segmentEnd
    }
    var last = keys[keys.count - 1]
    last.time = latest
    append(last, continuing: previousShown == keys.count - 2)
    return result
  }

  /// Segment `key` → `to` (which ends at `until`) from `time` on, part way
  /// through: a keyframe at `time` with the segment's value there and the
  /// rest of each component's ease (``Ease/part(from:to:)``; straight where
  /// no curve says it), held as it was held.
  private static func part<Value>(
    of key: Keyframe<Value>, to: Value, from time: Double, until: Double,
    mix: (Value, Value, [Double]) -> Value
  ) -> Keyframe<Value> {
    var result = key
    result.time = time
    result.end = nil
    result.outTangent = nil
    result.inTangent = nil
    guard !key.hold else { return result }
    let u = (time - key.time) / (until - key.time)
    var progress: [Double] = []
    var eases: [Ease] = []
    for ease in key.eases {
      if ease.isLinear {
        progress.append(u)
        eases.append(.linear)
      } else if let (rest, from, _) = ease.part(from: u, to: 1) {
        progress.append(from)
        eases.append(rest)
      } else {
        progress.append(ScriptEase.bezier(ease).progress(u))
        eases.append(.linear)
      }
    }
    result.value = mix(key.value, to, progress)
    result.eases = eases
    return result
  }

  /// How values of `type` are mixed, each component d at progress
  /// `p[min(d, p.count − 1)]` (a keyframe's per-component eases); nil for
  /// values players do not mix.
  private static func mixer<Value>(for type: Value.Type) -> ((Value, Value, [Double]) -> Value)? {
    if Value.self == [Double].self {
      return { a, b, p in
        let (x, y) = (a as! [Double], b as! [Double])
        let mixed = zip(x, y).enumerated().map { d, pair in
          pair.0 + (pair.1 - pair.0) * p[min(d, p.count - 1)]
        }
        return mixed as! Value
      }
    }
    guard let interpolable = Value.self as? any Interpolable.Type else { return nil }
    func mixing<T: Interpolable>(_: T.Type) -> (Value, Value, [Double]) -> Value {
      { a, b, p in T.mix(a as! T, b as! T, p[0]) as! Value }
    }
    return mixing(interpolable)
  }
}
