import Foundation

/// The state the runner's worker threads share: which file comes next, and the
/// results so far, which it prints in path order as soon as every earlier file is done.
///
/// Printing under the lock keeps the lines of one file together and in order, and
/// calls the sink from one thread at a time.
final class ResultCollector: @unchecked Sendable {
  private let lock = NSLock()
  private let writer: any ReportWriter
  private let output: TestOutput
  private var nextFile = 0
  private var nextToPrint = 0
  private var slots: [TestResult?]
  private var writeFailed = false

  /// Prepares to collect `count` results and print them with `writer` to `output`.
  init(count: Int, writer: any ReportWriter, output: TestOutput) {
    self.slots = Array(repeating: nil, count: count)
    self.writer = writer
    self.output = output
  }

  /// The index of the next file to run, nil when every file has been taken.
  func takeNextFile() -> Int? {
    lock.withLock {
      guard nextFile < slots.count else { return nil }
      defer { nextFile += 1 }
      return nextFile
    }
  }

  /// Records the result of file `index`, then prints every result now in order.
  /// `writeFailed` says `--update` could not write the file back.
  func deliver(_ result: TestResult, at index: Int, writeFailed: Bool) {
    lock.withLock {
      slots[index] = result
      self.writeFailed = self.writeFailed || writeFailed
      while nextToPrint < slots.count, let ready = slots[nextToPrint] {
        writer.lines(for: ready, number: nextToPrint + 1).forEach(output.standardOutput)
        nextToPrint += 1
      }
    }
  }

  /// Every result, once all were delivered.
  var results: [TestResult] { lock.withLock { slots.compactMap { $0 } } }

  /// Whether `--update` failed to write any file.
  var anyWriteFailed: Bool { lock.withLock { writeFailed } }
}
