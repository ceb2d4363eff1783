import AnimEngine
import XCTest

@testable import AnimExport

/// The HTML player's trimmed outlines of several subpaths that change over
/// time (`movingContourPaths`) and a text's clip following its drawings
/// (`textClipKeyframes`): exact keyframes at every frame.
final class PlayerContourTests: XCTestCase {
  /// The animations of view `name`, by element mark and CSS property
  /// (`"s1_.stroke-dasharray"`; unmarked ones as `".css"`), each as its
  /// keyframes' [offset, value, easing].
  private func animations(
    _ script: String, view name: String, tree: Bool = false,
    at: [(time: Double, script: String)] = []
  ) throws -> [String: [[String]]] {
    let recording = try RecordingHarness(script: script, at: at, fps: 2, end: 1).record()
    guard let i = recording.views.firstIndex(where: { $0.name == name }) else { return [:] }
    let view = recording.views[i]
    var list = HTMLPlayerWriter.animations(of: view, recording: recording, span: 1)
    if tree {
      list += HTMLPlayerWriter.treeAnimations(of: view, index: i, recording: recording, span: 1)
    }
    var out: [String: [[String]]] = [:]
    for a in list {
      guard case .object(let members) = a else { continue }
      var css = ""
      var mark = ""
      var keys: [[String]] = []
      for (key, value) in members {
        switch (key, value) {
        case ("p", .string(let s)): css = s
        case ("e", .string(let s)): mark = s
        case ("k", .array(let list)): keys = keyframeStrings(list)
        default: break
        }
      }
      out["\(mark).\(css)"] = keys
    }
    return out
  }

  /// Keyframes as [offset, numbers of the value…], within 1e-12, all linear.
  private func assertNumbers(
    _ keys: [[String]]?, _ want: [[Double]], file: StaticString = #filePath, line: UInt = #line
  ) {
    let got = (keys ?? []).map { key in
      [Double(key[0]) ?? .nan] + key[1].split(separator: " ").map { Double($0) ?? .nan }
    }
    XCTAssertEqual(got.count, want.count, "\(got)", file: file, line: line)
    for (g, w) in zip(got, want) {
      XCTAssertEqual(g.count, w.count, "\(got)", file: file, line: line)
      for (x, y) in zip(g, w) {
        XCTAssertEqual(x, y, accuracy: 1e-12, "\(got)", file: file, line: line)
      }
    }
    XCTAssertTrue((keys ?? []).allSatisfy { $0[2] == "linear" }, file: file, line: line)
  }

  func testEachSubpathsDashFollowsItsShareOfTheMovingOutline() throws {
    // A horizontal and a vertical line: their shares of the length go from
    // 1/2 and 1/2 (100 and 100) to 3/4 and 1/4 (300 and 100).
    let a = try animations(
      """
      shape s(width: 100, height: 100, d: "M0 0 L100 0 M0 0 L0 100", stroke: white, trimEnd: 0.6)
      run tween(width: 300, 1, ease: linear) on s
      """, view: "s")
    // The whole piece [0, 0.6]: one dash of 0.6 and, with no trimOffset, a
    // gap of the whole outline (1), each divided by the subpath's share.
    assertNumbers(
      a["s0_.stroke-dasharray"], [[0, 1.2, 2], [0.5, 0.9, 1.5], [1, 0.8, 1 / 0.75]])
    assertNumbers(
      a["s1_.stroke-dasharray"], [[0, 1.2, 2], [0.5, 1.8, 3], [1, 2.4, 4]])
    // The second subpath starts where the first ends, along the whole.
    assertNumbers(a["s0_.stroke-dashoffset"], [[0, 0], [1, 0]])
    assertNumbers(a["s1_.stroke-dashoffset"], [[0, 1], [0.5, 2], [1, 3]])
    // Each subpath's d, about the anchor (the box's centre), as anim's
    // path data writes a line (a cubic).
    XCTAssertEqual(
      a["s1_.d"]?.map { $0[0] + " " + $0[1] },
      ["-50", "-100", "-150"].enumerated().map { k, x in
        let c1 = "\(x) -16.666666666666664"
        let c2 = "\(x) 16.66666666666667"
        return "\(JSONValue.format(Double(k) / 2)) path(\"M\(x) -50 C\(c1) \(c2) \(x) 50\")"
      })
    XCTAssertEqual(a["f.d"]?.count, 3)
    // The group's own dash and d do not animate (its paths carry them).
    XCTAssertNil(a[".stroke-dasharray"])
    XCTAssertNil(a[".d"])
  }

  func testATextsClipHoldsEachDrawingFromItsFrame() throws {
    // A number counting 1, 2, 3 at the frames 0, 0.5 and 1.
    let script = """
      text t(value: 1, size: 40, clip: true) {
        rect r(width: 10, height: 10)
      }
      run tween(value: 3, 1, ease: linear) on t
      """
    let recording = try RecordingHarness(script: script, fps: 2, end: 1).record()
    let view = try XCTUnwrap(recording.views.first { $0.name == "t" })
    let paths = HTMLPlayerWriter.textClipPaths(view)
    XCTAssertEqual(paths.count, 3)
    XCTAssertEqual(Set(paths).count, 3)
    XCTAssertEqual(HTMLPlayerWriter.clipPathData(view), paths[0])
    let a = try animations(script, view: "t", tree: true)
    XCTAssertEqual(
      a["c.d"],
      [
        ["0", "path(\"\(paths[0])\")", "steps(1, jump-end)"],
        ["0.5", "path(\"\(paths[1])\")", "steps(1, jump-end)"],
        ["1", "path(\"\(paths[2])\")", "steps(1, jump-end)"],
        ["1", "path(\"\(paths[2])\")", "linear"],
      ])
  }

  func testAClipSetOnAndOffSwitchesTheClippedGroupsClipPath() throws {
    // Off at the start, on from 0.5 s: the group `k0` holds `none`, then
    // the clip, from the keyframe at 0.5 (held, as the page holds frames).
    let script = "rect m(width: 40, height: 40) {\n  rect r(width: 10, height: 10)\n}\n"
    let a = try animations(script, view: "m", tree: true, at: [(0.5, "m.clip = true")])
    XCTAssertEqual(
      a["k.clip-path"],
      [
        ["0", "none", "steps(1, jump-end)"],
        ["0.5", "url(#clip0)", "steps(1, jump-end)"],
        ["1", "url(#clip0)", "linear"],
      ])
    // A clip that stays on is not animated.
    let still = try animations(
      "rect m(width: 40, height: 40, clip: true) {\n  rect r(width: 10, height: 10)\n}\n",
      view: "m", tree: true, at: [(0.5, "m.clip = true")])
    XCTAssertNil(still["k.clip-path"])
  }

  func testATextShowingOneDrawingKeepsItsClipStill() throws {
    let recording = try RecordingHarness(
      script: "text t(\"A\", size: 40, clip: true) {\n  rect r(width: 10, height: 10)\n}",
      fps: 2, end: 1
    ).record()
    let view = try XCTUnwrap(recording.views.first { $0.name == "t" })
    XCTAssertNil(HTMLPlayerWriter.textClipKeyframes(view, recording: recording, span: 1))
  }
}
