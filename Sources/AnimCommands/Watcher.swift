import AnimConsole
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `--watch` for `anim run` and `anim test` (and the reloads of `anim preview`): runs, then waits until a file it
/// read changes, says so on a line of its own, and runs again, until Ctrl-C.
///
/// Files are polled four times a second (their modification time, size and
/// inode, so an editor that saves by renaming a new file over the old one is
/// seen): no busy loop, no platform-specific notification API, and a file
/// that disappears and comes back is seen too.
package enum Watcher {
  /// How long to sleep between two looks at the files.
  static let pollInterval: useconds_t = 250_000

  /// What identifies one version of a file; nil when it does not exist.
  package struct Stamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt
  }

  package static func stamp(_ path: String) -> Stamp? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Stamp(
      seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int(info.st_size),
      inode: UInt(info.st_ino))
  }

  /// Runs `body` again each time a file it read changes. `body` notes each
  /// file in the `FileReads` it is given just before reading it (the scripts
  /// and every file they import), so a change made while it runs, after the
  /// read, is seen too. Never returns.
  static func run(_ body: (FileReads) -> Void) -> Never {
    while true {
      let reads = FileReads()
      body(reads)
      Terminal.flush()
      let changed = waitForChange(reads.stamps)
      let time = Date().formatted(
        Date.FormatStyle(date: .omitted, time: .standard).locale(Locale(identifier: "en_GB")))
      Terminal.writeLine("── \(changed) changed at \(time): running again ──")
      Terminal.flush()
    }
  }
}

extension Watcher {
  /// Sleeps until one of the files differs from its stamp, and returns it.
  static func waitForChange(
    _ stamps: [(path: String, stamp: Stamp?)], every interval: useconds_t = pollInterval
  ) -> String {
    while true {
      usleep(interval)
      for (file, old) in stamps where stamp(file) != old { return file }
    }
  }
}

/// The files one run read, each with its stamp from just before its first
/// read; safe to note from the test runner's threads.
package final class FileReads: @unchecked Sendable {
  private let lock = NSLock()
  private var stamps_: [String: Watcher.Stamp?] = [:]

  package init() {}

  /// Notes `path`, about to be read (again: the first stamp stays).
  package func record(_ path: String) {
    let stamp = Watcher.stamp(path)
    lock.lock()
    if stamps_.index(forKey: path) == nil { stamps_[path] = .some(stamp) }
    lock.unlock()
  }

  /// Every file noted, in path order, with its stamp before it was read.
  package var stamps: [(path: String, stamp: Watcher.Stamp?)] {
    lock.lock()
    defer { lock.unlock() }
    return stamps_.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
  }
}
