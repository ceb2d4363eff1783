/// The `--tap` output of `anim test`, TAP version 13:
///
///     TAP version 13
///     1..3
///     ok 1 - tests/a.anim
///     not ok 2 - tests/b.anim
///     # line 7: expected "0.5", got "0.25"
///     ok 3 - tests/c.anim # SKIP needs a spring solver
///     # 1 passed, 1 failed, 1 skipped
///
/// The summary line comes last, as a TAP comment. A `#` in a path is written
/// `\#`, as TAP requires of a description.
struct TAPWriter: ReportWriter {
  func header(fileCount: Int) -> [String] {
    ["TAP version 13", "1..\(fileCount)"]
  }

  func summary(_ line: String) -> String { "# " + line }

  func lines(for result: TestResult, number: Int) -> [String] {
    let description = String(result.path.flatMap { $0 == "#" ? ["\\", "#"] : [$0] })
    switch result.status {
    case .passed:
      return ["ok \(number) - \(description)"]
    case .failed(let differences):
      return ["not ok \(number) - \(description)"] + differences.prefix(1).map { "# \($0)" }
    case .skipped(let reason):
      return ["ok \(number) - \(description) # SKIP" + (reason.isEmpty ? "" : " \(reason)")]
    }
  }
}
