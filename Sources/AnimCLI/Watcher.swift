import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `--watch` for `anim run` and `anim test`: runs, then waits until a file it
/// read changes, says so on a line of its own, and runs again, until Ctrl-C.
///
/// Files are polled four times a second (their modification time, size and
/// inode, so an editor that saves by renaming a new file over the old one is
/// seen): no busy loop, no platform-specific notification API, and a file
/// that disappears and comes back is seen too.
enum Watcher {
  /// How long to sleep between two looks at the files.
  static let pollInterval: useconds_t = 250_000

  /// What identifies one version of a file; nil when it does not exist.
  struct Stamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt
  }

  static func stamp(_ path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Stamp(
      seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size),
      inode: UInt(info.st_ino))
  }

  /// Runs `body` (which returns the files to watch: the scripts and every
  /// file they imported) again each time one of them changes. Never returns.
  static func run(_ body: () -> [String]) -> Never {
    while true {
      let files = Array(Set(body())).sorted()
      Terminal.flush()
      let stamps = files.map(stamp)
      var changed: String?
      while changed == nil {
        usleep(pollInterval)
        for (file, old) in zip(files, stamps) where stamp(file) != old {
          changed = file
          break
        }
      }
      let time = Date().formatted(
        Date.FormatStyle(date: .omitted, time: .standard).locale(Locale(identifier: "en_GB")))
      Terminal.writeLine("── \(changed!) changed at \(time): running again ──")
      Terminal.flush()
    }
  }
}
