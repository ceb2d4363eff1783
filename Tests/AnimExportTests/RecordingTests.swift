import AnimEngine
import XCTest

@testable import AnimExport

final class RecordingTests: XCTestCase {
  /// Every frame equals anim's value, and so does every time in `between`.
  func assertFaithful(
    _ harness: RecordingHarness, _ name: String, _ property: Property, between: [Double] = [],
    tolerance: Double = 1e-9, file: StaticString = #filePath, line: UInt = #line
  ) throws -> PropertyTrack {
    let recording = try harness.record()
    let view = try XCTUnwrap(recording.views.first { $0.name == name })
    let track = view.track(property)
    let frames = (0..<recording.frameCount).map { Double($0) / harness.fps }
    for t in frames + between {
      let want = try harness.truth(name, property, at: t)
      let got = track.value(at: t)
      for l in 0..<property.lanes {
        XCTAssertEqual(
          got[l], want[l], accuracy: tolerance * max(1, abs(want[l])), "\(property) at t=\(t)",
          file: file, line: line)
      }
    }
    return track
  }

  let offFrame = stride(from: 0.0031, through: 1.99, by: 0.0473).map { $0 }

  func testALinearMoveIsOneKeyframeAndAHold() throws {
    let h = RecordingHarness(script: "view box\nrun move(to: (100, 0), 1) on box")
    let track = try assertFaithful(h, "box", .x, between: offFrame)
    XCTAssertEqual(track.keys.map(\.time), [0, 1])
    XCTAssertEqual(track.keys.map(\.out), [.linear, .hold])
  }

  func testPennerCurvesAreExactBetweenFrames() throws {
    for ease in [
      "inOutQuad", "outBack", "inOutBounce", "inCubic", "cubicBezier(0.3, -0.5, 0.6, 1.4)",
    ] {
      let h = RecordingHarness(
        script:
          "view box\nrun move(to: (100, 0), 1.3, ease: \(ease)) on box\nrun fade(out, 0.7, ease: steps(4)) on box"
      )
      let track = try assertFaithful(h, "box", .x, between: offFrame)
      XCTAssertFalse(track.keys.contains { $0.out == .sampled }, ease)
      _ = try assertFaithful(
        h, "box", .alpha,
        between: offFrame.filter { abs($0 * 4 / 0.7 - ($0 * 4 / 0.7).rounded()) > 1e-6 })
    }
  }

  func testASequenceWhoseJoinsFallBetweenFramesIsExact() throws {
    let h = RecordingHarness(
      script:
        "view box\nrun (move(to: (100, 0), 0.3333, ease: inQuad) + move(to: (-50, 0), 0.5111, ease: outCubic)) * 2 on box"
    )
    let track = try assertFaithful(h, "box", .x, between: offFrame)
    XCTAssertFalse(track.keys.contains { $0.out == .sampled })
  }

  func testSpringsAreSampledAtEveryFrame() throws {
    let h = RecordingHarness(
      script: "view box\nrun spring(x: 200, stiffness: 120, damping: 8) on box")
    let track = try assertFaithful(h, "box", .x)
    XCTAssertTrue(track.keys.contains { $0.out == .sampled })
    XCTAssertFalse(track.keys.last!.slope.isNaN && track.keys.count < 10)
  }

  func testATakeoverBetweenFramesCutsTheFirstMotionThere() throws {
    let h = RecordingHarness(
      script:
        "view box\nrun move(to: (100, 0), 1, ease: inOutCubic) on box\nrun delay(move(to: (0, 0), 0.5), 0.505) on box"
    )
    let track = try assertFaithful(h, "box", .x, between: offFrame)
    XCTAssertTrue(track.keys.contains { abs($0.time - 0.505) < 1e-9 })
  }

  /// Issue 20: a takeover at a frame's own instant started one frame late
  /// (x 105 instead of 100.5 at 1.05 s). Each change at a frame's instant
  /// shows right after the frame, which keeps the value before it.
  func testChangesAtAFramesOwnInstantShowRightAfterIt() throws {
    var h = RecordingHarness(
      script: "view box\nview dot\nrun move(to: (200, 0), 2) on box\ng = run fade(out, 2) on dot")
    h.fps = 10
    h.afterFrames = true
    h.at = [
      (1.0, "t = run move(to: (101, 0), 0.1) | rotate(to: 90, 0.5) on box\ndot.y = 40"),
      (1.2, "cancel t\npause g\nrun move(from: (0, 7), 0.4) on dot"),
    ]
    let between = [1.0001, 1.02, 1.05, 1.15, 1.2001, 1.25, 1.35, 1.5, 1.75]
    let x = try assertFaithful(h, "box", .x, between: between)
    XCTAssertEqual(x.value(at: 1.0)[0], 100, accuracy: 1e-9)
    XCTAssertEqual(x.value(at: 1.05)[0], 100.5, accuracy: 1e-9)
    // The cancel at 1.2 puts x back where the takeover found it: a jump
    // just after the frame, which still shows 101.
    XCTAssertEqual(x.value(at: 1.2)[0], 101, accuracy: 1e-9)
    _ = try assertFaithful(h, "box", .rotation, between: between)
    _ = try assertFaithful(h, "dot", .y, between: between)
    _ = try assertFaithful(h, "dot", .x, between: between)
    _ = try assertFaithful(h, "dot", .alpha, between: between)
  }

