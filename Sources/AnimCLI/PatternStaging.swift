import AnimConsole
import AnimFiles
import AnimRender
import Foundation

/// A pattern's frames as a render's one pass writes them
/// (``OnePassRender``): each PNG file staged beside its place by the thread
/// that drew it (``AtomicFile/stage(bytes:to:)``), the folders made as
/// needed. Once the plan holds the guess, the files are put in place in
/// frame order; if it does not, they are removed with the folders made for
/// them, and the files that were there before are left as they were.
final class PatternStaging: OnePassOutput, @unchecked Sendable {
  private let pattern: FramePattern
  /// The files put in place and the folders made, removed on a failure or
  /// a signal (a signal also removes the staged files: ``TemporaryFiles``).
  private let files = PatternFiles()
  private let lock = NSLock()
  private var staged: [Int: StagedFile] = [:]
  private var interrupt: Interrupt?

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
    do { file = try AtomicFile.stage(bytes: bytes, to: path) } catch {
      throw FrameWriter.Failure(
        message: "cannot write \(error.description)", code: ExitStatus.ioError)
    }
    lock.lock()
    staged[index] = file
    lock.unlock()
  }

  /// Nothing is sent in order: each file was written where it was drawn.
  func send(_ buffer: inout [UInt8]) throws {}

  func deliver(_ canvas: FrameCanvas, index: Int, stats: RenderStats?) throws {
    var unused: [UInt8] = []
    try take(canvas, index: index, into: &unused)
    stats?.converted()
  }

  /// Puts every staged file in place, in frame order; on a failure, those
  /// put in place are removed again, the rest discarded.
  func finish() throws {
    defer { end() }
    lock.lock()
    let files = staged.sorted { $0.key < $1.key }
    staged = [:]
    lock.unlock()
    for (k, (index, file)) in files.enumerated() {
      do {
        // Listed before it lands: a signal right after the rename finds it.
        try self.files.prepare(pattern.path(index))
        try file.commit()
      } catch {
        for (_, rest) in files[k...] { rest.discard() }
        self.files.removeAll()
        if let error = error as? FileError {
          throw FrameWriter.Failure(
            message: "cannot write \(error.description)", code: ExitStatus.ioError)
        }
        throw error
      }
    }
  }

  func abandon() {
    removeAll()
    end()
  }

  /// Removes the staged files, then the files put in place and the folders
  /// made for them.
  private func removeAll() {
    lock.lock()
    let files = staged
    staged = [:]
    lock.unlock()
    for file in files.values { file.discard() }
    self.files.removeAll()
  }

  private func end() {
    interrupt?.remove()
    interrupt = nil
  }
}
