import AnimFiles
import AnimText

/// The fonts a script's texts name with a literal (`font: "Inter"`, `font:
/// "fonts/Mono.ttf"`), looked up before anything runs (SPEC §23.3), with the
/// error a text's declaration would throw when one cannot be found.
enum FontChecks {
  /// The fonts `checker` saw that cannot be found, as name errors (exit
  /// 65). A missing library (fontconfig, FreeType) is left to the run,
  /// which reports it as such (exit 69).
  static func problems(of checker: NameChecker, in script: SourceFile) -> [(Diagnostic, SourceFile)]
  {
    var found: [(Diagnostic, SourceFile)] = []
    var seen: Set<String> = []
    for (name, range) in checker.fontReads where seen.insert(name).inserted {
      let lower = name.lowercased()
      let isPath =
        name.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
        || lower.hasSuffix(".ttc")
      let stored = isPath ? FilePaths.resolve(name, from: script.path) : name
      do {
        _ = try FontResolver.font(named: stored)
      } catch {
        if error.isMissingLibrary { continue }
        found.append((.error(error.message, at: range, hint: error.hint, kind: .name), script))
      }
    }
    return found
  }
}