  func testCancelPauseAndAssignmentAppearWhereTheyHappened() throws {
    var h = RecordingHarness(
      script: "view box\nh = run move(to: (100, 0), 1) on box\ng = run fade(out, 1) on box")
    h.at = [(0.5, "cancel h\npause g"), (1.0, "resume g\nbox.y = 40"), (1.5, "box.y = 10")]
    let frames = try assertFaithful(h, "box", .x)
    XCTAssertEqual(frames.value(at: 0.5), PropertyValue(0, 0, 0, 0))
    let x = try assertFaithful(h, "box", .x, between: offFrame.filter { $0 < 0.49 || $0 > 0.5 })
    XCTAssertFalse(x.keys.contains { $0.out == .sampled })
    _ = try assertFaithful(h, "box", .alpha, between: offFrame)
    _ = try assertFaithful(h, "box", .y)
  }

  func testColoursInSRGBAreExactAndOthersSampled() throws {
    let h = RecordingHarness(
      script:
        "view box(color: red)\nrun color(to: blue, 1, ease: inOutQuad) on box\nview b2(color: red)\nrun color(to: blue, 1, space: oklab) on b2"
    )
    let a = try assertFaithful(h, "box", .color, between: offFrame)
    XCTAssertFalse(a.keys.contains { $0.out == .sampled })
    let b = try assertFaithful(h, "b2", .color)
    XCTAssertTrue(b.keys.contains { $0.out == .sampled })
  }

  func testOnlyTracksWhereSomethingCanHappenAreVisited() throws {
    // 101 views (the default `view` and 100 tiles), 3 030 tracks (30
    // properties in the record each, the text kind's, the outline and the
    // clip included); one tile
    // moves for 0.5 s, then another's alpha is assigned at 1 s. The first
    // frame visits only the tracks a segment is in force on: the others
    // hold the value their view was first seen with, and get no builder.
    var h = RecordingHarness(
      script: "grid tiles(cols: 10, rows: 10, size: 10)\nrun move(by: (50, 0), 0.5) on tiles[3]")
    h.at = [(1.0, "tiles[7].alpha = 0.5")]
    var visits: [Int: Int] = [:]
    var builders = 0
    let recording = try h.record { k, recorder in
      visits[k] = recorder.visitsAtLastFrame
      builders = recorder.builderCount
    }
    XCTAssertEqual(visits[0], 2)
    // Builders for tiles[3]'s x and y and tiles[7]'s alpha only.
    XCTAssertEqual(builders, 3)
    // The move writes x and y: two tracks per frame while it runs.
    XCTAssertEqual(visits[1], 2)
    XCTAssertEqual(visits[29], 2)
    // At 0.5 s it ends; after that frame nothing is in force or changes.
    XCTAssertEqual(visits[31], 0)
    XCTAssertEqual(visits[59], 0)
    // The assignment: its track at that frame and the next (where its last
    // keyframe becomes a hold), then nothing again.
    XCTAssertEqual(visits[60], 1)
    XCTAssertEqual(visits[61], 1)
    XCTAssertEqual(visits[62], 0)
    XCTAssertEqual(visits[120], 0)
    func keys(_ name: String, _ property: Property) -> KeyframeList {
      recording.views.first { $0.name == name }!.track(property).keys
    }
    let alpha = keys("tiles[7]", .alpha)
    XCTAssertEqual(alpha.map(\.time), [0, 59.0 / 60, 1])
    XCTAssertEqual(alpha.map { $0.value[0] }, [1, 1, 0.5])
    XCTAssertEqual(alpha.map(\.out), [.hold, .sampled, .hold])
    let x = keys("tiles[3]", .x)
    XCTAssertEqual(x.map(\.time), [0, 0.5])
    XCTAssertEqual(x.map { $0.value[0] }, [35, 85])
    XCTAssertEqual(x.map(\.out), [.linear, .hold])
  }

  func testAStillPropertyIsOneHold() throws {
    let h = RecordingHarness(script: "view box(x: 5)\nrun fade(out, 1) on box")
    let recording = try h.record()
    XCTAssertEqual(recording.views[0].track(.x).keys.count, 1)
    XCTAssertEqual(recording.frameCount, 121)
  }
}
