extension Scene {
  /// The outline a view clips its descendants to (SPEC §17), in its box:
  /// its filled outline, untrimmed; a view without an outline (`layer`)
  /// clips to its box; a text drawn as its letters clips to its own
  /// laid-out glyphs (where its letters sit unmoved), a documented decision.
  /// Every renderer and exporter clips to this outline.
  public func clipOutline(of id: ViewID) -> Outline {
    let state = state(of: id)
    let kind = kind(of: id)
    if kind.outline == .none {
      return .rectangle(width: abs(state[.width]), height: abs(state[.height]), cornerRadius: 0)
    }
    if let text = textView(id) { return text.clipOutline() }
    return kind.outline.outline(of: state, path: paths[id], text: nil)
  }
}
