import SystemPackage

/// Files a script names (`import "…"`) are read only when they are files:
/// a FIFO, a socket or a device is refused by what `stat` says, before any
/// `open`, which would wait for ever on a FIFO with no writer (issue 32).
/// The script given on the command line is not asked this: `anim run
/// <(…)` reads a pipe on purpose.
public enum SpecialFile {
  /// What the file at `path` is, in words, when it exists and is neither a
  /// regular file nor a directory (`a FIFO`, `a character device`, …);
  /// nil otherwise (a missing file is reported by the read that follows).
  public static func kind(of path: String) -> String? {
    guard let status = try? FilePath(path).stat() else { return nil }
    switch status.type {
    case .regular, .directory: return nil
    case .fifo: return "a FIFO"
    case .socket: return "a socket"
    case .characterSpecial: return "a character device"
    case .blockSpecial: return "a block device"
    default: return "not a regular file"
    }
  }

  /// Why `path` is not read, or nil: "it is a FIFO, not a regular file".
  public static func refusal(_ path: String) -> String? {
    kind(of: path).map { "it is \($0), not a regular file" }
  }
}
