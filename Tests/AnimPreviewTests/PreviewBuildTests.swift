import AnimEngine
import AnimLanguage
import Foundation
import XCTest

@testable import AnimPreview

final class PreviewBuildTests: XCTestCase {
  private func build(_ text: String, path: String = "t.anim", singlePass: Bool = true)
    -> PreviewBuild
  {
    PreviewBuilder.build(
      SourceFile(path: path, text: text), readFile: { throw FileMissing(path: $0) },
      singlePass: singlePass)!
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

  func testARunStillGoingAtTheEndReachesTheRangesEndAndNamesItsView() {
    let b = build(
      """
      view a(x: 0, y: 0, width: 10, height: 10)
      view b(x: 20, y: 0, width: 10, height: 10)
      run rotate(by: 90, 1) * forever on b
      step 1.5
      """)
    XCTAssertEqual(b.end, 1.5)
    XCTAssertEqual(b.lanes.map(\.end), [1.5])
    XCTAssertEqual(b.lanes.map(\.ended), [nil])
    // Its view is the second drawn (a, then b).
    XCTAssertEqual(b.lanes.map(\.view), [1])
  }

  func testAResetStatementEmptiesTheTimeline() {
    let b = build(
      """
      view a(x: 0, y: 0, width: 10, height: 10)
      run fade(out, 1) on a
      step 0.5
      reset
      run fade(out, 2) on a
      step 1
      """)
    XCTAssertEqual(b.lanes.map(\.label), ["fade(out, 2) on a"])
    XCTAssertEqual(b.lanes.map(\.start), [0])
  }

  func testACancelledBuildIsNothing() {
    var asked = 0
    let cancelled = PreviewBuilder.build(
      SourceFile(path: "t.anim", text: "view a(x: 0, y: 0)\nrun fade(out, 2) on a\n"),
      readFile: { _ in [] },
      isCancelled: {
        asked += 1
        return asked > 10
      })
    XCTAssertNil(cancelled)
    // Asked at each of ten frames, at the eleventh (which stopped the
    // survey), then once by the builder: the script ran no further.
    XCTAssertEqual(asked, 12)
  }

  /// The single pass (recording while surveying) gives what two passes give,
  /// for every example and for scripts that make the second pass run again
  /// (another frame rate, a `reset`).
  func testRecordingWhileSurveyingIsRecordingInASecondPass() throws {
    let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../examples").standardized
    var scripts: [(String, String)] = try FileManager.default.contentsOfDirectory(
      atPath: examples.path
    ).filter { $0.hasSuffix(".anim") }.sorted().map {
      ($0, try String(contentsOf: examples.appendingPathComponent($0), encoding: .utf8))
    }
    XCTAssertGreaterThan(scripts.count, 20)
    scripts.append(("fps.anim", "fps 24\nview a(x: 0, y: 0)\nrun move(by: (10, 0), 1) on a\n"))
    scripts.append(
      ("reset.anim", "view a(x: 0, y: 0)\nrun fade(out, 1) on a\nstep 0.5\nreset\nstep 0.25\n"))
    for (name, text) in scripts {
      let one = build(text, path: name)
      let two = build(text, path: name, singlePass: false)
      XCTAssertEqual(one.error, two.error, name)
      XCTAssertEqual(one.output, two.output, name)
      XCTAssertEqual(one.lanes, two.lanes, name)
      XCTAssertEqual(one.player?.elements, two.player?.elements, name)
      XCTAssertEqual(one.player?.views, two.player?.views, name)
      XCTAssertEqual(one.player?.dataHead, two.player?.dataHead, name)
      XCTAssertEqual(one.views?.inspection(of: 0), two.views?.inspection(of: 0), name)
    }
  }

  func testTheInspectorsEntryHasEveryPropertyOfTheKindWithItsKeyframes() throws {
    let b = build(
      """
      view box(x: 10, y: 20, width: 30, height: 40, color: red)
      text label("Hi", x: 100, y: 100)
      run move(to: (110, 20), 1, ease: linear) on box
      """, path: "box.anim")
    let entry = try XCTUnwrap(b.views?.inspection(of: 0))
    let json = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(entry.utf8)) as? [String: Any])
    XCTAssertEqual(json["name"] as? String, "box")
    XCTAssertEqual(json["kind"] as? String, "view")
    XCTAssertEqual(json["declared"] as? String, "box.anim:1")
    XCTAssertEqual(json["runs"] as? [Int], [1])
    let properties = try XCTUnwrap(json["properties"] as? [[String: Any]])
    XCTAssertEqual(
      properties.map { $0["name"] as! String }, ViewKind.view.properties().map(\.name))
    let x = try XCTUnwrap(properties.first { $0["name"] as? String == "x" })
    XCTAssertEqual(x["type"] as? String, "number")
    let keys = try XCTUnwrap(x["keys"] as? [[Any]])
    XCTAssertEqual(keys.first?[1] as? Double, 10)
    XCTAssertEqual(keys.last?[0] as? Double, 1)
    XCTAssertEqual(keys.last?[1] as? Double, 110)
    let color = try XCTUnwrap(properties.first { $0["name"] as? String == "color" })
    XCTAssertEqual((color["keys"] as? [[Any]])?.first?[1] as? [Double], [1, 0, 0, 1])
    let lineCap = try XCTUnwrap(properties.first { $0["name"] as? String == "lineCap" })
    XCTAssertEqual(lineCap["cases"] as? [String], ["butt", "round", "square"])
    // A text: its string as print writes it, its view's declaration line.
    let text = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(b.views!.inspection(of: 1)!.utf8)) as? [String: Any])
    XCTAssertEqual(text["declared"] as? String, "box.anim:2")
    XCTAssertEqual(text["runs"] as? [Int], [])
    let shown = try XCTUnwrap(
      (text["properties"] as? [[String: Any]])?.first { $0["name"] as? String == "text" })
    XCTAssertEqual((shown["frames"] as? [[Any]])?.first?[1] as? String, "\"Hi\"")
    XCTAssertNil(b.views?.inspection(of: 2))
    XCTAssertNil(b.views?.inspection(of: -1))
  }
}
