import XCTest

@testable import AnimEngine

/// A view's outline as a property the clock moves (SPEC §16.4): the morph's
/// pair is made when the play starts, from the outline then and OTHER's in
/// its own box anchor on anchor; takeover, cancel, rewinds and the stretch
/// with the box.
final class ViewMorphTests: XCTestCase {
  private func scene() -> (Scene, Clock, ViewID, ViewID) {
    let scene = Scene()
    let view = scene.declare("view")
    var a = ViewState()
    a[.width] = 100
    a[.height] = 100
    let target = scene.declare("a", kind: .named("ellipse")!, state: a)
    var b = ViewState()
    b[.width] = 40
    b[.height] = 60
    b[.anchorX] = 0
    b[.anchorY] = 1
    let other = scene.declare("b", kind: .named("rect")!, state: b)
    return (scene, Clock(scene: scene, defaultView: view), target, other)
  }

  private func morph(into other: ViewID, on target: ViewID, _ d: Double = 1) throws -> Motion {
    try .bound(
      .leaf(Leaf(duration: d, changes: [Change(.outline, .morph(other: other))])), to: [target])
  }

  private func outline(_ scene: Scene, _ id: ViewID) -> Outline {
    scene.currentOutline(of: id)
  }

  func testTheOutlineMovesWithTheProgressAndEndsAsOthersPlacedAnchorOnAnchor() throws {
    let (scene, clock, a, b) = scene()
    _ = try clock.run(morph(into: b, on: a), label: "m")
    try clock.advance(to: 0.25)
    XCTAssertEqual(scene.state(of: a)[value: .outline][1], 0.25)
    try clock.advance(to: 1)
    // b's box (40 × 60, anchor at its bottom-left) placed so that corner
    // falls on a's anchor, its centre (50, 50): b's corners (50, -10) …
    // (90, 50). The rect (4 lines) was subdivided to the ellipse's 4: no
    // subdivision; rotated to start at the corner closest to the ellipse's
    // top.
    let end = outline(scene, a)
    let corners = Set(end.subpaths[0].vertices.map { [$0.x, $0.y] })
    XCTAssertEqual(corners, [[50, -10], [90, -10], [90, 50], [50, 50]])
    XCTAssertEqual(end.subpaths[0].start, OutlinePoint(50, -10))
    XCTAssertEqual(MorphedOutlines.name(of: scene.state(of: a)[value: .outline]), "b")
    // OTHER is not changed.
    XCTAssertEqual(scene.state(of: b)[value: .outline], .zero)
  }

  func testATakeoverStartsFromTheOutlineThenAndCancelRestoresIt() throws {
    let (scene, clock, a, b) = scene()
    _ = try clock.run(morph(into: b, on: a), label: "m")
    try clock.advance(to: 0.5)
    let half = outline(scene, a)
    let second = try clock.run(morph(into: b, on: a), label: "m2")
    XCTAssertEqual(outline(scene, a), half, "the new morph starts from what was drawn")
    try clock.advance(to: 1.25)
    XCTAssertNotEqual(outline(scene, a), half)
    try clock.cancel(second)
    XCTAssertEqual(outline(scene, a), half, "cancel restores the outline the run found")
  }

  func testASizeChangedAfterTheMorphStretchesTheOutline() throws {
    let (scene, clock, a, b) = scene()
    _ = try clock.run(morph(into: b, on: a), label: "m")
    try clock.advance(to: 1)
    var state = scene.state(of: a)
    state[.width] = 200
    scene.set(a, state)
    let corners = Set(outline(scene, a).subpaths[0].vertices.map { [$0.x, $0.y] })
    XCTAssertEqual(corners, [[100, -10], [180, -10], [180, 50], [100, 50]])
  }

  func testTheSameMorphMadeAgainHasTheSameId() throws {
    let (scene, clock, a, b) = scene()
    _ = try clock.run(morph(into: b, on: a), label: "m")
    try clock.advance(to: 1)
    let id = scene.state(of: a)[value: .outline][0]
    scene.restoreDeclared()
    _ = try clock.run(morph(into: b, on: a), label: "m")
    try clock.advance(to: 2)
    XCTAssertEqual(scene.state(of: a)[value: .outline][0], id)
  }

  func testOutlinesThatCannotMorphAreRefusedWhenTheRunStarts() throws {
    let scene = Scene()
    let view = scene.declare("view")
    let dot = scene.declare("dot", kind: .named("ellipse")!)
    let tick = scene.declare("tick", kind: .named("shape")!)
    scene.setPath(
      ShapePath(
        outline: try PathDataParser.parse("M0 0 L10 10"),
        viewBox: try ViewBox(x: 0, y: 0, width: 10, height: 10)), of: tick)
    let clock = Clock(scene: scene, defaultView: view)
    XCTAssertThrowsError(try clock.run(morph(into: tick, on: dot), label: "m")) {
      XCTAssertEqual(
        ($0 as? EngineError)?.message,
        "cannot morph dot into tick: dot's outline is closed and tick's is open")
    }
    XCTAssertEqual(clock.liveCount, 0)
  }
}
