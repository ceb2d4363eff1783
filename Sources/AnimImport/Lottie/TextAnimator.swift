#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text layer's animator (`t.a[k]`): a range selector that weighs each
/// character by a factor 0…1
/// (``Form/factor(start:end:offset:smoothness:amount:count:index:)``) and
/// the properties it moves a character towards by that factor, read as
/// ThorVG reads them.
struct TextAnimator: Sendable {
  /// `s`: which characters, by how much.
  struct Selector: Sendable {
    var start, end, offset: Animated<Double>
    /// `a`: percent.
    var amount: Animated<Double>
    /// `sm`: a square's soft edges, percent.
    var smoothness: Animated<Double>
    /// `xe`, `ne`: ease high and low, percent.
    var easeHigh, easeLow: Animated<Double>
    /// What its factor depends on besides its moving values.
    var form: Form
    /// `rn`: a random order (ThorVG's differs from run to run).
    var randomized: Bool
  }

  /// A selector's kind — how it counts characters and the shape of its
  /// range — a small value the frame-by-frame loop over characters reads
  /// without copying the selector's keyframes.
  struct Form: Sendable {
    /// `b`: 1 characters, 2 characters without spaces, 3 words, 4 lines.
    var based: Int
    /// `sh`: 1 square, 2 ramp up, 3 ramp down, 4 triangle, 5 round, 6 smooth.
    var shape: Int
    /// `r`: 2 counts by index; else (1) in percent of the characters.
    var byIndex: Bool

    /// The index `placed` is counted at by `based`, as ThorVG counts it:
    /// its characters (bytes), without the spaces before it, its words
    /// (lines and spaces before it) or its line.
    func index(of placed: TextLayout.Placed) -> Int {
      switch based {
      case 2: return placed.index - placed.spaces
      case 3: return placed.line + placed.spaces
      case 4: return placed.line
      default: return placed.index
      }
    }

    /// The selector's factor of the character at `index` (counted as
    /// `based` says) of a text of `count` characters (all of them, as ThorVG
    /// counts them), at local frame `t`: ThorVG's `LottieTextRange::factor`
    /// in doubles (its ease high and low are not applied; noted).
    func factor(
      start s: Double, end e: Double, offset o: Double, smoothness: Double, amount: Double,
      count: Int, index: Int
    ) -> Double {
      var start = s + o
      var end = e + o
      let divisor = byIndex ? 1 : 100 / Double(max(count, 1))
      start /= divisor
      end /= divisor
      let idx = Double(index)
      func equal(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1.1920929e-07 }
      func clamp(_ v: Double, _ low: Double, _ high: Double) -> Double {
        v < low ? low : (v > high ? high : v)
      }
      var f = 0.0
      switch shape {
      case 2:
        f = equal(start, end) ? (idx >= end ? 1 : 0) : (0.5 + idx - start) / (end - start)
      case 3:
        f = equal(start, end) ? (idx >= end ? 0 : 1) : 1 - (0.5 + idx - start) / (end - start)
      case 4:
        f = equal(start, end) ? 0 : 2 * (0.5 + idx - start) / (end - start)
        f = f < 1 ? f : 2 - f
      case 5:
        let i = clamp(idx + (0.5 - start), 0, end - start)
        let range = 0.5 * (end - start)
        let t = i - range
        f = equal(start, end) ? 0 : (1 - t * t / (range * range)).squareRoot()
      case 6:
        let i = clamp(idx + (0.5 - start), 0, end - start)
        f = equal(start, end) ? 0 : 0.5 * (1 + cos(Double.pi * (1 + 2 * i / (end - start))))
      default:
        if abs(smoothness) < 1.1920929e-07 {
          let (low, high) = (start.rounded(.toNearestOrEven), end.rounded(.toNearestOrEven))
          f = idx >= low && idx < high ? 1 : 0
        } else {
          if idx >= start.rounded(.down) {
            let diff = idx - start
            f = diff < 0 ? min(end, 1) + diff : end - idx
          }
          let soft = smoothness * 0.01
          f = (f - (1 - soft) * 0.5) / soft
        }
      }
      guard !f.isNaN else { return 0 }
      f = clamp(f, 0, 1)
      let result = f * amount * 0.01
      return result.isFinite ? result : 0
    }
  }

  var selector: Selector
  /// `fc`, `sc`: 0…1 channels.
  var fill, stroke: Animated<[Double]>?
  /// `sw`: points.
  var strokeWidth: Animated<Double>?
  /// `o`: percent.
  var opacity: Animated<Double>?
  /// `p`: points; `s`: percent; `r`: degrees.
  var position, scale: Animated<[Double]>?
  var rotation: Animated<Double>?
  /// `t`: tracking added to the advance, in a glyph's units.
  var tracking: Animated<Double>?
  /// Keys of `a` that are not drawn (anchor, skew, line spacing, fill and
  /// stroke opacity…).
  var others: [String]

  static func readList(_ ref: JSONRef) throws(ImportError) -> [TextAnimator] {
    try ref.array().map { (item) throws(ImportError) in try read(item) }
  }

  static func read(_ ref: JSONRef) throws(ImportError) -> TextAnimator {
    let object = try ref.object()
    let s = try object.optional("s")?.object()
    func number(_ key: String, _ fallback: Double) throws(ImportError) -> Animated<Double> {
      guard let value = s?.optional(key) else { return Animated(fixed: fallback) }
      return try AnimatedReader.number(value)
    }
    func integer(_ key: String, _ fallback: Int) throws(ImportError) -> Int {
      guard let s, s.optional(key) != nil else { return fallback }
      return Int(exactly: try s.number(key, or: Double(fallback))) ?? fallback
    }
    let selector = Selector(
      start: try number("s", 0), end: try number("e", 100), offset: try number("o", 0),
      amount: try number("a", 100), smoothness: try number("sm", 100),
      easeHigh: try number("xe", 0), easeLow: try number("ne", 0),
      form: Form(
        based: try integer("b", 1), shape: try integer("sh", 1),
        byIndex: try integer("r", 1) == 2),
      randomized: try integer("rn", 0) != 0)
    var animator = TextAnimator(selector: selector, others: [])
    guard let properties = try object.optional("a")?.object() else { return animator }
    for (key, value) in properties.members ?? [] {
      switch key {
      case "fc": animator.fill = try AnimatedReader.color(value)
      case "sc": animator.stroke = try AnimatedReader.color(value)
      case "sw": animator.strokeWidth = try AnimatedReader.number(value)
      case "o": animator.opacity = try AnimatedReader.number(value)
      case "p": animator.position = try AnimatedReader.point(value)
      case "s": animator.scale = try AnimatedReader.point(value)
      case "r": animator.rotation = try AnimatedReader.number(value)
      case "t": animator.tracking = try AnimatedReader.number(value)
      default: animator.others.append(key)
      }
    }
    return animator
  }
}
