import AnimEngine

/// Offset paths (`op`): each shape listed before the item in its group, and
/// in groups listed before it, moved out by the item's amount (in when
/// negative), as After Effects moves it (``BezierPath/offsetting(by:join:miterLimit:)``).
/// It is read into the shapes' paths, as round corners are: a fixed shape
/// under a fixed offset is one path, a moving one a path at every frame
/// (and at every keyframe), held from one to the next (the outline of a
/// frame has as many vertices as its curves need).
enum OffsetPaths {
  /// The most frames a moving shape is offset at.
  static let maximumFrames = 10_000

  /// `items` with the shapes each offset item applies to moved (its
  /// nearest one after them); vertices count down `budget`
  /// (``ShapeRepeater/maximumItems`` in a file, shared with repeaters and
  /// round corners); a shape past it or past ``maximumFrames`` frames is
  /// left as it is, with a note.
  static func apply(_ items: [ShapeItem], budget: inout Int) -> [ShapeItem] {
    var result = items
    var open: Open?
    var notes: [ShapeItem] = []
    for k in result.indices.reversed() where !result[k].hidden {
      switch result[k].content {
      case .offset(let o) where o.amount.isAnimated || o.amount.first != 0:
        open = Open(offset: o, item: result[k])
      case .trim, .roundCorners:
        open?.modifiedFirst = true
      case .path, .rect, .ellipse, .star, .group:
        guard var o = open else { continue }
        result[k] = move(result[k], &o, notes: &notes, budget: &budget)
        open = o
      default: break
      }
    }
    return notes.isEmpty ? result : result + notes
  }

  /// An offset item open over the shapes before it.
  private struct Open {
    var offset: ShapeItem.Offset
    var item: ShapeItem
    /// Whether trim paths or round corners lie between it and the shapes
    /// it moves (noted once).
    var modifiedFirst = false
    var noted = false
  }

  private static func move(
    _ item: ShapeItem, _ open: inout Open, notes: inout [ShapeItem], budget: inout Int
  ) -> ShapeItem {
    if item.hidden { return item }
    switch item.content {
    case .group(let children):
      var group = item
      var inner: [ShapeItem] = []
      for child in children.reversed() {
        if case .trim = child.content { open.modifiedFirst = true }
        inner.append(move(child, &open, notes: &notes, budget: &budget))
      }
      group.content = .group(inner.reversed())
      return group
    case .path, .rect, .ellipse, .star:
      if open.modifiedFirst && !open.noted {
        notes.append(
          ShapeItem(
            open.item,
            content: .approximation(
              "offset paths after trim paths or round corners drawn before them")))
        open.noted = true
      }
      if let moved = moved(item, by: open.offset, budget: &budget) { return moved }
      notes.append(
        ShapeItem(
          open.item,
          content: .approximation(
            "offset paths on a shape moving over more than \(maximumFrames) frames, or past "
              + "\(ShapeRepeater.maximumItems) items and vertices in a file, not drawn")))
      return item
    default:
      return item
    }
  }

  /// `item` moved by `offset`: its path, fixed or at every frame any of
  /// them moves (and at each keyframe); nil past the bounds.
  static func moved(_ item: ShapeItem, by offset: ShapeItem.Offset, budget: inout Int)
    -> ShapeItem?
  {
    guard let shape = LocalShape(item) else { return item }
    let times =
      shape.times + LocalFrames.keyTimes(offset.amount) + LocalFrames.keyTimes(offset.miterLimit)
    guard let frames = LocalFrames.frames(times, limit: maximumFrames) else { return nil }
    let (amount, limit) = (LocalFrames.number(offset.amount), LocalFrames.number(offset.miterLimit))
    let join = OffsetJoin(lottie: offset.join)
    var paths: [BezierPath] = []
    for t in frames.isEmpty ? [0] : frames {
      let path = shape.path(t).offsetting(by: amount(t), join: join, miterLimit: limit(t))
      guard path.vertices.count <= budget else { return nil }
      budget -= path.vertices.count
      paths.append(path)
    }
    return ShapeItem(
      item, content: .path(LocalFrames.animated(frames, paths, hold: true, ref: item.ref)))
  }

  /// A mask's path moved out by its expansion (`x`; in when negative), as
  /// After Effects expands a mask: closed, the corners it opens rounded.
  /// Fixed when both are, else a path at every frame either moves (held
  /// from one to the next); nil past ``maximumFrames`` frames or
  /// ``ShapeRepeater/maximumItems`` vertices in all.
  static func expanded(_ path: Animated<BezierPath>, by expansion: Animated<Double>)
    -> Animated<BezierPath>?
  {
    let times = LocalFrames.keyTimes(path) + LocalFrames.keyTimes(expansion)
    guard let frames = LocalFrames.frames(times, limit: maximumFrames) else { return nil }
    let track = path.isAnimated ? Track(path, clock: LocalFrames.clock) : nil
    let amount = LocalFrames.number(expansion)
    var budget = ShapeRepeater.maximumItems
    var paths: [BezierPath] = []
    for t in frames.isEmpty ? [0] : frames {
      var outline = track?.value(at: t) ?? path.first
      outline.closed = true
      let moved = outline.offsetting(by: amount(t), join: .round, miterLimit: 0)
      guard moved.vertices.count <= budget else { return nil }
      budget -= moved.vertices.count
      paths.append(moved)
    }
    return LocalFrames.animated(frames, paths, hold: true, ref: path.ref)
  }
}
