/// One step of painting views with their group pictures (SPEC §17, §21.2),
/// over views identified by `ID` (a scene's `ViewID`, a recording's index).
public enum PaintStep<ID: Equatable>: Equatable {
  /// A group picture begins: view `id` and its descendants are drawn into
  /// it, until the matching ``close(_:)``.
  case open(ID)
  /// View `id` is drawn (into the innermost open group, or the frame).
  case view(ID)
  /// The group of view `id` is complete: compose it onto what is below.
  case close(ID)
}

/// The order in which views and their group pictures are painted: each
/// view in paint order, with a group opened before a view that is composed
/// (``Composition``) and closed after its last descendant, so groups nest
/// as the tree does. The one walk the renderers and exporters share.
public enum PaintOrder {
  /// Calls `body` with each step for views in paint `order` (parents before
  /// their descendants, each subtree contiguous: `Scene.treeOrder`, or
  /// declaration order in a flat scene), where `parent(i)` is a view's
  /// parent (nil at the root) and `composed(i)` says whether a view opens a
  /// group. A loop with an explicit stack of the open ancestors.
  public static func walk<ID: Equatable>(
    _ order: some Sequence<ID>, parent: (ID) -> ID?, composed: (ID) -> Bool,
    _ body: (PaintStep<ID>) throws -> Void
  ) rethrows {
    // The ancestors of the current view, root first; each marked when it
    // opened a group.
    var path: [(id: ID, opened: Bool)] = []
    for id in order {
      let p = parent(id)
      while let top = path.last, top.id != p {
        path.removeLast()
        if top.opened { try body(.close(top.id)) }
      }
      let opens = composed(id)
      if opens { try body(.open(id)) }
      try body(.view(id))
      path.append((id, opens))
    }
    while let top = path.popLast() {
      if top.opened { try body(.close(top.id)) }
    }
  }
}

extension Scene {
  /// Calls `body` with each paint step of the scene: tree order with a tree
  /// (SPEC §17), else declaration order; a group for each view whose
  /// record says it is composed (``Composition``).
  public func forEachPaintStep(_ body: (PaintStep<ViewID>) throws -> Void) rethrows {
    if !hasTree {
      for i in 0..<count {
        let id = ViewID(i)
        let v = record(of: id)
        if !Composition.isNeeded(v) || Composition(v).isNone {
          try body(.view(id))
        } else {
          try body(.open(id))
          try body(.view(id))
          try body(.close(id))
        }
      }
      return
    }
    try PaintOrder.walk(
      treeOrder, parent: { parent(of: $0) },
      composed: {
        let v = record(of: $0)
        return Composition.isNeeded(v) && !Composition(v).isNone
      },
      body)
  }
}
