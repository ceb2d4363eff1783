import AnimEngine

/// The timing of one segment between two keyframes: the cubic Bézier from
/// the first keyframe's out handle (`o`) to the next one's in handle (`i`),
/// read as CSS's `cubic-bezier(x1, y1, x2, y2)`.
struct Ease: Sendable, Equatable {
  var x1: Double
  var y1: Double
  var x2: Double
  var y2: Double

  /// No easing: the straight line (the identity of `cubicBezier`).
  static let linear = Ease(x1: 0, y1: 0, x2: 1, y2: 1)

  /// `[.linear]`, one array every fixed keyframe shares (a layer has
  /// seven fixed properties or more: a file of a million layers allocated
  /// seven million of these).
  static let linearOnly: [Ease] = [.linear]

  /// Whether the curve is the straight line y = x (any control points on it).
  var isLinear: Bool { x1 == y1 && x2 == y2 }

  /// The curve played backwards (its segment's values swapped): turned
  /// half a turn about (½, ½).
  var reversed: Ease { Ease(x1: 1 - x2, y1: 1 - y2, x2: 1 - x1, y2: 1 - y1) }
}

/// One keyframe of a property: from `time` (a frame of its composition)
/// the value starts at `value` and runs to the next keyframe's value (or
/// `end`, in files that write each segment's end), eased per component by
/// `eases`, or holds when `hold`.
struct Keyframe<Value: Sendable>: Sendable {
  var time: Double
  var value: Value
  /// The segment's end, when the file writes it on this keyframe (`e`).
  var end: Value?
  var hold: Bool
  /// One ease for all components, or one per component.
  var eases: [Ease]
  /// A position's spatial tangents (`to`, `ti`): the route from this value
  /// to the next is the cubic through value + to and next + ti.
  var outTangent: [Double]?
  var inTangent: [Double]?
}

/// A property of the document: a fixed value, or keyframes in time order.
struct Animated<Value: Sendable>: Sendable {
  /// At least one; exactly one (at time 0, no segment) for a fixed value.
  var keyframes: [Keyframe<Value>]
  /// Whether the file animates it (more than one keyframe).
  var isAnimated: Bool { keyframes.count > 1 }
  /// Where it is, for notes.
  var ref: JSONRef?
  /// Whether it carries an expression (`x`) that is not evaluated.
  var hasExpression = false
  /// Whether its `loopOut` was not repeated, past a bound: the last
  /// keyframe holds (``KeyframeLoop/maximumKeyframes``). A loop repeated is
  /// in the keyframes themselves.
  var loopCut = false
  /// Whether the file's keyframes were out of time order and were put in
  /// order as the players read them (``KeyframeOrder``).
  var reordered = false

  init(fixed value: Value, ref: JSONRef? = nil) {
    keyframes =
      FixedKeyframes.shared(value)
      ?? [
        Keyframe(
          time: 0, value: value, end: nil, hold: false, eases: Ease.linearOnly, outTangent: nil,
          inTangent: nil)
      ]
    self.ref = ref
  }

  init(keyframes: [Keyframe<Value>], ref: JSONRef?) {
    self.keyframes = keyframes
    self.ref = ref
  }

  /// The value before the first keyframe.
  var first: Value { keyframes[0].value }

  /// The value each segment ends at: the next keyframe's, as lottie-web
  /// (`nextKeyData.s || keyData.e`), ThorVG and rlottie take it — where
  /// that keyframe has no `s` of its own it holds this one's `e` (read so)
  /// — else, past the last keyframe, the file's `e`.
  func segmentEnd(_ k: Int) -> Value {
    if k + 1 < keyframes.count { return keyframes[k + 1].value }
    return keyframes[k].end ?? keyframes[k].value
  }

  /// The same property with each value transformed.
  func map<T>(_ transform: (Value) throws(ImportError) -> T) throws(ImportError) -> Animated<T> {
    var frames: [Keyframe<T>] = []
    frames.reserveCapacity(keyframes.count)
    for k in keyframes {
      frames.append(
        Keyframe(
          time: k.time, value: try transform(k.value), end: try k.end.map(transform),
          hold: k.hold, eases: k.eases, outTangent: k.outTangent, inTangent: k.inTangent))
    }
    var result = Animated<T>(keyframes: frames, ref: ref)
    result.hasExpression = hasExpression
    result.loopCut = loopCut
    result.reordered = reordered
    return result
  }
}

