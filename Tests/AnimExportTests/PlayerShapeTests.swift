import AnimEngine
import XCTest

@testable import AnimExport

/// The HTML player's shape channels (`PlayerShapeChannel`) and their
/// keyframes (`DerivedKeyframes`): exact where one curve moves an affine
/// value, jumps where the value jumps, every frame elsewhere.
final class PlayerShapeTests: XCTestCase {
  private func animations(_ script: String, end: Double = 1, fps: Double = 10) throws
    -> [String: [[String]]]
  {
    let recording = try RecordingHarness(script: script, fps: fps, end: end).record()
    var out: [String: [[String]]] = [:]
    for view in recording.views {
      for a in HTMLPlayerWriter.animations(of: view, recording: recording, span: end) {
        guard case .object(let members) = a, case .string(let css) = members[0].1,
          case .array(let keys) = members[1].1
        else { continue }
        out["\(view.name).\(css)"] = keyframeStrings(keys)
      }
    }
    return out
  }

  func testADrawIsOneKeyframeWithItsEasingAndTheStrokeAppearsAtOnce() throws {
    let a = try animations(
      """
      ellipse ring(width: 100, height: 100, stroke: blue, strokeWidth: 6, lineCap: round, trimEnd: 0)
      run draw(0.5, ease: linear) on ring
      """)
    XCTAssertEqual(
      a["ring.stroke-dasharray"],
      [
        ["0", "0 1", "linear"], ["0.5", "1 1", "linear"], ["0.5", "none", "linear"],
        ["1", "none", "linear"],
      ])
    // A zero-length piece draws no caps: opacity 0 at t = 0, 1 just after.
    XCTAssertEqual(
      a["ring.stroke-opacity"],
      [
        ["0", "0", "linear"], ["5e-07", "1", "linear"], ["0.5", "1", "linear"],
        ["1", "1", "linear"],
      ])
    XCTAssertNil(a["ring.stroke-width"])
    // The offset never changes: no animation.
    XCTAssertNil(a["ring.stroke-dashoffset"])
  }

  func testATrimEndCrossingItsStartIsTakenAtEveryFrame() throws {
    let a = try animations(
      """
      ellipse e(width: 100, height: 100, stroke: blue, trimStart: 0.5, trimEnd: 0.3)
      run tween(trimEnd: 0.7, 0.4, ease: linear) on e
      """)
    let dash = try XCTUnwrap(a["e.stroke-dasharray"])
    // 0.3 → 0.7 crosses 0.5: |e − s| is not affine; one keyframe a frame.
    XCTAssertEqual(dash.map { $0[0] }, ["0", "0.1", "0.2", "0.3", "0.4", "1"])
    XCTAssertEqual(dash.map { $0[2] }, Array(repeating: "linear", count: 6))
    let lengths = dash.map { Double($0[1].split(separator: " ")[0])! }
    for (got, want) in zip(lengths, [0.2, 0.1, 0, 0.1, 0.2, 0.2]) {
      XCTAssertEqual(got, want, accuracy: 1e-12)
    }
    // The piece starts at min(s, e): the end's place up to 0.2 s, then the start's.
    let offset = try XCTUnwrap(a["e.stroke-dashoffset"])
    for (got, want) in zip(offset.map { Double($0[1])! }, [-0.3, -0.4, -0.5, -0.5, -0.5, -0.5]) {
      XCTAssertEqual(got, want, accuracy: 1e-12)
    }
  }

  func testAResizedRectIsOneOutlineKeyframeWithTheTweensEasing() throws {
    let a = try animations(
      """
      rect r(width: 40, height: 20, cornerRadius: 4, stroke: black, anchor: (0, 0))
      run tween(width: 80, height: 40, cornerRadius: 8, 1, ease: inQuad) on r
      """)
    let d = try XCTUnwrap(a["r.d"])
    XCTAssertEqual(d.count, 2)
    XCTAssertEqual(
      d[0][2], "cubic-bezier(0.3333333333333333, 0, 0.6666666666666667, 0.33333333333333337)")
    XCTAssertTrue(d[0][1].hasPrefix("path(\"M4 0 C"), d[0][1])
    XCTAssertTrue(d[1][1].hasPrefix("path(\"M8 0 C"), d[1][1])
  }

  func testTheOutlineIsPlacedOnItsAnchorAndWrittenAsAnimsPathData() {
    let channel = PlayerShapeChannel.of(kind: .named("ellipse")!, path: nil, alphaInStroke: true)
      .first { $0.css == "d" }!
    let defaults = ViewState()
    var values = channel.inputs.map { defaults[value: $0] }
    values[channel.inputs.firstIndex(of: .width)!] = PropertyValue(40, 0, 0, 0)
    values[channel.inputs.firstIndex(of: .height)!] = PropertyValue(20, 0, 0, 0)
    let text = PlayerShapeChannel.pathData(channel.value(values))
    let outline = Outline.ellipse(width: 40, height: 20).translated(by: OutlinePoint(-20, -10))
    XCTAssertEqual(text, outline.svgPathData)
    XCTAssertTrue(text.hasPrefix("M0 -10 C"), text)
  }

  func testTheTrimIsClampedSwappedAndWholeWhenItCoversTheOutline() {
    XCTAssertEqual(PlayerShapeChannel.trimLength(0.8, 0.3), 0.5, accuracy: 1e-15)
    XCTAssertEqual(PlayerShapeChannel.trimLength(-0.2, 1.4), 1)
    XCTAssertEqual(PlayerShapeChannel.trimLength(0.4, 0.4), 0)
  }

  func testAValueThatChangesFormAtTheLastStepIsTakenAtEveryFrame() throws {
    // The rectangle's path keeps its arcs at 1/8 … 7/8 of the width's way
    // and loses them at its end (the radius clamped to a tiny box): the
    // last value has fewer numbers, which once read past the first's end
    // (an export that trapped on a file imported from lottie-android).
    let a = try animations(
      """
      rect r(x: 0, y: 0, width: 0.0005, height: 0.0005, cornerRadius: 10, color: transparent, stroke: "#1aa699", strokeWidth: 10)
      run tween(width: 5, 0.2, ease: cubicBezier(0.167, 0.167, 0.667, 1)) on r
      run tween(height: 5, 0.2, ease: cubicBezier(0.167, 0.167, 0.667, 1)) on r
      run wait(1) + tween(cornerRadius: 0.3, 0.15) + tween(cornerRadius: 15.3, 0.2) on r
      """, end: 1.4)
    let path = try XCTUnwrap(a["r.d"])
    XCTAssertGreaterThan(path.count, 2)
    let ends = [
      ShapeValue(form: "M L Z", numbers: [0, 0, 1, 1]),
      ShapeValue(form: "M L Z", numbers: [0, 0, 2, 2]),
      ShapeValue(form: "M Z", numbers: [0, 0]),
    ]
    XCTAssertNil(DerivedKeyframes.affineEnds(ends))
    XCTAssertNil(DerivedKeyframes.affineEnds(Array(ends.reversed())))
  }
}
