/// How a stagger orders a group's members and spaces their starts, after
/// Spruce's sort functions (SPEC §5.5).
///
/// The *stepped* sorts (`default`, `linear`, `cornered`, `radial`, `random`,
/// `inline`) put members in order and advance by one step (`each:`) per group
/// of tied members. `continuous` and `weighted` instead make each start
/// proportional to a distance, spread over a `duration`.
public enum SortFunction: Sendable, Equatable, Hashable {
  /// Member order: member i starts at i · each.
  case `default`
  /// Sweeps from one edge: distance is |Δy| from the direction's point for
  /// vertical directions and |Δx| for horizontal ones.
  case linear(StaggerDirection)
  /// Spreads diagonally: distance is |Δx| + |Δy| from the corner.
  case cornered(StaggerCorner)
  /// Rings around a position: Euclidean distance from the member nearest it.
  case radial(StaggerPosition)
  /// A seeded shuffle: the shuffled i-th member starts at i · each. The same
  /// seed gives the same order on every machine (see ``SplitMix64``).
  case random(seed: UInt64)
  /// Like lines of a paragraph, from the corner: by vertical distance, then
  /// horizontal distance; member i in that order starts at i · each.
  case inline(StaggerCorner)
  /// A smooth wave from a position: offset = duration · d / d_max, with d the
  /// Euclidean distance from the member nearest the position.
  case continuous(StaggerPosition, duration: Double)
  /// A smooth wave that counts horizontal and vertical distance from the
  /// member nearest the position with separate weights (see
  /// ``StaggerWeight`` for `light`, `medium` and `heavy`).
  case weighted(StaggerPosition, horizontal: Double, vertical: Double, duration: Double)

  /// The sort a stagger uses when none is given: `linear(topToBottom)`.
  public static let standard = SortFunction.linear(.topToBottom)

  /// Whether the sort advances in steps of `each:` (as opposed to spreading
  /// starts over a duration).
  public var isStepped: Bool {
    switch self {
    case .continuous, .weighted: return false
    default: return true
    }
  }
}
