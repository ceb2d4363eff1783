import AnimFiles
import Foundation

/// Writes a run's report as JUnit XML, the `--junit FILE` output of `anim test`:
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <testsuites tests="4" failures="1" errors="1" skipped="1" time="0.042">
///       <testsuite name="anim" tests="4" failures="1" errors="1" skipped="1" time="0.042">
///         <testcase classname="anim" name="tests/a.anim" time="0.010"/>
///         <testcase classname="anim" name="tests/b.anim" time="0.020">
///           <failure message="line 7: expected &quot;0.5&quot;, got &quot;0.25&quot;">...</failure>
///           <system-out>0.25
///     </system-out>
///         </testcase>
///         <testcase classname="anim" name="tests/e.anim" time="0.001">
///           <error message="unexpected runtime error at line 2: division by zero">...</error>
///         </testcase>
///         <testcase classname="anim" name="tests/c.anim" time="0.000">
///           <skipped message="needs a spring solver"/>
///         </testcase>
///       </testsuite>
///     </testsuites>
///
/// A failure's `message` is its first difference and its text every difference, one
/// per line. A file that stopped on an error nobody expected (compile, runtime,
/// I/O) is an `<error>` and counted in `errors`, not in `failures`; whatever a
/// file printed is its `<system-out>`. Times are seconds with three decimals; the suite's is the run's wall
/// clock. Characters XML 1.0 cannot hold become U+FFFD.
struct JUnitWriter {
  /// The whole XML document for `report`, ending with a line break.
  func document(for report: TestReport) -> String {
    let errors = report.results.filter(\.isError).count
    let counts =
      "tests=\"\(report.results.count)\" failures=\"\(report.failed - errors)\" "
      + "errors=\"\(errors)\" "
      + "skipped=\"\(report.skipped)\" time=\"\(seconds(report.duration))\""
    var lines = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<testsuites \(counts)>",
      "  <testsuite name=\"anim\" \(counts)>",
    ]
    for result in report.results {
      let testcase =
        "    <testcase classname=\"anim\" name=\"\(escaped(result.path, inAttribute: true))\" "
        + "time=\"\(seconds(result.duration))\""
      let systemOut =
        result.output.isEmpty
        ? [] : ["      <system-out>\(escaped(result.output, inAttribute: false))</system-out>"]
      switch result.status {
      case .passed:
        if systemOut.isEmpty {
          lines.append(testcase + "/>")
        } else {
          lines += [testcase + ">"] + systemOut + ["    </testcase>"]
        }
      case .failed(let differences):
        let message = escaped(differences.first ?? "", inAttribute: true)
        let text = escaped(differences.joined(separator: "\n"), inAttribute: false)
        let element = result.isError ? "error" : "failure"
        lines.append(testcase + ">")
        lines.append("      <\(element) message=\"\(message)\">\(text)</\(element)>")
        lines += systemOut
        lines.append("    </testcase>")
      case .skipped(let reason):
        lines.append(testcase + ">")
        lines.append(
          reason.isEmpty
            ? "      <skipped/>"
            : "      <skipped message=\"\(escaped(reason, inAttribute: true))\"/>")
        lines.append("    </testcase>")
      }
    }
    lines.append("  </testsuite>")
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Writes the document for `report` to `path` atomically.
  func write(_ report: TestReport, to path: String) throws(FileError) {
    try AtomicFile.write(document(for: report), to: path)
  }

  /// Seconds with three decimals, whatever the locale: `0.042`.
  private func seconds(_ value: Double) -> String {
    String(format: "%.3f", locale: Locale(identifier: "en_US_POSIX"), max(0, value))
  }

  /// `text` with XML's special characters escaped; in an attribute, quotes and line
  /// breaks too, so a parser gives the text back unchanged.
  private func escaped(_ text: String, inAttribute: Bool) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"" where inAttribute: result += "&quot;"
      case "'" where inAttribute: result += "&apos;"
      case "\n" where inAttribute: result += "&#10;"
      case "\r": result += "&#13;"
      case "\t" where inAttribute: result += "&#9;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
        result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
