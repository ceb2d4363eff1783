import AnimEngine
import AnimText

/// Fonts as scripts name them (SPEC §18, §21.5): what a family, weight or
/// face that cannot be had is reported as, the same before the script runs
/// (`anim check`, the name checker) and while it runs.
enum FontFaces {
  /// How many families an unknown family's hint names.
  static let suggestedFamilies = 3

  /// The message and hint a script sees for `error`: an unknown family's
  /// hint names the closest families fontconfig has (by edit distance,
  /// ignoring case), or the family and style a face's name stands for.
  static func explained(_ error: TextError) -> (message: String, hint: String?) {
    guard let family = error.unknownFamily else { return (error.message, error.hint) }
    let families = (try? FontResolver.families()) ?? []
    if let face = faceHint(family, families: families) { return (error.message, face) }
    let nearest = Spelling.nearest(to: family, among: families, count: suggestedFamilies)
    guard !nearest.isEmpty else { return (error.message, error.hint) }
    return (
      error.message,
      "closest families: \(nearest.joined(separator: ", ")) (all of them: fc-list : family)"
    )
  }

  /// Why the family `name` cannot be had, or nil when fontconfig has it (a
  /// path, which is found when the script runs, is nil too).
  static func familyProblem(_ name: String) -> (message: String, hint: String?)? {
    guard !FontResolver.isPath(name) else { return nil }
    do {
      _ = try FontResolver.font(named: name)
      return nil
    } catch {
      // A missing library is the run's to report (exit 69), not a typo.
      if error.isMissingLibrary { return nil }
      return explained(error)
    }
  }

  /// Style words a face's full name ends with, and the setting each stands
  /// for (the names fonts give their faces; CSS's weight keywords).
  private static let styleWords: [(word: String, setting: String)] = [
    ("thin", "weight: 100"), ("hairline", "weight: 100"), ("extralight", "weight: 200"),
    ("ultralight", "weight: 200"), ("light", "weight: 300"), ("book", "weight: normal"),
    ("regular", "weight: normal"), ("medium", "weight: 500"), ("semibold", "weight: 600"),
    ("demibold", "weight: 600"), ("bold", "weight: bold"), ("extrabold", "weight: 800"),
    ("ultrabold", "weight: 800"), ("black", "weight: 900"), ("heavy", "weight: 900"),
    ("italic", "italic: true"), ("oblique", "italic: true"),
  ]

  /// For a face's name given as a family ("DejaVu Sans Bold Oblique"), the
  /// family and settings that choose it, when the family is known.
  private static func faceHint(_ name: String, families: [String]) -> String? {
    var words = name.split(separator: " ").map(String.init)
    var settings: [String] = []
    while words.count > 1,
      let style = styleWords.first(where: { $0.word == words.last!.lowercased() })
    {
      settings.insert(style.setting, at: 0)
      words.removeLast()
    }
    guard !settings.isEmpty else { return nil }
    let stem = FontResolver.familyKey(words.joined(separator: " "))
    guard let family = families.first(where: { FontResolver.familyKey($0) == stem }) else {
      return nil
    }
    let shown = ["font: \"\(family)\""] + settings.filter { $0 != "weight: normal" }
    return "'\(name)' is a face: choose it with \(shown.joined(separator: ", "))"
  }
}
