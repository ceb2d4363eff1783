/// The tree of views (SPEC §17): each view's parent, its children in
/// declaration order, paint order, and the world transform and opacity that
/// compose down the tree. A parent is always declared before its children,
/// so a parent's id is smaller than its children's: one pass in id order
/// meets every parent before its children, and nothing here recurses.
///
/// Any kind of view may be a parent or a child (a `layer` is the usual
/// parent; `text`'s letters are meant to be its children).
extension Scene {
  /// The deepest a tree may be: a view at depth `maximumDepth` (counting the
  /// root as 0) cannot have children. Exported SVG and the HTML player nest
  /// one group per level and Lottie players follow parents level by level,
  /// so a deeper tree is refused rather than handed to them.
  public static let maximumDepth = 256

  /// The parent of view `id`, or nil at the root.
  public func parent(of id: ViewID) -> ViewID? {
    let p = parentIndex[Int(id)]
    return p < 0 ? nil : p
  }

  /// The children of view `id`, in declaration order.
  public func children(of id: ViewID) -> [ViewID] { childIndex[Int(id)] }

  /// The depth of view `id`: 0 at the root, 1 for a root view's child, ….
  public func depth(of id: ViewID) -> Int { Int(depthIndex[Int(id)]) }

  /// Makes `parent` the parent of `child`, which has none yet. The parent
  /// must be declared before the child (so no cycle can be made) and not be
  /// at `maximumDepth`.
  public func setParent(_ parent: ViewID, of child: ViewID) throws(EngineError) {
    let c = Int(child)
    let p = Int(parent)
    guard p < c else {
      throw EngineError(
        "a parent must be declared before its children: '\(name(of: parent))' comes after '\(name(of: child))'"
      )
    }
    guard parentIndex[c] < 0 else {
      throw EngineError("'\(name(of: child))' already has a parent")
    }
    guard depthIndex[p] < Int32(Self.maximumDepth) else {
      throw EngineError(
        "a tree may be at most \(Self.maximumDepth) levels deep below its root view: '\(name(of: child))' would be at depth \(Int(depthIndex[p]) + 1)"
      )
    }
    parentIndex[c] = parent
    childIndex[p].append(child)
    depthIndex[c] = depthIndex[p] + 1
    // A view is declared with no children, so its own depth is all that changes.
    cachedTreeOrder = nil
    hasTree = true
  }

  /// Every view in paint order: a view, then its subtree (children in
  /// declaration order, each with its own), then the next root view.
  public var treeOrder: [ViewID] {
    // A text whose string changed gets its new letters first (SPEC §18).
    if !letterBook.isEmpty { followLetters() }
    if let order = cachedTreeOrder { return order }
    var order: [ViewID] = []
    order.reserveCapacity(count)
    // An explicit stack of views still to visit, the next on top.
    var stack: [ViewID] = []
    for root in (0..<count).reversed() where parentIndex[root] < 0 {
      stack.append(ViewID(root))
    }
    while let id = stack.popLast() {
      order.append(id)
      stack.append(contentsOf: childIndex[Int(id)].reversed())
    }
    cachedTreeOrder = order
    return order
  }

  /// Whether view `id` clips its descendants (`clip: true`).
  public func clips(_ id: ViewID) -> Bool {
    buffer[Self.slot(id, .clip)] != 0
  }

  /// Whether any view with children clips them now.
  public var hasClips: Bool {
    for i in 0..<count where !childIndex[i].isEmpty && clips(ViewID(i)) { return true }
    return false
  }

  /// The ancestors of `id` that clip it, the outermost first.
  public func clipAncestors(of id: ViewID) -> [ViewID] {
    var result: [ViewID] = []
    var p = parentIndex[Int(id)]
    while p >= 0 {
      if clips(p) { result.append(p) }
      p = parentIndex[Int(p)]
    }
    return result.reversed()
  }

  /// The world transform (box coordinates to world) and the opacity
  /// (the product of its own and every ancestor's alpha, each clamped to
  /// 0…1) of every view, by id, as the scene stands.
  public func worldFrame() -> WorldFrame {
    var frame = WorldFrame()
    fillWorldFrame(&frame)
    return frame
  }

  /// Fills `frame` with the world transforms and opacities of every view,
  /// reusing its storage (renderers call it once per frame).
  public func fillWorldFrame(_ frame: inout WorldFrame) {
    // Texts' boxes as laid out now, and their letters (SPEC §18).
    layOutTexts()
    let n = count
    frame.transforms.removeAll(keepingCapacity: true)
    frame.alphas.removeAll(keepingCapacity: true)
    frame.transforms.reserveCapacity(n)
    frame.alphas.reserveCapacity(n)
    for i in 0..<n {
      let record = record(of: ViewID(i))
      let own = Affine.placing(record)
      let alpha = record.drawn(.alpha)
      let p = Int(parentIndex[i])
      if p < 0 {
        frame.transforms.append(own)
        frame.alphas.append(alpha)
      } else {
        frame.transforms.append(frame.transforms[p].concatenating(own))
        frame.alphas.append(frame.alphas[p] * alpha)
      }
    }
  }

  /// The world transform and opacity of one view, composed up its ancestors.
  public func world(of id: ViewID) -> (transform: Affine, alpha: Double) {
    var chain: [ViewID] = [id]
    var p = parentIndex[Int(id)]
    while p >= 0 {
      chain.append(p)
      p = parentIndex[Int(p)]
    }
    var transform = Affine.identity
    var alpha = 1.0
    for v in chain.reversed() {
      let record = record(of: v)
      transform = transform.concatenating(Affine.placing(record))
      alpha *= record.drawn(.alpha)
    }
    return (transform, alpha)
  }

  /// View `id`'s record read in place, without copying: valid until the
  /// next declaration (renderers read it during one frame).
  @inline(__always)
  public func record(of id: ViewID) -> ViewRecord {
    ViewRecord(base: buffer + layout.index(view: Int(id), slot: 0))
  }

  /// The world rotation of view `id` in degrees: the sum of its own
  /// rotation and every ancestor's (SPEC §17).
  public func worldRotation(of id: ViewID) -> Double {
    var sum = 0.0
    var v = Int(id)
    while v >= 0 {
      sum += buffer[Self.slot(ViewID(v), .rotation)]
      v = Int(parentIndex[v])
    }
    return sum
  }
}

/// Every view's world transform and opacity at one moment, by id
/// (`Scene.worldFrame()`).
public struct WorldFrame: Sendable {
  /// Box coordinates to world coordinates, per view.
  public internal(set) var transforms: [Affine] = []
  /// The opacity a view is drawn at, per view.
  public internal(set) var alphas: [Double] = []

  public init() {}
}