/// Reading animatable properties (`{"a": 0|1, "k": …}`) of any kind of value.
enum AnimatedReader {
  /// The most keyframes one property may have: a file of 100 MB holds
  /// fewer, and bounding it keeps every later loop bounded.
  static let maximumKeyframes = 1_000_000
  /// The most keyframes a file's properties may have in all: each costs
  /// about half a kilobyte to import and two to render (a tween's syntax,
  /// motion and cursors), and 63 MB of short keyframes, 2.85 million of
  /// them, passed 1.5 GB importing. The most of 2 306 public files runs
  /// 44 448 tweens.
  static let maximumKeyframesInAll = 500_000

  /// Reads the property at `ref` with `read` turning a JSON value (a
  /// keyframe's `s`, or the fixed `k`) into a value. Its `loopOut` is
  /// evaluated when `loops`: the readers of a path (a shape's, a mask's, a
  /// text's) and of a gradient's stops pass `false`, as ThorVG and rlottie
  /// hold their last keyframe where they repeat every other property's
  /// (tests/checkers/test_import_loops.py).
  static func read<Value>(
    _ ref: JSONRef, loops: Bool = true, _ read: (JSONRef) throws(ImportError) -> Value
  ) throws(ImportError) -> Animated<Value> {
    // A property naming a slot is read from the slot (``LottieSlots``).
    let property = try ref.object().slotted
    let k = try property.required("k")
    let x = property.optional("x")
    let expression = x?.string
    // A link to another layer's property is read from that property.
    if let linked = try linked(ref, expression, loops: loops, read) { return linked }
    // A `loopOut` over all the keyframes is evaluated where the layer's
    // out point is known (a fixed value's gives the value).
    let loop = expression.flatMap(KeyframeLoop.init(expression:))
    if let frames = k.elements, let head = frames.first, head.kind == .object,
      head["t"] != nil
    {
      var (keys, reordered) = try keyframes(frames, read)
      var evaluated = false
      var cut = false
      if let loop, loops, keys.count > 1,
        loop.spansAll(keys.count),
        let horizon = ref.document.layerScope.withLock({ $0?.outPoint })
      {
        evaluated = true
        let document = ref.document
        let used = document.tallies.withLock { $0[Self.loopTally, default: 0] }
        let most = min(KeyframeLoop.maximumKeyframes, KeyframeLoop.maximumKeyframesInAll - used)
        if let looped = loop.repeated(keys, through: horizon, most: max(0, most)) {
          document.tallies.withLock { $0[Self.loopTally, default: 0] += looped.count - keys.count }
          keys = looped
        } else {
          cut = true
        }
      }
      var result = Animated(keyframes: keys, ref: ref)
      result.hasExpression = x != nil && !evaluated
      result.loopCut = cut
      result.reordered = reordered
      return result
    }
    var result = Animated(fixed: try read(k), ref: ref)
    result.hasExpression = x != nil && loop == nil
    return result
  }

  /// The property at `ref` read from the one its expression `x` links to
  /// (``PropertyLink``), in its composition (``LayerScope``); nil when `x`
  /// is no link, or one anim does not follow (no such layer, item or
  /// property, a value of another kind, a cycle or a chain of more than
  /// ``PropertyLink/maximumDepth`` links): the property's own keyframes are
  /// then read, and its expression noted.
  private static func linked<Value>(
    _ ref: JSONRef, _ x: String?, loops: Bool, _ read: (JSONRef) throws(ImportError) -> Value
  ) throws(ImportError) -> Animated<Value>? {
    guard let x, let link = PropertyLink(expression: x) else { return nil }
    let document = ref.document
    guard let scope = document.layerScope.withLock({ $0 }),
      let target = link.target(in: scope.siblings), target.index != ref.index
    else { return nil }
    let deeper = document.linksFollowed.withLock { depth in
      guard depth < PropertyLink.maximumDepth else { return false }
      depth += 1
      return true
    }
    guard deeper else { return nil }
    defer { document.linksFollowed.withLock { $0 -= 1 } }
    var result: Animated<Value>
    do throws(ImportError) {
      result = try Self.read(target, loops: loops, read)
    } catch {
      // A value that is not this property's kind: its own is read.
      return nil
    }
    // A link followed to its end: a cycle leaves the last one unevaluated.
    if result.hasExpression { return nil }
    result.ref = ref
    return result
  }

  /// The tally of the keyframes loops have added to a file.
  static let loopTally = "keyframes loops add"

