/// The Lottie parents of one composition's layers, and which parents can be
/// anim parents of their children (SPEC §17) instead of being copied above
/// each child.
///
/// A view's children are painted right after it and inherit its alpha;
/// Lottie paints layers in list order whatever their parents and passes a
/// parent's transform but not its opacity. So a parent is `nested` — its
/// own view is the parent of its children's views — only where that draws
/// the same: its opacity is 100 % throughout and it is shown from start to
/// end (nothing its children would inherit), it is not a precomposition
/// (whose clip would cut its children), no layer under it has or is a
/// track matte (a matte's views are built from the composition's top), and
/// the layers under it that draw come one after another in paint order, so
/// painting them together changes no order. Every other parent is copied.
final class LayerTree {
  let layers: [Layer]
  let byIndex: [Int: Int]
  /// Each layer's parent, by position in `layers`.
  let parents: [Int?]
  /// Positions of the parents whose view is their children's parent.
  private(set) var nested: Set<Int> = []
  /// The views of nested parents made so far, by position.
  var views: [Int: Int] = [:]

  init(_ layers: [Layer], drawn: (Layer) -> Bool, shownThroughout: (Layer) -> Bool) {
    self.layers = layers
    let byIndex = Layer.positions(of: layers)
    self.byIndex = byIndex
    parents = layers.map { layer in layer.parent.flatMap { byIndex[$0] } }
    var children = [[Int]](repeating: [], count: layers.count)
    for (i, p) in parents.enumerated() { if let p, p != i { children[p].append(i) } }
    // Paint order of the layers that draw (Lottie lists the topmost first).
    var rank = [Int?](repeating: nil, count: layers.count)
    var next = 0
    for i in layers.indices.reversed() where drawn(layers[i]) {
      rank[i] = next
      next += 1
    }
    for candidate in layers.indices where !children[candidate].isEmpty {
      let layer = layers[candidate]
      guard layer.matteMode == 0, !layer.isMatte, shownThroughout(layer),
        !layer.transform.opacity.isAnimated, layer.transform.opacity.first == 100
      else { continue }
      if case .precomp(_, let w, let h) = layer.kind, w > 0 && h > 0 { continue }
      // The subtree, by an explicit stack (parents are checked for cycles
      // before; `seen` guards anyway).
      var stack = children[candidate]
      var seen: Set<Int> = [candidate]
      var ranks: [Int] = rank[candidate].map { [$0] } ?? []
      var mattes = false
      while let i = stack.popLast() {
        guard seen.insert(i).inserted else { continue }
        if layers[i].matteMode != 0 || layers[i].isMatte { mattes = true }
        if let r = rank[i] { ranks.append(r) }
        stack += children[i]
      }
      guard !mattes else { continue }
      if let low = ranks.min(), let high = ranks.max(), high - low + 1 != ranks.count { continue }
      nested.insert(candidate)
    }
  }

  /// The layer's ancestors by position, nearest first (a parent that is not
  /// in the composition ends the line).
  func lineage(_ position: Int) -> [Int] {
    var result: [Int] = []
    var current = parents[position]
    while let p = current, p != position, result.count < layers.count {
      result.append(p)
      current = parents[p]
    }
    return result
  }
}
