import AnimEngine

/// The settings a `view` declaration takes: every property (SPEC §4) and
/// `scale` (both scale factors). One list for the interpreter, which sets
/// them, and the name checker, which rejects any other label before the
/// script runs (SPEC §20).
enum ViewSettings {
  /// Every setting's name.
  static var names: [String] { Property.allCases.map(\.name) + ["scale"] }

  /// Whether `name` is a setting of a view.
  static func isKnown(_ name: String) -> Bool {
    name == "scale" || Property.named(name) != nil
  }

  /// The error for a label no view has, with the closest setting as a hint.
  static func unknown(_ name: String) -> (message: String, hint: String?) {
    (
      "views have no property '\(name)'",
      Spelling.closest(to: name, among: names).map { "did you mean '\($0)'?" }
    )
  }
}
