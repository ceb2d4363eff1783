/// The start offset, in seconds, of every member of a group under a stagger
/// (SPEC §5.5), in the order the members were given.
///
/// - Parameters:
///   - members: each member's centre in the group's frame coordinates
///     (origin top-left, y down).
///   - frame: the size of the group's frame, which places the named
///     positions, directions and corners.
///   - sort: how members are ordered and spaced; `linear(topToBottom)` when
///     not given.
///   - reversed: walk from the far end. Stepped sorts reverse their walk, so
///     the farthest group starts first; continuous and weighted sorts use
///     max − offset.
///   - timing: `each` seconds per step (ignored by continuous and weighted,
///     which use their duration), or `total` seconds for the whole spread.
/// - Returns: one offset per member. An empty group gives `[]`; a single
///   member, or a group whose maximum distance is zero (all members at one
///   point), starts everyone at 0, except `default` and `random`, which
///   measure no distance.
/// - Throws: ``EngineError`` for a negative or non-finite each, total,
///   duration or weight, a non-finite or negative frame size, a non-finite
///   member position, or offsets too large to represent.
///
/// Stepped sorts (`default`, `linear`, `cornered`, `radial`, `random`,
/// `inline`) walk the members in sorted order (ties keep member order),
/// starting at offset 0. A distance-based walk opens a new group, one step
/// later, each time `floor(distance)` differs from the floor of the distance
/// that opened the current group; members of one group share an offset.
/// `default`, `random` and `inline` never tie: the i-th member walked starts
/// at i steps. With `total: T` the steps are rescaled so the last group
/// starts at T.
///
/// Radial, continuous and weighted sorts first snap their position to the
/// nearest member's centre (on a tie, the member given first).
///
/// Inline sorts give everyone 0 when all members sit at one point, as the
/// distance-based sorts do: there is no row or column to play one after
/// another. `default` and `random` measure no distance, so they always step.
public func staggerOffsets(
  members: [SIMD2<Double>],
  frame: StaggerFrame,
  sort: SortFunction = .standard,
  reversed: Bool = false,
  timing: StaggerTiming = .each(0.05)
) throws(EngineError) -> [Double] {
  try StaggerComputation.validate(members: members, frame: frame, sort: sort, timing: timing)
  guard !members.isEmpty else { return [] }
  if sort.isStepped {
    let steps = StaggerComputation.steps(
      members: members, frame: frame, sort: sort, reversed: reversed)
    return try StaggerComputation.offsets(steps: steps, timing: timing)
  }
  var fractions = StaggerComputation.fractions(members: members, frame: frame, sort: sort)
  if reversed, let largest = fractions.max(), largest > 0 {
    fractions = fractions.map { largest - $0 }
  }
  let spread: Double
  switch (timing, sort) {
  case (.total(let total), _): spread = total
  case (.each, .continuous(_, let duration)): spread = duration
  case (.each, .weighted(_, _, _, let duration)): spread = duration
  case (.each, _): spread = 0
  }
  return fractions.map { spread * $0 }
}

/// The steps of `staggerOffsets`, kept out of the module namespace.
private enum StaggerComputation {
  /// Rejects every input that has no meaningful stagger.
  static func validate(
    members: [SIMD2<Double>], frame: StaggerFrame, sort: SortFunction, timing: StaggerTiming
  ) throws(EngineError) {
    switch timing {
    case .each(let each): try checkAmount(each, "each")
    case .total(let total): try checkAmount(total, "total")
    }
    switch sort {
    case .continuous(_, let duration):
      try checkAmount(duration, "duration")
    case .weighted(_, let horizontal, let vertical, let duration):
      try checkAmount(horizontal, "horizontal weight")
      try checkAmount(vertical, "vertical weight")
      try checkAmount(duration, "duration")
    default:
      break
    }
    for (extent, what) in [(frame.width, "width"), (frame.height, "height")]
    where extent == .infinity {
      throw EngineError(
        "the group's \(what) is past the largest number: its views lie too far apart")
    }
    try checkAmount(frame.width, "frame width")
    try checkAmount(frame.height, "frame height")
    for (index, member) in members.enumerated() where !(member.x.isFinite && member.y.isFinite) {
      let x = NumberText.format(member.x)
      let y = NumberText.format(member.y)
      throw EngineError("member \(index) has a non-finite position (\(x), \(y))")
    }
  }

  /// Throws unless `value` is a finite number ≥ 0.
  static func checkAmount(_ value: Double, _ what: String) throws(EngineError) {
    guard value.isFinite else {
      throw EngineError("\(what) \(NumberText.format(value)) is not a finite number")
    }
    guard value >= 0 else {
      throw EngineError("\(what) \(NumberText.format(value)) is negative")
    }
  }

  // MARK: Stepped sorts

  /// The step (0, 1, 2, …) at which each member starts, in member order.
  static func steps(
    members: [SIMD2<Double>], frame: StaggerFrame, sort: SortFunction, reversed: Bool
  ) -> [Int] {
    let count = members.count
    var steps = Array(repeating: 0, count: count)
    guard let distances = distances(members: members, frame: frame, sort: sort) else {
      guard var walk = untiedOrder(members: members, frame: frame, sort: sort) else {
        return steps
      }
      if reversed {
        walk.reverse()
      }
      for (position, member) in walk.enumerated() {
        steps[member] = position
      }
      return steps
    }
    var walk = Array(0..<count).sorted { (distances[$0], $0) < (distances[$1], $1) }
    if reversed {
      walk.reverse()
    }
    var step = 0
    var groupFloor = distances[walk[0]].rounded(.down)
    for member in walk {
      let memberFloor = distances[member].rounded(.down)
      if memberFloor != groupFloor {
        step += 1
        groupFloor = memberFloor
      }
      steps[member] = step
    }
    return steps
  }

