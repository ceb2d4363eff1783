import AnimEngine

/// The views of the shapes a paint paints: anim's own kinds where they draw
/// what Lottie draws (`rect`, `ellipse`, `star`, `polygon`, `shape` for a
/// path), a `shape` of Lottie's own geometry where they would not, and one
/// `shape` for several fixed shapes painted together.
extension SceneBuilder {
  func paintShapes(
    _ paint: ShapeWalk.Paint, style: PaintStyle, parent: Int, clock: TimeMap, layer: String
  ) throws(ImportError) {
    var style = style
    let shapes = paint.shapes
    let fixed = shapes.allSatisfy { isFixed($0.item) && $0.groups.allSatisfy(isFixed) }
    // A stroke trimmed "simultaneously" (m 1) trims each shape on its own:
    // one view each, not one path of them all.
    let trimsEach =
      style.isStroke
      && shapes.contains { shape in
        shape.trims.contains { trim in
          if case .trim(let t) = trim.content { return t.mode != 2 && !Self.isTrivial(trim) }
          return false
        }
      }
    if shapes.count > 1 && fixed && !trimsEach {
      // Fixed shapes painted together: one path, as the players paint them.
      var paths: [BezierPath] = []
      for shape in shapes {
        paths.append(fixedPath(shape.item).transformed(fixedAffine(shape.groups)))
      }
      if style.evenOdd, let turned = EvenOdd.turned(paths) {
        // Paths that do not cross keep the non-zero rule, turned to fill the
        // same; crossing ones keep `fillRule: evenodd` (set in `finish`).
        paths = turned
        style.evenOdd = false
      }
      var view = ScriptView(kind: "shape", name: viewName(layer, shapes[0].item), parent: parent)
      view.settings = [("d", .string(PathData.text(paths))), ("anchor", .point(0, 0))]
      try finish(&view, style: style, trims: commonTrims(shapes), clock: clock)
      return
    }
    if shapes.count > 1 && !style.isStroke {
      // Fills of several shapes, some moving: one outline joining them
      // (a hole stays a hole), morphing.
      // An even-odd fill keeps its rule (`finish`): moving paths may come
      // to cross or nest otherwise than at the start.
      let tracks = shapes.map { pathTrack($0, clock: clock) }
      let outline = compound(tracks, ref: shapes[0].item.ref, BezierPath.joined)
      var view = try morphingView(
        outline, name: viewName(layer, shapes[0].item), parent: parent, ref: shapes[0].item.ref)
      try finish(&view, style: style, trims: commonTrims(shapes), clock: clock)
      return
    }
    for shape in shapes {
      var own = style
      // One fixed path that does not cross itself fills the same by either
      // rule: its view stays as it was before anim had an even-odd rule.
      if own.evenOdd, isFixed(shape.item), EvenOdd.turned([fixedPath(shape.item)]) != nil {
        own.evenOdd = false
      }
      try paintShape(shape, style: own, parent: parent, clock: clock, layer: layer)
    }
  }

  /// The trims shared by every shape (the usual case: one trim over a
  /// group); a shape with others is noted.
  private func commonTrims(_ shapes: [ShapeWalk.PaintedShape]) -> [ShapeItem] {
    let first = shapes[0].trims
    if shapes.contains(where: { $0.trims.map(\.ref.index) != first.map(\.ref.index) }) {
      note(shapes[0].item.ref, "shapes trimmed differently drawn with one trim")
    }
    return first
  }

  private func paintShape(
    _ shape: ShapeWalk.PaintedShape, style: PaintStyle, parent: Int, clock: TimeMap,
    layer: String
  ) throws(ImportError) {
    var node = parent
    let moving = shape.groups.filter { $0.transform.map { !Self.isIdentity($0) } ?? false }
    let trimmed = style.isStroke && shape.trims.contains { !Self.isTrivial($0) }
    if !moving.isEmpty && (style.isStroke || style.gradient != nil) && isFixed(shape.item)
      && moving.allSatisfy(isFixed)
    {
      // A stroke's width is not scaled by the groups below its own, and a
      // gradient is in the paint's group's space: bake them into the path.
      let path = fixedPath(shape.item).transformed(fixedAffine(shape.groups))
      var view = ScriptView(kind: "shape", name: viewName(layer, shape.item), parent: node)
      view.settings = [("d", .string(PathData.text([path]))), ("anchor", .point(0, 0))]
      try finish(&view, style: style, trims: shape.trims, clock: clock)
      return
    }
    if !moving.isEmpty, style.gradient != nil {
      note(
        style.gradient?.ref,
        "a gradient over shapes in moving inner groups is drawn in the inner group's space")
    }
    var made: [ShapeWalk.GroupStep.Key: Int] = [:]
    for step in moving {
      if style.isStroke, let t = step.transform, t.scale.isAnimated || t.scale.first != [100, 100] {
        note(step.ref, "a stroke under a scaled inner group is drawn with its width scaled")
      }
      node = try groupView(step, parent: node, clock: clock, layer: layer, made: &made)
    }
    var view = try geometryView(
      shape.item, name: viewName(layer, shape.item), parent: node, clock: clock,
      needsLottieStart: trimmed,
      asOutline: style.gradient.map { !gradientKeepsKind($0, shape.item) } ?? false)
    try finish(&view, style: style, trims: shape.trims, clock: clock)
  }

