import AnimEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where drawn views lie in the world (SPEC §12.1–§12.2): a view is its
/// `width × height` rectangle centred on (x, y), scaled about its centre by
/// `scaleX`, `scaleY`, then rotated clockwise on screen by `rotation` degrees.
public enum DrawnBounds {
  /// The bounding box of one view's scaled and rotated rectangle.
  public static func of(_ state: some PropertyReading) -> StageRect {
    of(
      x: state.number(.x), y: state.number(.y), width: state.number(.width),
      height: state.number(.height), rotation: state.number(.rotation),
      scaleX: state.number(.scaleX), scaleY: state.number(.scaleY))
  }

  /// The bounding box of a rectangle `width × height` centred on (x, y),
  /// scaled, then rotated by `rotation` degrees.
  @inline(__always)
  static func of(
    x: Double, y: Double, width: Double, height: Double, rotation: Double, scaleX: Double,
    scaleY: Double
  ) -> StageRect {
    let hw = abs(width * scaleX) / 2
    let hh = abs(height * scaleY) / 2
    let (s, c) = Affine.sinCos(degrees: rotation)
    let ex = abs(c) * hw + abs(s) * hh
    let ey = abs(s) * hw + abs(c) * hh
    return StageRect(minX: x - ex, minY: y - ey, maxX: x + ex, maxY: y + ey)
  }

  /// The union of the bounds of every view `scene` draws, or nil when it
  /// draws none.
  public static func of(_ scene: Scene) -> StageRect? {
    var result: StageRect?
    if scene.hasTree {
      // SPEC §17: every drawn view's outline under its world transform.
      let world = scene.worldFrame()
      scene.forEachDrawn { id, kind, record in
        guard
          let r = of(
            kind, record, path: scene.paths[id], text: scene.textView(id),
            placed: world.transforms[Int(id)])
        else { return }
        result = result?.union(r) ?? r
      }
      return result
    }
    scene.forEachDrawn { id, kind, record in
      guard let r = of(kind, record, path: scene.paths[id], text: scene.textView(id)) else {
        return
      }
      result = result?.union(r) ?? r
    }
    return result
  }

  /// The drawn bounds of one view of `kind` (SPEC §16.2): for a rect with
  /// the default anchor and no stroke its scaled and rotated rectangle (as
  /// §12.2 always said); otherwise the world bounding box of its outline's
  /// points (control points included) under `T(x, y)·R·S·T(−ax·w, −ay·h)`,
  /// grown by the stroke's reach. Nil for a view without an outline.
  public static func of(
    _ kind: ViewKind, _ v: some PropertyReading, path: ShapePath? = nil, text: TextView? = nil
  ) -> StageRect? {
    if boxes.admits(kind, v) { return of(v) }
    return of(kind, v, path: path, text: text, placed: Affine.placing(v))
  }

  /// The views whose drawn bounds are their scaled and rotated box (SPEC
  /// §12.2): the default anchor, and nothing drawn past or inside the box
  /// otherwise (a stroke, a morphed outline); the fill's colour, alpha and
  /// corners change no bound.
  static let boxes = PlainViews(drawing: [
    .x, .y, .width, .height, .rotation, .scaleX, .scaleY, .alpha, .color,
    .cornerTopLeft, .cornerTopRight, .cornerBottomRight, .cornerBottomLeft,
  ])

  /// The drawn bounds of one view whose box coordinates `placed` maps to
  /// the world (its world transform, SPEC §17): its outline's points,
  /// grown by the stroke's reach at the largest scale of `placed`.
  public static func of(
    _ kind: ViewKind, _ v: some PropertyReading, path: ShapePath?, text: TextView? = nil,
    placed: Affine
  ) -> StageRect? {
    let stroked = PlainViews.isStroked(v)
    let (a, b, c, d, x0, y0) = (placed.a, placed.b, placed.c, placed.d, placed.tx, placed.ty)
    guard
      let box = kind.outline.outline(of: v, path: path, text: text).bounds({
        OutlinePoint(a * $0.x + c * $0.y + x0, b * $0.x + d * $0.y + y0)
      })
    else { return nil }
    var reach = 0.0
    if stroked {
      let cap = LineCap.allCases[min(max(Int(v.number(.lineCap)), 0), 2)]
      let join = LineJoin.allCases[min(max(Int(v.number(.lineJoin)), 0), 2)]
      reach = Outline.strokeOutset(
        strokeWidth: v.strokeWidth(path: path), join: join, cap: cap,
        largestScale: Outline.largestScale(a: a, b: b, c: c, d: d))
    }
    let g = box.grown(by: reach)
    return StageRect(minX: g.minimum.x, minY: g.minimum.y, maxX: g.maximum.x, maxY: g.maximum.y)
  }
}
