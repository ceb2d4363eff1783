import AnimEngine

/// The fixed words of the language, shared by every tool that helps someone
/// write it: the REPL's Tab completion and `:help`, and the language server's
/// completion and hover.
public enum Vocabulary {
  /// The words that start a statement, as the parser knows them.
  public static var statementKeywords: [String] { StatementKeyword.statementWords }

  /// The members of a view that scripts set (`view.alpha = 0.5`): the
  /// property table's settable properties and aliases.
  public static var viewMembers: [String] { PropertyTable.standard.settableNames() }

  /// The members a view of `kind` has that scripts set (`cornerRadius` on a
  /// rect, `innerRadius` on a star).
  public static func viewMembers(of kind: ViewKind) -> [String] {
    PropertyTable.standard.settableNames(of: kind)
  }

  /// The labels a declaration of a view of `kind` takes: its settable
  /// properties and aliases (but a text's laid-out width and height), what
  /// only a declaration sets (a shape's `d` and `viewBox`) and `parent:`
  /// (SPEC §17).
  public static func declarationLabels(of kind: ViewKind) -> [String] {
    let laidOut = ViewSettings.laidOut(of: kind)
    let settable = PropertyTable.standard.settableNames(of: kind).filter {
      !laidOut.contains($0)
    }
    return settable + ViewSettings.declarationOnly(of: kind).filter { !settable.contains($0) }
      + [TreeMember.parent.rawValue]
  }

  /// The member that reads a view's name (`box.name`): not a property.
  static let viewNameMember = "name"

  /// What a view has besides its settable properties: members read, never
  /// animated or set (`box.position`, `box.name`).
  public static var viewReadOnlyMembers: [String] { viewReadOnlyMembers(of: nil) }

  /// The read-only members of a view of `kind` (every kind's when nil):
  /// a shape's `d` only on shapes.
  public static func viewReadOnlyMembers(of kind: ViewKind?) -> [String] {
    [viewNameMember]
      + TreeMember.allCases.filter { member in kind.map(member.belongs(to:)) ?? true }.map(
        \.rawValue)
      + PropertyTable.standard.aliases.filter { !$0.isSettable }.map(\.name)
      + PropertyTable.standard.declarations.filter {
        $0.access.contains(.readable) && !$0.access.contains(.settable)
          && (kind.map($0.belongs(to:)) ?? true)
      }.map(\.name)
  }

  /// What hover, completion and `:help` say of a view member, or nil.
  public static func viewMemberSummary(_ name: String) -> String? {
    if name == viewNameMember { return "the view's name, a string" }
    if let member = TreeMember(rawValue: name) { return member.summary }
    return PropertyTable.standard.summary(of: name)
  }

  /// The words that declare a view, one per kind (`view`, `rect`).
  public static var viewKinds: [String] { ViewKind.allCases.map(\.name) }

  /// The members of a run handle (`h.state`).
  public static let handleMembers = ["state", "time", "id", "iteration", "duration", "speed"]

  /// The members of a group (`tiles.count`).
  public static let groupMembers = ["count"]

  /// The events a handler can wait for (`on h done { ... }`).
  public static let handlerEvents = ["done", "start", "repeat", "mark"]

  /// The stagger sort functions of SPEC §5.5.
  public static let sortFunctions = [
    "default", "linear", "cornered", "radial", "random", "inline", "continuous", "weighted",
  ]

  /// Reference positions of the radial, continuous and weighted sorts.
  public static var positions: [String] { StaggerPosition.allCases.map(\.rawValue) }

  /// Directions of the linear sort.
  public static var directions: [String] { StaggerDirection.allCases.map(\.rawValue) }

  /// Corners of the cornered and inline sorts.
  public static var corners: [String] { StaggerCorner.allCases.map(\.rawValue) }

  /// The amounts of the stock animations (`slide(up, slightly)`).
  public static let amounts = ["slightly", "moderately", "severely"]

  /// The directions of `slide`.
  public static let slideDirections = ["up", "down", "left", "right"]

  /// The weights of the weighted sort.
  public static let weights = ["light", "medium", "heavy"]

  /// The colour spaces of `space:`.
  public static let colorSpaces = ["srgb", "hsb", "oklab"]

  /// Names that are easings where an easing is expected: the named curves
  /// and the builtins that make one.
  public static var easings: [String] { Easing.allNames + ["cubicBezier", "steps", "spring"] }

  /// The names of the builtin functions, sorted.
  public static var builtinNames: [String] { Builtins.names }

  /// What a builtin is, for help, completion and hover; nil for other names.
  public static func builtin(_ name: String) -> BuiltinDescription? {
    guard let builtin = Builtins.all[name] else { return nil }
    return BuiltinDescription(
      name: name, summary: builtin.summary, options: BuiltinOptions.labels(of: name))
  }
}