  func viewName(_ layer: String, _ item: ShapeItem) -> String {
    "\(layer)_\(item.name.isEmpty ? "shape" : item.name)"
  }

  /// Gives `view` the paint's settings and runs and the trim's, and adds it.
  func finish(
    _ view: inout ScriptView, style: PaintStyle, trims: [ShapeItem], clock: TimeMap
  ) throws(ImportError) {
    for (name, value) in style.settings { view.set(name, value) }
    // SPEC §21.3: only a `shape` has a fill rule; the other kinds draw one
    // closed outline that does not cross itself (a rect, an ellipse, a star
    // or polygon of Lottie's), which both rules fill alike.
    if style.evenOdd, view.kind == "shape" { view.set("fillRule", .word("evenodd")) }
    if let gradient = style.gradient {
      applyGradient(
        gradient, property: style.isStroke ? "stroke" : "color", to: &view, clock: clock)
    }
    var tracks = style.numberTracks
    if style.isStroke, let (_, t) = activeTrim(trims) {
      let (start, trimEnd, offset) = trimTracks(t, clock: clock)
      if start.initial != 0 { view.set("trimStart", .number(start.initial)) }
      if trimEnd.initial != 1 { view.set("trimEnd", .number(trimEnd.initial)) }
      if offset.initial != 0 { view.set("trimOffset", .number(offset.initial)) }
      tracks += [("trimStart", start), ("trimEnd", trimEnd), ("trimOffset", offset)]
    }
    view.runs += style.colorRuns + MotionChain.runs(tracks)
    try add(view)
  }

  // MARK: - Fixed geometry

  func isFixed(_ item: ShapeItem) -> Bool {
    switch item.content {
    case .path(let p): return !p.isAnimated
    case .rect(let p, let s, let r): return !p.isAnimated && !s.isAnimated && !r.isAnimated
    case .ellipse(let p, let s): return !p.isAnimated && !s.isAnimated
    case .star(let s):
      return ![
        s.outerRadius, s.innerRadius, s.outerRoundness, s.innerRoundness, s.points, s.rotation,
      ]
      .contains { $0.isAnimated } && !s.position.isAnimated
    default: return true
    }
  }

  func isFixed(_ step: ShapeWalk.GroupStep) -> Bool {
    guard let t = step.transform else { return true }
    return !t.anchor.isAnimated && !(t.position?.isAnimated ?? false)
      && !(t.positionX?.isAnimated ?? false) && !(t.positionY?.isAnimated ?? false)
      && !t.scale.isAnimated && !t.rotation.isAnimated && !t.skew.isAnimated
      && !t.skewAxis.isAnimated
  }

  /// The map of fixed groups, outermost first (each T(p)·R·K·S·T(−a),
  /// ``SceneBuilder/groupAffine(position:anchor:scale:rotation:skew:axis:)``).
  func fixedAffine(_ groups: [ShapeWalk.GroupStep]) -> Affine {
    var result = Affine.identity
    for step in groups {
      guard let t = step.transform else { continue }
      let p = t.position?.first ?? [t.positionX?.first ?? 0, t.positionY?.first ?? 0]
      result = result.concatenating(
        Self.groupAffine(
          position: p, anchor: t.anchor.first, scale: t.scale.first, rotation: t.rotation.first,
          skew: t.skew.first, axis: t.skewAxis.first))
    }
    return result
  }

  /// A fixed shape as Lottie's path of it.
  func fixedPath(_ item: ShapeItem) -> BezierPath {
    switch item.content {
    case .path(let p):
      return p.first  // A path runs as written, whatever its `d`.
    case .rect(let p, let s, let r):
      return ShapeGeometry.rect(
        center: p.first, size: s.first, roundness: r.first, reversed: item.reversed)
    case .ellipse(let p, let s):
      return ShapeGeometry.ellipse(center: p.first, size: s.first, reversed: item.reversed)
    case .star(let s):
      return ShapeGeometry.star(
        polygon: s.isPolygon, center: s.position.first, points: s.points.first,
        outerRadius: s.outerRadius.first, innerRadius: s.innerRadius.first,
        outerRoundness: s.outerRoundness.first, innerRoundness: s.innerRoundness.first,
        rotation: s.rotation.first, reversed: item.reversed)
    default:
      return BezierPath(vertices: [], inTangents: [], outTangents: [], closed: false)
    }
  }
}
