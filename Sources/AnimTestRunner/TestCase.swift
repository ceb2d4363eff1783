import AnimFiles
import Foundation

/// One test file, checked from start to end: read its directives, skip it or run it,
/// compare, and with `--update` rewrite its `# expect:` lines.
struct TestCase {
  /// The file's path as discovered.
  var path: String

  /// What checking the file gave, and whether `--update` failed to write it back.
  struct Checked {
    var result: TestResult
    var writeFailed = false
  }

  /// Checks the file with `executor`, rewriting it first when `update` is set.
  ///
  /// A file that is not valid UTF-8 is run and judged like any other (its bad
  /// bytes read as U+FFFD in its directives) but never rewritten.
  ///
  /// With `--update`, a file is rewritten only when its output is all that differs
  /// (failed `expect` statements aside): a file that stopped on an unexpected error,
  /// missed an expected one or holds a malformed directive is left alone, since its
  /// output is then not the output it means to have. A rewritten file is judged
  /// against its new expectations, so it passes unless an `expect` statement failed.
  func check(with executor: any ScriptExecutor, update: Bool) -> Checked {
    let source: String
    // A file that is not valid UTF-8 is still a test: the script's own
    // diagnostics ("invalid UTF-8 in source" at the bad byte) are what its
    // directives expect. Its directives are read with each bad byte shown as
    // U+FFFD, and `--update` never rewrites it, since that would replace the
    // very bytes it tests.
    var isValidUTF8 = true
    do {
      let bytes = try FileBytes.read(path)
      if let text = String(validating: bytes, as: UTF8.self) {
        source = text
      } else {
        source = String(decoding: bytes, as: UTF8.self)
        isValidUTF8 = false
      }
    } catch {
      let reason = (error as? FileError)?.reason ?? "\(error)"
      var checked = failed(["cannot read file: \(reason)"])
      checked.result.isError = true
      return checked
    }

    var expectations = Expectations(source: source)
    if let reason = expectations.skipReason {
      return Checked(result: TestResult(path: path, status: .skipped(reason: reason)))
    }
    let outcome = executor.execute(path: path)
    var differences = Difference.all(expecting: expectations, got: outcome)
    var updated = false
    if update && isValidUTF8 && !differences.isEmpty
      && differences.allSatisfy({ $0.rank > .error })
    {
      let output = Difference.outputLines(of: outcome.stdout)
      let rewritten = ExpectationUpdater.updatedSource(
        source, output: output, origins: outcome.outputOrigins)
      if rewritten != source {
        do {
          try AtomicFile.write(rewritten, to: path)
        } catch {
          var checked = failed(["cannot update file: \(error.reason)"])
          checked.writeFailed = true
          return checked
        }
        updated = true
        expectations = Expectations(source: rewritten)
        differences = Difference.all(expecting: expectations, got: outcome)
      }
    }
    let status: TestResult.Status =
      differences.isEmpty ? .passed : .failed(differences: differences.map(\.text))
    var result = TestResult(path: path, status: status, updated: updated)
    result.isError = differences.first?.isUnexpectedError ?? false
    result.output = outcome.stdout
    return Checked(result: result)
  }

  private func failed(_ differences: [String]) -> Checked {
    Checked(result: TestResult(path: path, status: .failed(differences: differences)))
  }
}
