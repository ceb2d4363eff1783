import AnimEngine

/// How a row of `:timeline` ends, when the end falls in the chart.
enum TimelineEnding {
  /// `done` (finished, or due to finish): `*`.
  case done(Double)
  /// Cancelled or cleared: `x`.
  case stopped(Double)
}

/// Lays a motion out on absolute time: walks its tree, mapping each leaf's
/// local times through the offsets, repeats, reversals, speeds and easings
/// above it, and keeps what falls inside a window.
struct TimelinePlan {
  /// Most leaves visited for one row; past it a repeat is drawn as one
  /// continuous span (at that density every column is covered anyway).
  static let maximumLeaves = 20_000

  /// The window to keep; spans are clipped to it.
  var window: ClosedRange<Double>
  /// The width of one chart column in seconds: repeats with plays shorter
  /// than this are drawn as one span.
  var resolution: Double

  private(set) var spans: [(start: Double, end: Double)] = []
  private(set) var marks: [Double] = []
  private var visited = 0

  init(window: ClosedRange<Double>, resolution: Double) {
    self.window = window
    self.resolution = resolution
  }

  /// Maps local time to absolute time; monotonic, increasing or decreasing.
  ///
  /// A value, not a closure: a recursive walk building nested escaping
  /// closures sent the Swift 6.3 optimiser into unbounded recursion in
  /// release builds.
  indirect enum TimeMap {
    /// `t + offset`.
    case offset(Double)
    /// `outer(t + shift)`.
    case shifted(Double, TimeMap)
    /// `outer(length − t)`.
    case mirrored(Double, TimeMap)
    /// `outer(t / factor)`.
    case scaled(Double, TimeMap)
    /// `outer(d · E⁻¹(t / d))`.
    case eased(Easing, Double, TimeMap)

    func callAsFunction(_ t: Double) -> Double {
      switch self {
      case .offset(let o): return t + o
      case .shifted(let o, let outer): return outer(t + o)
      case .mirrored(let d, let outer): return outer(d - t)
      case .scaled(let k, let outer): return outer(t / k)
      case .eased(let easing, let d, let outer):
        return d > 0 ? outer(d * TimelinePlan.inverse(easing, t / d)) : outer(t)
      }
    }
  }

  /// Lays out `motion` with its local time 0 at absolute `offset`.
  mutating func add(_ motion: Motion, at offset: Double) {
    walk(motion, .offset(offset))
  }

  private mutating func walk(_ m: Motion, _ map: TimeMap) {
    let a = map(0)
    let b = m.duration.isFinite ? map(m.duration) : .infinity
    let (lo, hi) = (min(a, b), max(a, b))
    if lo > window.upperBound || hi < window.lowerBound { return }
    switch m.node {
    case .leaf(let leaf):
      visited += 1
      // A play is busy as an animating part is (SPEC §22).
      if !leaf.changes.isEmpty || leaf.sound != nil { spans.append((lo, hi)) }
      if leaf.mark != nil { marks.append(a) }
    case .sequence(let parts):
      var t = 0.0
      for part in parts {
        let start = t
        walk(part, .shifted(start, map))
        t += part.duration
      }
    case .parallel(let parts):
      for part in parts { walk(part, map) }
    case .repeating(let body, let count):
      walkRepeat(body, count: count, map)
    case .reversed(let inner):
      let d = inner.duration
      walk(inner, .mirrored(d, map))
    case .yoyo(let inner):
      let d = inner.duration
      walk(inner, map)
      walk(inner, .mirrored(2 * d, map))
    case .speed(let inner, let factor):
      walk(inner, .scaled(factor, map))
    case .eased(let inner, let easing):
      let d = inner.duration
      walk(inner, .eased(easing, d, map))
    case .bound(let inner, _):
      walk(inner, map)
    case .prepared(let inner, let delay):
      walk(inner, .shifted(delay, map))
    }
  }

  private mutating func walkRepeat(_ body: Motion, count: Double, _ map: TimeMap) {
    let d = body.duration
    guard d > 0, count > 0 else {
      if count > 0 { walk(body, map) }
      return
    }
    let plays = count.rounded(.up)
    let period = abs(map(d) - map(0))
    if period < resolution || visited >= Self.maximumLeaves || plays > Double(Self.maximumLeaves) {
      // Dense: every column the repeat covers is covered by some play.
      if Self.animates(body) {
        let a = map(0)
        let b = count.isFinite ? map(d * count) : .infinity
        spans.append((min(a, b), max(a, b)))
      }
      return
    }
    var k = 0.0
    while k < plays {
      let start = k * d
      let playLength = min(d, d * count - start)
      if visited >= Self.maximumLeaves {
        let a = map(start)
        let b = count.isFinite ? map(d * count) : .infinity
        if Self.animates(body) { spans.append((min(a, b), max(a, b))) }
        return
      }
      let startAbsolute = map(start)
      if count.isInfinite && startAbsolute > window.upperBound { return }
      if playLength >= d {
        walk(body, .shifted(start, map))
      } else {
        // The last, partial play of a fractional count.
        var partial = TimelinePlan(window: window, resolution: resolution)
        partial.walk(body, .shifted(start, map))
        let cut = map(d * count)
        for span in partial.spans where min(span.start, span.end) < max(cut, startAbsolute) {
          spans.append((span.start, min(span.end, max(cut, startAbsolute))))
        }
        marks += partial.marks.filter { $0 < cut }
      }
      k += 1
    }
  }

  /// Whether any leaf of `m` animates a property.
  static func animates(_ m: Motion) -> Bool {
    switch m.node {
    case .leaf(let leaf): return !leaf.changes.isEmpty || leaf.sound != nil
    case .sequence(let parts), .parallel(let parts): return parts.contains(where: animates)
    case .repeating(let inner, _), .reversed(let inner), .yoyo(let inner), .speed(let inner, _),
      .eased(let inner, _), .bound(let inner, _), .prepared(let inner, _):
      return animates(inner)
    }
  }

  /// The progress p in 0…1 at which `easing` first reaches `u` (bisection;
  /// for curves that overshoot, one of the points where they pass `u`).
  static func inverse(_ easing: Easing, _ u: Double) -> Double {
    if u <= 0 { return 0 }
    if u >= 1 { return 1 }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<50 {
      let mid = (lo + hi) / 2
      if easing.value(at: mid) < u { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}