  /// Each member's distance for the sorts that group ties by `floor`
  /// (`linear`, `cornered`, `radial`); nil for the others.
  static func distances(
    members: [SIMD2<Double>], frame: StaggerFrame, sort: SortFunction
  ) -> [Double]? {
    switch sort {
    case .linear(let direction):
      let origin = direction.point(in: frame)
      if direction.isVertical {
        return members.map { abs($0.y - origin.y) }
      }
      return members.map { abs($0.x - origin.x) }
    case .cornered(let corner):
      let origin = corner.point(in: frame)
      return members.map { abs($0.x - origin.x) + abs($0.y - origin.y) }
    case .radial(let position):
      let origin = members[snappedMember(position, frame: frame, members: members)]
      return members.map { length($0 - origin) }
    default:
      return nil
    }
  }

  /// The walk order of the sorts that never tie (`default`, `random`,
  /// `inline`); nil when an inline sort's members all sit at one point.
  static func untiedOrder(
    members: [SIMD2<Double>], frame: StaggerFrame, sort: SortFunction
  ) -> [Int]? {
    switch sort {
    case .random(let seed):
      var generator = SplitMix64(seed: seed)
      return generator.shuffledIndices(count: members.count)
    case .inline(let corner):
      if members.allSatisfy({ $0 == members[0] }) {
        return nil
      }
      let origin = corner.point(in: frame)
      return Array(members.indices).sorted { first, second in
        let p = members[first] - origin
        let q = members[second] - origin
        return (abs(p.y), abs(p.x), first) < (abs(q.y), abs(q.x), second)
      }
    default:
      return Array(members.indices)
    }
  }

  /// Seconds for each step: `each` per step, or steps rescaled so the last
  /// starts at `total`.
  static func offsets(steps: [Int], timing: StaggerTiming) throws(EngineError) -> [Double] {
    switch timing {
    case .each(let each):
      let offsets = steps.map { Double($0) * each }
      if offsets.contains(where: { !$0.isFinite }) {
        throw EngineError("each \(NumberText.format(each)) makes the offsets overflow")
      }
      return offsets
    case .total(let total):
      let last = steps.max() ?? 0
      guard last > 0 else { return steps.map { _ in 0 } }
      // Dividing first keeps total · step from overflowing.
      return steps.map { total * (Double($0) / Double(last)) }
    }
  }

  // MARK: Continuous and weighted sorts

  /// Each member's start as a fraction 0…1 of the spread, in member order.
  ///
  /// Coordinates are first scaled by 1/4 (exactly, a power of two), so that no
  /// difference of two finite coordinates can overflow; the fractions are
  /// ratios of distances and do not change.
  static func fractions(
    members: [SIMD2<Double>], frame: StaggerFrame, sort: SortFunction
  ) -> [Double] {
    let scaled = members.map { $0 * 0.25 }
    switch sort {
    case .continuous(let position, _):
      let origin = scaled[snappedMember(position, frame: frame, members: members)]
      let distances = scaled.map { length($0 - origin) }
      return normalized(distances)
    case .weighted(let position, let horizontal, let vertical, _):
      let origin = scaled[snappedMember(position, frame: frame, members: members)]
      // Only the ratio of the weights matters; scaling them to at most 1
      // keeps the sum below from overflowing for huge weights.
      let heaviest = max(horizontal, vertical)
      guard heaviest > 0 else { return scaled.map { _ in 0 } }
      let dx = normalized(scaled.map { abs($0.x - origin.x) })
      let dy = normalized(scaled.map { abs($0.y - origin.y) })
      let raw = zip(dx, dy).map { horizontal / heaviest * $0 + vertical / heaviest * $1 }
      return normalized(raw)
    default:
      return members.map { _ in 0 }
    }
  }

  /// Values divided by their maximum; all zeros when the maximum is 0.
  static func normalized(_ values: [Double]) -> [Double] {
    guard let largest = values.max(), largest > 0 else { return values.map { _ in 0 } }
    return values.map { $0 / largest }
  }

  // MARK: Geometry

  /// The index of the member whose centre is nearest `position`; on a tie,
  /// the lowest index. Measured on coordinates scaled by 1/4 so that no
  /// difference overflows; scaling by a power of two keeps the order.
  static func snappedMember(
    _ position: StaggerPosition, frame: StaggerFrame, members: [SIMD2<Double>]
  ) -> Int {
    let point = position.point(in: frame) * 0.25
    var best = 0
    var bestDistance = Double.infinity
    for (index, member) in members.enumerated() {
      let distance = length(member * 0.25 - point)
      if distance < bestDistance {
        best = index
        bestDistance = distance
      }
    }
    return best
  }

  /// The Euclidean length of `v`.
  ///
  /// Computed as √(x² + y²), which is exact for whole-number triples such as
  /// (300, 400) → 500 and so keeps `floor` grouping exact on grids; for
  /// components so large or small that the squares would overflow or
  /// underflow it factors out the larger component instead.
  static func length(_ v: SIMD2<Double>) -> Double {
    let x = abs(v.x)
    let y = abs(v.y)
    let larger = max(x, y)
    if larger == 0 || larger.isInfinite {
      return larger
    }
    if larger < 1e150, larger > 1e-150 {
      return (x * x + y * y).squareRoot()
    }
    let ratio = min(x, y) / larger
    return larger * (1 + ratio * ratio).squareRoot()
  }
}
