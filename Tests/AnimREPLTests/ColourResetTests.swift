import AnimREPL
import XCTest

/// Coloured diagnostics close every style before each newline, so no line
/// (and not the shell's next prompt) starts inside a style or with a reset.
final class ColourResetTests: XCTestCase {
  /// Whether each line of `text` ends with every style it opened closed.
  private func unclosedLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { line in
      var open = false
      var rest = line[...]
      while let escape = rest.range(of: "\u{1B}[") {
        rest = rest[escape.upperBound...]
        guard let end = rest.firstIndex(of: "m") else { break }
        open = rest[..<end] != "0"
        rest = rest[rest.index(after: end)...]
      }
      return open || line.hasPrefix("\u{1B}[0m")
    }
  }

  func testAMessageOverSeveralLinesClosesItsStyleOnEachLine() {
    var diagnostics: [String] = []
    let session = ReplSession(
      output: { _ in }, errorOutput: { diagnostics.append($0) }, useColor: true)
    let reader = ScriptedLineReader(
      [.line("s = \"a\\nb\""), .line("expect s == \"c\""), .line("print s + 1")], echo: { _ in })
    session.run(reader)
    XCTAssertEqual(diagnostics.count, 2)
    // The failed expectation quotes the string with its newline.
    XCTAssertEqual(
      diagnostics[0],
      "\u{1B}[1m<repl>:1:8:\u{1B}[0m \u{1B}[1mexpectation failed: s is a\u{1B}[0m\n"
        + "\u{1B}[1mb, expected c (t=0)\u{1B}[0m\n" + "1 | expect s == \"c\"\n"
        + "  |        \u{1B}[1m\u{1B}[31m^~~~~~~~\u{1B}[0m")
    for text in diagnostics { XCTAssertEqual(unclosedLines(text), [], text) }
  }
}
