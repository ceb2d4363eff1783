/// Layers: a composition's layers in paint order, each with its ancestors'
/// transforms, its own, its masks or matte, and what it draws.
extension SceneBuilder {
  /// The size of the box a layer's view gets: a precomposition's or a
  /// solid's own size, else its composition's. Its anchor is a point of
  /// that box, so `anchor` is Lottie's anchor point divided by the size.
  func box(of layer: Layer, in size: (Double, Double)) -> (Double, Double) {
    switch layer.kind {
    case .precomp(_, let w, let h) where w > 0 && h > 0: return (w, h)
    case .solid(_, let w, let h) where w > 0 && h > 0: return (w, h)
    case .image(let id):
      if let image = composition.images[id], image.width > 0, image.height > 0 {
        return (image.width, image.height)
      }
      return size
    default: return size
    }
  }

  func buildComposition(
    _ layers: [Layer], clock: TimeMap, parent: Int?, size: (Double, Double), depth: Int,
    where ref: JSONRef
  ) throws(ImportError) {
    let tree = LayerTree(
      layers, drawn: draws,
      shownThroughout: {
        let (from, to) = clock.span($0.inPoint, $0.outPoint)
        return self.shownAtEveryFrame(from: from, to: to)
      })
    // Lottie lists the topmost layer first.
    for i in layers.indices.reversed() {
      let layer = layers[i]
      if layer.isMatte || layer.hidden { continue }
      // What is read of it only now (its time remap, its effects) loops up
      // to its out point too, and links to its composition's layers.
      let scope = LayerScope(outPoint: layer.outPoint, siblings: layer.siblings)
      try AnimatedReader.within(scope, of: layer.ref) {
        () throws(ImportError) in
        try buildLayer(i, tree: tree, clock: clock, parent: parent, size: size, depth: depth)
      }
    }
  }

  /// Whether a layer draws anything of its own.
  func draws(_ layer: Layer) -> Bool {
    if layer.isMatte || layer.hidden { return false }
    switch layer.kind {
    case .shape(let items): return ShapeWalk(items).paints.contains { !$0.shapes.isEmpty }
    case .solid, .precomp, .image: return true
    case .text(.success(let text)):
      return !text.followsPath && text.documents.contains(where: isDrawable)
    default: return false
    }
  }

  func layerName(_ layer: Layer, _ position: Int) -> String {
    layer.name.isEmpty ? "layer_\(layer.index ?? position)" : layer.name
  }

  /// The comment above a layer's view: its name, pointer and its nearest
  /// ``maximumNamedAncestors`` parents (a line of 256 parents named from
  /// every layer would make the script quadratic in the file; the longest
  /// line in 2 306 public files is 11).
  func layerComment(_ position: Int, tree: LayerTree) -> String {
    let layer = tree.layers[position]
    let lineage = tree.lineage(position)
    var names = lineage.prefix(Self.maximumNamedAncestors).map { "\"\(tree.layers[$0].name)\"" }
    if lineage.count > Self.maximumNamedAncestors {
      names.append("… (\(lineage.count - Self.maximumNamedAncestors) more)")
    }
    return "Layer \"\(layer.name)\" (\(layer.ref.pointer))"
      + (names.isEmpty ? "" : ", under \(names.joined(separator: " < "))")
  }

  /// The most parents a layer's comment names.
  static let maximumNamedAncestors = 16

  /// The view a layer's own view goes under: the view of its nearest nested
  /// ancestor (made if need be) or `root`, then a copy of the transform of
  /// each ancestor below that one, top first.
  func placement(
    _ position: Int, tree: LayerTree, clock: TimeMap, root: Int?, size: (Double, Double)
  ) throws(ImportError) -> Int? {
    let lineage = tree.lineage(position)
    let nearest = lineage.firstIndex { tree.nested.contains($0) }
    var node = root
    if let nearest {
      node = try nestedView(lineage[nearest], tree: tree, clock: clock, root: root, size: size)
    }
    let name = layerName(tree.layers[position], position)
    for ancestor in lineage[..<(nearest ?? lineage.count)].reversed() {
      let layer = tree.layers[ancestor]
      node = try transformView(
        layer.transform, name: "\(layerName(layer, ancestor))_for_\(name)", parent: node,
        clock: clock, box: box(of: layer, in: size), opacity: nil, comment: nil)
    }
    return node
  }

