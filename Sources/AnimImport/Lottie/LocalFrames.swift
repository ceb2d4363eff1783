/// Properties read at the frames of their own composition, for what is read
/// into plain items before the script's clock is known (a moving
/// repeater's copies, round corners on a moving shape).
enum LocalFrames {
  /// A clock counting the composition's own frames.
  static let clock = TimeMap(offset: 0, scale: 1, rate: 1)

  /// The times of `property`'s keyframes when it moves (none when fixed).
  static func keyTimes<V>(_ property: Animated<V>) -> [Double] {
    property.isAnimated ? property.keyframes.map(\.time).filter(\.isFinite) : []
  }

  /// Every whole frame from the first of `times` to the last, and those
  /// times themselves, in order; none for no times; nil when they would
  /// be more than `limit`.
  static func frames(_ times: [Double], limit: Int) -> [Double]? {
    guard let low = times.min(), let high = times.max() else { return [] }
    guard high - low <= Double(limit) else { return nil }
    var all = times
    var frame = low.rounded(.up)
    while frame < high {
      all.append(frame)
      frame += 1
    }
    let sorted = Set(all).sorted()
    return sorted.count <= limit ? sorted : nil
  }

  /// `values`, one at each of `frames`, as a property running straight
  /// between them (held when `hold`); fixed at the first value when there
  /// are no frames.
  static func animated<V>(_ frames: [Double], _ values: [V], hold: Bool = false, ref: JSONRef?)
    -> Animated<V>
  {
    guard !frames.isEmpty else { return Animated(fixed: values[0], ref: ref) }
    return Animated(
      keyframes: zip(frames, values).map { t, value in
        Keyframe(
          time: t, value: value, end: nil, hold: hold, eases: Ease.linearOnly, outTangent: nil,
          inTangent: nil)
      }, ref: ref)
  }

  /// A number's value at a frame.
  static func number(_ a: Animated<Double>) -> (Double) -> Double {
    guard a.isAnimated else { return { _ in a.first } }
    let track = Track(a, clock: clock)
    return { track.value(at: $0) }
  }

  /// A point's value at a frame, each component eased by its own keyframe
  /// ease.
  static func point(_ a: Animated<[Double]>) -> (Double) -> [Double] {
    guard a.isAnimated else { return { _ in a.first } }
    let x = Track(a, clock: clock, component: 0)
    let y = Track(a, clock: clock, component: 1)
    return { t in
      let (vx, vy) = (x.value(at: t), y.value(at: t))
      return [vx.first ?? 0, vy.count > 1 ? vy[1] : (vy.first ?? 0)]
    }
  }
}
