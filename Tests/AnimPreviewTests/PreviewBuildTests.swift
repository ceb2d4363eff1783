import AnimLanguage
import XCTest

@testable import AnimPreview

final class PreviewBuildTests: XCTestCase {
  private func build(_ text: String, path: String = "t.anim") -> PreviewBuild {
    PreviewBuilder.build(
      SourceFile(path: path, text: text), readFile: { throw FileMissing(path: $0) })
  }

  private struct FileMissing: Error { let path: String }

  func testAGoodScriptGivesAPlayerItsOutputAndItsRange() {
    let b = build(
      """
      view box(x: 0, y: 0, width: 10, height: 10)
      run fade(out, 2) on box
      print "hi"
      """)
    XCTAssertTrue(b.isGood)
    XCTAssertNil(b.error)
    XCTAssertEqual(b.output, ["hi"])
    XCTAssertEqual(b.start, 0)
    XCTAssertEqual(b.end, 2)
    XCTAssertTrue(b.playerPage!.contains("<pre id=\"anim-state\">"))
  }

  func testEachRunIsALaneWithItsTargetSpanAndEvents() {
    let b = build(
      """
      view a(x: 0, y: 0, width: 10, height: 10)
      view b(x: 20, y: 0, width: 10, height: 10)
      run fade(out, 0.5) * 2 on a
      h = run fade(out, 1) + mark("half") + fade(in, 1) on b
      step 1.5
      cancel h
      step 0.5
      """)
    XCTAssertEqual(b.lanes.map(\.id), [1, 2])
    XCTAssertEqual(b.lanes.map(\.target), ["a", "b"])
    XCTAssertEqual(b.lanes.map(\.start), [0, 0])
    XCTAssertEqual(b.lanes.map(\.end), [1, 1.5])
    XCTAssertEqual(b.lanes.map(\.ended), ["done", "cancelled"])
    XCTAssertEqual(b.lanes[0].marks.map(\.label), ["repeat 2", "done"])
    XCTAssertEqual(b.lanes[0].marks.map(\.t), [0.5, 1])
    XCTAssertEqual(b.lanes[1].marks.map(\.label), ["mark \"half\"", "done"])
    XCTAssertEqual(b.lanes[1].marks.map(\.kind), ["mark", "done"])
  }

  func testAGroupTargetNamesItsFirstViewsAndCountsTheRest() {
    let b = build(
      """
      grid tiles(cols: 5, rows: 1, size: 10)
      run fade(out, 1) on tiles
      """)
    XCTAssertEqual(b.lanes.map(\.target), ["tiles[0], tiles[1], tiles[2], … (5 views)"])
  }

  func testASyntaxErrorIsRenderedAsAnimRunPrintsIt() {
    let text = "view box(x: 0, y: 0, width: 10, height: 10)\nrun fade(out, 1 + wait(2)\n"
    let b = build(text, path: "blink.anim")
    XCTAssertFalse(b.isGood)
    XCTAssertNil(b.playerPage)
    let source = SourceFile(path: "blink.anim", text: text)
    let program = Program(source: source, readFile: { _ in [] })
    let expected = DiagnosticRenderer(useColor: false).render(
      program.diagnostics.first { $0.0.severity == .error }!.0, in: source)
    XCTAssertEqual(b.error, expected)
    XCTAssertTrue(b.error!.hasPrefix("blink.anim:2:"))
  }

  func testARuntimeErrorKeepsTheOutputBeforeIt() {
    let b = build("print \"before\"\nx = [1, 2][5]\n")
    XCTAssertFalse(b.isGood)
    XCTAssertEqual(b.output, ["before"])
    XCTAssertTrue(b.error!.contains("t.anim:2:"), b.error!)
  }

  func testAFailedExpectationStillCountsAsGood() {
    let b = build("view box(x: 0, y: 0, width: 10, height: 10)\nexpect box.x == 1\n")
    XCTAssertTrue(b.isGood)
    XCTAssertTrue(b.failures.contains("t.anim:2:"), b.failures)
  }
}
