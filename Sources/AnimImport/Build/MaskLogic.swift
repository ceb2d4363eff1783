/// The region a layer's masks leave, as After Effects combines them: each
/// mask in turn with the region the masks above it leave (add, subtract,
/// intersect, lighten, darken, difference), an inverted mask by its
/// outside. With whole masks (opacity 100 %) lighten is add and darken is
/// intersect.
///
/// The region is kept in conjunctive normal form: the intersection of
/// clauses, each the union of masks and masks' outsides. anim draws an
/// intersection as clips nested in each other (SPEC §17) and a clause as
/// one clipping outline (``SceneBuilder/buildMaskChain(_:parent:name:track:)``),
/// so any combination becomes clips.
struct MaskLogic: Equatable {
  /// A mask (`positive`) or its outside.
  struct Literal: Hashable {
    var mask: Int
    var positive: Bool

    var negated: Literal { Literal(mask: mask, positive: !positive) }
  }

  /// How a mask combines with the region above it.
  enum Operation {
    case add, subtract, intersect, difference
  }

  /// The clauses; none is everything, an empty clause nothing.
  private(set) var clauses: [[Literal]]

  /// The most clauses, and literals in all, a region may take (a
  /// difference of unions multiplies them): past them ``combine(_:_:)``
  /// gives nil.
  static let maximumClauses = 16
  static let maximumLiterals = 1024

  /// The whole layer (no clause).
  static let everything = MaskLogic(clauses: [])
  /// Nothing (one empty clause).
  static let nothing = MaskLogic(clauses: [[]])

  /// What a layer's first mask starts from: nothing for one that adds to
  /// it (add, lighten, difference), the whole layer for one that takes
  /// from it (subtract, intersect, darken).
  static func start(for operation: Operation) -> MaskLogic {
    switch operation {
    case .add, .difference: return .nothing
    case .subtract, .intersect: return .everything
    }
  }

  /// The operation of a mask mode (`a`, `s`, `i`, `l`, `d`, `f`); nil for
  /// none (`n`) or one the players do not know.
  static func operation(_ mode: String) -> Operation? {
    switch mode {
    case "a", "l": return .add
    case "s": return .subtract
    case "i", "d": return .intersect
    case "f": return .difference
    default: return nil
    }
  }

  /// This region combined with `literal` by `operation`; nil past the
  /// bounds.
  func combine(_ operation: Operation, _ literal: Literal) -> MaskLogic? {
    var result: [[Literal]]
    switch operation {
    case .intersect: result = clauses + [[literal]]
    case .subtract: result = clauses + [[literal.negated]]
    case .add: result = clauses.map { $0 + [literal] }
    case .difference:
      // (R ∪ m) ∩ (¬R ∪ ¬m).
      guard let negation = negationClauses() else { return nil }
      result = clauses.map { $0 + [literal] } + negation.map { $0 + [literal.negated] }
    }
    return MaskLogic(simplifying: result)
  }

  /// What this region leaves out, joined with `literal`: ¬R ∪ `literal`
  /// (an inverted matte's outside of its outline and its masks); nil past
  /// the bounds.
  func complement(or literal: Literal) -> MaskLogic? {
    guard let negation = negationClauses() else { return nil }
    return MaskLogic(simplifying: negation.map { $0 + [literal] })
  }

  /// ¬R: the union over this region's clauses of the intersection of their
  /// negated literals, spread into clauses; nil past the bounds.
  private func negationClauses() -> [[Literal]]? {
    var negation: [[Literal]] = [[]]
    for clause in clauses {
      var next: [[Literal]] = []
      for partial in negation {
        for l in clause where !partial.contains(l) {
          next.append(partial.contains(l.negated) ? partial : partial + [l.negated])
        }
      }
      guard let simpler = Self.absorbed(next) else { return nil }
      negation = simpler
    }
    return negation
  }

  /// `clauses` without repeated literals, with no clause that holds a mask
  /// and its outside (everything); nil past the bounds.
  private init?(simplifying clauses: [[Literal]]) {
    var kept: [[Literal]] = []
    for clause in clauses {
      var literals: [Literal] = []
      var set: Set<Literal> = []
      var always = false
      for l in clause where !set.contains(l) {
        if set.contains(l.negated) { always = true }
        set.insert(l)
        literals.append(l)
      }
      if !always { kept.append(literals) }
    }
    guard let absorbed = Self.absorbed(kept),
      absorbed.reduce(0, { $0 + $1.count }) <= Self.maximumLiterals
    else { return nil }
    self.clauses = absorbed
  }

  /// `clauses` without one that holds all of another's literals (it adds
  /// nothing to their intersection), each kept once, in their order; nil
  /// when more than ``maximumClauses`` remain or the work would pass
  /// ``maximumLiterals`` squared.
  private static func absorbed(_ clauses: [[Literal]]) -> [[Literal]]? {
    guard clauses.count <= maximumLiterals else { return nil }
    let sets = clauses.map(Set.init)
    var kept: [[Literal]] = []
    for (k, clause) in clauses.enumerated() {
      let covered = sets.indices.contains { j in
        j != k && sets[j].isSubset(of: sets[k]) && (sets[j] != sets[k] || j < k)
      }
      if !covered { kept.append(clause) }
      if kept.count > maximumClauses { return nil }
    }
    return kept
  }

  private init(clauses: [[Literal]]) { self.clauses = clauses }
}
