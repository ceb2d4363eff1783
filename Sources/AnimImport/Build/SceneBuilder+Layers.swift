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
    var byIndex: [Int: Int] = [:]
    for (i, layer) in layers.enumerated() {
      if let index = layer.index, byIndex[index] == nil { byIndex[index] = i }
    }
    // Lottie lists the topmost layer first.
    for i in layers.indices.reversed() {
      let layer = layers[i]
      if layer.isMatte || layer.hidden { continue }
      try buildLayer(
        i, of: layers, byIndex: byIndex, clock: clock, parent: parent, size: size, depth: depth)
    }
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
    _ position: Int, of layers: [Layer], byIndex: [Int: Int], clock: TimeMap, parent: Int?,
    size: (Double, Double), depth: Int
  ) throws(ImportError) {
    let layer = layers[position]
    let name = layer.name.isEmpty ? "layer_\(layer.index ?? position)" : layer.name
    // What anim cannot draw, noted; the layer is drawn without it.
    switch layer.kind {
    case .text:
      note(layer.ref, "text layer not imported (SPEC §25: text layers are left out)")
      return
    case .image:
      note(layer.ref, "image layer not imported: anim has no image views yet")
      return
    case .other(let type):
      note(layer.ref, "layer of type \(type) not imported")
      return
    case .null:
      return  // Draws nothing; its transform reaches its children through their chains.
    case .shape(let items) where !ShapeWalk(items).paints.contains(where: { !$0.shapes.isEmpty }):
      // A shape layer that paints nothing (a parent for others, as anim's
      // own exports write a `layer`): nothing to draw.
      for other in ShapeWalk(items).others {
        if case .other(let type) = other.content {
          note(other.ref, "shape item '\(type)'\(ShapeNames.describe(type)) not imported")
        }
      }
      return
    default: break
    }
    for effect in layer.effects {
      let effectName = (try? effect.optionalText("nm")) ?? nil
      note(effect, "layer effect\(effectName.map { " '\($0)'" } ?? "") not drawn")
    }
    if let remap = layer.timeRemap { note(remap, "time remapping not imported") }
    if layer.is3D { note(layer.ref, "3D layer drawn in 2D") }
    if layer.blendMode != 0 {
      note(layer.ref, "blend mode \(layer.blendMode) not drawn (anim has no blend modes yet)")
    }
    if layer.autoOrient { note(layer.ref, "auto-orient not imported") }

    // When the layer is shown, on the script's clock.
    let shownFrom = clock.seconds(layer.inPoint)
    let shownTo = clock.seconds(layer.outPoint)
    guard clock.scale > 0, shownTo > shownFrom, shownTo > 0, shownFrom < end else {
      return
    }
    let lineage = try ancestors(of: layer, in: layers, byIndex: byIndex)
    var node = parent
    if layer.matteMode != 0 {
      node = try buildMatte(
        for: position, of: layers, byIndex: byIndex, clock: clock, parent: node, size: size,
        name: name)
    }
    for ancestor in lineage.reversed() {
      let ancestorName = ancestor.name.isEmpty ? "layer_\(ancestor.index ?? 0)" : ancestor.name
      node = try transformView(
        ancestor.transform, name: "\(ancestorName)_for_\(name)", parent: node, clock: clock,
        box: box(of: ancestor, in: size), opacity: nil,
        comment: nil)
    }
    let window = (from: shownFrom, to: shownTo)
    let own = try transformView(
      layer.transform, name: name, parent: node, clock: clock, box: box(of: layer, in: size),
      opacity: window,
      comment: "Layer \"\(layer.name)\" (\(layer.ref.pointer))"
        + (lineage.isEmpty
          ? "" : ", under \(lineage.map { "\"\($0.name)\"" }.joined(separator: " < "))"))
    let content = try buildMasks(layer, parent: own, clock: clock, name: name)
    switch layer.kind {
    case .shape(let items):
      try buildShapes(items, parent: content, clock: clock, name: name)
    case .solid(let color, let w, let h):
      var rect = ScriptView(kind: "rect", name: "\(name)_solid", parent: content)
      rect.settings = [
        ("x", .number(w / 2)), ("y", .number(h / 2)), ("width", .number(w)),
        ("height", .number(h)), ("color", .color(color)),
      ]
      try add(rect)
    case .precomp(let id, let w, let h):
      guard let precomp = composition.precomps[id] else { return }
      if w > 0 && h > 0 { model.views[own].set("clip", .bool(true)) }
      if layer.stretch <= 0 {
        note(layer.ref, "time stretch \(layer.stretch) not imported (drawn at 1)")
      }
      let inner = clock.precomp(
        startTime: layer.startTime, stretch: layer.stretch > 0 ? layer.stretch : 1)
      try buildComposition(
        precomp.layers, clock: inner, parent: content,
        size: w > 0 && h > 0 ? (w, h) : size, depth: depth + 1, where: precomp.ref)
    default: break
    }
    let opacity = layer.transform.opacity
    if opacity.isAnimated || opacity.first != 100 {
      noteOverlap(of: own, ref: opacity.ref ?? layer.ref, what: "layer opacity")
    }
  }
}