  /// `body` reading the properties of the layer `scope` describes: a
  /// `loopOut` read in it repeats its keyframes up to the layer's out point
  /// (in its composition's frames, as its keyframes are), and a link names
  /// one of its composition's layers; with nil, none (a loop or a link is
  /// then noted and not evaluated).
  static func within<R>(
    _ scope: LayerScope?, of ref: JSONRef, _ body: () throws(ImportError) -> R
  ) throws(ImportError) -> R {
    let outer = ref.document.layerScope.withLock { held in
      defer { held = scope }
      return held
    }
    defer { ref.document.layerScope.withLock { $0 = outer } }
    return try body()
  }

  /// The keyframes of `frames`, in time order: keyframes out of order are
  /// put in order as the players read them (``KeyframeOrder``), and
  /// `reordered` says so.
  private static func keyframes<Value>(
    _ frames: [JSONRef], _ read: (JSONRef) throws(ImportError) -> Value
  ) throws(ImportError) -> (keyframes: [Keyframe<Value>], reordered: Bool) {
    guard frames.count <= maximumKeyframes else {
      throw ImportError(
        frames[0].pointer, "more than \(maximumKeyframes) keyframes in one property")
    }
    try frames[0].tally(frames.count, of: "keyframes", limit: maximumKeyframesInAll)
    var result: [Keyframe<Value>] = []
    result.reserveCapacity(frames.count)
    var previousEnd: Value?
    var firstOutOfOrder: ImportError?
    // Keyframes whose easing handles are past anim's range, by index.
    var outOfRange: [Int: ImportError] = [:]
    for (i, frame) in frames.enumerated() {
      let object = try frame.object()
      let time = try object.required("t").finiteNumber()
      if firstOutOfOrder == nil, let last = result.last, time < last.time {
        firstOutOfOrder = ImportError(
          try object.required("t").pointer,
          "keyframe \(i) at frame \(NumberFormat.exact(time)) comes before the one at frame \(NumberFormat.exact(last.time))"
        )
      }
      let value: Value
      if let s = object.optional("s") {
        value = try read(s)
      } else if let previousEnd {
        // Older files end with a keyframe holding only `t`: the value is
        // the previous segment's end.
        value = previousEnd
      } else {
        throw ImportError(object.pointer, "missing 's' (the keyframe's value)")
      }
      let end = try object.optional("e").map(read)
      previousEnd = end
      let hold = try object.flag("h")
      var eases = [Ease.linear]
      if let o = object.optional("o"), let i = object.optional("i") {
        let ox = try o.required("x").numbers()
        let oyRef = try o.required("y")
        let oy = try oyRef.numbers()
        let ix = try i.required("x").numbers()
        let iyRef = try i.required("y")
        let iy = try iyRef.numbers()
        if ox.isEmpty || oy.isEmpty || ix.isEmpty || iy.isEmpty {
          throw ImportError(o.pointer, "an easing handle without values")
        }
        // Past cubicBezier's range the script written would not run; but
        // where the segment does not move (After Effects writes handles
        // such as y 16926231.132 when its values are equal) the easing
        // draws nothing, and is dropped once the segment's end is known.
        for (ref, ys) in [(oyRef, oy), (iyRef, iy)] where outOfRange[result.count] == nil {
          if let y = ys.first(where: { !(abs($0) <= Easing.maximumBezierY) }) {
            outOfRange[result.count] = ImportError(
              ref.pointer,
              "an easing handle's y of \(NumberFormat.exact(y)) is outside anim's ±1e+06 "
                + "(cubicBezier's range)")
          }
        }
        let n = max(ox.count, oy.count, ix.count, iy.count)
        guard n <= 16 else { throw ImportError(o.pointer, "expected 1 to 16 easing values") }
        eases =
          outOfRange[result.count] != nil
          ? [.linear]
          : (0..<n).map { d in
            Ease(
              x1: ox[min(d, ox.count - 1)], y1: oy[min(d, oy.count - 1)],
              x2: ix[min(d, ix.count - 1)], y2: iy[min(d, iy.count - 1)])
          }
      }
      let outTangent = try object.optional("to")?.numbers()
      let inTangent = try object.optional("ti")?.numbers()
      result.append(
        Keyframe(
          time: time, value: value, end: end, hold: hold, eases: eases, outTangent: outTangent,
          inTangent: inTangent))
    }
    guard !result.isEmpty else { throw ImportError(frames.first?.pointer ?? "", "no keyframes") }
    // An easing past anim's range is refused only where its segment moves:
    // not a hold, nor the last keyframe, nor values equal at both ends (the
    // next keyframe's value: ``Animated/segmentEnd(_:)``).
    for (i, error) in outOfRange.sorted(by: { $0.key < $1.key }) {
      guard !result[i].hold, i + 1 < result.count,
        !same(result[i].value, result[i + 1].value)
      else { continue }
      throw error
    }
    guard let firstOutOfOrder else { return (result, false) }
    // Only values a player mixes can be put in order; any other kind of
    // value out of order is refused, at the first keyframe out of order.
    guard let ordered = KeyframeOrder.inTimeOrder(result) else { throw firstOutOfOrder }
    return (ordered, true)
  }

