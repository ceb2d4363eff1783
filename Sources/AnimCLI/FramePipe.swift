import Foundation

/// Writes a render's raw frames to ffmpeg's input on a thread of its own, so
/// that the next frame is drawn and converted while ffmpeg reads this one
/// (issue 20: taking turns, a 1000 × 1000 render took 1.74 × ffmpeg alone).
///
/// Frames travel in a few buffers that go round: the render fills a free one
/// (`fill`), the writer thread writes it whole and hands it back. With
/// `depth` buffers the render runs at most `depth − 1` frames ahead of the
/// pipe, so memory stays `depth` frames whatever the length. The pipe's own
/// buffer is raised to 1 MiB (Linux's `F_SETPIPE_SZ`), so ffmpeg's reads and
/// anim's writes meet less often.
final class FramePipe: @unchecked Sendable {
  private let fd: Int32
  private let lock = NSCondition()
  /// Filled buffers waiting for the writer, oldest first.
  private var queue: [[UInt8]] = []
  /// Buffers written and free to fill again.
  private var free: [[UInt8]] = []
  private var closed = false
  private var broken = false
  private let done = DispatchSemaphore(value: 0)

  /// Starts the writer thread on `fd` with `depth` buffers.
  init(fd: Int32, depth: Int = 3) {
    self.fd = fd
    free = Array(repeating: [], count: max(depth, 2))
    #if os(Linux)
      // F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7), which Glibc's module map
      // leaves out. A refusal (a lower /proc/sys/fs/pipe-max-size for a user
      // without the capability) keeps the default 64 KiB.
      _ = fcntl(fd, 1031, Int32(1 << 20))
    #endif
    let thread = Thread { [self] in run() }
    thread.name = "anim frame pipe"
    thread.start()
  }

  /// Whether a write failed: ffmpeg closed its input (it stopped).
  var isBroken: Bool {
    lock.lock()
    defer { lock.unlock() }
    return broken
  }

  /// Fills a free buffer with `body` and queues it; waits while every buffer
  /// is full. False (and `body` not called) once the pipe is broken.
  @discardableResult
  func fill(_ body: (inout [UInt8]) throws -> Void) rethrows -> Bool {
    lock.lock()
    while free.isEmpty && !broken { lock.wait() }
    if broken {
      lock.unlock()
      return false
    }
    var buffer = free.removeLast()
    lock.unlock()
    try body(&buffer)
    lock.lock()
    queue.append(buffer)
    buffer = []
    lock.broadcast()
    lock.unlock()
    return true
  }

  /// Waits until every queued frame is written and stops the thread; false
  /// when a write failed. The caller closes the descriptor afterwards.
  func finish() -> Bool {
    lock.lock()
    closed = true
    lock.broadcast()
    lock.unlock()
    done.wait()
    return !isBroken
  }

  private func run() {
    while true {
      lock.lock()
      while queue.isEmpty && !closed { lock.wait() }
      if queue.isEmpty {
        lock.unlock()
        break
      }
      var frame = queue.removeFirst()
      let skip = broken
      lock.unlock()
      let ok = skip || Self.writeAll(fd, frame)
      lock.lock()
      if !ok { broken = true }
      free.append(frame)
      frame = []
      lock.broadcast()
      lock.unlock()
    }
    done.signal()
  }

  /// Writes every byte; false when the pipe is closed (ffmpeg stopped).
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += n
      }
      return true
    }
  }
}
