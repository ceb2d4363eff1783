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

  /// Every (view, property) a run of this motion animates, in the order its
  /// primitives are written (each pair once), its primitives bound to no
  /// view animating `defaultView`. Shared parts are visited once per
  /// binding; past `budget` visits the walk stops with what it has found.
  /// What `anim plot` charts when no property is named (SPEC §20).
  public func animatedTargets(defaultView: ViewID, budget: Int = 1_000_000) -> [(
    view: ViewID, property: Property
  )] {
    var visited: Set<VisitKey> = []
    var seen: Set<Int> = []
    var found: [(view: ViewID, property: Property)] = []
    var left = budget
    func walk(_ m: Motion, _ bound: [ViewID]?) {
      guard left > 0, visited.insert(VisitKey(motion: ObjectIdentifier(m), binding: bound)).inserted
      else { return }
      left -= 1
      switch m.node {
      case .leaf(let leaf):
        for view in bound ?? [defaultView] {
          for change in leaf.changes
          where seen.insert(Int(view) &* 64 &+ change.property.index).inserted {
            found.append((view, change.property))
          }
        }
      case .sequence(let parts), .parallel(let parts):
        for part in parts { walk(part, bound) }
      case .repeating(let inner, _), .reversed(let inner), .yoyo(let inner), .speed(let inner, _),
        .eased(let inner, _), .prepared(let inner, _):
        walk(inner, bound)
      case .bound(let inner, let targets):
        walk(inner, targets)
      }
    }
    walk(self, nil)
    return found
  }

  private func affects(_ changed: Property, _ asked: Property) -> Bool { changed == asked }

  private struct VisitKey: Hashable {
    var motion: ObjectIdentifier
    var binding: [ViewID]?
  }
}