  /// The view of a nested parent (made the first time one of its layers
  /// needs it): its transform, and no alpha (its opacity is 100 % and it is
  /// shown throughout, or it would not be nested).
  func nestedView(
    _ position: Int, tree: LayerTree, clock: TimeMap, root: Int?, size: (Double, Double)
  ) throws(ImportError) -> Int {
    if let view = tree.views[position] { return view }
    // The nested ancestors still without views, nearest first: made top
    // down, each under the one above (no recursion: lines may be long).
    var pending = [position]
    for ancestor in tree.lineage(position) where tree.nested.contains(ancestor) {
      if tree.views[ancestor] != nil { break }
      pending.append(ancestor)
    }
    for p in pending.reversed() {
      let lineage = tree.lineage(p)
      let nearest = lineage.firstIndex { tree.nested.contains($0) }
      var node = nearest.map { tree.views[lineage[$0]]! } ?? root
      let name = layerName(tree.layers[p], p)
      for ancestor in lineage[..<(nearest ?? lineage.count)].reversed() {
        let layer = tree.layers[ancestor]
        node = try transformView(
          layer.transform, name: "\(layerName(layer, ancestor))_for_\(name)", parent: node,
          clock: clock, box: box(of: layer, in: size), opacity: nil, comment: nil)
      }
      tree.views[p] = try transformView(
        tree.layers[p].transform, name: name, parent: node, clock: clock,
        box: box(of: tree.layers[p], in: size), opacity: nil,
        comment: layerComment(p, tree: tree))
    }
    return tree.views[position]!
  }

  /// The layer's Lottie ancestors, nearest first.
  func ancestors(of layer: Layer, in layers: [Layer], byIndex: [Int: Int]) throws(ImportError)
    -> [Layer]
  {
    var result: [Layer] = []
    var current = layer
    while let parentIndex = current.parent {
      guard let position = byIndex[parentIndex] else {
        note(layer.ref, "its parent (ind \(parentIndex)) is not in its composition: ignored")
        break
      }
      let parent = layers[position]
      if result.count >= layers.count || parent.index == layer.index {
        throw ImportError(layer.ref.pointer + "/parent", "the layer's parents form a cycle")
      }
      result.append(parent)
      current = parent
    }
    return result
  }

  func buildLayer(
    _ position: Int, tree: LayerTree, clock: TimeMap, parent: Int?, size: (Double, Double),
    depth: Int
  ) throws(ImportError) {
    let layer = tree.layers[position]
    let name = layerName(layer, position)
    let outer = building
    building = layer.ref
    defer { building = outer }
    // Fades this layer leaves pending (a translucent matte, its masks'
    // opacity) are drawn as one picture if they hold several views.
    let pendingBefore = pendingGroups.count
    defer {
      for view in pendingGroups[pendingBefore...] { composeAsGroup(view) }
      pendingGroups.removeSubrange(pendingBefore...)
    }
    // What anim cannot draw, noted; the layer is drawn without it.
    switch layer.kind {
    case .text(let text) where !canDraw(text, layer: layer):
      return
    case .other(let type):
      note(layer.ref, "layer of type \(type) not imported")
      return
    case .null:
      return  // Draws nothing; its transform reaches its children through their chains.
    case .shape(let items) where !ShapeWalk(items).paints.contains(where: { !$0.shapes.isEmpty }):
      // A shape layer that paints nothing (a parent for others, as anim's
      // own exports write a `layer`): nothing to draw.
      noteOthers(ShapeWalk(items))
      return
    default: break
    }
    if layer.is3D {
      note(
        layer.ref,
        "3D layer drawn without depth or perspective (turned about x and y flat, as ThorVG and lottie-web draw it)"
      )
    }

    // When the layer is shown, on the script's clock.
    let (shownFrom, shownTo) = clock.span(layer.inPoint, layer.outPoint)
    guard clock.scale != 0, shownAtSomeFrame(from: shownFrom, to: shownTo) else {
      if layer.ref.optional("op") == nil {
        note(
          layer.ref,
          "layer without an out point (op) not drawn: ThorVG, rlottie and lottie-web never show it")
      }
      return
    }
    // A matte of several levels draws the layer once for each of its
    // regions (SceneBuilder+MatteLevels); any other matte, or none, once.
    let levels =
      layer.matteMode != 0
      ? try matteLevels(for: position, of: tree.layers, byIndex: tree.byIndex, clock: clock)
      : [nil]
    for level in levels {
      var root = parent
      if layer.matteMode != 0 {
        // (A matte's layer is never under a nested parent: LayerTree.)
        root = try buildMatte(
          for: position, of: tree.layers, byIndex: tree.byIndex, clock: clock, parent: root,
          size: size, name: name, level: level)
      }
      try buildLayerDrawing(
        position, tree: tree, clock: clock, root: root, size: size, depth: depth, name: name,
        shown: (shownFrom, shownTo))
    }
  }

