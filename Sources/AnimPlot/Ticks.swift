import Foundation

/// Round-number axis ticks: steps of 1, 2 or 5 × 10^k.
public enum Ticks {
  /// About `count` ticks covering [low, high]: (the range widened to whole
  /// steps, the tick values, the step).
  public static func nice(_ low: Double, _ high: Double, count: Int = 6) -> (
    low: Double, high: Double, values: [Double], step: Double
  ) {
    var lo = low
    var hi = high
    if !(hi > lo) {
      let pad = max(abs(lo) * 0.1, 0.5)
      lo -= pad
      hi += pad
    }
    let raw = (hi - lo) / Double(max(count, 1))
    let magnitude = pow(10, (log10(raw)).rounded(.down))
    let residual = raw / magnitude
    let step = (residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10) * magnitude
    let first = (lo / step).rounded(.down) * step
    let last = (hi / step).rounded(.up) * step
    var values: [Double] = []
    var k = 0
    while true {
      let v = first + Double(k) * step
      if v > last + step / 2 || k > 1000 { break }
      values.append(abs(v) < step * 1e-9 ? 0 : v)
      k += 1
    }
    return (first, last, values, step)
  }

  /// A tick label: as few digits as the step needs.
  public static func label(_ v: Double, step: Double) -> String {
    let decimals = max(0, min(10, Int((-log10(step)).rounded(.up))))
    if decimals == 0 { return String(Int64(v.rounded())) }
    return String(format: "%.\(decimals)f", v)
  }
}
