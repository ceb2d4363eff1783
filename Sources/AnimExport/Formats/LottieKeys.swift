import AnimEngine

/// One Lottie keyframe: a time in seconds, one value per dimension, and how
/// every dimension leaves it (a hold, or one Bézier easing shared by all).
struct LottieKey {
  enum Out: Equatable {
    case hold
    /// Normalised handles: `o` = (x1, y1), `i` = (x2, y2).
    case curve(Double, Double, Double, Double)
  }
  var time: Double
  var values: [Double]
  var out: Out

  static let linear = Out.curve(0, 0, 1, 1)
}

/// A one-dimensional keyframe list, as a Lottie player reads it.
struct LottieTrack {
  var keys: [LottieKey]

  /// The keys of lane `lane` of `track`, mapped through `map`: sampled
  /// stretches get Bézier handles from the slopes at both ends (Hermite),
  /// or a straight line when the slopes are unknown or the ends equal.
  init(_ track: PropertyTrack, lane: Int, map: (Double) -> Double) {
    var keys: [LottieKey] = []
    keys.reserveCapacity(track.keys.count)
    let source = track.keys
    for (i, key) in source.enumerated() {
      let out: LottieKey.Out
      switch key.out {
      case .hold: out = .hold
      case .linear: out = LottieKey.linear
      case .bezier(let x1, let y1, let x2, let y2): out = .curve(x1, y1, x2, y2)
      case .sampled:
        out = i + 1 < source.count ? Self.hermite(key, source[i + 1], lane: lane) : LottieKey.linear
      }
      keys.append(LottieKey(time: key.time, values: [map(key.value[lane])], out: out))
    }
    self.keys = keys
  }

  init(keys: [LottieKey]) { self.keys = keys }

  /// Handles that give the cubic with slope `a.slope` at `a` and `b.slope`
  /// at `b`, in the interval's normalised box.
  static func hermite(_ a: Keyframe, _ b: Keyframe, lane: Int) -> LottieKey.Out {
    let dv = b.value[lane] - a.value[lane]
    let dt = b.time - a.time
    guard lane == 0, a.slope.isFinite, b.slope.isFinite, dv != 0, dt > 0 else {
      return LottieKey.linear
    }
    let y1 = a.slope * dt / 3 / dv
    let y2 = 1 - b.slope * dt / 3 / dv
    // A tangent that far off the chord is a jump the frames did not resolve.
    guard abs(y1) <= 4, abs(y2) <= 4 else { return LottieKey.linear }
    return .curve(1.0 / 3, y1, 2.0 / 3, y2)
  }

