import AnimEngine
import AnimLanguage
import AnimStage
import XCTest

@testable import AnimRender

/// A frame whose scene draws alike the last one drawn is kept, not drawn
/// again (`FrameCanvas.keepsUnchangedFrames`, `Scene.drawsAlike`): every
/// frame must still be the one drawing gives, byte for byte, whatever
/// changed in between — a value, a colour, a string, a path, the tree, the
/// stage, a view shown — and holds must be kept.
final class KeptFrameTests: XCTestCase {
  /// Draws every frame of `text` over [0, `end`] at `fps` on a canvas that
  /// keeps unchanged frames and on one that draws each; fails where a byte
  /// differs (the 8-bit frame and its PNG); returns the frames kept.
  private func keptFrames(
    _ text: String, to end: Double, fps: Double = 10, bandRows: Int? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> Int {
    let script = try SurveyedScript(
      text, to: end, fps: fps, sizing: .scale(1), file: file, line: line)
    let layout = script.layout
    let rows = bandRows.map { $0 * layout.pixelWidth } ?? FrameCanvas.bandPixels
    let keeping = try FrameCanvas(layout: layout, bandPixels: rows)
    let drawing = try FrameCanvas(layout: layout, bandPixels: rows)
    drawing.keepsUnchangedFrames = false
    var a: [UInt8] = []
    var b: [UInt8] = []
    try script.runner.play(script.plan) { frame in
      try keeping.draw(frame.scene)
      keeping.rgba(into: &a)
      try drawing.draw(frame.scene)
      drawing.rgba(into: &b)
      XCTAssertTrue(a == b, "frame \(frame.index) differs", file: file, line: line)
      XCTAssertTrue(
        try keeping.png() == drawing.png(), "PNG \(frame.index)", file: file, line: line)
    }
    XCTAssertEqual(drawing.framesKept, 0, file: file, line: line)
    return keeping.framesKept
  }

  func testAHoldIsKeptAndWhatFollowsItIsDrawn() throws {
    // 0…1 s moving (11 frames at 10 per second), 1…2 s held: the ten
    // frames after 1 s are kept; the colour set at 2 s is drawn, then held
    // to 3 s.
    let kept = try keptFrames(
      """
      stage(width: 60, height: 40, background: "#203040")
      rect a(x: 10, y: 20, width: 12, height: 8, color: "#e04040", cornerRadius: 2)
      run tween(x: 50, 1) on a
      step 2
      a.color = "#40e040"
      step 1
      """, to: 3)
    // Frames 11…19 are alike frame 10, 21…30 alike frame 20 (the new
    // colour). After four frames unlike the one before (1…4), a copy
    // to compare with is made only every eighth frame drawn
    // (FrameCanvas.restEvery): the 16th drawn, frame 15, so 16…19 are
    // kept; the colour's change ends the rest, and 21…30 are kept.
    XCTAssertEqual(kept, 4 + 10)
  }

  func testEveryKindOfChangeIsDrawn() throws {
    // A change at each step: a string, the shape of a morph, a clip let
    // go, the stage's background, a view declared, a value. Between
    // them, holds.
    let kept = try keptFrames(
      """
      stage(width: 80, height: 60, background: "#102030")
      rect a(x: 20, y: 20, width: 20, height: 10, color: "#e04040")
      text t("Hi", x: 40, y: 45, size: 12, color: white)
      shape s(d: "M0 0 L10 0 L5 8 Z", x: 60, y: 20, width: 10, height: 8, color: "#40e040")
      rect box(width: 10, height: 8, cornerRadius: 3, alpha: 0)
      layer g(x: 40, y: 30, width: 40, height: 30, clip: true)
      rect c(parent: g, x: 0, y: 0, width: 60, height: 4, color: white)
      step 0.25
      t.text = "Ho"
      step 0.25
      run morph(to: box, 0.1) on s
      step 0.25
      g.clip = false
      step 0.25
      stage(background: "#301020")
      step 0.25
      rect b(x: 70, y: 50, width: 6, height: 6, color: yellow)
      step 0.25
      a.alpha = 0.5
      step 0.25
      """, to: 1.75, fps: 20)
    // 36 frames, 8 drawn: the first, one at each change, and the morph's
    // two after its start (at its start, progress 0, it draws the outline
    // it starts from: alike).
    XCTAssertEqual(kept, 28)
  }

  func testBandsKeepFramesToo() throws {
    let kept = try keptFrames(
      """
      stage(width: 40, height: 30)
      ellipse e(x: 10, y: 15, width: 10, height: 10, color: "#3af", stroke: white, strokeWidth: 2)
      run tween(x: 30, 0.5) on e
      step 1
      """, to: 1, bandRows: 7)
    // Frames 6…10 are alike frame 5; the copy is made at the 8th frame
    // drawn (frame 7: frames 1…4 were unlike the one before), so 8…10
    // are kept.
    XCTAssertEqual(kept, 3)
  }

  func testASceneIsAlikeOnlyToTheSameDrawing() throws {
    let script = try SurveyedScript(
      "stage(width: 20, height: 20)\nrect r(x: 5, y: 5, width: 4, height: 4)\n", to: 0, fps: 1,
      sizing: .scale(1))
    var scenes: [Scene] = []
    try script.runner.play(script.plan) { frame in scenes.append(frame.scene.drawingCopy()) }
    let scene = try XCTUnwrap(scenes.first)
    let copy = scene.drawingCopy()
    XCTAssertTrue(scene.drawsAlike(copy))
    let r = try XCTUnwrap(scene.view(named: "r"))
    // A value changed by one bit, then back; −0 is not +0.
    var state = scene.state(of: r)
    let x = state[.x]
    state[.x] = x.nextUp
    scene.set(r, state)
    XCTAssertFalse(scene.drawsAlike(copy))
    state[.x] = x
    scene.set(r, state)
    XCTAssertTrue(scene.drawsAlike(copy))
    state[.rotation] = -0.0
    scene.set(r, state)
    XCTAssertFalse(scene.drawsAlike(copy))
    state[.rotation] = 0.0
    scene.set(r, state)
    // A path, the stage, a hidden view, one more view.
    scene.setPath(
      ShapePath(outline: .empty, viewBox: try ViewBox(x: 0, y: 0, width: 1, height: 1)), of: r)
    XCTAssertFalse(scene.drawsAlike(copy))
    scene.setPath(nil, of: r)
    XCTAssertTrue(scene.drawsAlike(copy))
    scene.stage.background = Color.white
    XCTAssertFalse(scene.drawsAlike(copy))
    scene.stage = copy.stage
    scene.hiddenViews = [r]
    XCTAssertFalse(scene.drawsAlike(copy))
    scene.hiddenViews = copy.hiddenViews
    XCTAssertTrue(scene.drawsAlike(copy))
    _ = scene.declare("more")
    XCTAssertFalse(scene.drawsAlike(copy))
  }

  func testLargeScenesAreNotKept() throws {
    // More values than `keptSceneBytes`: drawn at every frame.
    let views = FrameCanvas.keptSceneBytes / (PropertyTable.standard.recordWidth * 8) + 64
    let kept = try keptFrames(
      "stage(width: 20, height: 20)\ngrid g(cols: \(views), rows: 1, size: 1)\nstep 0.3\n",
      to: 0.3)
    XCTAssertEqual(kept, 0)
  }
}
