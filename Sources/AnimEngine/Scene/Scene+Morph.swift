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
