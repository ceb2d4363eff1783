import AnimEngine

/// The labels a view declaration of some kind takes, read from the property
/// table (`PropertyTable.standard`): one rule for the interpreter, which sets
/// them, and the name checker, which rejects any other label before the
/// script runs (SPEC §20), so both say the same thing.
enum ViewSettings {
  /// What a declaration of `kind` may set: its settable properties, then the
  /// settable aliases (`scale`).
  static func names(of kind: ViewKind) -> [String] {
    PropertyTable.standard.settableNames(of: kind)
  }

  /// Why a view of `kind` cannot take the label `name`, or nil when it can:
  /// the message and hint the interpreter's error has.
  static func problem(with name: String, kind: ViewKind) -> (message: String, hint: String?)? {
    problem(with: name, kind: kind, property: PropertyTable.standard.property(named: name))
  }

  /// The same, for a caller that has looked up the property `name` names
  /// (`property`, nil when none) already.
  static func problem(with name: String, kind: ViewKind, property: Property?) -> (
    message: String, hint: String?
  )? {
    // The common case first: a settable property the kind has (no tree
    // member shares a property's name; a text's laid-out box is the one
    // such property that cannot be set).
    if let property, kind.has(property),
      property.access.contains(.settable), !(kind == .text && isLaidOut(name))
    {
      return nil
    }
    if laidOut(of: kind).contains(name) {
      // SPEC §18: a text's box is its layout, read-only.
      return (
        "a text's \(name) is its laid-out text and cannot be set",
        "change its size (the font size), tracking or text"
      )
    }
    if declarationOnly(of: kind).contains(name) { return nil }
    let table = PropertyTable.standard
    if let alias = table.alias(named: name, for: kind) {
      return alias.isSettable ? nil : ("a view's '\(name)' can be read but not set", nil)
    }
    if let member = TreeMember(rawValue: name) {
      // SPEC §17: a view's place in the tree is fixed at its declaration.
      return (
        "a view's '\(name)' can be read but not set",
        member == .parent ? "name the parent where the view is declared: parent: NAME" : nil
      )
    }
    if table.property(named: name) == nil, let alias = table.alias(named: name),
      let owners = alias.kinds
    {
      // An alias of another kind's properties (`cornerRadius`, SPEC §21.3).
      return (
        "\(article(kind.name)) \(kind.name) has no property '\(name)'",
        "'\(name)' belongs to \(owners.joined(separator: ", "))"
      )
    }
    guard let property = table.property(named: name) else {
      return (
        "views have no property '\(name)'",
        Spelling.closest(to: name, among: names(of: kind)).map { "did you mean '\($0)'?" }
      )
    }
    if !kind.has(property) {
      let owners = ViewKind.allCases.filter { $0.has(property) }.map(\.name)
      return (
        "\(article(kind.name)) \(kind.name) has no property '\(name)'",
        "'\(name)' belongs to \(owners.joined(separator: ", "))"
      )
    }
    if !property.declaration.access.contains(.settable) {
      return ("a view's '\(name)' can be read but not set", nil)
    }
    return nil
  }

  /// What a declaration of `kind` takes besides its settable properties:
  /// a shape's path data and viewBox, or the points it goes through and
  /// how (SPEC §23.1), read once when it is declared.
  static func declarationOnly(of kind: ViewKind) -> [String] {
    kind.outline == .path
      ? ["d", "viewBox", "points", "closed", "smooth"] : kind == .image ? [Property.src.name] : []
  }

  /// What a view of `kind` has but no declaration or assignment sets: a
  /// text's width and height, its laid-out text (SPEC §18).
  static func laidOut(of kind: ViewKind) -> [String] {
    kind == .text ? ["width", "height"] : []
  }

  private static func isLaidOut(_ name: String) -> Bool { name == "width" || name == "height" }

  /// "a" or "an" before a kind's name (`an ellipse`).
  static func article(_ word: String) -> String {
    word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
  }
}
