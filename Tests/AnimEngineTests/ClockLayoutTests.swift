import Foundation
import XCTest

/// Issue 9: the clock's rules stay readable top to bottom, at most 400
/// lines; event delivery lives in `Clock+Events.swift`, the pool verbs in
/// `Clock+Pool.swift`, seek and speed in `Clock+Control.swift`.
final class ClockLayoutTests: XCTestCase {
  func testTheClocksRulesFileStaysUnder400Lines() throws {
    let runs = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/AnimEngine/Runs")
    let text = try String(contentsOf: runs.appendingPathComponent("Clock.swift"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    XCTAssertLessThanOrEqual(lines, 400, "Clock.swift has \(lines) lines")
    let events = try String(
      contentsOf: runs.appendingPathComponent("Clock+Events.swift"), encoding: .utf8)
    XCTAssertTrue(events.contains("func deliverInstant()"))
  }
}
