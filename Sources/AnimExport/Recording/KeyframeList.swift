import AnimEngine

/// A track's keyframes, stored by column: a sampled keyframe of a number
/// takes 25 bytes (time, value, slope and how it leaves) instead of the 96 of
/// a `Keyframe`. W2 records 750 000 of them.
///
/// Lanes 1…3 of the values are kept only once a keyframe has one that is not
/// +0 (a colour); a curve's handles only for the keyframes that have them.
/// Reading a keyframe gives back exactly what was stored.
public struct KeyframeList: RandomAccessCollection, MutableCollection, Sendable,
  ExpressibleByArrayLiteral
{
  /// Time, lane 0 of the value and slope of each keyframe, in turn (one
  /// array rather than three: most tracks hold one keyframe, and each array
  /// is an allocation).
  private var numbers: [Double] = []
  /// Lanes 1…3 of every keyframe, three per keyframe, or empty while every
  /// one of them is +0.
  private var otherLanes: [Double] = []
  /// How each keyframe leaves (`Kind`).
  private var kinds: [UInt8] = []
  /// The handles of the `.bezier` keyframes, by index.
  private var handles: [Int: SIMD4<Double>] = [:]

  private enum Kind: UInt8 { case hold, linear, bezier, sampled }

  public init() {}

  public init(arrayLiteral keys: Keyframe...) {
    for key in keys { append(key) }
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { kinds.count }

  public subscript(i: Int) -> Keyframe {
    get {
      var value = PropertyValue(numbers[3 * i + 1], 0, 0, 0)
      if !otherLanes.isEmpty {
        value[1] = otherLanes[3 * i]
        value[2] = otherLanes[3 * i + 1]
        value[3] = otherLanes[3 * i + 2]
      }
      let out: KeyInterpolation
      switch Kind(rawValue: kinds[i])! {
      case .hold: out = .hold
      case .linear: out = .linear
      case .sampled: out = .sampled
      case .bezier:
        let h = handles[i]!
        out = .bezier(h[0], h[1], h[2], h[3])
      }
      return Keyframe(time: numbers[3 * i], value: value, out: out, slope: numbers[3 * i + 2])
    }
    set {
      numbers[3 * i] = newValue.time
      numbers[3 * i + 1] = newValue.value[0]
      numbers[3 * i + 2] = newValue.slope
      store(lanesOf: newValue.value, at: i)
      kinds[i] = store(newValue.out, at: i).rawValue
    }
  }

  /// Adds `key` at the end.
  public mutating func append(_ key: Keyframe) {
    let i = kinds.count
    numbers.append(key.time)
    numbers.append(key.value[0])
    numbers.append(key.slope)
    if !otherLanes.isEmpty { otherLanes.append(contentsOf: repeatElement(0, count: 3)) }
    store(lanesOf: key.value, at: i)
    kinds.append(store(key.out, at: i).rawValue)
  }

  /// Removes the last keyframe.
  public mutating func removeLast() {
    let i = kinds.count - 1
    numbers.removeLast(3)
    if !otherLanes.isEmpty { otherLanes.removeLast(3) }
    handles[i] = nil
    kinds.removeLast()
  }

  /// Keeps lanes 1…3 of `value` for keyframe `i` (whose slot exists when
  /// lanes are kept), starting to keep them for every keyframe at the first
  /// that is not +0.
  private mutating func store(lanesOf value: PropertyValue, at i: Int) {
    let zero = value[1].bitPattern == 0 && value[2].bitPattern == 0 && value[3].bitPattern == 0
    if otherLanes.isEmpty {
      if zero { return }
      otherLanes = Array(repeating: 0, count: numbers.count)
    }
    otherLanes[3 * i] = value[1]
    otherLanes[3 * i + 1] = value[2]
    otherLanes[3 * i + 2] = value[3]
  }

  /// The kind of `out`, its handles kept for keyframe `i` when it has them.
  private mutating func store(_ out: KeyInterpolation, at i: Int) -> Kind {
    switch out {
    case .hold:
      handles[i] = nil
      return .hold
    case .linear:
      handles[i] = nil
      return .linear
    case .sampled:
      handles[i] = nil
      return .sampled
    case .bezier(let x1, let y1, let x2, let y2):
      handles[i] = SIMD4(x1, y1, x2, y2)
      return .bezier
    }
  }
}
