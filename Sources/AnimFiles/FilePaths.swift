import SystemPackage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths as anim compares them: an import is found relative to the file
/// that imports it, and two paths name the same file when their canonical
/// forms are equal (a cycle, a file imported twice).
public enum FilePaths {
  /// `path` made absolute (from the working directory), without `.` and
  /// `..` (taken lexically, first), then with symbolic links resolved when
  /// the file exists.
  public static func canonical(_ path: String) -> String {
    var file = FilePath(path)
    if !file.isAbsolute, let directory = workingDirectory() {
      file = FilePath(directory).pushing(file)
    }
    let normal = file.lexicallyNormalized().string
    guard let resolved = realpath(normal, nil) else { return normal }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The canonical path that `import "name"` in the script at `file` means.
  public static func resolve(_ name: String, from file: String) -> String {
    let named = FilePath(name)
    if named.isAbsolute { return canonical(name) }
    return canonical(FilePath(file).removingLastComponent().pushing(named).string)
  }

  /// `name` as a person reads it beside the script at `file`: joined to
  /// the script's folder as written (`examples/sales.csv` for `sales.csv`
  /// beside `examples/chart.anim`), not made absolute; an absolute `name`
  /// as it is.
  public static func beside(_ name: String, of file: String) -> String {
    let named = FilePath(name)
    if named.isAbsolute { return name }
    let folder = FilePath(file).removingLastComponent()
    return folder.isEmpty ? name : folder.pushing(named).lexicallyNormalized().string
  }

  /// The last component of `path` (`lib.anim` of `/a/b/lib.anim`).
  public static func fileName(_ path: String) -> String {
    FilePath(path).lastComponent?.string ?? path
  }

  private static func workingDirectory() -> String? {
    guard let buffer = getcwd(nil, 0) else { return nil }
    defer { free(buffer) }
    return String(cString: buffer)
  }
}
