/// A shape layer's contents: each fill and stroke (`ShapeWalk`) becomes
/// views of the shapes it paints, under views of the groups between them
/// (their transforms), in paint order.
extension SceneBuilder {
  func buildShapes(_ items: [ShapeItem], parent: Int, clock: TimeMap, name: String)
    throws(ImportError)
  {
    let walk = ShapeWalk(items)
    noteOthers(walk)
    // Group views made so far, by the group's place in the file.
    var groupViews: [ShapeWalk.GroupStep.Key: Int] = [:]
    for paint in walk.paints where !paint.shapes.isEmpty {
      var node = parent
      for step in paint.groups {
        node = try groupView(step, parent: node, clock: clock, layer: name, made: &groupViews)
      }
      switch paint.item.content {
      case .fill(let fill):
        try buildFill(fill, paint: paint, parent: node, clock: clock, layer: name)
      case .stroke(let stroke):
        try buildStroke(stroke, paint: paint, parent: node, clock: clock, layer: name)
      case .gradient(_, let approximation, let gradient):
        if case .fill(let fill) = approximation {
          try buildFill(
            fill, paint: paint, parent: node, clock: clock, layer: name, gradient: gradient)
        } else if case .stroke(let stroke) = approximation {
          try buildStroke(
            stroke, paint: paint, parent: node, clock: clock, layer: name, gradient: gradient)
        }
      default: break
      }
    }
  }

  /// The view of a group's transform (made once), or `parent` itself for a
  /// group that transforms nothing. Its opacity is the view's `alpha`,
  /// multiplied into each shape: ThorVG and rlottie draw a group's opacity
  /// shape by shape (overlapping shapes show through each other), where a
  /// layer's they composite as one picture (`composeAsGroup`).
  /// Notes the items of `walk` that are not drawn, or drawn otherwise.
  func noteOthers(_ walk: ShapeWalk) {
    for other in walk.others {
      switch other.content {
      case .other(let type):
        note(other.ref, "shape item '\(type)'\(ShapeNames.describe(type)) not imported")
      case .approximation(let message): note(other.ref, message)
      default: break
      }
    }
  }

  func groupView(
    _ step: ShapeWalk.GroupStep, parent: Int, clock: TimeMap, layer: String,
    made: inout [ShapeWalk.GroupStep.Key: Int], skewing: Bool = true
  ) throws(ImportError) -> Int {
    guard let t = step.transform, !Self.isIdentity(t) else { return parent }
    if let existing = made[step.key] { return existing }
    let groupName = (try? step.ref.optionalText("nm")) ?? nil
    let view = try transformView(
      t, name: "\(layer)_\(groupName ?? "group")", parent: parent, clock: clock,
      box: (1, 1), opacity: (from: -Double.infinity, to: Double.infinity), comment: nil,
      skewing: skewing)
    made[step.key] = view
    // A repeater's copy of one path fades as one picture (once its shapes
    // are built).
    if step.fadesAsOnePicture { pendingGroups.append(view) }
    return view
  }

  /// A `layer` under `parent` at `alpha` (moving as it moves) that fades
  /// what is drawn beneath it — a translucent matte, a mask's opacity — as
  /// one picture: ``composeAsGroup(_:)`` once its layer is built.
  func fadeLayer(_ alpha: Track<Double>, name: String, parent: Int) throws(ImportError) -> Int {
    var fade = ScriptView(kind: "layer", name: name, parent: parent)
    fade.settings = [("alpha", .number(alpha.initial))]
    fade.runs = MotionChain.runs([("alpha", alpha)])
    let view = try add(fade)
    pendingGroups.append(view)
    return view
  }

  /// Makes a layer's opacity, written as the `alpha` of its view, that
  /// view's `opacity` when the view holds more than one drawn view: the
  /// players (ThorVG, rlottie, lottie-web) draw a layer — a shape layer, a
  /// precomposition — into one picture first, then that picture at the
  /// opacity, so its shapes do not show through each other where they
  /// overlap, as anim's group `opacity` (SPEC §21.2) draws them. Over one
  /// drawn view the two are the same picture, and `alpha` is kept (no group
  /// picture: the script and its output stay as they were).
  func composeAsGroup(_ view: Int) {
    var inside: Set<Int> = [view]
    var drawn = 0
    for index in (view + 1)..<model.views.count {
      guard let parent = model.views[index].parent, inside.contains(parent) else { continue }
      inside.insert(index)
      let v = model.views[index]
      if v.kind != "layer" && v.setting("clip") == nil { drawn += 1 }
    }
    guard drawn > 1 else { return }
    model.views[view].renameProperty("alpha", to: "opacity")
  }

  /// A Lottie opacity in percent as anim's 0…1, clamped as the players
  /// draw it (a file's -1e308 % is 0, not a script anim refuses).
  static func fraction(_ percent: Double) -> Double {
    percent > 0 ? (percent < 100 ? percent / 100 : 1) : 0
  }

  /// Whether a transform changes nothing at any time.
  static func isIdentity(_ t: ShapeTransform) -> Bool {
    func fixed(_ p: Animated<[Double]>, _ value: [Double]) -> Bool {
      !p.isAnimated && Array(p.first.prefix(2)) == value
    }
    func fixed(_ p: Animated<Double>, _ value: Double) -> Bool {
      !p.isAnimated && p.first == value
    }
    let positionFixed: Bool
    if let p = t.position {
      positionFixed = fixed(p, [0, 0])
    } else {
      positionFixed =
        (t.positionX.map { fixed($0, 0) } ?? true) && (t.positionY.map { fixed($0, 0) } ?? true)
    }
    return positionFixed && fixed(t.anchor, [0, 0]) && fixed(t.scale, [100, 100])
      && fixed(t.rotation, 0) && fixed(t.opacity, 100) && fixed(t.skew, 0)
  }
}

/// Names of the shape items anim does not draw, for notes.
enum ShapeNames {
  static func describe(_ type: String) -> String {
    switch type {
    case "mm": return " (merge paths)"
    case "rp": return " (repeater)"
    case "zz": return " (zig zag)"
    case "pb": return " (pucker and bloat)"
    case "op": return " (offset path)"
    case "tw": return " (twist)"
    default: return ""
    }
  }
}
