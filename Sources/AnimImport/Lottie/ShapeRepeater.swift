/// A repeater (`rp`): the items listed before it in its group drawn
/// `copies` times, copy k (from `offset`) moved by its transform applied
/// k times — T(p·k + a)·S(s^k)·R(r·k)·T(−a), as ThorVG draws it — at an
/// opacity from `startOpacity` to `endOpacity`. It is read into groups,
/// one a copy, so that everything after reading sees plain groups.
struct ShapeRepeater: Sendable {
  var copies: Animated<Double>
  var offset: Animated<Double>
  /// `m`: 1 (the default) puts the first copy on top, 2 the last.
  var firstOnTop: Bool
  var anchor: Animated<[Double]>
  var position: Animated<[Double]>
  /// Percent.
  var scale: Animated<[Double]>
  var rotation: Animated<Double>
  /// Percent.
  var startOpacity: Animated<Double>
  var endOpacity: Animated<Double>

  /// The most copies one repeater makes; more is noted and not repeated.
  static let maximumCopies = 1_000
  /// The most items repeaters may add to one file.
  static let maximumItems = 1_000_000

  static func read(_ item: JSONRef) throws(ImportError) -> ShapeRepeater {
    let object = try item.object()
    let transform = try object.optional("tr")?.object()
    // A key of the repeater (or, with `in` its transform `tr`), or its
    // default when missing.
    func number(_ key: String, in owner: JSONRef?, _ fallback: Double) throws(ImportError)
      -> Animated<Double>
    {
      guard let value = owner?.optional(key) else { return Animated(fixed: fallback) }
      return try AnimatedReader.number(value)
    }
    func point(_ key: String, _ fallback: [Double]) throws(ImportError) -> Animated<[Double]> {
      guard let value = transform?.optional(key) else { return Animated(fixed: fallback) }
      return try AnimatedReader.point(value)
    }
    return ShapeRepeater(
      copies: try number("c", in: object, 1), offset: try number("o", in: object, 0),
      firstOnTop: try object.optionalInteger("m") != 2,
      anchor: try point("a", [0, 0]), position: try point("p", [0, 0]),
      scale: try point("s", [100, 100]), rotation: try number("r", in: transform, 0),
      startOpacity: try number("so", in: transform, 100),
      endOpacity: try number("eo", in: transform, 100))
  }

  var isAnimated: Bool {
    copies.isAnimated || offset.isAnimated || anchor.isAnimated || position.isAnimated
      || scale.isAnimated || rotation.isAnimated || startOpacity.isAnimated
      || endOpacity.isAnimated
  }

  /// `items` with each repeater replaced by its copies of the items
  /// before it (each a group, marked as its own copy so that its groups
  /// are views of their own). A hidden repeater repeats nothing; one of
  /// more than ``maximumCopies`` copies, or whose copies would add more
  /// items than are left of `budget` (``maximumItems`` in a file, each
  /// group's contents counted, and each copy's keyframes taken frame by
  /// frame), stays (noted, not repeated). One that moves is repeated with
  /// its copies moving (`ShapeRepeater+Motion`); past the bounds of that
  /// (``maximumSampledFrames``, ``maximumSampledKeyframes``), as at its
  /// first keyframes (noted).
  static func expand(_ items: [ShapeItem], budget: inout Int) -> [ShapeItem] {
    // Most lists have no repeater: returned as they are, not copied item by
    // item (a layer of 500 000 groups held a second list of them).
    guard items.contains(where: { if case .repeater = $0.content { true } else { false } })
    else { return items }
    var result: [ShapeItem] = []
    for item in items {
      guard case .repeater(let repeater) = item.content else {
        result.append(item)
        continue
      }
      if item.hidden { continue }
      // A moving repeater's frames and most copies, when within bounds.
      var moving: (frames: [Double], count: Int)?
      if repeater.isAnimated, let frames = repeater.sampleFrames {
        let most = repeater.mostCopies(at: frames)
        if most <= maximumCopies && most * frames.count <= maximumSampledKeyframes {
          moving = (frames, most)
        }
      }
      let count = moving?.count ?? Self.count(repeater.copies.first)
      let size = result.reduce(0) { $0 + $1.size }
      let keyframes = moving.map { $0.count * $0.frames.count } ?? 0
      guard count <= maximumCopies, size * count + keyframes <= budget else {
        result.append(ShapeItem(item, content: .other(type: "rp")))
        continue
      }
      budget -= size * count + keyframes
      // Past its bounds, a moving repeater is taken as at its first keyframes.
      let transforms = (moving == nil ? repeater.frozen : repeater).transforms(
        count: count, frames: moving?.frames ?? [], ref: item.ref)
      // One path's fill and stroke fade together, as ThorVG fades one
      // shape; the paths of a copy of several fade each on its own, as
      // all three players draw them (qtlottie's `repeater_group1`).
      let onePicture = result.reduce(0) { $0 + $1.pathCount } <= 1
      var copies: [ShapeItem] = []
      for (i, transform) in transforms.enumerated() {
        let transform = ShapeItem(item, content: .transform(transform))
        var group = ShapeItem(item, content: .group(result + [transform]))
        group.markCopy(i)
        group.fadesAsOnePicture = onePicture
        copies.append(group)
      }
      result = repeater.firstOnTop ? copies : copies.reversed()
      if repeater.isAnimated && moving == nil {
        result.append(
          ShapeItem(
            item,
            content: .approximation(
              "a repeater that moves past the bounds of a moving one (\(maximumSampledFrames) "
                + "frames, \(maximumSampledKeyframes) keyframes of its copies, "
                + "\(maximumCopies) copies) drawn as at its first keyframe")))
      }
    }
    return result
  }
}

extension ShapeItem {
  /// An item of `content` in `item`'s place.
  init(_ item: ShapeItem, content: Content) {
    self.init(content: content, name: item.name, hidden: false, reversed: false, ref: item.ref)
  }

  /// How many items this is: 1, and a group's contents.
  var size: Int {
    guard case .group(let children) = content else { return 1 }
    return children.reduce(1) { $0 + $1.size }
  }

  /// How many paths (rectangles, ellipses, stars, paths) this is or holds,
  /// hidden ones left out.
  var pathCount: Int {
    if hidden { return 0 }
    switch content {
    case .group(let children): return children.reduce(0) { $0 + $1.pathCount }
    case .path, .rect, .ellipse, .star: return 1
    default: return 0
    }
  }

  /// Marks this item and everything in it as copy `i` of a repeater (its
  /// groups then make views of their own, apart from the other copies').
  mutating func markCopy(_ i: Int) {
    copy.insert(i, at: 0)
    if case .group(var children) = content {
      for k in children.indices { children[k].markCopy(i) }
      content = .group(children)
    }
  }
}
