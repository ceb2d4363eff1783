/// Turns results into the lines `anim test` prints, one format per conformer.
///
/// The runner prints `header`, then each file's `lines` as soon as it and every
/// file before it are done, then the report's `summaryLine`, which is always last.
protocol ReportWriter: Sendable {
  /// The lines printed before any result, given how many files will be reported.
  func header(fileCount: Int) -> [String]
  /// The lines for one result; `number` counts the files from 1.
  func lines(for result: TestResult, number: Int) -> [String]
  /// The summary line as this format writes it.
  func summary(_ line: String) -> String
}

extension ReportWriter {
  func summary(_ line: String) -> String { line }
}

extension TestOptions.Format {
  /// The writer of this format.
  var writer: any ReportWriter {
    switch self {
    case .plain: PlainWriter()
    case .tap: TAPWriter()
    }
  }
}
