import AnimEngine

/// A dashed stroke in the HTML player (SPEC §21.3). The player draws the
/// trim as one dash of a pattern of period 1 over a path whose
/// `pathLength` is 1 (``PlayerShapeChannel``); a dashed stroke's pattern is
/// that trim and the dashes together: every dash anim strokes, as an
/// interval of the outline's length divided by the whole length, written
/// from the first dash's start (the `stroke-dashoffset`), the last gap
/// running past the path's end (so nothing is drawn twice). An untrimmed stroke keeps its own pattern, divided by the
/// length, and its phase: the browser restarts it at each subpath as anim
/// does. These channels replace the trim's for a dashed view only, so an
/// undashed view's page is as before.
extension PlayerShapeChannel {
  /// The dash array, offset and visibility of a dashed stroke for the
  /// values of `geometry` then trimStart, trimEnd, trimOffset, dash and
  /// dashOffset; nil when it is stroked solid (no pattern, or one too fine).
  static func dashing(
    kind: ViewKind, path: ShapePath?, geometry: [Property], values: [PropertyValue]
  ) -> (array: [Double], offset: Double, visible: Bool)? {
    let n = geometry.count
    guard var pattern = DashPatterns.pattern(values[n + 3][0]) else { return nil }
    var offset = values[n + 4][0]
    if let path, let w = geometry.firstIndex(of: .width), let h = geometry.firstIndex(of: .height) {
      // A shape's pattern is in its viewBox's units (SPEC §21.3).
      let f = path.strokeScale(width: values[w][0], height: values[h][0])
      guard let scaled = pattern.scaled(by: f) else { return nil }
      pattern = scaled
      offset *= f
    }
    let outline = Self.outline(kind: kind, path: path, geometry: geometry, values: values)
    let measured = MeasuredOutline(outline)
    let total = measured.length
    guard total > 0, total.isFinite else { return nil }
    let s = min(max(values[n][0], 0), 1)
    let e = min(max(values[n + 1][0], 0), 1)
    let (low, high) = (min(s, e), max(s, e))
    if low == 0 && high == 1 {
      // Untrimmed: the pattern itself, each subpath from its start.
      let longest = measured.lengths.map { $0.reduce(0, +) }.max() ?? 0
      guard pattern.draws(along: longest) else { return nil }
      return (pattern.lengths.map { $0 / total }, pattern.phase(offset) / total, true)
    }
    // The piece's spans along the whole length, as `MeasuredOutline.trimmed`
    // cuts them: from min + trimOffset, wrapping round at the end.
    var from = low + (values[n + 2][0].isFinite ? values[n + 2][0] : 0)
    from -= from.rounded(.down)
    let to = from + (high - low)
    var spans = [(from * total, min(to, 1) * total)]
    if to > 1 { spans.append((0, (to - 1) * total)) }
    // Each span cut at the subpaths' ends: each piece is a subpath of its own.
    var pieces: [(Double, Double)] = []
    for (a, b) in spans where b > a {
      var position = 0.0
      for sizes in measured.lengths {
        let length = sizes.reduce(0, +)
        let (start, end) = (position, position + length)
        position = end
        let lower = max(a, start)
        let upper = min(b, end)
        if length > 0, upper > lower { pieces.append((lower, upper)) }
      }
    }
    guard pattern.draws(along: pieces.reduce(0) { $0 + $1.1 - $1.0 }) else { return nil }
    var dashes: [ClosedRange<Double>] = []
    for (lower, upper) in pieces {
      // A dash that the piece's end cuts to under a thousandth of a point is
      // left out: Cairo measures a curve by flattening it, and draws no cap
      // for a sliver its measure puts past the end.
      for d in pattern.dashes(along: upper - lower, offset: offset) ?? []
      where
        !(d.lowerBound > 0 && d.upperBound >= upper - lower
        && d.upperBound - d.lowerBound < 1e-3)
      {
        dashes.append((lower + d.lowerBound) / total...(lower + d.upperBound) / total)
      }
    }
    dashes.sort { $0.lowerBound < $1.lowerBound }
    guard let first = dashes.first else { return ([0, 1], 0, false) }
    // The last gap reaches one length past the path's end: a pattern of
    // period exactly 1 would start a zero-length dash at the end, which a
    // round or square cap draws as a dot.
    var array: [Double] = []
    for (i, d) in dashes.enumerated() {
      let next = i + 1 < dashes.count ? dashes[i + 1].lowerBound : first.lowerBound + 2
      array.append(d.upperBound - d.lowerBound)
      array.append(max(next - d.upperBound, 0))
    }
    return (array, -first.lowerBound, true)
  }

