import AnimFiles
import Foundation

/// The lines entered at the REPL, kept across sessions in a file: loaded at
/// start, and rewritten atomically after every entered line.
public final class LineHistory {
  /// Most entries kept; older ones are dropped first. A thousand lines cover
  /// weeks of sessions while the file stays small enough to rewrite on every
  /// line.
  public static let maximumEntries = 1000

  /// The file, or nil for a history kept in memory only.
  public let path: String?
  /// The entries, oldest first.
  public private(set) var entries: [String] = []
  /// Why the last write failed, if it did (the session warns once).
  public private(set) var lastFailure: String?

  /// A history backed by `path` (nil: memory only), loaded from it if it exists.
  public init(path: String?) {
    self.path = path
    // A history that cannot be read (none yet, or unreadable) starts empty.
    guard let path, let bytes = try? FileBytes.read(path) else { return }
    let lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: true)
    entries = lines.suffix(Self.maximumEntries).map(String.init)
  }

  /// The history file: `$ANIM_HISTORY`, else `~/.anim_history`. An empty
  /// `ANIM_HISTORY` turns the file off (nil).
  public static func defaultPath(environment: [String: String]) -> String? {
    if let path = environment["ANIM_HISTORY"] { return path.isEmpty ? nil : path }
    let home = environment["HOME"] ?? NSHomeDirectory()
    return URL(fileURLWithPath: home).appendingPathComponent(".anim_history").path
  }

  /// Appends `line` (blank lines and a repeat of the last entry are not kept),
  /// drops the oldest entries past the cap and rewrites the file. Returns
  /// whether the line was added.
  @discardableResult
  public func add(_ line: String) -> Bool {
    guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return false }
    entries.append(line)
    if entries.count > Self.maximumEntries {
      entries.removeFirst(entries.count - Self.maximumEntries)
    }
    save()
    return true
  }

  /// Rewrites the file with the current entries.
  public func save() {
    guard let path else { return }
    do {
      try AtomicFile.write(entries.map { $0 + "\n" }.joined(), to: path)
      lastFailure = nil
    } catch {
      lastFailure = "cannot write \(error.description)"
    }
  }
}
