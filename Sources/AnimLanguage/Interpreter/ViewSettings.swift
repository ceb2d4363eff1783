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
    let table = PropertyTable.standard
    if let alias = table.alias(named: name) {
      return alias.isSettable ? nil : ("a view's '\(name)' can be read but not set", nil)
    }
    guard let property = table.property(named: name) else {
      return (
        "views have no property '\(name)'",
        Spelling.closest(to: name, among: names(of: kind)).map { "did you mean '\($0)'?" }
      )
    }
    if !kind.has(property) { return ("a \(kind.name) has no property '\(name)'", nil) }
    if !property.declaration.access.contains(.settable) {
      return ("a view's '\(name)' can be read but not set", nil)
    }
    return nil
  }
}