  /// Whether two keyframe values are equal (values that cannot be
  /// compared never are).
  private static func same<Value>(_ a: Value, _ b: Value) -> Bool {
    guard let a = a as? AnyHashable, let b = b as? AnyHashable else { return false }
    return a == b
  }

  /// A number (a keyframe may write it as `[v]`).
  static func scalar(_ ref: JSONRef) throws(ImportError) -> Double {
    let values = try ref.numbers()
    guard let first = values.first else { throw ImportError(ref.pointer, "expected a number") }
    return first
  }

  /// Numbers, at least `count` of them.
  static func vector(_ ref: JSONRef, count: Int) throws(ImportError) -> [Double] {
    let values = try ref.numbers()
    guard values.count >= count else {
      throw ImportError(ref.pointer, "expected \(count) numbers, found \(values.count)")
    }
    return values
  }

  static func number(_ ref: JSONRef) throws(ImportError) -> Animated<Double> {
    try read(ref, scalar)
  }

  /// A point, size or scale: two numbers. A bare number is both; an array
  /// of one number has 0 for its missing y, as lottie-ios (its vector
  /// decoder) and rlottie read it: lottie-ios' snapshots of its `pr_1599`,
  /// an anchor `[9.688]`, show the layer where an anchor (9.688, 0) puts it.
  static func point(_ ref: JSONRef) throws(ImportError) -> Animated<[Double]> {
    try read(ref) { (value) throws(ImportError) in
      let v = try vector(value, count: 1)
      guard v.count == 1 else { return [v[0], v[1]] }
      return value.kind == .number ? [v[0], v[0]] : [v[0], 0]
    }
  }

  static func color(_ ref: JSONRef) throws(ImportError) -> Animated<[Double]> {
    try read(ref) { (value) throws(ImportError) in
      let v = try vector(value, count: 3)
      return [v[0], v[1], v[2]]
    }
  }
}

/// The keyframes of the fixed values most properties hold (a transform's
/// defaults and what files write for them: 0, 100, (0, 0), (100, 100)),
/// made once and shared, so a layer or group that keeps its defaults
/// allocates none (a file of a million null layers passed 1.4 GB). Only
/// values equal bit for bit are shared: −0 keeps its own.
enum FixedKeyframes {
  private static func key<V>(_ value: V) -> Keyframe<V> {
    Keyframe(
      time: 0, value: value, end: nil, hold: false, eases: Ease.linearOnly, outTangent: nil,
      inTangent: nil)
  }
  private static let zero = [key(0.0)]
  private static let hundred = [key(100.0)]
  private static let origin = [key([0.0, 0.0])]
  private static let full = [key([100.0, 100.0])]

  /// The shared keyframes of `value`, when it is one of the common ones.
  /// (Types are compared and the arrays reinterpreted, not cast with
  /// `as?`: a debug build copied an array at every such cast.)
  static func shared<Value>(_ value: Value) -> [Keyframe<Value>]? {
    if Value.self == Double.self {
      switch unsafeBitCast(value, to: Double.self).bitPattern {
      case (0.0).bitPattern: return unsafeBitCast(zero, to: [Keyframe<Value>].self)
      case (100.0).bitPattern: return unsafeBitCast(hundred, to: [Keyframe<Value>].self)
      default: return nil
      }
    }
    if Value.self == [Double].self {
      let point = unsafeBitCast(value, to: [Double].self)
      guard point.count == 2 else { return nil }
      let bits = (point[0].bitPattern, point[1].bitPattern)
      if bits == ((0.0).bitPattern, (0.0).bitPattern) {
        return unsafeBitCast(origin, to: [Keyframe<Value>].self)
      }
      if bits == ((100.0).bitPattern, (100.0).bitPattern) {
        return unsafeBitCast(full, to: [Keyframe<Value>].self)
      }
    }
    return nil
  }
}
