/// A gradient fill's or stroke's gradient (`gf`/`gs`): its kind, its points
/// in the paint's group space (`s`, `e`), its highlight (`h`, `a`) and its
/// stops `g.k` — `count` colour stops (offset, r, g, b), then opacity stops
/// (offset, alpha).
struct GradientPaint: Sendable {
  /// `t` 2: radial; else linear.
  var radial: Bool
  /// `g.p`: how many colour stops `g.k` starts with.
  var count: Int
  var stops: Animated<[Double]>
  var start: Animated<[Double]>
  var end: Animated<[Double]>
  /// `h`: the highlight's length, percent of the radius (radial only).
  var highlight: Animated<Double>
  /// `a`: the highlight's angle, degrees from the line start → end.
  var angle: Animated<Double>
  var ref: JSONRef

  static func read(_ item: JSONRef, stops: Animated<[Double]>, count: Int)
    throws(ImportError) -> GradientPaint
  {
    func point(_ key: String) throws(ImportError) -> Animated<[Double]> {
      guard let value = item.optional(key) else { return Animated(fixed: [0, 0]) }
      return try AnimatedReader.point(value)
    }
    func number(_ key: String) throws(ImportError) -> Animated<Double> {
      guard let value = item.optional(key) else { return Animated(fixed: 0) }
      return try AnimatedReader.number(value)
    }
    return GradientPaint(
      radial: try item.optionalNumber("t") == 2, count: count, stops: stops,
      start: try point("s"), end: try point("e"), highlight: try number("h"),
      angle: try number("a"), ref: item)
  }
}

/// Lottie's stops as anim's (SPEC §21.1): one stop (offset, r, g, b, a) at
/// every offset of a colour stop and of an opacity stop, sorted, each with
/// the colour stops' colour and the opacity stops' alpha there (straight
/// interpolation, the ends extended, as the players compute them).
enum GradientStops {
  /// anim's most stops in one gradient.
  static let maximum = 256

  /// The stops for `values` (`g.k` at one time) with `count` colour stops.
  /// `merge` makes a colour stop and an opacity stop at one offset one
  /// stop (an animated gradient keeps them apart, so that every keyframe
  /// has as many stops). `pieces` > 1 splits each span where both colour
  /// and alpha change into that many stops, so that anim's premultiplied
  /// blend follows the players' straight one (kept only while the total
  /// stays within ``maximum``). Always at least two stops; at most
  /// ``maximum``.
  static func stops(_ values: [Double], count: Int, merge: Bool = true, pieces: Int = 1)
    -> [[Double]]
  {
    let n = min(max(count, 0), values.count / 4)
    var colours = (0..<n).map { Array(values[4 * $0..<4 * $0 + 4]) }
    let rest = Array(values.dropFirst(4 * n))
    var alphas = stride(from: 0, to: rest.count - 1, by: 2).map { [rest[$0], rest[$0 + 1]] }
    colours = sorted(colours)
    alphas = sorted(alphas)
    if colours.isEmpty { colours = [[0, 0, 0, 0]] }
    func clamped(_ x: Double) -> Double { min(max(x, 0), 1) }
    func alpha(at x: Double) -> Double { alphas.isEmpty ? 1 : sample(alphas, at: x)[1] }
    func make(_ x: Double, _ c: [Double], _ a: Double) -> [Double] {
      [clamped(x), c[1], c[2], c[3], clamped(a)]
    }
    var result: [[Double]] = []
    var ci = 0
    var ai = 0
    while ci < colours.count || ai < alphas.count {
      let co = ci < colours.count ? colours[ci][0] : .infinity
      let ao = ai < alphas.count ? alphas[ai][0] : .infinity
      if merge && co == ao {
        result.append(make(co, colours[ci], alphas[ai][1]))
        ci += 1
        ai += 1
      } else if co <= ao {
        result.append(make(co, colours[ci], alpha(at: co)))
        ci += 1
      } else {
        result.append(make(ao, sample(colours, at: ao), alphas[ai][1]))
        ai += 1
      }
    }
    if pieces > 1 {
      var split: [[Double]] = [result[0]]
      for (a, b) in zip(result, result.dropFirst()) {
        let coloured = a[1] != b[1] || a[2] != b[2] || a[3] != b[3]
        if coloured && a[4] != b[4] && b[0] > a[0] {
          for k in 1..<pieces {
            let x = a[0] + (b[0] - a[0]) * Double(k) / Double(pieces)
            split.append(make(x, sample(colours, at: x), alpha(at: x)))
          }
        }
        split.append(b)
      }
      if split.count <= maximum { result = split }
    }
    if result.count > maximum {
      // Keep the ends and an even spread between them.
      let step = Double(result.count - 1) / Double(maximum - 1)
      result = (0..<maximum).map { result[Int((Double($0) * step).rounded())] }
    }
    if result.count == 1 { result.append(result[0]) }
    return result
  }

  /// Entries sorted by offset (stable: equal offsets keep their order).
  private static func sorted(_ entries: [[Double]]) -> [[Double]] {
    entries.enumerated().sorted { ($0.element[0], $0.offset) < ($1.element[0], $1.offset) }
      .map(\.element)
  }

  /// The entry interpolated at offset `x` of entries sorted by offset.
  private static func sample(_ entries: [[Double]], at x: Double) -> [Double] {
    guard let first = entries.first, let last = entries.last else { return [x, 0, 0, 0] }
    if x <= first[0] { return first }
    if x >= last[0] { return last }
    // The last entry at or before x and the one after it.
    var i = 0
    while i + 1 < entries.count && entries[i + 1][0] <= x { i += 1 }
    let a = entries[i]
    let b = entries[i + 1]
    let span = b[0] - a[0]
    let u = span > 0 ? (x - a[0]) / span : 1
    return zip(a, b).map { $0 + ($1 - $0) * u }
  }
}
