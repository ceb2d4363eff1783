extension Motion {
  /// Whether a run of this motion animates `property` of one of `views`,
  /// its primitives bound to no view animating `defaultView` (an inner
  /// binding wins over an outer one, as when it runs). Shared parts are
  /// visited once per binding; past `budget` visits the answer is true.
  public func animates(
    _ property: Property, of views: Set<ViewID>, defaultView: ViewID, budget: Int = 1_000_000
  ) -> Bool {
    var visited: Set<VisitKey> = []
    var left = budget
    func walk(_ m: Motion, _ bound: [ViewID]?) -> Bool {
      let key = VisitKey(motion: ObjectIdentifier(m), binding: bound)
      if !visited.insert(key).inserted { return false }
      left -= 1
      if left < 0 { return true }
      switch m.node {
      case .leaf(let leaf):
        guard leaf.changes.contains(where: { affects($0.property, property) }) else { return false }
        return (bound ?? [defaultView]).contains { views.contains($0) }
      case .sequence(let parts), .parallel(let parts):
        return parts.contains { walk($0, bound) }
      case .repeating(let inner, _), .reversed(let inner), .yoyo(let inner), .speed(let inner, _),
        .eased(let inner, _), .prepared(let inner, _):
        return walk(inner, bound)
      case .bound(let inner, let targets):
        return walk(inner, targets)
      }
    }
    return walk(self, nil)
  }

  private func affects(_ changed: Property, _ asked: Property) -> Bool { changed == asked }

  private struct VisitKey: Hashable {
    var motion: ObjectIdentifier
    var binding: [ViewID]?
  }
}
