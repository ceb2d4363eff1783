import AnimEngine

/// Round corners (`rd`): each sharp vertex (both tangents zero) of the
/// shapes listed before the item in its group, and in groups listed before
/// it, cut back along its two sides by the radius (at most half of each
/// side) and joined by a curve through the corner's handles, as lottie-web's
/// `RoundCornersModifier` rounds them (After Effects' own renders agree).
/// The ends of an open path stay sharp. It is read into the shapes' paths,
/// as repeaters are read into copies, so that everything after reading
/// sees plain paths: a fixed shape under a fixed radius is one rounded path,
/// a moving one a path at every frame (and at every keyframe).
enum RoundCorners {
  /// lottie-web's handle share (`roundCorner`): each handle reaches this
  /// share of the way from the cut back to the corner.
  static let handle = 0.5519
  /// The most frames a moving shape is rounded at.
  static let maximumFrames = 10_000

  /// `items` with the shapes each round corners item applies to rounded
  /// (its nearest one after them that rounds at all; a second one finds no
  /// sharp corner left). Vertices rounded at every frame count down
  /// `budget` (``ShapeRepeater/maximumItems`` in a file, shared with the
  /// repeaters' copies); a shape past it or past ``maximumFrames`` frames
  /// keeps its corners, with a note.
  static func apply(_ items: [ShapeItem], budget: inout Int) -> [ShapeItem] {
    var result = items
    var radius: Radius?
    var notes: [ShapeItem] = []
    for k in result.indices.reversed() where !result[k].hidden {
      switch result[k].content {
      case .roundCorners(let r) where r.isAnimated || r.first != 0:
        radius = Radius(value: r, item: result[k])
      case .trim:
        radius?.trimmedFirst = true
      case .path, .rect, .star, .group:
        guard var open = radius else { continue }
        result[k] = round(result[k], &open, notes: &notes, budget: &budget)
        radius = open
      default: break
      }
    }
    // Without notes the list is returned as it is: `+ []` copied every
    // shape list of the file.
    return notes.isEmpty ? result : result + notes
  }

  /// A round corners item open over the shapes before it.
  private struct Radius {
    var value: Animated<Double>
    var item: ShapeItem
    /// Whether trim paths lie between it and the shapes it rounds (noted
    /// once).
    var trimmedFirst = false
    var noted = false
  }

  /// `item` rounded by `radius`: a shape, or a group's shapes (their own
  /// round corners already read in: a second finds no sharp corner left).
  private static func round(
    _ item: ShapeItem, _ radius: inout Radius, notes: inout [ShapeItem], budget: inout Int
  ) -> ShapeItem {
    if item.hidden { return item }
    switch item.content {
    case .group(let children):
      var group = item
      var trimmed = false
      var inner: [ShapeItem] = []
      for child in children {
        if case .trim = child.content { trimmed = true }
        inner.append(round(child, &radius, notes: &notes, budget: &budget))
      }
      if trimmed { radius.trimmedFirst = true }
      group.content = .group(inner)
      return group
    case .path, .rect, .star:
      if radius.trimmedFirst && !radius.noted {
        notes.append(
          ShapeItem(
            radius.item,
            content: .approximation("round corners after trim paths drawn before the trim")))
        radius.noted = true
      }
      if let rounded = rounded(item, radius: radius.value, budget: &budget) { return rounded }
      notes.append(
        ShapeItem(
          radius.item,
          content: .approximation(
            "round corners on a shape moving over more than \(maximumFrames) frames, or past "
              + "\(ShapeRepeater.maximumItems) items and vertices in a file, drawn sharp")))
      return item
    default:
      return item
    }
  }

  /// `item` rounded by `radius`: its path, fixed or at every frame any of
  /// them moves (and at each keyframe); the item itself when it has no
  /// sharp corner; nil past the bounds.
  static func rounded(_ item: ShapeItem, radius: Animated<Double>, budget: inout Int)
    -> ShapeItem?
  {
    guard let shape = LocalShape(item) else { return item }
    let times = shape.times + LocalFrames.keyTimes(radius)
    guard let frames = LocalFrames.frames(times, limit: maximumFrames) else { return nil }
    let r = LocalFrames.number(radius)
    // A fixed shape under a fixed radius is taken once.
    var rounded: [BezierPath] = []
    var sharp = false
    for t in frames.isEmpty ? [0] : frames {
      let path = shape.path(t)
      sharp = sharp || path.hasSharpCorner
      let result = path.roundingCorners(radius: r(t))
      guard result.vertices.count <= budget else { return nil }
      budget -= result.vertices.count
      rounded.append(result)
    }
    guard sharp else { return item }
    return ShapeItem(
      item, content: .path(LocalFrames.animated(frames, rounded, ref: item.ref)))
  }
}

extension BezierPath {
  /// Whether a vertex that round corners would round (both tangents zero,
  /// not an end of an open path) is there.
  var hasSharpCorner: Bool {
    vertices.indices.contains { isSharp($0) }
  }

  private func isSharp(_ k: Int) -> Bool {
    inTangents[k] == .zero && outTangents[k] == .zero
      && (closed || (k != 0 && k != vertices.count - 1))
  }

  /// The path with each sharp corner rounded by `radius` as lottie-web
  /// rounds it: two vertices in its place, each min(side / 2, radius)
  /// back along a side, their handles ``RoundCorners/handle`` of the way
  /// to the corner. A radius of 0 (or less) leaves both at the corner,
  /// so that a moving radius keeps the vertex count.
  func roundingCorners(radius: Double) -> BezierPath {
    let n = vertices.count
    var result = BezierPath(vertices: [], inTangents: [], outTangents: [], closed: closed)
    let r = radius > 0 ? radius : 0
    for k in 0..<n {
      guard isSharp(k) else {
        result.vertices.append(vertices[k])
        result.inTangents.append(inTangents[k])
        result.outTangents.append(outTangents[k])
        continue
      }
      let corner = vertices[k]
      let sides = [(vertices[(k + n - 1) % n], true), (vertices[(k + 1) % n], false)]
      for (neighbour, incoming) in sides {
        let d = neighbour - corner
        let distance = (d.x * d.x + d.y * d.y).squareRoot()
        let share = distance > 0 && distance.isFinite ? min(distance / 2, r) / distance : 0
        // (A side too long for doubles is not cut: d · 0 would be NaN.)
        let cut = share > 0 ? corner + d * share : corner
        let toCorner = (corner - cut) * RoundCorners.handle
        result.vertices.append(cut)
        result.inTangents.append(incoming ? .zero : toCorner)
        result.outTangents.append(incoming ? toCorner : .zero)
      }
    }
    return result
  }
}