  /// Draws layer `position` under `root` (the view its matte's clips end
  /// in, or its composition's): its transforms, effects, masks and what it
  /// holds, shown from `shown.from` to `shown.to` on the script's clock.
  private func buildLayerDrawing(
    _ position: Int, tree: LayerTree, clock: TimeMap, root: Int?, size: (Double, Double),
    depth: Int, name: String, shown: (from: Double, to: Double)
  ) throws(ImportError) {
    let layer = tree.layers[position]
    let (shownFrom, shownTo) = shown
    let own: Int
    if tree.nested.contains(position) {
      own = try nestedView(position, tree: tree, clock: clock, root: root, size: size)
    } else {
      let node = try placement(position, tree: tree, clock: clock, root: root, size: size)
      own = try transformView(
        layer.transform, name: name, parent: node, clock: clock, box: box(of: layer, in: size),
        opacity: (from: shownFrom, to: shownTo), comment: layerComment(position, tree: tree))
    }
    try applyEffects(layer, to: own, clock: clock)
    let content = try buildMasks(layer, parent: own, clock: clock, name: name)
    switch layer.kind {
    case .shape(let items):
      try buildShapes(items, parent: content, clock: clock, name: name)
    case .solid(let color, let w, let h):
      // (0, 0) to (w, h): a negative side runs the other way from 0, as
      // the players draw it; anim's sides are magnitudes.
      var rect = ScriptView(kind: "rect", name: "\(name)_solid", parent: content)
      rect.settings = [
        ("x", .number(w / 2)), ("y", .number(h / 2)), ("width", .number(abs(w))),
        ("height", .number(abs(h))), ("color", .color(color)),
      ]
      try add(rect)
    case .precomp(let id, let w, let h):
      guard let precomp = composition.precomps[id] else { return }
      if w > 0 && h > 0 { model.views[own].set("clip", .bool(true)) }
      let innerSize = w > 0 && h > 0 ? (w, h) : size
      // A time remap's stretches, each a copy (SceneBuilder+TimeRemap).
      var remapped = false
      if let remap = layer.timeRemap,
        let (windows, sampled) = remapWindows(
          remap, clock: clock, shown: (shownFrom, shownTo))
      {
        remapped = try buildRemapped(
          precomp, remap: remap, windows: windows, sampled: sampled, name: name,
          parent: content, clock: clock, size: innerSize, depth: depth)
      }
      if !remapped {
        if layer.stretch <= 0 {
          note(layer.ref, "time stretch \(layer.stretch) not imported (drawn at 1)")
        }
        let inner = clock.precomp(
          startTime: layer.startTime, stretch: layer.stretch > 0 ? layer.stretch : 1)
        try buildComposition(
          precomp.layers, clock: inner, parent: content, size: innerSize, depth: depth + 1,
          where: precomp.ref)
      }
    case .text(.success(let text)):
      try buildText(text, parent: content, name: name, clock: clock)
    case .image(let id):
      guard let asset = composition.images[id] else { break }
      var view = ScriptView(kind: "image", name: "\(name)_image", parent: content)
      view.settings = [("src", .string(try imageFile(id, asset)))]
      if asset.width > 0 && asset.height > 0 {
        view.settings += [
          ("x", .number(asset.width / 2)), ("y", .number(asset.height / 2)),
          ("width", .number(asset.width)), ("height", .number(asset.height)),
        ]
      } else {
        view.settings += [("x", .number(0)), ("y", .number(0)), ("anchor", .point(0, 0))]
      }
      try add(view)
    default: break
    }
    let opacity = layer.transform.opacity
    if opacity.isAnimated || opacity.first != 100 { composeAsGroup(own) }
  }
}
