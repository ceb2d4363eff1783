import AnimEngine
import XCTest

@testable import AnimExport

/// Keyframes stored by column read back exactly as they were written.
final class KeyframeListTests: XCTestCase {
  /// Keyframes compared bit for bit (an unknown slope is NaN).
  func assertSame(
    _ list: KeyframeList, _ expected: [Keyframe], file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertEqual(list.count, expected.count, file: file, line: line)
    for (got, want) in zip(list, expected) {
      XCTAssertEqual(got.time, want.time, file: file, line: line)
      XCTAssertEqual(got.value, want.value, file: file, line: line)
      XCTAssertEqual(got.out, want.out, file: file, line: line)
      XCTAssertEqual(got.slope.bitPattern, want.slope.bitPattern, file: file, line: line)
    }
  }

  let keys = [
    Keyframe(time: 0, value: PropertyValue(1.5, 0, 0, 0), out: .hold, slope: 0),
    Keyframe(time: 0.25, value: PropertyValue(-2, 0, 0, 0), out: .linear),
    Keyframe(time: 0.5, value: PropertyValue(3, 0, 0, 0), out: .bezier(0.42, 0, 0.58, 1)),
    Keyframe(time: 0.75, value: PropertyValue(4, 0, 0, 0), out: .sampled, slope: -12.5),
  ]

  func testNumbersReadBackAsWritten() {
    var list = KeyframeList()
    for key in keys { list.append(key) }
    assertSame(list, keys)
    XCTAssertTrue(list[1].slope.isNaN)
  }

  func testAColourKeepsItsFourLanesFromItsFirstKeyframeOn() {
    let red = Keyframe(time: 1, value: PropertyValue(1, 0, 0, 1), out: .linear)
    let blue = Keyframe(time: 2, value: PropertyValue(0, 0, 1, 0.5), out: .hold)
    var list: KeyframeList = [keys[0], red, blue]
    assertSame(list, [keys[0], red, blue])
    list.append(keys[3])
    assertSame(list, [keys[0], red, blue, keys[3]])
  }

  func testNegativeZeroIsKept() {
    let key = Keyframe(time: 0, value: PropertyValue(0, -0.0, 0, 0), out: .hold)
    let list: KeyframeList = [key]
    XCTAssertEqual(list[0].value[1].bitPattern, (-0.0).bitPattern)
  }

  func testReplacingAKeyframeReplacesEveryPartOfIt() {
    var list: KeyframeList = [keys[2], keys[3]]
    list[0] = keys[1]
    list[1] = keys[2]
    assertSame(list, [keys[1], keys[2]])
    list[1].out = .hold
    XCTAssertEqual(list[1].out, .hold)
    XCTAssertEqual(list.last?.value[0], 3)
  }
}
