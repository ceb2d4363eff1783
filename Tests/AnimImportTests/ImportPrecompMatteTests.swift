import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// A track matte whose matte layer is a precomposition (rlottie's
/// `1643-exploding-star`, lottie-android's `youtube_icon_reveal`): its
/// layers' fills placed by their own transforms are the matte's outline.
final class ImportPrecompMatteTests: XCTestCase {
  private let white = #"{"ty": "fl", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}}"#

  private func square(_ name: String, size: Int) -> String {
    #"{"ty": "rc", "nm": "\#(name)", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [\#(size), \#(size)]}}"#
  }

  private func inner(_ layers: [String]) -> String {
    #"{"id": "inner", "layers": [\#(layers.joined(separator: ","))]}"#
  }

  private func matte(op: Int = 60, extra: String = "") -> String {
    #"{"ty": 0, "nm": "M", "refId": "inner", "w": 200, "h": 100, "ip": 0, "op": \#(op), "st": 0, "td": 1, "ks": {}\#(extra)}"#
  }

  private let body = H.shapeLayer("Body", extra: #", "tt": 1"#)

  /// A 10-point square moving from (10, 10) to (40, 10) over frames
  /// 0…`frames` (linear).
  private func moving(frames: Int) -> String {
    H.shapeLayer(
      "Moving",
      ks:
        #"{"p": {"a": 1, "k": [{"t": 0, "s": [10, 10], "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}}, {"t": \#(frames), "s": [40, 10]}]}}"#,
      shapes: [square("A", size: 10), white])
  }

  /// The notes of importing `count` moving squares as the matte of a
  /// body, `frames` long.
  private func notesOfMovingSquares(_ count: Int, frames: Int) throws -> [String] {
    try H.importing(
      H.document(
        [matte(op: frames), body],
        assets: [inner(Array(repeating: moving(frames: frames), count: count))], op: Double(frames))
    ).notes.map(\.description)
  }

  func testAStillLayerOfThePrecompositionIsTheOutlineWhereItIsPlaced() throws {
    let layer = H.shapeLayer(
      "Sq", ks: #"{"p": {"a": 0, "k": [30, 40]}}"#, shapes: [square("S", size: 20), white])
    let result = try H.importing(
      H.document([matte(), body], assets: [inner([layer])]))
    XCTAssertEqual(result.notes, [])
    // The precomposition's frame clips, then the square about (30, 40).
    XCTAssertTrue(
      result.script.contains(
        #"shape Body_matte_frame(parent: Body_matte, d: "M200 0 C200 0 200 100 200 100"#),
      result.script)
    XCTAssertTrue(
      result.script.contains(
        #"shape matte(parent: Body_matte_frame, d: "M40 30 C40 30 40 50 40 50 C40 50 20 50 20 50 C20 50 20 30 20 30 C20 30 40 30 40 30 Z""#
      ), result.script)
    XCTAssertFalse(result.script.contains("morph("), result.script)
    _ = H.run(result.script, then: "")
  }

  func testLayersThatMoveOrComeLaterAreDrawnFrameByFrame() throws {
    // One square moves right by 30 over frames 0…30 (linear); a second is
    // shown from frame 10 on. The outline is a frame each: it morphs point
    // by point from frame to frame, and is held where the second appears.
    let moving = moving(frames: 30)
    let late =
      #"{"ty": 4, "nm": "Late", "ks": {"p": {"a": 0, "k": [100, 50]}}, "ip": 10, "op": 60, "st": 0, "shapes": [\#(square("B", size: 10)), \#(white)]}"#
    let result = try H.importing(
      H.document([matte(), body], assets: [inner([moving, late])]))
    XCTAssertEqual(result.notes, [])
    // Frames 1…30 a morph each, then a wait while nothing moves to frame
    // 59, the last before op 60; held where the second square appears
    // (frame 10). (Both leave at op, which no player shows: not written.)
    let morphs = result.script.components(separatedBy: "morph(to: matte_key").count - 1
    XCTAssertEqual(morphs, 30)
    let held = result.script.components(separatedBy: ", ease: steps(1))").count - 1
    XCTAssertEqual(held, 1)
    XCTAssertTrue(
      result.script.contains(
        "morph(to: matte_key_11, 0.033333333333333326, ease: steps(1)) +"), result.script)
    // Frame 0: the moving square at (10, 10), the late one collapsed onto
    // its first vertex (105, 45), enclosing nothing.
    XCTAssertTrue(
      result.script.contains(
        #"shape matte(parent: Body_matte_frame, d: "M15 5 C15 5 15 15 15 15 C15 15 5 15 5 15 C5 15 5 5 5 5 C5 5 15 5 15 5 C15 5 105 45 105 45 C105.0000105 45 105 45 105 45"#
      ), result.script)
    _ = H.run(result.script, then: "step to 1")
  }

  func testWhatAMattePrecompositionCannotSayIsNoted() throws {
    let text = #"{"ty": 5, "nm": "T", "ks": {}, "ip": 0, "op": 60, "st": 0}"#
    let half = H.shapeLayer(
      "Half", ks: #"{"o": {"a": 0, "k": 50}}"#, shapes: [square("S", size: 20), white])
    let result = try H.importing(
      H.document([matte(), body], assets: [inner([text, half])]))
    XCTAssertEqual(
      result.notes.map(\.description).sorted(),
      [
        "/assets/0/layers/0: a layer of this type inside a matte's precomposition not applied",
        "/assets/0/layers/1/ks/o: a layer of a matte's precomposition drawn at 100 % opacity",
      ])
    // A time-remapped precomposition as a matte is left out, noted.
    let remapped = try H.importing(
      H.document(
        [matte(extra: #", "tm": {"a": 0, "k": 0}"#), body],
        assets: [inner([H.shapeLayer("Sq", shapes: [square("S", size: 20), white])])]))
    XCTAssertEqual(
      remapped.notes.map(\.description),
      ["/layers/0: a time-remapped precomposition as a track matte not imported"])
    XCTAssertFalse(remapped.script.contains("clip: true"), remapped.script)
  }

  func testAMatteOfTooManyVerticesOverItsFramesIsLeftOutNoted() throws {
    // 1 100 moving squares of 4 vertices over the 999 steps from frame 0
    // to frame 999, the last before op 1000: 4.4 million vertices to
    // write, past the bound of 4 million. 400 are few enough to write, but
    // pairing 1 600 vertices with 1 600 at each of 999 steps is too much
    // work (2.56e9 > 5e8). 40 over 100 frames are drawn.
    XCTAssertEqual(
      try notesOfMovingSquares(1100, frames: 1000),
      [
        "/layers/0: a matte precomposition too large to draw frame by frame (4400 vertices a frame, 1000 frames): drawn without the matte"
      ])
    XCTAssertEqual(
      try notesOfMovingSquares(400, frames: 1000),
      [
        "/layers/0: a matte precomposition too large to draw frame by frame (1600 vertices a frame, 1000 frames): drawn without the matte"
      ])
    XCTAssertEqual(try notesOfMovingSquares(40, frames: 100), [])
  }

  func testAMovingMatteOfTooManyFramesIsLeftOutNoted() throws {
    XCTAssertEqual(
      try notesOfMovingSquares(1, frames: 3000),
      [
        "/layers/0: a matte precomposition that moves, over 2000 frames: drawn without the matte"
      ])
  }
}
