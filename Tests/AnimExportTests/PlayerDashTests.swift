import AnimEngine
import XCTest

@testable import AnimExport

/// The HTML player's dashes (SPEC §21.3): the trim and the dashes as one
/// pattern of period 1 over the outline (its `pathLength` 1), pinned at
/// exact positions for a 60 × 40 rect (perimeter 200) dashed [20, 10].
final class PlayerDashTests: XCTestCase {
  private func css(
    trim: (Double, Double, Double), dash: [Double], offset: Double
  ) throws -> (array: [Double], offset: Double, opacity: Double) {
    var state = ViewState()
    state[.width] = 60
    state[.height] = 40
    state[.trimStart] = trim.0
    state[.trimEnd] = trim.1
    state[.trimOffset] = trim.2
    state[.dash] = DashPatterns.id(of: try DashPattern.make(dash))
    state[.dashOffset] = offset
    state[.stroke] = 1
    let channels = PlayerShapeChannel.of(
      kind: ViewKind.named("rect")!, path: nil, alphaInStroke: true, dashed: true)
    func value(_ name: String) -> ShapeValue {
      let channel = channels.first { $0.css == name }!
      return channel.value(channel.inputs.map { state[value: $0] })
    }
    return (
      value("stroke-dasharray").numbers, value("stroke-dashoffset").numbers[0],
      value("stroke-opacity").numbers[0]
    )
  }

  private func assertClose(
    _ a: [Double], _ b: [Double], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(a.count, b.count, "\(a)", file: file, line: line)
    for (x, y) in zip(a, b) {
      XCTAssertEqual(x, y, accuracy: 1e-12, "\(a)", file: file, line: line)
    }
  }

  func testUntrimmedKeepsThePatternOverTheLength() throws {
    let v = try css(trim: (0, 1, 0), dash: [20, 10], offset: -5)
    assertClose(v.array, [0.1, 0.05])
    XCTAssertEqual(v.offset, 25.0 / 200, accuracy: 1e-15)
    XCTAssertEqual(v.opacity, 1)
  }

  func testATrimmedPieceIsDashedFromItsStart() throws {
    // The piece 50…150 of 200; dashes along it at 0…15, 25…45, 55…75, 85…100.
    let v = try css(trim: (0.25, 0.75, 0), dash: [20, 10], offset: 5)
    assertClose(v.array, [0.075, 0.05, 0.1, 0.05, 0.1, 0.05, 0.075, 1.5])
    XCTAssertEqual(v.offset, -0.25, accuracy: 1e-15)
  }

  func testAWrappedPieceStartsThePatternAgainAtTheOutlinesStart() throws {
    // The piece 150…250 is 150…200 then 0…50, each dashed from its start.
    let v = try css(trim: (0, 0.5, 0.75), dash: [20, 10], offset: 5)
    assertClose(v.array, [0.075, 0.05, 0.1, 0.525, 0.075, 0.05, 0.1, 1.025])
    XCTAssertEqual(v.offset, 0, accuracy: 1e-15)
  }

  func testAPieceInsideAGapDrawsNothing() throws {
    // 10 points of stroke starting 22 into the pattern: all gap (20…30).
    let v = try css(trim: (0, 0.04, 0), dash: [20, 10], offset: 21)
    XCTAssertEqual(v.opacity, 0)
  }

  func testAPatternTooFineIsTheTrimsOwnDash() throws {
    let v = try css(trim: (0.25, 0.75, 0), dash: [1e-320, 1e-320], offset: 0)
    assertClose(v.array, [0.5, 0.5])
    XCTAssertEqual(v.offset, -0.25, accuracy: 1e-15)
  }
}
