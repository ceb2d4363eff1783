import AnimFiles
import Foundation

/// Why the runner could not list the files to test.
public enum DiscoveryError: Error, Equatable {
  /// A path given does not exist (exit 66).
  case missing(String)
  /// A directory could not be read (exit 74).
  case unreadable(String, reason: String)
}

/// Finds the test files under the paths given to `anim test`.
///
/// - A directory is searched recursively for files whose name ends in `.anim`;
///   entries whose name starts with `.` are skipped, and a directory reached twice
///   through symbolic links is searched once.
/// - A file named explicitly is tested whatever its extension.
/// - Paths are reported as given, joined with the names below them
///   (`tests/` gives `tests/a.anim`; `.` gives `a.anim`).
/// - The result is sorted by path (comparing Unicode scalars, so it does not depend
///   on the locale) without duplicates, then narrowed to the paths containing
///   `filter` (case-sensitive).
public struct TestDiscovery {
  /// Files and directories to search.
  var paths: [String]
  /// Text a path must contain to be tested; nil tests all.
  var filter: String?

  /// Searches `paths`, keeping the files whose path contains `filter` (all when nil).
  public init(paths: [String], filter: String? = nil) {
    self.paths = paths
    self.filter = filter
  }

  /// The test files, sorted; throws on the first path that does not exist.
  public func files() throws(DiscoveryError) -> [String] {
    var found = Set<String>()
    var visited = Set<String>()
    for path in paths {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw .missing(path)
      }
      if isDirectory.boolValue {
        try search(directory: path, prefix: Self.prefix(for: path), into: &found, &visited)
      } else {
        found.insert(path)
      }
    }
    return
      found
      .filter { filter.map($0.contains) ?? true }
      .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
  }

  /// What goes before the names found in `directory`: the path and one `/`.
  private static func prefix(for directory: String) -> String {
    var path = Substring(directory)
    while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
    if path == "." { return "" }
    return path.hasSuffix("/") ? String(path) : path + "/"
  }

  private func search(
    directory: String, prefix: String, into found: inout Set<String>,
    _ visited: inout Set<String>
  ) throws(DiscoveryError) {
    let real = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
    guard visited.insert(real).inserted else { return }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: directory)
    } catch {
      throw .unreadable(directory, reason: Self.reason(for: error))
    }
    for name in names where !name.hasPrefix(".") {
      let path = prefix + name
      var isDirectory: ObjCBool = false
      // A broken symbolic link does not exist.
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        continue
      }
      if isDirectory.boolValue {
        try search(directory: path, prefix: path + "/", into: &found, &visited)
      } else if name.hasSuffix(".anim") {
        found.insert(path)
      }
    }
  }
}

extension TestDiscovery {
  /// The system's reason for a failed Foundation file call, in the C
  /// library's words (Foundation's own text varies between platforms).
  static func reason(for error: any Error) -> String {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    if let underlying, underlying.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(underlying.code)))
    }
    return error.localizedDescription
  }
}
