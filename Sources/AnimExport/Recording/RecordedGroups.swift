import AnimEngine

/// How each recorded view is composed in the exports (SPEC §21.2), decided
/// once for every writer from ``Composition``: not at all, by taking its
/// opacity into its one paint (a view alone, as the canvas draws it), or as
/// a group: the view and its descendants drawn as one picture (the HTML
/// player's `<g id="g{i}">`, a Lottie precomposition), composited at the
/// composition's values over the recording.
public enum RecordedGroup: Sendable, Equatable {
  /// Drawn straight onto what is below.
  case none
  /// Its opacity taken into its alpha track (``StageRecording/foldingOpacities()``).
  case folded
  /// A group of its own.
  case group
}

extension StageRecording {
  /// How each view is composed, in `views` order.
  public func groups() -> [RecordedGroup] {
    let parents = Set(views.compactMap(\.parent))
    return views.map { view in
      let values: (Property) -> [PropertyValue] = { p in view.track(p).keys.map(\.value) }
      guard Composition.isEverNeeded(values: values) else { return .none }
      let foldable =
        Composition.isOpacityOnlyThroughout(values: values)
        && Self.folds(view, hasChildren: parents.contains(view.id))
      return foldable ? .folded : .group
    }
  }

  /// Whether a recorded view's one paint can take its opacity at every time
  /// (``Composition/foldsIntoPaint(of:hasChildren:)``): no descendants, and
  /// never a visible fill under a visible stroke.
  static func folds(_ view: RecordedView, hasChildren: Bool) -> Bool {
    guard !hasChildren else { return false }
    let filled = view.track(.color).keys.contains { $0.value[3] > 0 }
    let stroked =
      view.track(.stroke).keys.contains { $0.value[3] > 0 }
      && view.track(.strokeWidth).keys.contains { $0.value[0] > 0 }
    return !(filled && stroked)
  }

  /// A copy in which each view whose group is ``RecordedGroup/folded`` has
  /// its opacity multiplied into its alpha track, and the group of each view.
  public func foldingOpacities() -> (recording: StageRecording, groups: [RecordedGroup]) {
    let groups = groups()
    guard groups.contains(.folded) else { return (self, groups) }
    var copy = self
    for (i, group) in groups.enumerated() where group == .folded {
      let view = views[i]
      let folded = product([(view.track(.alpha), 0), (view.track(.opacity), 0)])
      if let t = copy.views[i].tracks.firstIndex(where: { $0.property == .alpha }) {
        copy.views[i].tracks[t] = folded
      } else {
        copy.views[i].tracks.append(folded)
      }
    }
    return (copy, groups)
  }
}
