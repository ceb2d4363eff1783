/// Morphing views' outlines (SPEC §16.4): what a morph reads from the scene
/// when it starts, and the check made when a run that morphs starts.
extension Scene {
  /// The outline view `id` draws now, with `value` as its `outline`
  /// property (a track resolving ahead of the scene passes its own value).
  func currentOutline(of id: ViewID, outlineValue value: PropertyValue? = nil) -> Outline {
    var state = state(of: id)
    if let value { state[value: .outline] = value }
    return kind(of: id).outline.outline(of: state, path: paths[id])
  }

  /// The `outline` value that starts a morph of `target`, whose outline
  /// value is `value`, into `other`: the id of the pair made from the
  /// target's outline now and OTHER's outline in its own box, placed so its
  /// anchor point falls on the target's; nil when the two cannot morph
  /// (`morphProblem` refuses such runs before they start).
  func morphOutline(of target: ViewID, into other: ViewID, from value: PropertyValue) -> Double? {
    let mine = state(of: target)
    let theirs = state(of: other)
    let w = abs(mine[.width])
    let h = abs(mine[.height])
    let offset = OutlinePoint(
      mine[.anchorX] * w - theirs[.anchorX] * abs(theirs[.width]),
      mine[.anchorY] * h - theirs[.anchorY] * abs(theirs[.height]))
    let from = currentOutline(of: target, outlineValue: value)
    let to = currentOutline(of: other).translated(by: offset)
    guard let pair = try? MorphPair(target: from, other: to) else { return nil }
    return MorphedOutlines.id(
      of: MorphedOutline(
        pair: pair, box: OutlinePoint(w, h), name: name(of: other),
        fromName: MorphedOutlines.name(of: value)))
  }

  /// Why `target` cannot be morphed into `other`, naming both, or nil. The
  /// number of subpaths and whether they are closed never change by a
  /// morph (a morph needs them equal), so this holds for every later play.
  public func morphProblem(of target: ViewID, into other: ViewID) -> String? {
    let a = currentOutline(of: target)
    let b = currentOutline(of: other)
    do {
      _ = try MorphPair.checkShapes(target: a, other: b)
      return nil
    } catch {
      return MorphPair.message(for: error, target: name(of: target), other: name(of: other))
    }
  }

  // MARK: A shape's points (SPEC §23.1)

  /// The points shape `id` is drawn through now (its `outline` value
  /// `value`, or its own): the declared ones, or where a motion of its
  /// points has taken them; nil for a view not drawn through points.
  public func shapePoints(of id: ViewID, outlineValue value: PropertyValue? = nil) -> ShapePoints? {
    let outline = value ?? state(of: id)[value: .outline]
    if let record = MorphedOutlines.outline(outline[0]), let move = record.points {
      return move.shape(at: outline[1])
    }
    return paths[id]?.points
  }

  /// The `outline` value that starts moving `target`'s points to `points`:
  /// the id of the move from its points now; nil when it is not drawn
  /// through points or the counts differ (`pointsProblem` refuses such
  /// runs before they start).
  public func pointsOutline(of target: ViewID, to points: [OutlinePoint], from value: PropertyValue)
    -> Double?
  {
    guard let path = paths[target], let now = shapePoints(of: target, outlineValue: value),
      now.points.count == points.count
    else { return nil }
    return MorphedOutlines.id(
      of: MorphedOutline(points: PointsMove(from: now, to: points, viewBox: path.viewBox)))
  }

  /// Why `target`'s points cannot move to `count` points, naming it, or nil.
  public func pointsProblem(of target: ViewID, count: Int) -> String? {
    guard let now = shapePoints(of: target) else {
      return
        "\(name(of: target)) is not a shape drawn through points: only such a shape's points move"
    }
    guard now.points.count == count else {
      return
        "cannot move the \(now.points.count) points of \(name(of: target)) to \(count): points move one for one"
    }
    return nil
  }
}

extension Scene {
  /// Notes a problem a motion met while the clock wrote it (two gradients
  /// that cannot be tweened, SPEC §21.1); the clock throws the first one
  /// when the write is done (``takeProblem()``).
  func report(_ problem: EngineError) {
    if pendingProblem == nil { pendingProblem = problem }
  }

  /// The problem reported since the last call, forgotten once taken.
  func takeProblem() -> EngineError? {
    defer { pendingProblem = nil }
    return pendingProblem
  }
}
