import AnimConsole
import AnimFiles
import AnimRender
import Foundation

/// A pattern's frames as a render's one pass writes them
/// (``OnePassRender``): each PNG file staged beside its place by the thread
/// that drew it (``AtomicFile/stage(bytes:to:flushed:)``), the folders made
/// as needed, and flushed to disk by a thread of its own, so that the
/// drawing threads do not wait for the disk. Once the plan holds the guess,
/// the files are put in place in frame order; if it does not, they are
/// removed with the folders made for them, and the files that were there
/// before are left as they were.
final class PatternStaging: OnePassOutput, @unchecked Sendable {
  private let pattern: FramePattern
  /// The files put in place and the folders made, removed on a failure or
  /// a signal (a signal also removes the staged files: ``TemporaryFiles``).
  private let files = PatternFiles()
  private let condition = NSCondition()
  private var staged: [Int: StagedFile] = [:]
  /// Staged files the flushing thread has yet to flush, oldest first.
  private var unflushed: [StagedFile] = []
  /// Whether the flushing thread is flushing a file now.
  private var flushing = false
  private var flusherRunning = false
  /// Set when the flushing thread should stop once `unflushed` is empty.
  private var closing = false
  /// The first file the disk did not take.
  private var flushFailure: FileError?
  private var interrupt: Interrupt?

  /// The most files written and not yet flushed: the drawing threads wait
  /// past them (a slow disk holds as many open files, no more).
  static let unflushedBound = 32

  init(pattern: FramePattern) {
    self.pattern = pattern
    // The staged files first, so that the folders made for them are empty
    // when their turn comes.
    interrupt = Interrupt.install { [weak self] in self?.removeAll() }
  }

  func take(_ canvas: FrameCanvas, index: Int, into buffer: inout [UInt8]) throws {
    let bytes: [UInt8]
    do { bytes = try canvas.png(fast: true) } catch { throw FrameWriter.Failure(error) }
    let path = pattern.path(index)
    try files.makeFolders(for: path)
    let file: StagedFile
    do { file = try AtomicFile.stage(bytes: bytes, to: path, flushed: false) } catch {
      throw Self.failure(error)
    }
    condition.lock()
    defer { condition.unlock() }
    staged[index] = file
    while unflushed.count >= Self.unflushedBound && flushFailure == nil && !closing {
      condition.wait()
    }
    if let flushFailure { throw Self.failure(flushFailure) }
    unflushed.append(file)
    if !flusherRunning && !closing {
      flusherRunning = true
      let thread = Thread { [self] in flushAll() }
      thread.name = "anim render flush"
      thread.start()
    }
    condition.broadcast()
  }

  /// The flushing thread: flushes the staged files as they come, until
  /// ``closing``.
  private func flushAll() {
    condition.lock()
    while true {
      while unflushed.isEmpty && !closing { condition.wait() }
      if unflushed.isEmpty { break }
      let file = unflushed.removeFirst()
      flushing = true
      condition.unlock()
      var failure: FileError?
      do { try file.flush() } catch { failure = error }
      condition.lock()
      flushing = false
      if let failure, flushFailure == nil { flushFailure = failure }
      condition.broadcast()
    }
    flusherRunning = false
    condition.broadcast()
    condition.unlock()
  }

  /// Stops the flushing thread, once it has flushed every file when
  /// `flushingTheRest`, else after the file it is flushing.
  private func stopFlushing(flushingTheRest: Bool) {
    condition.lock()
    if !flushingTheRest { unflushed.removeAll() }
    closing = true
    condition.broadcast()
    while flusherRunning || flushing { condition.wait() }
    condition.unlock()
  }

  /// Nothing is sent in order: each file was written where it was drawn.
  func send(_ buffer: inout [UInt8]) throws {}

  func deliver(_ canvas: FrameCanvas, index: Int, stats: RenderStats?) throws {
    var unused: [UInt8] = []
    try take(canvas, index: index, into: &unused)
    stats?.converted()
  }

  /// Puts every staged file in place, in frame order, once all are
  /// flushed; on a failure, those put in place are removed again, the rest
  /// discarded.
  func finish() throws {
    defer { end() }
    stopFlushing(flushingTheRest: true)
    condition.lock()
    let files = staged.sorted { $0.key < $1.key }
    staged = [:]
    let failure = flushFailure
    condition.unlock()
    for (k, (index, file)) in files.enumerated() {
      do {
        if let failure { throw failure }
        // Listed before it lands: a signal right after the rename finds it.
        try self.files.write(pattern.path(index)) { try file.commit() }
      } catch {
        for (_, rest) in files[k...] { rest.discard() }
        self.files.removeAll()
        if let error = error as? FileError { throw Self.failure(error) }
        throw error
      }
    }
  }

  func abandon() {
    removeAll()
    end()
  }

  /// Removes the staged files (once the flushing thread has let go of
  /// them), then the files put in place and the folders made for them.
  private func removeAll() {
    stopFlushing(flushingTheRest: false)
    condition.lock()
    let files = staged
    staged = [:]
    condition.unlock()
    for file in files.values { file.discard() }
    self.files.removeAll()
  }

  private func end() {
    interrupt?.remove()
    interrupt = nil
  }

  private static func failure(_ error: FileError) -> FrameWriter.Failure {
    FrameWriter.Failure(message: "cannot write \(error.description)", code: ExitStatus.ioError)
  }
}
