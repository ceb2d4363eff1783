import AnimEngine
import AnimRender
import AnimStage
import Foundation

/// The charts of `anim plot` (SPEC §12.4), drawn into any `ChartSink`.
///
/// A property chart stacks one panel per property over a shared time axis in
/// seconds: a line with its own value axis for a number, a strip of the colour
/// over time for a colour. Events of the runs animating the properties are
/// labelled ticks on the time axis. An easing chart draws a curve over
/// progress 0…1 with its overshoot.
public enum Chart {
  /// The image's width in pixels.
  public static let width = 800.0
  static let left = 70.0
  static let right = 24.0
  static let top = 16.0
  static let titleHeight = 22.0
  static let linePanel = 150.0
  static let stripPanel = 36.0
  static let panelGap = 14.0
  static let axisHeight = 40.0
  static let eventRow = 14.0
  static let eventRows = 3
  static let noteHeight = 22.0
  /// The most characters of a note drawn: a longer one ends in "…".
  static let noteLength = 120

  static let ink = Color(r: 0.13, g: 0.13, b: 0.13)
  static let grid = Color(r: 0.88, g: 0.88, b: 0.88)
  static let frame = Color(r: 0.6, g: 0.6, b: 0.6)
  static let eventInk = Color(r: 0.55, g: 0.25, b: 0.6)
  static let paper = Color.white
  /// Line colours, one per numeric series in turn.
  static let palette: [Color] = [
    Color(r: 0.12, g: 0.47, b: 0.71), Color(r: 0.84, g: 0.37, b: 0.0),
    Color(r: 0.17, g: 0.63, b: 0.17), Color(r: 0.84, g: 0.15, b: 0.16),
    Color(r: 0.58, g: 0.40, b: 0.74), Color(r: 0.55, g: 0.34, b: 0.29),
  ]

  /// The height of the property chart of `data`.
  public static func height(of data: PlotData) -> Double {
    var h = top
    for s in data.series {
      h += titleHeight + (s.numbers != nil ? linePanel : stripPanel) + panelGap
    }
    return h + axisHeight + (data.events.isEmpty ? 0 : eventRow * Double(eventRows) + 8)
      + (data.note == nil ? 0 : noteHeight)
  }

  /// Draws the property chart of `data`.
  public static func draw(_ data: PlotData, into sink: ChartSink) {
    let height = height(of: data)
    sink.rect(x: 0, y: 0, width: width, height: height, fill: paper)
    let plotWidth = width - left - right
    let (t0, t1) = data.end > data.start ? (data.start, data.end) : (data.start, data.start + 1)
    let timeTicks = Ticks.nice(t0, t1, count: 8)
    func px(_ t: Double) -> Double { left + (t - t0) / (t1 - t0) * plotWidth }

    var y = top
    var colourIndex = 0
    var panelsTop = y
    var panelsBottom = y
    for (i, series) in data.series.enumerated() {
      if i == 0 { panelsTop = y }
      let isLine = series.numbers != nil
      let lineColour = palette[colourIndex % palette.count]
      // Title with its legend swatch.
      if isLine {
        sink.line(
          [(left, y + 11), (left + 18, y + 11)], color: lineColour, width: 2.5, dashed: false)
        colourIndex += 1
      } else {
        sink.rect(x: left, y: y + 5, width: 18, height: 12, fill: series.colors?.last ?? paper)
      }
      sink.text(series.label, x: left + 24, y: y + 15, size: 13, color: ink, anchor: .start)
      y += titleHeight
      let panelHeight = isLine ? linePanel : stripPanel
      for t in timeTicks.values where t >= t0 - 1e-12 && t <= t1 + 1e-12 {
        sink.line([(px(t), y), (px(t), y + panelHeight)], color: grid, width: 1, dashed: false)
      }
      if let numbers = series.numbers {
        drawLine(series.times, numbers, colour: lineColour, y: y, px: px, into: sink)
      } else if let colors = series.colors {
        for (k, c) in colors.enumerated() {
          let a = px(series.times[k])
          let b = k + 1 < colors.count ? px(series.times[k + 1]) : px(t1)
          // Each band overlaps the next by a little, so anti-aliasing leaves no seams.
          let overlap = k + 1 < colors.count ? 0.75 : 0
          sink.rect(x: a, y: y, width: max(b - a + overlap, 0.5), height: panelHeight, fill: c)
        }
      }
      frameBox(x: left, y: y, width: plotWidth, height: panelHeight, into: sink)
      y += panelHeight + panelGap
      panelsBottom = y - panelGap
    }

    // The shared time axis.
    let axisY = panelsBottom
    for t in timeTicks.values where t >= t0 - 1e-12 && t <= t1 + 1e-12 {
      sink.line([(px(t), axisY), (px(t), axisY + 5)], color: ink, width: 1, dashed: false)
      sink.text(
        Ticks.label(t, step: timeTicks.step), x: px(t), y: axisY + 18, size: 11, color: ink,
        anchor: .middle)
    }
    sink.text(
      "time (s)", x: left + plotWidth / 2, y: axisY + 34, size: 12, color: ink, anchor: .middle)

    // Events: a dashed tick through every panel, a label below the axis.
    var rowEnds = [Double](repeating: -.infinity, count: eventRows)
    for event in data.events where event.time >= t0 - 1e-9 && event.time <= t1 + 1e-9 {
      let x = px(event.time)
      sink.line(
        [(x, panelsTop + titleHeight), (x, axisY)], color: eventInk, width: 1, dashed: true)
      sink.line([(x, axisY), (x, axisY + 8)], color: eventInk, width: 2, dashed: false)
      let labelWidth = Double(event.label.count) * 6.2
      if let row = rowEnds.firstIndex(where: { $0 < x - labelWidth / 2 - 4 }) {
        rowEnds[row] = x + labelWidth / 2
        sink.text(
          event.label, x: x, y: axisY + axisHeight + 10 + Double(row) * eventRow, size: 10,
          color: eventInk, anchor: .middle)
      }
    }
    if let note = data.note {
      let text = note.count > noteLength ? String(note.prefix(noteLength - 1)) + "…" : note
      sink.text(text, x: left, y: height - 8, size: 11, color: ink, anchor: .start)
    }
  }