  /// The trim's channels of a dashed view (`stroke-dasharray`,
  /// `stroke-dashoffset`, `stroke-opacity`), made from ``dashing``.
  static func dashed(
    kind: ViewKind, path: ShapePath?, geometry: [Property], alphaInStroke: Bool
  ) -> [PlayerShapeChannel] {
    let inputs = geometry + [.trimStart, .trimEnd, .trimOffset, .dash, .dashOffset]
    func solid(_ values: [PropertyValue]) -> (array: [Double], offset: Double, visible: Bool) {
      // The trim's own single dash (see ``of(kind:path:alphaInStroke:)``).
      let n = geometry.count
      let length = trimLength(values[n][0], values[n + 1][0])
      let s = min(max(values[n][0], 0), 1)
      let e = min(max(values[n + 1][0], 0), 1)
      return (length >= 1 ? [] : [length, 1 - length], -(min(s, e) + values[n + 2][0]), length > 0)
    }
    func value(_ values: [PropertyValue]) -> (array: [Double], offset: Double, visible: Bool) {
      dashing(kind: kind, path: path, geometry: geometry, values: values) ?? solid(values)
    }
    return [
      PlayerShapeChannel(
        css: "stroke-dasharray", inputs: inputs,
        value: { values in
          let array = value(values).array
          return array.isEmpty
            ? ShapeValue(form: "none", numbers: [])
            : ShapeValue(form: "dash\(array.count)", numbers: array)
        },
        text: {
          $0.form == "none" ? "none" : $0.numbers.map(JSONValue.format).joined(separator: " ")
        }),
      PlayerShapeChannel(
        css: "stroke-dashoffset", inputs: inputs,
        value: { ShapeValue(form: "", numbers: [value($0).offset]) },
        text: { JSONValue.format($0.numbers[0]) }),
      PlayerShapeChannel(
        css: "stroke-opacity", inputs: [.alpha] + inputs,
        value: { values in
          let alpha = alphaInStroke ? values[0][0] : 1
          return ShapeValue(
            form: "", numbers: [value(Array(values.dropFirst())).visible ? alpha : 0])
        },
        text: { JSONValue.format($0.numbers[0]) }),
    ]
  }
}

extension PlayerShapeChannel {
  /// The dashes of an untrimmed text's stroke (SPEC §21.3), on the text's
  /// group, which its glyphs' paths inherit: the pattern in the text's
  /// points and its phase, as anim strokes it (each glyph contour a subpath
  /// dashed from its start, as browsers dash one). A text's paths have no
  /// `pathLength`, so the pattern is written as it is. Solid (`none`) where
  /// the pattern is too fine for the longest of the text's drawings.
  static func textDashes(_ view: RecordedView) -> [PlayerShapeChannel] {
    let longest =
      HTMLPlayerWriter.textDrawings(view).drawings.map { MeasuredOutline($0.outline()).length }
      .max() ?? 0
    func pattern(_ id: Double) -> DashPattern? {
      guard let p = DashPatterns.pattern(id), p.draws(along: longest) else { return nil }
      return p
    }
    return [
      PlayerShapeChannel(
        css: "stroke-dasharray", inputs: [.dash],
        value: { values in
          guard let p = pattern(values[0][0]) else { return ShapeValue(form: "none", numbers: []) }
          return ShapeValue(form: "dash\(p.lengths.count)", numbers: p.lengths)
        },
        text: {
          $0.form == "none" ? "none" : $0.numbers.map(JSONValue.format).joined(separator: " ")
        }),
      PlayerShapeChannel(
        css: "stroke-dashoffset", inputs: [.dash, .dashOffset],
        value: { values in
          // The offset as set while a browser keeps its precision (so a
          // moving offset moves on between frames, not back at each wrap);
          // past that, its phase, which draws the same.
          let offset = values[1][0]
          guard let p = pattern(values[0][0]) else { return ShapeValue(form: "", numbers: [0]) }
          let written = offset.isFinite && abs(offset) <= 1e6 ? offset : p.phase(offset)
          return ShapeValue(form: "", numbers: [written])
        },
        text: { JSONValue.format($0.numbers[0]) }),
    ]
  }
}

extension HTMLPlayerWriter {
  /// What the HTML player draws of dashes otherwise than anim, one sentence
  /// each (the CLI prints them as warnings): a trimmed text's stroke, and a
  /// trimmed outline of several subpaths whose geometry moves, both drawn
  /// solid (docs/spec.md §21.3).
  public static func dashWarnings(_ recording: StageRecording) -> [String] {
    recording.views.compactMap { view in
      guard view.track(.dash).keys.contains(where: { $0.value[0] != 0 }) else { return nil }
      if view.kind == .text {
        guard trims(view) else { return nil }
        return
          "\(view.name).dash: a trimmed text's dashed stroke is drawn solid by the HTML player"
      }
      if contourOutline(view)?.moves == true {
        return
          "\(view.name).dash: a trimmed outline of several subpaths that changes over time is drawn undashed by the HTML player"
      }
      return nil
    }
  }
}
