import AnimEngine

/// Offset paths (`op`), pucker and bloat (`pb`) and zig zag (`zz`): each
/// shape listed before the item in its group, and in groups listed before
/// it, moved out by the item's amount (in when negative), as After Effects
/// moves it (``BezierPath/offsetting(by:join:miterLimit:)``), or puckered,
/// bloated or zig-zagged as lottie-web does it
/// (``BezierPath/puckered(by:)``,
/// ``BezierPath/zigZagged(size:ridges:smooth:limit:)``). They are read into
/// the shapes' paths, as round corners are: a fixed shape under a fixed
/// amount is one path, a moving one a path at every frame (and at every
/// keyframe), held from one to the next (the outline of a frame has as many
/// vertices as its curves need).
enum PathModifiers {
  /// A modifier read into paths.
  enum Modifier {
    case offset(ShapeItem.Offset)
    /// Percent: the vertices toward their centre and the handles away
    /// (bloat), or the other way when negative (pucker).
    case puckerBloat(Animated<Double>)
    case zigZag(ShapeItem.ZigZag)
  }

  /// The most frames a moving shape is modified at.
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
    // Round corners listed after a modifier: the file applies them after
    // it, anim before (they are read in first).
    var roundedAfter = false
    for k in result.indices.reversed() where !result[k].hidden {
      switch result[k].content {
      case .offset(let o) where o.amount.isAnimated || o.amount.first != 0:
        Open.add(.offset(o), item: result[k], to: &open, reordered: roundedAfter)
      case .puckerBloat(let a) where a.isAnimated || a.first != 0:
        Open.add(.puckerBloat(a), item: result[k], to: &open, reordered: roundedAfter)
      case .zigZag(let z) where z.size.isAnimated || z.size.first != 0:
        Open.add(.zigZag(z), item: result[k], to: &open, reordered: roundedAfter)
      case .roundCorners(let r) where open == nil && (r.isAnimated || r.first != 0):
        roundedAfter = true
      case .trim:
        open?.reordered = true
      case .path, .rect, .ellipse, .star, .group:
        guard var o = open else { continue }
        result[k] = move(result[k], &o, notes: &notes, budget: &budget)
        open = o
      default: break
      }
    }
    return notes.isEmpty ? result : result + notes
  }

  /// The modifiers open over the shapes before them, the nearest (applied
  /// first) first.
  private struct Open {
    var modifiers: [Modifier]
    /// The nearest modifier's item (what a note points at).
    var item: ShapeItem

    /// `modifier`, found before those open (nearer the shapes before it),
    /// applied before them; `reordered` when round corners follow it.
    static func add(
      _ modifier: Modifier, item: ShapeItem, to open: inout Open?, reordered: Bool
    ) {
      if var o = open {
        o.modifiers.insert(modifier, at: 0)
        o.item = item
        o.reordered = o.reordered || reordered
        open = o
      } else {
        open = Open(modifiers: [modifier], item: item, reordered: reordered)
      }
    }

    /// Whether trim paths lie between the modifiers and the shapes they
    /// move, or round corners follow them: the file applies those in
    /// another order than anim (noted once).
    var reordered = false
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
        if case .trim = child.content { open.reordered = true }
        inner.append(move(child, &open, notes: &notes, budget: &budget))
      }
      group.content = .group(inner.reversed())
      return group
    case .path, .rect, .ellipse, .star:
      if open.reordered && !open.noted {
        notes.append(
          ShapeItem(
            open.item,
            content: .approximation(
              "\(open.modifiers[0].name) and trim paths or round corners applied in another "
                + "order than the file's")))
        open.noted = true
      }
      if let moved = moved(item, by: open.modifiers, budget: &budget) { return moved }
      notes.append(
        ShapeItem(
          open.item,
          content: .approximation(
            "\(open.modifiers[0].name) on a shape moving over more than \(maximumFrames) frames, or past "
              + "\(ShapeRepeater.maximumItems) items and vertices in a file, not drawn")))
      return item
    default:
      return item
    }
  }

  /// `item` under `modifiers`, one after another: its path, fixed or at
  /// every frame any of them moves (and at each keyframe); nil past the
  /// bounds.
  static func moved(_ item: ShapeItem, by modifiers: [Modifier], budget: inout Int) -> ShapeItem? {
    guard let shape = LocalShape(item) else { return item }
    var times = shape.times
    var steps: [(BezierPath, Double) -> BezierPath?] = []
    for modifier in modifiers {
      switch modifier {
      case .offset(let offset):
        times += LocalFrames.keyTimes(offset.amount) + LocalFrames.keyTimes(offset.miterLimit)
        let amount = LocalFrames.number(offset.amount)
        let limit = LocalFrames.number(offset.miterLimit)
        let join = OffsetJoin(lottie: offset.join)
        let most = budget
        steps.append { path, t in
          path.offset(by: amount(t), join: join, miterLimit: limit(t), limit: most)
        }
      case .puckerBloat(let a):
        times += LocalFrames.keyTimes(a)
        let amount = LocalFrames.number(a)
        steps.append { path, t in path.puckered(by: amount(t)) }
      case .zigZag(let z):
        times += LocalFrames.keyTimes(z.size) + LocalFrames.keyTimes(z.ridges)
        let (size, ridges) = (LocalFrames.number(z.size), LocalFrames.number(z.ridges))
        let limit = budget
        steps.append { path, t in
          path.zigZagged(size: size(t), ridges: ridges(t), smooth: z.smooth, limit: limit)
        }
      }
    }
    let modify = { (path: BezierPath, t: Double) -> BezierPath? in
      var result = path
      for step in steps {
        guard let next = step(result, t) else { return nil }
        result = next
      }
      return result
    }
    guard
      let paths = framewise(times, budget: &budget, ref: item.ref, { modify(shape.path($0), $0) })
    else { return nil }
    return ShapeItem(item, content: .path(paths))
  }

  /// The paths `make` gives at each frame from the first of `times` to the
  /// last (and at each of them; at 0 alone when there are none), held from
  /// one to the next; their vertices count down `budget`. nil when `make`
  /// gives none, or past ``maximumFrames`` frames or the budget.
  private static func framewise(
    _ times: [Double], budget: inout Int, ref: JSONRef?, _ make: (Double) -> BezierPath?
  ) -> Animated<BezierPath>? {
    guard let frames = LocalFrames.frames(times, limit: maximumFrames) else { return nil }
    var paths: [BezierPath] = []
    for t in frames.isEmpty ? [0] : frames {
      guard let path = make(t), path.vertices.count <= budget else { return nil }
      budget -= path.vertices.count
      paths.append(path)
    }
    return LocalFrames.animated(frames, paths, hold: true, ref: ref)
  }

  /// A mask's path moved out by its expansion (`x`; in when negative), as
  /// After Effects expands a mask: closed, the corners it opens rounded.
  /// Fixed when both are, else a path at every frame either moves (held
  /// from one to the next); nil past ``maximumFrames`` frames or
  /// ``ShapeRepeater/maximumItems`` vertices in all.
  static func expanded(_ path: Animated<BezierPath>, by expansion: Animated<Double>)
    -> Animated<BezierPath>?
  {
    let track = path.isAnimated ? Track(path, clock: LocalFrames.clock) : nil
    let amount = LocalFrames.number(expansion)
    var budget = ShapeRepeater.maximumItems
    let most = budget
    return framewise(
      LocalFrames.keyTimes(path) + LocalFrames.keyTimes(expansion), budget: &budget, ref: path.ref
    ) { t in
      var outline = track?.value(at: t) ?? path.first
      outline.closed = true
      return outline.offset(by: amount(t), join: .round, miterLimit: 0, limit: most)
    }
  }
}