  /// What the interval starting at key `j` does over [t0, t1] (inside it):
  /// the value at t0 and the restricted easing, or nil for no movement.
  func piece(_ j: Int, from t0: Double, to t1: Double) -> (value: Double, out: LottieKey.Out?) {
    let a = keys[j]
    guard j + 1 < keys.count else { return (a.values[0], nil) }
    let b = keys[j + 1]
    let v0 = a.values[0]
    let v1 = b.values[0]
    let atEnd = t1 >= b.time - 1e-9 * max(1, abs(b.time))
    switch a.out {
    case .hold:
      return (v0, atEnd && v1 != v0 ? .hold : nil)
    case .curve(let x1, let y1, let x2, let y2):
      if v1 == v0 { return (v0, nil) }
      let span = b.time - a.time
      let p0 = max((t0 - a.time) / span, 0)
      let p1 = min((t1 - a.time) / span, 1)
      let full = BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1))
      if p0 <= 0 && p1 >= 1 { return (v0, a.out) }
      let part = full.restricted(from: p0, to: p1)
      let value = v0 + (v1 - v0) * part.startY
      guard let n = part.normalized else { return (value, nil) }
      return (value, .curve(n.0, n.1, n.2, n.3))
    }
  }

  /// The index of the key in force at `t`.
  func index(at t: Double) -> Int {
    var lo = 0
    var hi = keys.count - 1
    if t >= keys[hi].time - 1e-9 * max(1, abs(t)) { return hi }
    while hi - lo > 1 {
      let mid = (lo + hi) / 2
      if keys[mid].time <= t + 1e-9 * max(1, abs(t)) { lo = mid } else { hi = mid }
    }
    return lo
  }

  /// The value a player shows at `t`.
  func value(at t: Double) -> Double {
    let j = index(at: t)
    guard j + 1 < keys.count, t > keys[j].time else { return keys[j].values[0] }
    let (v, out) = piece(j, from: keys[j].time, to: keys[j + 1].time)
    let v1 = keys[j + 1].values[0]
    guard let out else { return v }
    switch out {
    case .hold: return v
    case .curve(let x1, let y1, let x2, let y2):
      let x = (t - keys[j].time) / (keys[j + 1].time - keys[j].time)
      return v + (v1 - v)
        * BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1)).value(atX: x)
    }
  }

  /// Several one-dimensional tracks as one vector track. Where the
  /// dimensions move differently between two keyframes (different easings,
  /// or one holding while another moves) the interval is written frame by
  /// frame with straight lines: Lottie players take one easing per keyframe
  /// (rlottie reads only the first dimension's handles).
  static func merge(_ tracks: [LottieTrack], frameTimes: (Double, Double) -> [Double])
    -> [LottieKey]
  {
    if tracks.count == 1 { return tracks[0].keys }
    var times = tracks.flatMap { $0.keys.map(\.time) }.sorted()
    times = times.reduce(into: []) { out, t in
      if let last = out.last, t - last <= 1e-9 * max(1, abs(t)) { return }
      out.append(t)
    }
    var keys: [LottieKey] = []
    for (n, t0) in times.enumerated() {
      guard n + 1 < times.count else {
        keys.append(LottieKey(time: t0, values: tracks.map { $0.value(at: t0) }, out: .hold))
        break
      }
      let t1 = times[n + 1]
      let parts = tracks.map { $0.piece($0.index(at: t0), from: t0, to: t1) }
      let moving = parts.compactMap(\.out)
      if moving.isEmpty || moving.allSatisfy({ Self.same($0, moving[0]) }) {
        keys.append(
          LottieKey(time: t0, values: parts.map(\.value), out: moving.first ?? LottieKey.linear))
        continue
      }
      for (m, s) in ([t0] + frameTimes(t0, t1)).enumerated() {
        _ = m
        keys.append(
          LottieKey(time: s, values: tracks.map { $0.value(at: s) }, out: LottieKey.linear))
      }
    }
    return keys
  }

  static func same(_ a: LottieKey.Out, _ b: LottieKey.Out) -> Bool {
    switch (a, b) {
    case (.hold, .hold): return true
    case (.curve(let a1, let a2, let a3, let a4), .curve(let b1, let b2, let b3, let b4)):
      return abs(a1 - b1) <= 1e-9 && abs(a2 - b2) <= 1e-9 && abs(a3 - b3) <= 1e-9
        && abs(a4 - b4) <= 1e-9
    default: return false
    }
  }
}

extension LottieTrack {
  /// The track with its values kept within lo…hi, as anim draws them
  /// (alpha is drawn clamped to 0…1; a Lottie player need not clamp): an
  /// interval that leaves the range is cut where it crosses the bound and
  /// holds the bound outside.
  func clamped(to lo: Double, _ hi: Double) -> LottieTrack {
    func clamp(_ v: Double) -> Double { min(max(v, lo), hi) }
    var out: [LottieKey] = []
    for (i, key) in keys.enumerated() {
      let v0 = key.values[0]
      guard i + 1 < keys.count, case .curve(let x1, let y1, let x2, let y2) = key.out else {
        out.append(LottieKey(time: key.time, values: [clamp(v0)], out: key.out))
        continue
      }
      let next = keys[i + 1]
      let v1 = next.values[0]
      let curve = BezierPiece(x: SIMD4(0, x1, x2, 1), y: SIMD4(0, y1, y2, 1))
      func value(_ x: Double) -> Double { v0 + (v1 - v0) * curve.value(atX: x) }
      let inside = { (v: Double) in v >= lo && v <= hi }
      // The control points bound the curve: within 0…1, it stays between v0 and v1.
      if inside(v0) && inside(v1) && (0...1).contains(y1) && (0...1).contains(y2) {
        out.append(key)
        continue
      }
      // Where the curve crosses a bound: a scan, then bisection.
      let samples = 64
      var cuts: [Double] = [0]
      for s in 0..<samples {
        var a = Double(s) / Double(samples)
        var b = Double(s + 1) / Double(samples)
        if inside(value(a)) == inside(value(b)) { continue }
        let wasInside = inside(value(a))
        for _ in 0..<60 {
          let m = (a + b) / 2
          if inside(value(m)) == wasInside { a = m } else { b = m }
        }
        cuts.append((a + b) / 2)
      }
      cuts.append(1)
      let span = next.time - key.time
      for (c0, c1) in zip(cuts, cuts.dropFirst()) where c1 > c0 {
        let mid = value((c0 + c1) / 2)
        let time = key.time + c0 * span
        if !inside(mid) {
          out.append(LottieKey(time: time, values: [clamp(mid)], out: .hold))
          continue
        }
        let part = curve.restricted(from: c0, to: c1)
        let handles = part.normalized.map { LottieKey.Out.curve($0.0, $0.1, $0.2, $0.3) }
        out.append(
          LottieKey(time: time, values: [clamp(value(c0))], out: handles ?? LottieKey.linear))
      }
    }
    return LottieTrack(keys: out)
  }
}
