import CText

#if canImport(Glibc)
  import Glibc
#endif

/// Finds and opens fonts by the name a script gives (SPEC §18): a path to a
/// font file (it contains `/` or ends in `.ttf`, `.otf`, `.ttc`), else a
/// family name that fontconfig must have — never a silent substitute.
public enum FontResolver {
  /// The family a text uses when it names none (Debian `fonts-dejavu-core`).
  public static let defaultFamily = "DejaVu Sans"

  nonisolated(unsafe) private static var opened: [String: FontFile] = [:]
  private static let lock = Lock()

  /// The font named `name`, opened once per process. `directory` resolves a
  /// relative path (the script's own folder).
  public static func font(named name: String, relativeTo directory: String? = nil) throws(TextError)
    -> FontFile
  {
    try TextLibraries.load()
    let key = (directory ?? "") + "\u{0}" + name
    if let font = lock.withLock({ opened[key] }) { return font }
    let path = try isPath(name) ? resolvePath(name, relativeTo: directory) : familyFile(name)
    let font = try FontFile(path: path)
    lock.withLock { opened[key] = font }
    return font
  }

  private static func isPath(_ name: String) -> Bool {
    let lower = name.lowercased()
    return name.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
      || lower.hasSuffix(".ttc")
  }

  private static func resolvePath(_ name: String, relativeTo directory: String?) throws(TextError)
    -> String
  {
    let path = name.hasPrefix("/") || directory == nil ? name : directory! + "/" + name
    if let problem = FontPath.problem(path, named: name) { throw problem }
    return path
  }

  /// Why the font named `name` cannot be used, found without opening it
  /// (`anim check`): a path that is missing, not a regular file or too
  /// large (``FontPath``), or a family fontconfig does not have; nil when
  /// it may be used, or when the libraries to look a family up are missing
  /// (running the script reports that).
  public static func problem(named name: String, relativeTo directory: String? = nil)
    -> TextError?
  {
    do {
      if isPath(name) {
        _ = try resolvePath(name, relativeTo: directory)
      } else {
        try TextLibraries.load()
        _ = try familyFile(name)
      }
      return nil
    } catch {
      return error.isMissingLibrary ? nil : error
    }
  }

  private static func familyFile(_ family: String) throws(TextError) -> String {
    var path = [CChar](repeating: 0, count: 4096)
    var substitute = [CChar](repeating: 0, count: 256)
    let found = anim_text_find_family(family, &path, path.count, &substitute, substitute.count)
    if found == 1 { return String(nulTerminated: path) }
    if found < 0 { throw TextError("fontconfig could not start to find font '\(family)'") }
    throw TextError(
      "font '\(family)' not found", hint: "list the families installed with: fc-list : family")
  }
}
