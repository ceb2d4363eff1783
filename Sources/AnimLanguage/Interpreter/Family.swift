import AnimEngine

/// A family of views (SPEC §23.1): `rect bar[i](…)` declares the member
/// `bar[i]`, and `bar` is the group of the members in index order, as a
/// grid's members are. Indices are whole numbers ≥ 0, not necessarily one
/// after another.
struct Family {
  /// The members' indices, increasing.
  private(set) var indices: [Int] = []
  /// The members, in index order.
  private(set) var members: [ViewID] = []

  /// The largest index a member may have: past 2^53 a double no longer
  /// holds every whole number.
  static let maximumIndex = 1 << 53

  /// Adds (or, declared again, keeps) the member `index`. Most families
  /// are declared in index order, which appends.
  mutating func declare(_ index: Int, _ id: ViewID) {
    if let last = indices.last, last >= index {
      let position = indices.partitionPoint { $0 >= index }
      if indices[position] == index {
        members[position] = id
        return
      }
      indices.insert(index, at: position)
      members.insert(id, at: position)
      return
    }
    indices.append(index)
    members.append(id)
  }

  /// The family as a group value named `name`.
  func group(named name: String) -> ViewGroup {
    let dense = indices.last.map { $0 == indices.count - 1 } ?? true
    return ViewGroup(name: name, members: members, family: dense ? .dense : .sparse(indices))
  }

  /// `bar[i]` of a family whose indices are not 0, 1, 2, …: the member
  /// declared with index i.
  static func member(of group: ViewGroup, _ indices: [Int], _ key: Value, at range: SourceRange)
    throws -> ViewID
  {
    guard case .number(let i) = key, i.isFinite else {
      throw RuntimeError("index must be a number, not \(key.typeName)", at: range)
    }
    let position = indices.partitionPoint { Double($0) >= i }
    guard position < indices.count, Double(indices[position]) == i else {
      let shown = indices.prefix(8).map(String.init).joined(separator: ", ")
      throw RuntimeError(
        "\(group.name) has no member \(group.name)[\(NumberText.format(i))]", at: range,
        hint: "its members' indices are \(shown)\(indices.count > 8 ? ", …" : "")")
    }
    return group.members[position]
  }
}

extension Array {
  /// The first position whose element satisfies `belongs`, the elements
  /// being ordered so that those that do come after those that do not.
  fileprivate func partitionPoint(_ belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

extension Interpreter {
  /// The index of a family member's declaration, `bar[i]`: a whole number
  /// from 0 to `Family.maximumIndex`.
  func familyIndex(_ e: Expr, in env: Environment) throws -> Int {
    let value = try evaluate(e, in: env)
    guard case .number(let i) = value else {
      throw RuntimeError(
        "a family member's index must be a number, not \(value.typeName)", at: e.range,
        hint: "rect bar[i](…) inside for i in 0..<n { … }")
    }
    guard i.rounded() == i, i >= 0, i <= Double(Family.maximumIndex) else {
      throw RuntimeError(
        "a family member's index must be a whole number ≥ 0, not \(NumberText.format(i))",
        at: e.range, hint: "members are numbered 0, 1, 2, …; use floor(i) or round(i)")
    }
    return Int(i)
  }

  /// Checks that `name` may name a family here: unbound, or bound to the
  /// family of that name.
  func checkFamilyName(_ name: Identifier, in env: Environment) throws {
    guard let bound = env.lookup(name.name) else { return }
    if case .group(let g) = bound, g.family != nil, g.name == name.name,
      families[name.name] != nil
    {
      return
    }
    let what =
      bound.typeName == "group" ? "a group" : "\(Self.article(bound.typeName)) \(bound.typeName)"
    throw RuntimeError(
      "'\(name.name)' is \(what) here, not a family", at: name.range,
      hint: "a family needs a name of its own: declare its members under another name")
  }

  /// Records the member `index` of the family `name` and binds `name` to the
  /// family's group: where it is bound already, else at the top level, so
  /// the family declared in a loop is seen after it.
  func declareMember(_ name: String, _ index: Int, _ id: ViewID, in env: Environment) {
    let scope: Environment = env.lookup(name) != nil ? env : globals
    // The binding lets go of the members while they change, so that they
    // are changed in place rather than copied at each declaration.
    scope.assign(name, .none)
    families[name, default: Family()].declare(index, id)
    scope.assign(name, .group(families[name]!.group(named: name)))
  }
}
