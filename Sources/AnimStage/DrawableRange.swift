import AnimEngine

/// How far drawn geometry may reach (issue 32): every number a drawing
/// holds stays within ±``limit`` points.
///
/// Property values are always finite (SPEC §3), but what is drawn is made
/// of them: an outline stretched onto its box, under its view's transform
/// and its parents', grown by its stroke. Those can leave the range of
/// doubles (a child scaled 1e200 under a parent scaled 1e200, a text of
/// size 1e308 on two lines, a path stretched from a 1e-320 viewBox) or of
/// the players' 32-bit floats (Chromium's SVG, ThorVG and rlottie end at
/// 3.4e38), where arc lengths, pixels and keyframes become infinities and
/// NaN. Rather than draw or write those, a render or an export stops with
/// a runtime error naming the view (and the property that took it out of
/// range, when one of its own or its ancestors' is). The limit is far past
/// any picture: 1e38 points is 10^23 light years at a point a millimetre.
public enum DrawableRange {
  /// The largest coordinate, box or world, a drawn outline may reach.
  public static let limit = 1e38

  /// A drawn view out of range: which, and why in words.
  public struct Violation: Sendable, Equatable {
    /// The view.
    public let view: ViewID
    /// What is out of range, naming the view and the property.
    public let message: String
    /// What to do about it.
    public static let hint =
      "keep what is drawn within ±1e+38 points: its size, position, scale, stroke and its parents'"
  }

  /// The first drawn view of `scene` (in id order) whose geometry leaves
  /// the range, or nil. Cheap for views well inside it: their outlines are
  /// built only when a bound from their box alone does not settle it.
  public static func violation(in scene: Scene, at time: Double) -> Violation? {
    let world = scene.hasTree ? scene.worldFrame() : nil
    var found: Violation?
    scene.forEachDrawn { id, kind, record in
      guard found == nil else { return }
      if world == nil && plainlyFits(kind, record) { return }
      let placed = world.map { $0.transforms[Int(id)] } ?? Affine.placing(record)
      found = violation(of: id, kind, record, scene: scene, placed: placed, at: time)
    }
    return found
  }

  /// Whether a view without a parent surely lies within the range, from a
  /// bound on its numbers that needs no sine or cosine (every frame of a
  /// render asks this of every view): its box, anchor and stroke turned any
  /// way and scaled, placed at (x, y). False when only a closer look tells.
  @inline(__always)
  static func plainlyFits(_ kind: ViewKind, _ v: ViewRecord) -> Bool {
    switch kind.outline {
    case .rectangle, .ellipse, .polygon, .star, .image, .none: break
    case .path, .text: return false
    }
    guard v.number(.outline) == 0 else { return false }
    let sx = abs(v.number(.scaleX))
    let sy = abs(v.number(.scaleY))
    let side = max(abs(v.number(.width)), abs(v.number(.height)))
    let reach =
      side * (1 + max(abs(v.number(.anchorX)), abs(v.number(.anchorY))))
      + 4 * max(v.drawn(.strokeWidth), 0)
    let far = max(abs(v.number(.x)), abs(v.number(.y))) + (sx + sy) * reach
    return far <= limit && sx <= limit && sy <= limit && side <= limit
  }

  /// A view's scales, checked at every frame: one array for all (a
  /// literal in the loop was a heap array for every view of every frame).
  private static let scales: [Property] = [.scaleX, .scaleY]

  /// The violation of one view whose box coordinates `placed` maps to the
  /// world, or nil.
  static func violation(
    of id: ViewID, _ kind: ViewKind, _ v: ViewRecord, scene: Scene, placed: Affine,
    at time: Double
  ) -> Violation? {
    func violation(_ reach: Double, _ culprit: (ViewID, Property)?) -> Violation {
      Violation(view: id, message: message(scene, id, at: time, reach: reach, culprit: culprit))
    }
    // A view's own scale is written as it is (Lottie's percent, the
    // player's CSS) even when it has no outline to draw.
    for p in scales where !(abs(v.number(p)) <= limit) {
      return Violation(
        view: id,
        message:
          "\(scene.name(of: id)) is drawn past the ±\(NumberText.format(limit)) points anim draws at \(NumberText.format(time)) s: its \(p.name) is \(NumberText.format(v.number(p)))"
      )
    }
    guard kind.outline != .none else { return nil }
    let path = scene.paths[id]
    let text = kind.outline == .text ? scene.textView(id) : nil
    let stroked = v.color(.stroke).a > 0 && v.strokeWidth(path: path) > 0
    let reach =
      stroked
      ? Outline.strokeOutset(
        strokeWidth: v.strokeWidth(path: path), join: .miter, cap: .square,
        largestScale: Outline.largestScale(a: placed.a, b: placed.b, c: placed.c, d: placed.d))
      : 0
    // A bound from the box alone: most views are settled here.
    if let extent = boxExtent(kind, v, path: path, text: text) {
      let spread = max(abs(placed.a) + abs(placed.c), abs(placed.b) + abs(placed.d))
      let far = max(abs(placed.tx), abs(placed.ty)) + spread * extent + reach
      if extent <= limit && far <= limit { return nil }
    }
    // Most views are settled by a box that holds their outline and costs
    // little: a shape's path's bounds (found once) stretched onto its box,
    // a morph's from its two ends.
    let morph = v.recordValue(at: Property.outline.slot)
    var quick: OutlineBounds?
    if morph != 0 {
      quick = MorphedOutlines.outline(morph)?.enclosingBounds(
        at: v.recordValue(at: Property.outline.slot + 1), width: v.number(.width),
        height: v.number(.height))
    } else if kind.outline == .path, let path {
      quick = path.bounds(width: v.number(.width), height: v.number(.height))
    }
    if let quick, largest(quick) * (1 + 1e-9) <= limit, placedFits(quick, placed, reach: reach) {
      return nil
    }
    // The outline itself, in its box, then in the world with its stroke.
    let outline = kind.outline.outline(of: v, path: path, text: text)
    guard let box = outline.bounds() else { return nil }
    let inBox = largest(box)
    if !(inBox <= limit) {
      return violation(inBox, culprit(scene, id))
    }
    if placedFits(box, placed, reach: reach) { return nil }
    guard
      let drawn = DrawnBounds.of(kind, v, path: path, text: text, placed: placed)
    else { return nil }
    let far = max(
      max(abs(drawn.minX), abs(drawn.maxX)), max(abs(drawn.minY), abs(drawn.maxY)))
    if !(far <= limit) || drawn.minX.isNaN || drawn.minY.isNaN {
      return violation(far, culprit(scene, id))
    }
    return nil
  }