  private static func drawLine(
    _ times: [Double], _ values: [Double], colour: Color, y: Double, px: (Double) -> Double,
    into sink: ChartSink
  ) {
    let finite = values.filter(\.isFinite)
    let ticks = Ticks.nice(finite.min() ?? 0, finite.max() ?? 1, count: 4)
    let plotWidth = width - left - right
    func py(_ v: Double) -> Double {
      y + linePanel - (v - ticks.low) / (ticks.high - ticks.low) * linePanel
    }
    for v in ticks.values {
      sink.line([(left, py(v)), (left + plotWidth, py(v))], color: grid, width: 1, dashed: false)
      sink.text(
        Ticks.label(v, step: ticks.step), x: left - 6, y: py(v) + 4, size: 11, color: ink,
        anchor: .end)
    }
    var points: [(Double, Double)] = []
    for (t, v) in zip(times, values) where v.isFinite { points.append((px(t), py(v))) }
    if points.count == 1 { points.append((points[0].0 + 1, points[0].1)) }
    sink.line(points, color: colour, width: 2, dashed: false)
  }

  private static func frameBox(
    x: Double, y: Double, width: Double, height: Double, into sink: ChartSink
  ) {
    sink.line(
      [(x, y), (x + width, y), (x + width, y + height), (x, y + height), (x, y)], color: frame,
      width: 1, dashed: false)
  }

  // MARK: Easing

  /// The easing chart's height.
  public static let easingHeight = 520.0

  /// Draws `easing` over progress 0…1 (value against progress), its
  /// overshoot included, with the linear diagonal for reference.
  public static func drawEasing(_ easing: Easing, name: String, into sink: ChartSink) {
    let samples = 600
    let us = (0...samples).map { Double($0) / Double(samples) }
    let vs = us.map { easing.value(at: $0) }
    let finite = vs.filter(\.isFinite)
    let lowValue = min(0, finite.min() ?? 0)
    let highValue = max(1, finite.max() ?? 1)
    let yt = Ticks.nice(lowValue, highValue, count: 6)
    let xt = Ticks.nice(0, 1, count: 5)
    let plotTop = top + titleHeight
    let plotHeight = easingHeight - plotTop - axisHeight
    let plotWidth = width - left - right
    func px(_ u: Double) -> Double { left + u * plotWidth }
    func py(_ v: Double) -> Double {
      plotTop + plotHeight - (v - yt.low) / (yt.high - yt.low) * plotHeight
    }
    sink.rect(x: 0, y: 0, width: width, height: easingHeight, fill: paper)
    sink.line(
      [(left, top + 11), (left + 18, top + 11)], color: palette[0], width: 2.5, dashed: false)
    sink.text(name, x: left + 24, y: top + 15, size: 13, color: ink, anchor: .start)
    for v in yt.values {
      sink.line([(left, py(v)), (left + plotWidth, py(v))], color: grid, width: 1, dashed: false)
      sink.text(
        Ticks.label(v, step: yt.step), x: left - 6, y: py(v) + 4, size: 11, color: ink, anchor: .end
      )
    }
    for u in xt.values {
      sink.line(
        [(px(u), plotTop), (px(u), plotTop + plotHeight)], color: grid, width: 1, dashed: false)
      sink.text(
        Ticks.label(u, step: xt.step), x: px(u), y: plotTop + plotHeight + 18, size: 11, color: ink,
        anchor: .middle)
    }
    sink.line([(px(0), py(0)), (px(1), py(1))], color: frame, width: 1, dashed: true)
    var points: [(Double, Double)] = []
    for (u, v) in zip(us, vs) where v.isFinite { points.append((px(u), py(v))) }
    sink.line(points, color: palette[0], width: 2.5, dashed: false)
    frameBox(x: left, y: plotTop, width: plotWidth, height: plotHeight, into: sink)
    sink.text(
      "progress", x: left + plotWidth / 2, y: plotTop + plotHeight + 34, size: 12, color: ink,
      anchor: .middle)
  }
}
