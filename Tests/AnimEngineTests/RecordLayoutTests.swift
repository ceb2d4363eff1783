import XCTest

@testable import AnimEngine

/// The scene keeps its records in blocks of 64 views, slot by slot
/// (`RecordLayout`): what the clock writes and what every reader sees by
/// property are the same as with one record after another.
final class RecordLayoutTests: XCTestCase {
  func testEachSlotOf64ViewsLiesSideBySide() {
    let layout = RecordLayout(width: 39)
    XCTAssertEqual(RecordLayout.blockViews, 64)
    XCTAssertEqual(layout.index(view: 0, slot: 0), 0)
    XCTAssertEqual(layout.index(view: 1, slot: 0), 1)
    XCTAssertEqual(layout.index(view: 63, slot: 0), 63)
    XCTAssertEqual(layout.index(view: 0, slot: 1), 64)
    XCTAssertEqual(layout.index(view: 3, slot: 4), 259)
    XCTAssertEqual(layout.index(view: 63, slot: 38), 2_495)
    XCTAssertEqual(layout.index(view: 64, slot: 0), 2_496)
    XCTAssertEqual(layout.index(view: 65, slot: 4), 2_753)
    // 15 625 blocks of 2 496 doubles, then slot 38 of the block's view 0.
    XCTAssertEqual(layout.index(view: 1_000_000, slot: 38), 39_002_432)
    XCTAssertEqual(RecordLayout.standard, RecordLayout(width: Property.recordWidth))
  }

  func testThePlaceOfAnIndexIsItsViewAndSlot() {
    let layout = RecordLayout(width: 5)
    var seen = Set<Int>()
    for view in 0..<192 {
      for slot in 0..<5 {
        let i = layout.index(view: view, slot: slot)
        XCTAssertTrue(seen.insert(i).inserted, "view \(view) slot \(slot) shares index \(i)")
        XCTAssertEqual(layout.place(of: i).view, view)
        XCTAssertEqual(layout.place(of: i).slot, slot)
      }
    }
    // Three whole blocks, every index used once.
    XCTAssertEqual(seen, Set(0..<960))
  }

  func testABufferHoldsWholeBlocks() {
    let layout = RecordLayout(width: 39)
    XCTAssertEqual(layout.capacity(views: 0), 0)
    XCTAssertEqual(layout.capacity(views: 1), 2_496)
    XCTAssertEqual(layout.capacity(views: 64), 2_496)
    XCTAssertEqual(layout.capacity(views: 65), 4_992)
  }

  /// Views with different states, the scene grown past its first buffer.
  private func distinctScene(views: Int) -> (Scene, [ViewState]) {
    let scene = Scene()
    var states: [ViewState] = []
    for i in 0..<views {
      var state = ViewState()
      state[.x] = Double(i)
      state[.y] = Double(i) + 0.5
      state[.alpha] = Double(i % 10) / 10
      state[color: .color] = Color(r: 0.25, g: Double(i % 4) / 4, b: 0.75, a: 1)
      state[.clip] = Double(i % 2)
      states.append(state)
      scene.declare("v\(i)", state: state)
    }
    return (scene, states)
  }

  func testTheScenesValuesAreOneRecordAfterAnother() {
    let (scene, states) = distinctScene(views: 131)
    XCTAssertEqual(scene.values, states.flatMap(\.record))
    for (i, state) in states.enumerated() {
      XCTAssertEqual(scene.state(of: ViewID(i)), state, "view \(i)")
      XCTAssertEqual(scene.record(of: ViewID(i)).number(.y), Double(i) + 0.5)
      XCTAssertEqual(scene.record(of: ViewID(i)).color(.color), state[color: .color])
      XCTAssertEqual(scene.clips(ViewID(i)), i % 2 == 1)
    }
    let snapshot = scene.snapshot()
    XCTAssertEqual(snapshot.state(of: 130), states[130])
  }

  func testTheBufferHoldsEachValueAtItsIndex() {
    let (scene, states) = distinctScene(views: 70)
    let layout = scene.layout
    scene.withBuffer { buffer in
      XCTAssertEqual(buffer.count, 2 * 64 * Property.recordWidth)
      for s in 0..<buffer.count {
        let (view, slot) = layout.place(of: s)
        XCTAssertEqual(buffer[s], view < 70 ? states[view].record[slot] : 0, "index \(s)")
      }
    }
  }

  func testARunWritesItsViewsAfterTheSceneGrows() throws {
    let (scene, states) = distinctScene(views: 12)
    let clock = Clock(scene: scene, defaultView: 0)
    let blue = PropertyValue(0, 0, 1, 1)
    try clock.run(
      .leaf(
        Leaf(
          duration: 1,
          changes: [
            Change(.alpha, .to(PropertyValue(1, 0, 0, 0))), Change(.color, .to(blue)),
          ])),
      label: "fade")
    try clock.advance(by: 0.5)
    XCTAssertEqual(scene.value(0, .alpha)[0], 0.5, accuracy: 1e-12)
    // Declared while the run writes: the buffer is copied to a larger one.
    for i in 12..<200 { scene.declare("w\(i)") }
    try clock.advance(by: 0.5)
    XCTAssertEqual(scene.value(0, .alpha)[0], 1)
    XCTAssertEqual(scene.value(0, .color), blue)
    // The other views of its block (their lanes interleave with its own)
    // are untouched.
    for i in 1..<12 { XCTAssertEqual(scene.state(of: ViewID(i)), states[i], "view \(i)") }
    XCTAssertEqual(scene.state(of: 199), ViewState())
  }
}