  /// A bound on every coordinate of the view's outline in its box, from
  /// its numbers alone; nil when only the outline itself tells (a shape,
  /// a morphed outline).
  static func boxExtent(_ kind: ViewKind, _ v: ViewRecord, path: ShapePath?, text: TextView?)
    -> Double?
  {
    let side = max(abs(v.number(.width)), abs(v.number(.height)))
    if v.number(.outline) != 0 { return nil }
    switch kind.outline {
    case .rectangle, .ellipse, .polygon, .star, .image:
      // Inside the box: a star's inner radius is drawn clamped to 1.
      return side
    case .text:
      // Glyphs reach past the box by marks and overhangs: generously,
      // 100 000 sizes (the most a text's 100 000 bytes can stack).
      return side + 1e5 * abs(text?.size ?? 0)
    case .path, .none:
      return nil
    }
  }

  /// The largest coordinate of `bounds`, NaN when it holds one.
  private static func largest(_ bounds: OutlineBounds) -> Double {
    let (a, b, c, d) = (bounds.minimum.x, bounds.minimum.y, bounds.maximum.x, bounds.maximum.y)
    if a.isNaN || b.isNaN || c.isNaN || d.isNaN { return .nan }
    return max(abs(a), abs(b), abs(c), abs(d))
  }

  /// Whether every point of `box`, placed and grown by `reach`, surely lies
  /// within the range: the box's four corners placed bound every point
  /// placed (an affine map keeps a point inside their parallelogram), with
  /// a margin of a relative 1e-9 for rounding. False wherever a NaN is.
  private static func placedFits(_ box: OutlineBounds, _ placed: Affine, reach: Double) -> Bool {
    @inline(__always) func fits(_ x: Double, _ y: Double) -> Bool {
      let p = placed.apply(x, y)
      return (abs(p.x) + reach) * (1 + 1e-9) <= limit && (abs(p.y) + reach) * (1 + 1e-9) <= limit
    }
    let (low, high) = (box.minimum, box.maximum)
    return fits(low.x, low.y) && fits(high.x, low.y) && fits(high.x, high.y)
      && fits(low.x, high.y)
  }

  /// The property, of the view or one of its ancestors, most likely to
  /// have taken it out of range: the largest in magnitude of those that
  /// place and size it.
  static func culprit(_ scene: Scene, _ id: ViewID) -> (ViewID, Property)? {
    var best: (ViewID, Property, Double)?
    var current: ViewID? = id
    while let view = current {
      let kind = scene.kind(of: view)
      let v = scene.record(of: view)
      var properties: [Property] = [.x, .y, .scaleX, .scaleY, .anchorX, .anchorY]
      // A text's width and height are made of its size and tracking.
      properties += kind == .text ? [.fontSize, .tracking] : [.width, .height]
      if view == id { properties.append(.strokeWidth) }
      for p in properties where kind.has(p) {
        let magnitude = abs(v.number(p))
        if magnitude > (best?.2 ?? 1e6) { best = (view, p, magnitude) }
      }
      current = scene.parent(of: view)
    }
    return best.map { ($0.0, $0.1) }
  }

  /// `t is drawn past the ±1e+38 points anim draws at 0 s: it reaches
  /// 1.2e+308 (t.size is 1e+308)`.
  static func message(
    _ scene: Scene, _ id: ViewID, at time: Double, reach: Double, culprit: (ViewID, Property)?
  ) -> String {
    let name = scene.name(of: id)
    let reached =
      reach.isFinite
      ? "it reaches \(NumberText.format(reach))" : "it reaches past the largest number"
    let why: String
    if let (view, property) = culprit {
      let value = scene.record(of: view).number(property)
      why = " (\(scene.name(of: view)).\(property.name) is \(NumberText.format(value)))"
    } else if scene.record(of: id).number(.outline) != 0 {
      why = " (the outline it was morphed into, stretched onto its box)"
    } else if scene.kind(of: id).outline == .path, let path = scene.paths[id],
      !(scene.record(of: id).strokeWidth(path: path) <= limit),
      let box = path.outline(
        width: scene.record(of: id).number(.width),
        height: scene.record(of: id).number(.height)
      ).bounds(), largest(box) <= limit
    {
      // A shape's stroke is in its viewBox's units (SPEC §21.3).
      let width = NumberText.format(scene.record(of: id).drawn(.strokeWidth))
      why = " (its strokeWidth, \(width) viewBox units, stretched from its viewBox onto its box)"
    } else if scene.kind(of: id).outline == .path {
      why = " (its path data, stretched from its viewBox onto its box)"
    } else {
      why = ""
    }
    return
      "\(name) is drawn past the ±\(NumberText.format(limit)) points anim draws at \(NumberText.format(time)) s: \(reached)\(why)"
  }
}
