import AnimEngine

/// The keyframes of a ``PlayerShapeChannel``: a CSS value computed from
/// several recorded tracks, followed as anim draws it at every frame and,
/// wherever the tracks' own curves allow it, between frames.
///
/// The times where any input has a keyframe cut [A, B] into intervals, in
/// each of which every input is on one piece of its track. In an interval:
///
/// - nothing moves: the value holds;
/// - one input moves along a monotone curve (linear, sampled, or a cubic
///   Bézier whose handles stay within 0…1), or several along the same one
///   (one motion tweening them together), and the value is affine in that
///   curve's progress (tested at seven interior points): one keyframe with
///   the inputs' easing, so the browser's value equals
///   anim's at every instant. A value that differs at an end of the
///   interval from the affine one (a zero-length trim at the start of a
///   `draw`, the undashed whole outline at its end) is a jump there: the
///   interval's own value starts a millionth of the interval later;
/// - otherwise (two inputs moving, a clamp or a swap inside, an overshooting
///   curve, a colour whose red, green or blue change with its alpha, which
///   browsers blend premultiplied): the value at every frame inside,
///   straight between frames.
///
/// Where an input jumps (a hold, an assignment), the value just before and
/// just after are keyframes at the same offset, so the later one is drawn at
/// that instant, as anim draws it.
enum DerivedKeyframes {
  /// `[offset, CSS text, easing]` triples from offset 0 to 1, or nil when
  /// the value never changes over the recording.
  static func keyframes(
    _ channel: PlayerShapeChannel, of view: RecordedView, recording: StageRecording, span: Double
  ) -> [JSONValue]? {
    let tracks = channel.inputs.map { view.track($0).keys }
    let moving = tracks.map { keys in
      keys.count > 1 && !keys.allSatisfy { $0.value == keys[0].value }
    }
    guard moving.contains(true) else { return nil }
    let start = recording.start
    let end = max(recording.end, start)
    var cuts: Set<Double> = [start, end]
    for (keys, moves) in zip(tracks, moving) where moves {
      for key in keys where key.time > start && key.time < end { cuts.insert(key.time) }
    }
    let times = cuts.sorted()
    func values(at t: Double, fromLeft: Bool) -> [PropertyValue] {
      tracks.map { value(of: $0, at: t, fromLeft: fromLeft) }
    }
    var out: [(time: Double, value: ShapeValue, easing: String)] = []
    for i in 0..<max(times.count - 1, 0) {
      let a = times[i]
      let b = times[i + 1]
      let startValue = channel.value(values(at: a, fromLeft: false))
      if i > 0 {
        let before = channel.value(values(at: a, fromLeft: true))
        if !same(before, startValue) { out.append((a, before, "linear")) }
      }
      // The inputs that move inside (a, b): each is on one piece of its track.
      var movers: [(input: Int, from: Keyframe, to: Keyframe)] = []
      for (n, keys) in tracks.enumerated() where moving[n] {
        guard let j = lastKey(keys, atOrBefore: a), j + 1 < keys.count else { continue }
        if keys[j].out != .hold && keys[j].value != keys[j + 1].value {
          movers.append((n, keys[j], keys[j + 1]))
        }
      }
      if movers.isEmpty {
        out.append((a, startValue, "linear"))
        continue
      }
      // One curve drives every input that moves (one input, or several
      // tweened together by one motion: a rect's width, height and radius).
      if let easing = monotoneEasing(movers[0].from.out),
        movers.allSatisfy({
          $0.from.out == movers[0].from.out && $0.from.time == a && $0.to.time == b
        }),
        !(channel.isColour
          && blendsApart(startValue, channel.value(values(at: b, fromLeft: true))))
      {
        var inputs = values(at: a, fromLeft: false)
        var inside: [ShapeValue] = []
        for k in 1...7 {
          for m in movers {
            inputs[m.input] = m.from.value + (m.to.value - m.from.value) * (Double(k) / 8)
          }
          inside.append(channel.value(inputs))
        }
        if let ends = affineEnds(inside) {
          if same(startValue, ends.first) {
            out.append((a, startValue, easing))
          } else {
            out.append((a, startValue, "linear"))
            out.append((a + (b - a) * 1e-6, ends.first, easing))
          }
          let endValue = channel.value(values(at: b, fromLeft: true))
          if !same(endValue, ends.last) { out.append((b, ends.last, "linear")) }
          continue
        }
      }
      out.append((a, startValue, "linear"))
      let frame = recording.frameRate > 0 ? 1 / recording.frameRate : 0
      guard frame > 0 else { continue }
      var k = ((a - start) / frame).rounded(.down) + 1
      // Frame times as the recorder takes them (A + k/N).
      while start + k / recording.frameRate < b - frame * 1e-6 {
        let t = start + k / recording.frameRate
        if t > a + frame * 1e-6 {
          out.append((t, channel.value(values(at: t, fromLeft: false)), "linear"))
        }
        k += 1
      }
    }
    let last = times[times.count - 1]
    let before = channel.value(values(at: last, fromLeft: true))
    let after = channel.value(values(at: last, fromLeft: false))
    if times.count > 1 && !same(before, after) { out.append((last, before, "linear")) }
    out.append((last, after, "linear"))
    // Inputs that move without changing the value (the dash's offset while
    // only the end moves): the element's style holds it.
    if out.allSatisfy({ same($0.value, out[0].value) }) { return nil }
    func offset(_ t: Double) -> Double { span > 0 ? min(max((t - start) / span, 0), 1) : 0 }
    var triples = out.map { key -> JSONValue in
      .array([.number(offset(key.time)), .string(channel.text(key.value)), .string(key.easing)])
    }
    if offset(last) < 1, let final = out.last {
      triples.append(.array([.number(1), .string(channel.text(final.value)), .string("linear")]))
    }
    return triples
  }

