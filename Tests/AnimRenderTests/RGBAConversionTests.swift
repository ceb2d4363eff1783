import XCTest

@testable import AnimRender

/// The conversion of a frame's double channels to 8 bits (`CairoCanvas.packed`)
/// rounds as `rounded()` does, for every channel value a frame can hold.
final class RGBAConversionTests: XCTestCase {
  /// The reference: clamp to 0…1, scale to 255, round half away from zero.
  private func byte(_ v: Double) -> UInt32 { UInt32((min(max(v, 0), 1) * 255).rounded()) }

  private func unpacked(_ word: UInt32) -> [UInt32] {
    [word & 0xFF, word >> 8 & 0xFF, word >> 16 & 0xFF, word >> 24]
  }

  func testEveryStepOfAFineGridRoundsAsRounded() {
    for i in 0...(1 << 16) {
      let v = Double(i) / Double(1 << 16)
      let word = CairoCanvas.packed(v, 1 - v, v * v, 1)
      XCTAssertEqual(unpacked(word), [byte(v), byte(1 - v), byte(v * v), 255], "\(v)")
    }
  }

  /// The halfway points k + ½ (over 255) and the doubles either side of them.
  func testHalfwayValuesRoundUpAndTheirNeighboursRoundToTheNearest() {
    for k in 0..<255 {
      let half = (Double(k) + 0.5) / 255
      for v in [half.nextDown, half, half.nextUp] {
        XCTAssertEqual(unpacked(CairoCanvas.packed(v, v, v, v))[0], byte(v), "\(k) \(v)")
      }
    }
  }

  func testOutOfRangeAndNonFiniteChannelsAreClamped() {
    XCTAssertEqual(unpacked(CairoCanvas.packed(-0.5, 1.5, 2, -1)), [0, 255, 255, 0])
    XCTAssertEqual(
      unpacked(CairoCanvas.packed(.infinity, -.infinity, 0, 1)), [255, 0, 0, 255])
  }

  func testExactEighthsAndTheEnds() {
    XCTAssertEqual(unpacked(CairoCanvas.packed(0, 1, 0.5, 0.25)), [0, 255, 128, 64])
  }
}

extension RGBAConversionTests {
  /// A NaN channel (never drawn: the scene's values are finite) does not trap.
  func testANaNChannelDoesNotTrap() {
    _ = CairoCanvas.packed(.nan, 0.5, 0.5, 1)
  }
}
