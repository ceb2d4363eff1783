import AnimEngine

// SPEC §20: a list of views is a group wherever a group is expected, and
// so is a list holding groups (`[a, tiles]`, `[t.letters, s]`): its views
// are the groups' members in order, flattened. Every place that takes a
// group from a list (`group h = …`, `on:`, `stagger`, `for`, `.count`, an
// index) flattens it the same way (issue 32: `for v in [t.letters, s]`
// stopped at the group, and `[a, tiles].count` counted 2 where the group
// made of it has 3).

extension Interpreter {
  /// The views of a list that is a group: each item a view or a group (its
  /// members), in order; nil when an item is anything else (a list of
  /// numbers, or of lists — rows of views kept as data — stays a list).
  /// Throws past the limit of a group's size (`[g, g, …]` repeats members).
  func viewsOfList(_ items: ValueList, at range: SourceRange) throws -> [ViewID]? {
    var views: [ViewID] = []
    guard try collectViews(items, into: &views, at: range) else { return nil }
    return views
  }

  private func collectViews(_ items: ValueList, into views: inout [ViewID], at range: SourceRange)
    throws -> Bool
  {
    for item in items {
      switch item {
      case .view(let v): views.append(v)
      case .group(let g): views += g.members
      default: return false
      }
      if views.count > Scene.maximumViews {
        throw RuntimeError(
          "a group may hold at most \(Scene.maximumViews) views (a view counts each time it is listed)",
          at: range)
      }
    }
    return true
  }
}
