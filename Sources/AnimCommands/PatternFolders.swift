import AnimConsole
import Foundation

/// The folders a frame pattern's files go into, made as `mkdir -p` makes
/// them (`anim render x.anim -o frames/f%05d.png` creates `frames/`), and
/// removed again, if still empty, when the render fails, so a failed render
/// leaves nothing behind.
struct PatternFolders {
  /// Folders this render created, deepest last.
  private(set) var created: [String] = []
  /// The folder of the last frame, already known to exist.
  private var ready: String?

  /// Makes the folder that holds `file` and every missing folder above it.
  mutating func prepare(for file: String) throws {
    let folder = Self.parent(of: file)
    guard !folder.isEmpty, folder != ready else { return }
    var missing: [String] = []
    var next = folder
    var isFolder: ObjCBool = false
    while !next.isEmpty, next != "/",
      !FileManager.default.fileExists(atPath: next, isDirectory: &isFolder)
    {
      missing.append(next)
      next = Self.parent(of: next)
    }
    for path in missing.reversed() {
      if mkdir(path, 0o777) != 0 && errno != EEXIST {
        throw FrameWriter.Failure(
          message: "cannot create folder \(path): \(String(cString: strerror(errno)))",
          code: ExitStatus.ioError)
      }
      created.append(path)
    }
    ready = folder
  }

  /// The folder `path` names a file in: "" for a name alone, "/" for one
  /// at the root, the slashes before the name dropped. (Foundation's
  /// `deletingLastPathComponent` of a name without a slash traps in
  /// swift-corelibs-foundation 6.3: `-o frames/f%05d.png` crashed when
  /// `frames/` did not exist.)
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    var folder = path[..<slash]
    while folder.last == "/" { folder.removeLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// Removes the folders `prepare` created, deepest first, where empty.
  func removeCreated() {
    for path in created.reversed() { rmdir(path) }
  }
}
