/// The default output of `anim test`:
///
///     PASS tests/a.anim
///     FAIL tests/b.anim
///       line 7: expected "0.5", got "0.25"
///     SKIP tests/c.anim (needs a spring solver)
///     1 passed, 1 failed, 1 skipped
///
/// A file whose `# expect:` lines `--update` rewrote shows `(updated)` after its path.
struct PlainWriter: ReportWriter {
  func header(fileCount: Int) -> [String] { [] }

  func lines(for result: TestResult, number: Int) -> [String] {
    switch result.status {
    case .passed:
      return ["PASS \(result.path)" + (result.updated ? " (updated)" : "")]
    case .failed(let differences):
      return ["FAIL \(result.path)" + (result.updated ? " (updated)" : "")]
        + differences.prefix(1).map { "  \($0)" }
    case .skipped(let reason):
      return ["SKIP \(result.path)" + (reason.isEmpty ? "" : " (\(reason))")]
    }
  }
}
