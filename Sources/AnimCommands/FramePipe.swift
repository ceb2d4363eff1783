import CPipe
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
///
/// On Linux a frame at least as large as the pipe's buffer is handed over
/// by reference (`vmsplice`), not copied into the pipe: ffmpeg reads it
/// straight from the frame's buffer (a copy of 1 MiB a frame at 512 × 512
/// saved). Its pages must then not change until ffmpeg has read them, so
/// the buffer is held back, not filled again, until the next frame has
/// gone into the pipe after it: the pipe holds at most its size, all of it
/// that next frame's, so ffmpeg has read every byte before. The last
/// frame's buffer lives as long as this object, which ``FFmpegEncoder``
/// keeps until ffmpeg has exited. The pipe's buffer is lowered to fit
/// under a frame where a frame is smaller than 1 MiB; where it cannot be
/// (a frame under 64 KiB, no `vmsplice`), frames are written (copied).
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
  /// The pipe's buffer in bytes (-1: not known, not a pipe).
  private var pipeSize: Int = -1
  /// Whether frames are handed over by `vmsplice` (decided at the first
  /// frame, on the writer thread).
  private var splicing: Bool?
  /// The last frame handed over by reference, which ffmpeg may not have
  /// read yet (writer thread only).
  private var held: [UInt8]?
  /// The smallest frame handed over by reference: 64 KiB, Linux's default
  /// pipe buffer (a pipe lowered under it holds less than a frame's worth of
  /// pages only in theory; smaller frames cost little to copy).
  static let smallestSplice = 1 << 16

  /// Starts the writer thread on `fd` with `depth` buffers.
  init(fd: Int32, depth: Int = 3) {
    self.fd = fd
    free = Array(repeating: [], count: max(depth, 2))
    // A refusal (a lower /proc/sys/fs/pipe-max-size for a user without the
    // capability) keeps the default 64 KiB.
    pipeSize = anim_pipe_resize(fd, 1 << 20)
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
      var ok = true
      // The buffers free to fill again after this frame.
      var returned: [[UInt8]] = []
      if skip {
        returned.append(frame)
      } else {
        let spliced = splices(frame)
        ok = spliced ? Self.spliceAll(fd, frame) : Self.writeAll(fd, frame)
        // A pipe's worth has gone in after the frame held: ffmpeg has read
        // all of it.
        if ok, frame.count >= pipeSize, let read = held {
          returned.append(read)
          held = nil
        }
        if ok, spliced {
          held = frame
        } else {
          returned.append(frame)
        }
      }
      frame = []
      lock.lock()
      if !ok { broken = true }
      free.append(contentsOf: returned)
      returned = []
      lock.broadcast()
      lock.unlock()
    }
    done.signal()
  }

  /// Whether `frame` goes into the pipe by reference: decided at the first
  /// frame (the pipe's buffer lowered to fit under it where it is smaller
  /// than 1 MiB), then for each frame as large as the buffer.
  private func splices(_ frame: [UInt8]) -> Bool {
    if splicing == nil {
      splicing = false
      #if os(Linux)
        if frame.count >= Self.smallestSplice, pipeSize > 0 {
          if frame.count < pipeSize {
            // The largest power of two not above the frame.
            let fitting = 1 << (Int.bitWidth - 1 - frame.count.leadingZeroBitCount)
            pipeSize = anim_pipe_resize(fd, fitting)
          }
          splicing = pipeSize > 0 && frame.count >= pipeSize
        }
      #endif
    }
    return splicing == true && frame.count >= pipeSize
  }

  /// Hands every byte of `bytes` to the pipe `fd` by reference; false when
  /// the pipe is closed. Where the kernel cannot (EINVAL, ENOSYS: not a
  /// pipe, no such call), what is left is written instead.
  static func spliceAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let n = anim_pipe_splice(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if n < 0 {
          if errno == EINTR { continue }
          if errno == EINVAL || errno == ENOSYS || errno == EBADF {
            return writeAll(fd, UnsafeRawBufferPointer(rebasing: buffer[offset...]))
          }
          return false
        }
        offset += n
      }
      return true
    }
  }

  /// Writes every byte; false when the pipe is closed (ffmpeg stopped).
  static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
  }

  /// Writes every byte of `buffer`; false when the pipe is closed.
  static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
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
