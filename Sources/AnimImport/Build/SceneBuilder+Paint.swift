import AnimEngine

/// Fills and strokes: the paint's settings and runs (colour, opacity as
/// `alpha`, width, caps, joins, trims), given to the views of the shapes it
/// paints.
extension SceneBuilder {
  /// What a paint gives each view it draws.
  struct PaintStyle {
    var settings: [(String, ScriptValue)]
    var colorRuns: [ScriptRun]
    var numberTracks: [(name: String, track: Track<Double>)]
    var isStroke: Bool
    var suffix: String
    /// A fill by the even-odd rule.
    var evenOdd = false
    /// The gradient the paint draws in place of its colour.
    var gradient: GradientPaint?
  }

  /// A fill, or with `gradient` a gradient fill (its opacity stops are in
  /// the gradient then, not in `alpha`).
  func buildFill(
    _ fill: ShapeItem.Fill, paint: ShapeWalk.Paint, parent: Int, clock: TimeMap, layer: String,
    gradient: GradientPaint? = nil
  ) throws(ImportError) {
    let color = Track(fill.color, clock: clock).fromZero(rate: rate, end: end)
    let share = gradient == nil ? fill.gradientAlpha : 1
    let alpha = Track(fill.opacity, clock: clock).map { Self.fraction($0) * share }
      .fromZero(rate: rate, end: end)
    if gradient == nil { noteReading(fill.color) }
    noteReading(fill.opacity)
    var style = PaintStyle(
      settings: [("color", .color(color.initial))],
      colorRuns: gradient == nil ? colorRuns(color, property: "color") : [],
      numberTracks: [("alpha", alpha)], isStroke: false, suffix: paint.item.name,
      evenOdd: fill.evenOdd, gradient: gradient)
    if alpha.initial != 1 { style.settings.append(("alpha", .number(alpha.initial))) }
    if Self.isTrimmed(paint) {
      try buildTrimmedFill(paint, style: style, parent: parent, clock: clock, layer: layer)
      return
    }
    try paintShapes(paint, style: style, parent: parent, clock: clock, layer: layer)
  }

  func buildStroke(
    _ stroke: ShapeItem.Stroke, paint: ShapeWalk.Paint, parent: Int, clock: TimeMap,
    layer: String, gradient: GradientPaint? = nil
  ) throws(ImportError) {
    let color = Track(stroke.color, clock: clock).fromZero(rate: rate, end: end)
    let share = gradient == nil ? stroke.gradientAlpha : 1
    let alpha = Track(stroke.opacity, clock: clock).map { Self.fraction($0) * share }
      .fromZero(rate: rate, end: end)
    let width = Track(stroke.width, clock: clock).fromZero(rate: rate, end: end)
    if gradient == nil { noteReading(stroke.color) }
    noteReading(stroke.opacity)
    noteReading(stroke.width)
    let dashing = try dashes(stroke.dashes, clock: clock)
    let cap = ["butt", "round", "square"][min(max(stroke.cap, 1), 3) - 1]
    let join = ["miter", "round", "bevel"][min(max(stroke.join, 1), 3) - 1]
    if join == "miter" && stroke.miterLimit != 4
      && MiterJoins.differ(paint.shapes.flatMap(shapePaths), limit: stroke.miterLimit)
    {
      note(
        paint.item.ref,
        "miter limit \(NumberFormat.exact(stroke.miterLimit)) drawn as anim's 4")
    }
    var style = PaintStyle(
      settings: [
        ("color", .word("transparent")), ("stroke", .color(color.initial)),
        ("strokeWidth", .number(width.initial)), ("lineCap", .word(cap)),
        ("lineJoin", .word(join)),
      ],
      colorRuns: gradient == nil ? colorRuns(color, property: "stroke") : [],
      numberTracks: [("alpha", alpha), ("strokeWidth", width)], isStroke: true,
      suffix: paint.item.name, gradient: gradient)
    if alpha.initial != 1 { style.settings.append(("alpha", .number(alpha.initial))) }
    if let dashing {
      // SPEC §21.3: the pattern set, its offset animated.
      style.settings.append(("dash", .word(dashing.pattern)))
      if dashing.offset.initial != 0 || dashing.offset.isAnimated {
        style.settings.append(("dashOffset", .number(dashing.offset.initial)))
      }
      style.numberTracks.append(("dashOffset", dashing.offset))
    }
    try paintShapes(paint, style: style, parent: parent, clock: clock, layer: layer)
  }

  /// A stroke's `d` (its dashes, SPEC §21.3) as anim's `dash` list, written
  /// as the script writes it, and the offset's track; nil for none. The
  /// lengths are taken at their first value (an animated length is noted);
  /// a pattern anim does not accept (a negative or all-zero one) is noted
  /// and drawn solid, and one of no lengths (only an offset) is solid.
  func dashes(_ ref: JSONRef?, clock: TimeMap) throws(ImportError) -> (
    pattern: String, offset: Track<Double>
  )? {
    guard let ref, let entries = ref.elements else { return nil }
    var lengths: [Double] = []
    var offset = Track(Animated(fixed: 0.0), clock: clock)
    for entry in entries {
      let name = entry["n"]?.string ?? ""
      guard let value = entry["v"] else { continue }
      let animated = try AnimatedReader.number(value)
      noteReading(animated)
      if name == "o" {
        offset = Track(animated, clock: clock).fromZero(rate: rate, end: end)
      } else if name == "d" || name == "g" {
        if animated.keyframes.count > 1 {
          note(value, "animated dash length drawn at its first value")
        }
        lengths.append(animated.first)
      }
    }
    // Only an offset (lottie-ios' `issue_1847`): no dashes, the solid
    // stroke After Effects and lottie-web draw.
    if lengths.isEmpty { return nil }
    guard (try? DashPattern.make(lengths)) != nil else {
      note(ref, "dashes anim does not draw (a negative or all-zero pattern): drawn solid")
      return nil
    }
    let written = lengths.map { NumberFormat.exact($0) }.joined(separator: ", ")
    return ("[" + written + "]", offset)
  }

  /// Every outline a shape takes at its keyframes (its first values for a
  /// shape of several animated properties).
  func shapePaths(_ shape: ShapeWalk.PaintedShape) -> [BezierPath] {
    if case .path(let p) = shape.item.content { return p.keyframes.map(\.value) }
    return [fixedPath(shape.item)]
  }

  /// A colour track as runs of `tween(PROPERTY: "#rrggbb", …)`.
  func colorRuns(_ track: Track<[Double]>, property: String) -> [ScriptRun] {
    guard track.isAnimated else { return [] }
    let parts = MotionChain.parts(track, same: ==) { _, to, duration, ease in
      .tween([(property, .color(to))], duration: duration, ease: ease)
    }
    return [ScriptRun(parts: parts)]
  }

  /// Whether a trim leaves its shapes whole at every time (0 % to 100 %).
  static func isTrivial(_ trim: ShapeItem) -> Bool {
    guard case .trim(let t) = trim.content else { return true }
    return !t.start.isAnimated && !t.end.isAnimated
      && min(t.start.first, t.end.first) <= 0 && max(t.start.first, t.end.first) >= 100
  }
}