extension PathModifiers.Modifier {
  /// What a note calls it.
  var name: String {
    switch self {
    case .offset: return "offset paths"
    case .puckerBloat: return "pucker and bloat"
    case .zigZag: return "zig zag"
    }
  }
}

extension BezierPath {
  /// The path bloated (a positive percent) or puckered (negative) as
  /// lottie-web's `PuckerAndBloatModifier` does it, whose result After
  /// Effects' renders show (LottieFiles' `pucker`, `bloat`): each vertex
  /// moves that share of the way to the vertices' centre, and each handle's
  /// end as far the other way. A path of no vertices, or one whose result
  /// is not finite, is returned as it is.
  func puckered(by percent: Double) -> BezierPath {
    guard !vertices.isEmpty, percent.isFinite else { return self }
    let share = percent / 100
    let centre = vertices.reduce(OutlinePoint(0, 0), +) / Double(vertices.count)
    var result = self
    for k in vertices.indices {
      let v = vertices[k]
      let moved = v + (centre - v) * share
      // The handles' ends, absolute, move away from the centre.
      let outEnd = v + outTangents[k]
      let inEnd = v + inTangents[k]
      result.vertices[k] = moved
      result.outTangents[k] = outEnd - (centre - outEnd) * share - moved
      result.inTangents[k] = inEnd - (centre - inEnd) * share - moved
    }
    return result.isFinite ? result : self
  }
}
