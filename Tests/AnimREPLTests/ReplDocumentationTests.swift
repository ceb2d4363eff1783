import AnimREPL
import Foundation
import XCTest

/// REPL.md's guided session is real: typing its inputs gives its text.
final class ReplDocumentationTests: XCTestCase {
  func testTheGuidedSessionInReplMdIsExact() throws {
    let root = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent("REPL.md"), encoding: .utf8)
    let marker =
      "<!-- The block below is replayed by ReplDocumentationTests and the doctests: keep it exact. -->\n"
      + "```text columns=72\n"
    let start = try XCTUnwrap(text.range(of: marker), "REPL.md lost its guided session").upperBound
    let end = try XCTUnwrap(text.range(of: "```\n", range: start..<text.endIndex)).lowerBound
    let block = String(text[start..<end])

    // The inputs are what follows each prompt.
    var inputs: [String] = []
    for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("anim "), let prompt = line.range(of: "s> ") {
        inputs.append(String(line[prompt.upperBound...]))
      } else if line.hasPrefix(ReplSession.continuationPrompt) {
        inputs.append(String(line.dropFirst(ReplSession.continuationPrompt.count)))
      }
    }
    XCTAssertGreaterThan(inputs.count, 10)
    XCTAssertEqual(ScriptedSession(width: 72).type(inputs), block)
  }
}
