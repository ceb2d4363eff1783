import AnimLanguage
import Foundation
import XCTest

/// Files a script names — a text's `font:`, an `import` — are read only
/// when they are regular files (issue 32): a FIFO without a writer blocked
/// `run`, `render` and `export` for ever, and `anim check` passed it. Both
/// are now errors at the name, found by `check` as by `run`, at once.
final class NamedFileTests: XCTestCase {
  private var directory = ""

  override func setUpWithError() throws {
    directory = NSTemporaryDirectory() + "anim-named-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    XCTAssertEqual(mkfifo(directory + "/pipe.ttf", 0o600), 0)
    XCTAssertEqual(mkfifo(directory + "/pipe.anim", 0o600), 0)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func source(_ text: String) -> SourceFile {
    SourceFile(path: directory + "/s.anim", text: text)
  }

  private func checked(_ text: String) -> [Diagnostic] {
    ScriptRunner.check(source(text)).errors.map(\.0)
  }

  private func ran(_ text: String) -> ScriptResult {
    ScriptRunner.run(source(text), output: { _ in })
  }

  func testAFontThatIsAFIFOIsACheckErrorAtItsName() {
    let errors = checked("text t(\"Hi\", font: \"pipe.ttf\")\n")
    // Named as the script wrote it, at the `font:` argument (SPEC §21.5's
    // font errors are there), as running names it.
    XCTAssertEqual(errors.map(\.message), ["font file 'pipe.ttf' is not a regular file (a FIFO)"])
    XCTAssertEqual(errors.first?.range.column, 14)
    XCTAssertEqual(errors.first?.kind, .name)
    // An assignment to a text's font is checked the same way.
    let assigned = checked("text t(\"Hi\")\nt.font = \"pipe.ttf\"\n")
    XCTAssertEqual(assigned.map(\.message), ["font file 'pipe.ttf' is not a regular file (a FIFO)"])
    XCTAssertEqual(assigned.first?.range.line, 2)
    // Running refuses it before anything runs, as check does.
    let result = ran("print 1\ntext t(\"Hi\", font: \"pipe.ttf\")\n")
    XCTAssertEqual(result.outcome, .rejected)
  }

  func testAFontNamedByAnExpressionIsRefusedWhenItRuns() {
    // The text does not show the name: the run finds the FIFO, at once.
    let result = ran("f = \"pipe\" + \".ttf\"\ntext t(\"Hi\", font: f)\n")
    XCTAssertEqual(result.outcome, .runtimeError)
    XCTAssertEqual(
      result.errors.first?.0.message,
      "font file '\(directory)/pipe.ttf' is not a regular file (a FIFO)")
  }

  func testMissingFontsAndFamiliesAreFoundByCheck() {
    XCTAssertEqual(
      checked("text t(\"Hi\", font: \"none.otf\")\n").map(\.message),
      ["font file 'none.otf' not found"])
    XCTAssertEqual(
      checked("text t(\"Hi\", font: \"No Such Family 123\")\n").map(\.message),
      ["font 'No Such Family 123' not found"])
    XCTAssertEqual(checked("text t(\"Hi\", font: \"DejaVu Sans\")\n").map(\.message), [])
  }

  func testAnImportThatIsAFIFOOrADeviceIsRefused() {
    for text in ["import \"pipe.anim\"\n", "print 1\nif true { import \"pipe.anim\" }\n"] {
      let result = ran(text)
      XCTAssertEqual(
        result.errors.first?.0.message,
        "cannot import \"pipe.anim\": it is a FIFO, not a regular file", text)
    }
    XCTAssertEqual(
      checked("import \"/dev/zero\"\n").map(\.message),
      ["cannot import \"/dev/zero\": it is a character device, not a regular file"])
  }
}
