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
    // 101 views (the default `view` and 100 tiles), 2 323 tracks (23
    // properties in the record each); one tile
    // moves for 0.5 s, then another's alpha is assigned at 1 s.
    var h = RecordingHarness(
      script: "grid tiles(cols: 10, rows: 10, size: 10)\nrun move(by: (50, 0), 0.5) on tiles[3]")
    h.at = [(1.0, "tiles[7].alpha = 0.5")]
    var visits: [Int: Int] = [:]
    let recording = try h.record { k, recorder in visits[k] = recorder.visitsAtLastFrame }
    XCTAssertEqual(visits[0], 2323)
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
