/// What a view tells of its place in the tree (SPEC §17): read, never set
/// or animated. Declared once here; the language reads them, and
/// completion, hover and `:help` list them beside the property table's.
public enum TreeMember: String, CaseIterable, Sendable {
  case parent, children, worldX, worldY, worldRotation, worldAlpha, letters

  /// Whether views of `kind` have this member (`letters`: texts only).
  public func belongs(to kind: ViewKind) -> Bool {
    self != .letters || kind == .text
  }

  /// One line for hover, completion, `:help` and the docs.
  public var summary: String {
    switch self {
    case .parent: return "the view's parent, or none (read only; set by parent: or a block)"
    case .children: return "the view's children, a group in declaration order (read only)"
    case .worldX: return "where the anchor point is in world coordinates, x (read only)"
    case .worldY: return "where the anchor point is in world coordinates, y (read only)"
    case .worldRotation: return "the rotation from the root down, in degrees (read only)"
    case .worldAlpha:
      return "the opacity drawn: the product of the clamped alphas from the root (read only)"
    case .letters:
      return
        "a text's letters: a group of child views, one per grapheme cluster, in reading order (read only)"
    }
  }
}
