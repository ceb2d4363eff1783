import AnimEngine
import AnimExport
import XCTest

/// An export writes at most 2 000 000 outline points frame by frame (issue
/// 32): a star of 100 000 points whose inner radius moved was a Lottie file
/// of several gigabytes, built in memory.
final class ExportBudgetTests: XCTestCase {
  func testAStarOfAHundredThousandPointsMovingForASecondIsTooMuch() throws {
    let recording = try RecordingHarness(
      script: "star s(points: 100000)\nrun tween(innerRadius: 0.9, 1) on s\n", end: 1
    ).record()
    let excess = try XCTUnwrap(ExportBudget.excess(recording))
    XCTAssertEqual(excess.view, "s")
    XCTAssertEqual(excess.pointsPerFrame, 200_001)
    XCTAssertEqual(excess.frames, 61)
    XCTAssertEqual(
      excess.message,
      "the outline of s changes at every frame: 61 frames of 200001 points, and 12200061 points in all, more than the 2000000 an export writes frame by frame"
    )
  }

  func testTheLimitCountsEveryChangingOutlineAndOnlyThose() throws {
    // 16 000 points: 32 001 vertices × 61 frames, under the limit alone…
    let one = try RecordingHarness(
      script: "star s(points: 16000)\nrun tween(innerRadius: 0.9, 1) on s\n", end: 1
    ).record()
    XCTAssertNil(ExportBudget.excess(one))
    // … and past it with a second such star.
    let two = try RecordingHarness(
      script:
        "star s(points: 16000)\nstar t(points: 16000)\nrun tween(innerRadius: 0.9, 1) on [s, t]\n",
      end: 1
    ).record()
    XCTAssertEqual(ExportBudget.excess(two)?.total, 2 * 32_001 * 61)
    // A star that only moves (its outline never changes) is one path.
    let moving = try RecordingHarness(
      script: "star s(points: 100000)\nrun move(by: (100, 0), 1) on s\n", end: 1
    ).record()
    XCTAssertNil(ExportBudget.excess(moving))
    // Rectangles that grow keep Lottie's `rc`: nothing is sampled (10 000
    // of them would be 3 050 000 points).
    let rect = try RecordingHarness(
      script: "grid g(cols: 100, rows: 100, size: 2)\nrun resize(to: (5, 5), 1) on g\n", end: 1
    ).record()
    XCTAssertNil(ExportBudget.excess(rect))
  }
}