  /// Whether a browser's premultiplied blend of two colours differs from
  /// anim's straight one: red, green or blue change and so does alpha (such
  /// a stretch is followed at every frame).
  static func blendsApart(_ a: ShapeValue, _ b: ShapeValue) -> Bool {
    a.numbers.count == 4 && b.numbers.count == 4 && a.numbers[3] != b.numbers[3]
      && (0..<3).contains { a.numbers[$0] != b.numbers[$0] }
  }

  /// The CSS easing of a piece that never leaves the range between its end
  /// values, or nil (a hold, an overshooting Bézier).
  static func monotoneEasing(_ out: KeyInterpolation) -> String? {
    switch out {
    case .hold: return nil
    case .linear, .sampled: return "linear"
    case .bezier(let x1, let y1, let x2, let y2):
      guard (0...1).contains(y1) && (0...1).contains(y2) else { return nil }
      let n = [x1, y1, x2, y2].map(JSONValue.format).joined(separator: ", ")
      return "cubic-bezier(\(n))"
    }
  }

  /// The values at the ends of a value affine in its input, from the values
  /// at 1/8 … 7/8 of the input's way; nil when they are not affine (or not
  /// of one form).
  static func affineEnds(_ inside: [ShapeValue]) -> (first: ShapeValue, last: ShapeValue)? {
    // The last value is read at every step: of another form (a rounded
    // rectangle's path losing its arcs as it shrinks), it is not affine.
    guard let a = inside.first, let z = inside.last, z.form == a.form,
      z.numbers.count == a.numbers.count
    else { return nil }
    let steps = Double(inside.count - 1)
    for (k, v) in inside.enumerated() {
      guard v.form == a.form, v.numbers.count == a.numbers.count else { return nil }
      for i in v.numbers.indices {
        let line = a.numbers[i] + (z.numbers[i] - a.numbers[i]) * Double(k) / steps
        if !close(line, v.numbers[i]) { return nil }
      }
    }
    var first = a
    var last = z
    for i in a.numbers.indices {
      let step = (z.numbers[i] - a.numbers[i]) / steps
      first.numbers[i] = a.numbers[i] - step
      last.numbers[i] = z.numbers[i] + step
    }
    return (first, last)
  }

  /// Whether two values are the same to rounding.
  static func same(_ a: ShapeValue, _ b: ShapeValue) -> Bool {
    guard a.form == b.form, a.numbers.count == b.numbers.count else { return false }
    return zip(a.numbers, b.numbers).allSatisfy { close($0, $1) }
  }

  private static func close(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
  }

  /// The index of the last keyframe at or before `t`, or nil.
  static func lastKey(_ keys: KeyframeList, atOrBefore t: Double) -> Int? {
    var lo = 0
    var hi = keys.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if keys[mid].time <= t { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 ? lo - 1 : nil
  }

  /// A track's value at `t`: the value it has just before `t` (`fromLeft`)
  /// or from `t` on, as a player computes it (a hold jumps at the next
  /// keyframe; two keyframes at one time are a jump).
  static func value(of keys: KeyframeList, at t: Double, fromLeft: Bool) -> PropertyValue {
    guard let first = keys.first else { return .zero }
    guard var j = lastKey(keys, atOrBefore: t) else { return first.value }
    if fromLeft {
      // The piece that ends at or after t: from the last keyframe before t.
      while j >= 0 && keys[j].time >= t { j -= 1 }
      if j < 0 { return first.value }
    }
    guard j + 1 < keys.count else { return keys[j].value }
    let a = keys[j]
    let b = keys[j + 1]
    if !fromLeft && a.time == t { return a.value }
    let x = b.time > a.time ? min(max((t - a.time) / (b.time - a.time), 0), 1) : 1
    let e: Double
    switch a.out {
    case .hold: e = 0
    case .linear, .sampled: e = x
    case .bezier(let x1, let y1, let x2, let y2):
      e = x >= 1 ? 1 : BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1)).value(atX: x)
    }
    return a.value + (b.value - a.value) * e
  }
}
