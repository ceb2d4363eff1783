import AnimEngine
import CText

#if canImport(Glibc)
  import Glibc
#endif

/// Finds and opens fonts by the name a script gives (SPEC §18, §21.5): a
/// path to a font file (it contains `/` or ends in `.ttf`, `.otf`, `.ttc`),
/// which is its own face, else a family name that fontconfig must have —
/// never a silent substitute — whose face for the weight and slant asked
/// for is fontconfig's choice.
public enum FontResolver {
  /// The family a text uses when it names none (Debian `fonts-dejavu-core`).
  public static let defaultFamily = "DejaVu Sans"

  /// The generic families fontconfig's own configuration always defines
  /// (fonts.conf): each stands for the family the machine prefers, so they
  /// are taken whatever family fontconfig gives for them.
  public static let genericFamilies = ["sans-serif", "serif", "monospace"]

  /// Where a face is: its file, its index there, and the name fontconfig
  /// gives it (nil for a file named by its path: its name table's).
  private struct Face: Hashable {
    var path: String
    var index: Int32
    var name: String?
  }

  /// Fonts opened, by face: one `FontFile` per face however many requests
  /// lead to it.
  nonisolated(unsafe) private static var opened: [Face: FontFile] = [:]
  /// The face each request resolved to (at most `resolvedLimit`: a script
  /// stepping a weight through a million values must not keep a million
  /// answers; the faces stay open in `opened`).
  nonisolated(unsafe) private static var resolved: [String: Face] = [:]
  static let resolvedLimit = 4096
  nonisolated(unsafe) private static var knownFamilies: [String]?
  private static let lock = Lock()

  /// The face for `request`, opened once per process. `directory` resolves a
  /// relative path (the script's own folder).
  public static func font(for request: FontRequest, relativeTo directory: String? = nil)
    throws(TextError) -> FontFile
  {
    try TextLibraries.load()
    let key =
      (directory ?? "") + "\u{0}" + request.font + "\u{0}" + String(request.weight) + "\u{0}"
      + (request.italic ? "i" : "")
    let face: Face
    if let known = lock.withLock({ resolved[key] }) {
      face = known
    } else {
      face = try locate(request, relativeTo: directory)
    }
    let font: FontFile
    if let open = lock.withLock({ opened[face] }) {
      font = open
    } else {
      font = try FontFile(path: face.path, index: face.index, name: face.name)
    }
    return lock.withLock {
      // One FontFile per face, also when two threads opened it at once.
      let kept = opened[face] ?? font
      opened[face] = kept
      if resolved.count >= resolvedLimit { resolved.removeAll(keepingCapacity: true) }
      resolved[key] = face
      return kept
    }
  }

  /// The face of `name` at normal weight, upright.
  public static func font(named name: String, relativeTo directory: String? = nil)
    throws(TextError) -> FontFile
  {
    try font(for: FontRequest(font: name), relativeTo: directory)
  }

  /// Whether `name` is a path to a font file rather than a family name.
  public static func isPath(_ name: String) -> Bool {
    let lower = name.lowercased()
    return name.contains("/") || lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")
      || lower.hasSuffix(".ttc")
  }

  /// Every family name fontconfig knows, sorted, each once (names that
  /// differ only in case or blanks, as fontconfig compares them, once);
  /// empty when fontconfig cannot start.
  public static func families() throws(TextError) -> [String] {
    try TextLibraries.load()
    if let known = lock.withLock({ knownFamilies }) { return known }
    var buffer = [CChar](repeating: 0, count: 1 << 16)
    var needed = anim_text_families(&buffer, buffer.count)
    if needed > buffer.count {
      buffer = [CChar](repeating: 0, count: needed)
      needed = anim_text_families(&buffer, buffer.count)
    }
    var seen: Set<String> = []
    var names: [String] = []
    for name in buffer.prefix(max(needed, 0)).split(separator: 0) {
      let family = String(nulTerminated: Array(name) + [0])
      if seen.insert(familyKey(family)).inserted { names.append(family) }
    }
    names.sort()
    lock.withLock { knownFamilies = names }
    return names
  }

  /// A family name as fontconfig compares it: without case or blanks.
  public static func familyKey(_ family: String) -> String {
    String(family.lowercased().unicodeScalars.filter { $0 != " " })
  }

  private static func locate(_ request: FontRequest, relativeTo directory: String?)
    throws(TextError) -> Face
  {
    guard isPath(request.font) else { return try familyFace(request) }
    guard request.isRegular else {
      // A file is one face: weight and italic choose among a family's.
      let asked = [
        request.weight != FontRequest.normalWeight
          ? "weight: \(NumberText.format(request.weight))" : nil,
        request.italic ? "italic: true" : nil,
      ].compactMap { $0 }.joined(separator: ", ")
      throw TextError(
        "font file '\(request.font)' is one face: \(asked) cannot choose another",
        hint:
          "name a family instead (font: \"\(defaultFamily)\", \(asked)), or give that face's own file"
      )
    }
    return Face(path: try resolvePath(request.font, relativeTo: directory), index: 0)
  }

  private static func resolvePath(_ name: String, relativeTo directory: String?) throws(TextError)
    -> String
  {
    let path = name.hasPrefix("/") || directory == nil ? name : directory! + "/" + name
    if let problem = FontPath.problem(path, named: name) { throw problem }
    return path
  }

  /// Why the font file at `path` cannot be used, found without opening it
  /// (`anim check`): missing, not a regular file or too large
  /// (``FontPath``); nil when it may be used. `name` is the font as the
  /// script wrote it, as the error names it when the script runs.
  public static func pathProblem(_ path: String, named name: String) -> TextError? {
    FontPath.problem(path, named: name)
  }

  private static func familyFace(_ request: FontRequest) throws(TextError) -> Face {
    let family = request.font
    var path = [CChar](repeating: 0, count: 4096)
    var name = [CChar](repeating: 0, count: 512)
    var substitute = [CChar](repeating: 0, count: 256)
    var index: Int32 = 0
    let generic = genericFamilies.contains { familyKey($0) == familyKey(family) }
    let found = anim_text_find_face(
      family, request.weight, request.italic ? 1 : 0, generic ? 1 : 0, &path, path.count, &index,
      &name, name.count, &substitute, substitute.count)
    if found == 1 {
      let full = String(nulTerminated: name)
      return Face(path: String(nulTerminated: path), index: index, name: full.isEmpty ? nil : full)
    }
    if found < 0 { throw TextError("fontconfig could not start to find font '\(family)'") }
    throw TextError(
      "font '\(family)' not found", hint: "list the families installed with: fc-list : family",
      unknownFamily: family)
  }
}
