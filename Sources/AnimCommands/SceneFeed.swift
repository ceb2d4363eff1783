import AnimEngine
import AnimLanguage
import Foundation

/// One run of the script for several drawing threads (`--jobs N`, SPEC
/// §22): a thread of its own plays the script once and queues a copy of the
/// scene at each frame of a range (``Scene/drawingCopy()``); the drawing
/// threads take them in frame order. At most `depth` copies wait, so memory
/// stays a few scenes whatever the length; the script is run once, not once
/// a thread.
final class SceneFeed: @unchecked Sendable {
  /// A frame to draw: its index and the scene at its time, the drawer's own.
  struct Item {
    let index: Int
    let scene: Scene
  }

  /// Stops the play: the drawers stopped, or the range's last frame is in.
  private struct Stop: Error {}

  private let lock = NSCondition()
  /// The frames queued, taken ones emptied (a taken scene held on here
  /// until 64 had gone by kept 64 scenes alive: a 20 000-view scene's
  /// render grew to 2.8 GB where one thread needs 0.2 GB).
  private var queue: [Item?] = []
  private var head = 0
  private let depth: Int
  private var stopped = false
  /// The script's own error, met before the frame it names was queued:
  /// the frames before it are still drawn, as with one thread.
  private var failure: ParallelFrames.AtFrame?
  /// Whether the play's thread still runs the script.
  private var playing = true

  /// Plays `plan` on a thread of its own, queuing the frames of `frames`.
  init(runner: FrameRunner, plan: FramePlan, frames: Range<Int>, depth: Int, stackSize: Int) {
    self.depth = max(1, depth)
    nonisolated(unsafe) let runner = runner
    let thread = Thread { [self] in
      var reached = frames.lowerBound
      do {
        try runner.play(plan) { frame in
          let k = frame.index
          reached = k
          guard k >= frames.lowerBound else { return }
          guard k < frames.upperBound else { throw Stop() }
          try self.put(Item(index: k, scene: frame.scene.drawingCopy()))
          reached = k + 1
          if k + 1 >= frames.upperBound { throw Stop() }
        }
      } catch is Stop {
      } catch {
        lock.lock()
        failure = ParallelFrames.AtFrame(index: reached, error: error)
        lock.unlock()
      }
      lock.lock()
      playing = false
      lock.broadcast()
      lock.unlock()
    }
    thread.stackSize = stackSize
    thread.name = "anim render script"
    thread.start()
  }

  /// Queues `item`, waiting while `depth` wait already.
  private func put(_ item: Item) throws {
    lock.lock()
    defer { lock.unlock() }
    while queue.count - head >= depth && !stopped { lock.wait() }
    if stopped { throw Stop() }
    if head > 64 {
      queue.removeFirst(head)
      head = 0
    }
    queue.append(item)
    lock.broadcast()
  }

  /// The next frame to draw, in frame order; nil once the play has ended
  /// (or ``stop()`` was called). The script's error is thrown
  /// (``ParallelFrames/AtFrame``) once every frame queued before it has
  /// been taken.
  func take() throws -> Item? {
    lock.lock()
    defer { lock.unlock() }
    while head == queue.count && playing && !stopped { lock.wait() }
    if head < queue.count && !stopped {
      let item = queue[head]
      queue[head] = nil
      head += 1
      lock.broadcast()
      return item
    }
    if let failure { throw failure }
    return nil
  }

  /// Stops the play (the drawers met an error or have all they need) and
  /// waits until its thread has let go of the script.
  func stop() {
    lock.lock()
    stopped = true
    lock.broadcast()
    while playing { lock.wait() }
    queue.removeAll()
    head = 0
    lock.unlock()
  }
}
