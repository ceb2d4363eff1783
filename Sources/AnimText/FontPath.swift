#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a font file must be before anim opens it (SPEC §18, issue 32): a
/// regular file of at most ``maximumSize`` bytes. Found with `stat`, which
/// never blocks, so a FIFO, a socket or a device named as a font (`font:
/// "pipe.ttf"`, `font: "/dev/zero"`) is an error naming it instead of an
/// open or a read that waits for ever or never ends. `anim check` asks the
/// same question before anything runs.
public enum FontPath {
  /// The largest font file opened: 100 MB, far more than the largest
  /// common fonts (a CJK collection is about 20 MB).
  public static let maximumSize = 100_000_000

  /// Why the file at `path` cannot be a font, or nil when it may be one.
  /// `name` is the font as the script wrote it (what the message names).
  public static func problem(_ path: String, named name: String) -> TextError? {
    let hint = "give a path to a .ttf or .otf file, or a family name"
    var status = stat()
    guard stat(path, &status) == 0 else {
      if errno == ENOENT || errno == ENOTDIR {
        return TextError("font file '\(name)' not found", hint: hint)
      }
      return TextError("font file '\(name)' cannot be read: \(String(cString: strerror(errno)))")
    }
    let type = status.st_mode & S_IFMT
    guard type == S_IFREG else {
      return TextError("font file '\(name)' is not a regular file (\(describe(type)))", hint: hint)
    }
    guard Int(status.st_size) <= maximumSize else {
      return TextError(
        "font file '\(name)' is larger than the limit of 100 MB (\(status.st_size) bytes)",
        hint: hint)
    }
    guard access(path, R_OK) == 0 else {
      return TextError("font file '\(name)' cannot be read: \(String(cString: strerror(errno)))")
    }
    return nil
  }

  /// The kind of a file that is not a regular one, in words.
  private static func describe(_ type: mode_t) -> String {
    switch type {
    case S_IFDIR: return "a directory"
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    default: return "not a file"
    }
  }
}
