/// Which shapes each fill and stroke of a shape layer paints, and in which
/// order they are painted, as Lottie's players read a layer's `shapes`: a
/// paint applies to every shape listed before it in its group, including
/// those in groups listed before it; a trim applies likewise to the shapes
/// before it; a paint listed later is painted below one listed earlier, a
/// group's paints where the group is listed.
struct ShapeWalk {
  /// A group between a paint and one of its shapes: its transform and
  /// where it is (the same group reached again is the same view).
  struct GroupStep: Sendable {
    var transform: ShapeTransform?
    var ref: JSONRef
    /// Which repeater copy the group is (``ShapeItem/copy``).
    var copy: [Int] = []
    /// Whether the group is a repeater's copy drawn into one picture and
    /// then faded (``ShapeItem/fadesAsOnePicture``).
    var fadesAsOnePicture = false

    /// What tells this group from every other: its place in the file and
    /// its copy.
    var key: Key { Key(index: ref.index, copy: copy) }

    struct Key: Hashable {
      var index: Int
      var copy: [Int]
    }
  }

  /// A shape a paint paints: the groups from the paint's group down to it,
  /// and the trims that apply to it (innermost first).
  struct PaintedShape: Sendable {
    var item: ShapeItem
    var groups: [GroupStep]
    var trims: [ShapeItem]
  }

  /// A fill or stroke with its shapes, and the groups from the layer down
  /// to the paint's own group.
  struct Paint: Sendable {
    var item: ShapeItem
    var groups: [GroupStep]
    var shapes: [PaintedShape]
  }

  /// In paint order, bottom first.
  private(set) var paints: [Paint] = []
  /// Items that are neither drawn nor understood (merge paths, repeaters…).
  private(set) var others: [ShapeItem] = []

  private struct OpenPaint {
    var index: Int
    var depth: Int
  }

  private struct OpenTrim {
    var item: ShapeItem
    var depth: Int
  }

  init(_ items: [ShapeItem]) {
    var open: [OpenPaint] = []
    var trims: [OpenTrim] = []
    walk(items, path: [], open: &open, trims: &trims)
    // Each paint's shapes were found from the end of the list backwards.
    for i in paints.indices { paints[i].shapes.reverse() }
  }

  private mutating func walk(
    _ items: [ShapeItem], path: [GroupStep], open: inout [OpenPaint], trims: inout [OpenTrim]
  ) {
    let depth = path.count
    let openBefore = open.count
    let trimsBefore = trims.count
    for item in items.reversed() where !item.hidden {
      switch item.content {
      case .fill, .stroke, .gradient:
        paints.append(Paint(item: item, groups: path, shapes: []))
        open.append(OpenPaint(index: paints.count - 1, depth: depth))
      case .trim:
        trims.append(OpenTrim(item: item, depth: depth))
      case .group(let children):
        let transform = children.last { child in
          if case .transform = child.content { return true }
          return false
        }
        var step = GroupStep(
          transform: nil, ref: item.ref, copy: item.copy, fadesAsOnePicture: item.fadesAsOnePicture)
        if let transform, case .transform(let t) = transform.content { step.transform = t }
        walk(children, path: path + [step], open: &open, trims: &trims)
      case .path, .rect, .ellipse, .star:
        let applying = trims.reversed().map(\.item)
        for o in open {
          let relative = Array(path.dropFirst(paints[o.index].groups.count))
          paints[o.index].shapes.append(
            PaintedShape(item: item, groups: relative, trims: applying))
        }
      case .transform, .roundCorners, .offset, .puckerBloat, .zigZag:
        break
      case .other, .approximation, .repeater:
        others.append(item)
      }
    }
    // A group's paints and trims reach no further than the group.
    open.removeSubrange(openBefore...)
    trims.removeSubrange(trimsBefore...)
  }
}
