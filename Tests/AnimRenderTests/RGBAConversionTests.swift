import CPixels
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

/// The frame's conversion (`anim_convert_pixels`, two channels an
/// instruction) gives, pixel for pixel, the bytes of ``CairoCanvas/packed``
/// applied as the canvas defines a straight pixel: opaque from alpha 1 on,
/// divided by alpha below it, all 0 from alpha 0 down (and for NaN).
final class FrameConversionTests: XCTestCase {
  private func expected(_ p: ArraySlice<Double>) -> UInt32 {
    let (r, g, b, a) = (
      p[p.startIndex], p[p.startIndex + 1], p[p.startIndex + 2], p[p.startIndex + 3]
    )
    if a >= 1 { return CairoCanvas.packed(r, g, b, 1).littleEndian }
    if a > 0 { return CairoCanvas.packed(r / a, g / a, b / a, a).littleEndian }
    return 0
  }

  /// The conversion of `pixels` by the loop this processor runs (AVX2
  /// where it has it), or by the baseline (SSE2) loop.
  private func converted(_ pixels: [Double], baseline: Bool = false) -> [UInt32] {
    var out = [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count / 4)
    pixels.withUnsafeBufferPointer { p in
      out.withUnsafeMutableBufferPointer { o in
        if baseline {
          anim_convert_pixels_baseline(p.baseAddress!, o.baseAddress!, p.count / 4)
        } else {
          anim_convert_pixels(p.baseAddress!, o.baseAddress!, p.count / 4)
        }
      }
    }
    return out
  }

  /// Both loops give `packed`'s bytes, and the clearing one (which puts
  /// the background back) the same bytes too.
  private func check(_ pixels: [Double], file: StaticString = #filePath, line: UInt = #line) {
    let out = converted(pixels)
    let baseline = converted(pixels, baseline: true)
    var cleared = pixels
    var clearedOut = [UInt32](repeating: 0xDEAD_BEEF, count: pixels.count / 4)
    let background: [Double] = [0.25, 0.5, 0.75, 1]
    cleared.withUnsafeMutableBufferPointer { p in
      anim_convert_clearing(p.baseAddress!, &clearedOut, p.count / 4, background)
    }
    for i in 0..<out.count {
      let p = pixels[4 * i..<4 * i + 4]
      XCTAssertEqual(out[i], expected(p), "\(Array(p))", file: file, line: line)
      XCTAssertEqual(baseline[i], expected(p), "baseline \(Array(p))", file: file, line: line)
      XCTAssertEqual(clearedOut[i], expected(p), "clearing \(Array(p))", file: file, line: line)
      XCTAssertEqual(Array(cleared[4 * i..<4 * i + 4]), background, file: file, line: line)
    }
  }

  func testRandomPixelsOfEveryKindConvertAsPacked() {
    var generator = SystemRandomNumberGenerator()
    var pixels: [Double] = []
    for _ in 0..<200_000 {
      let alpha: Double
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: alpha = 1
      case 1: alpha = Double.random(in: 1...2, using: &generator)
      case 2: alpha = 0
      case 3: alpha = -Double.random(in: 0...1, using: &generator)
      default: alpha = Double.random(in: 0...1, using: &generator)
      }
      for _ in 0..<3 {
        pixels.append(Double.random(in: -0.25...1.25, using: &generator) * max(alpha, 1e-3))
      }
      pixels.append(alpha)
    }
    check(pixels)
  }

  /// Runs of opaque pixels and of pixels not drawn, of every length and at
  /// every offset, as a frame has them: the four-at-once paths and the
  /// pixels after them (opaque, not drawn, or a mix of four), channels
  /// past 0…1 and NaN among them.
  func testRunsOfOpaqueAndUndrawnPixelsConvertAsPacked() {
    var generator = SystemRandomNumberGenerator()
    var pixels: [Double] = []
    while pixels.count < 4 * 60_000 {
      let run = Int.random(in: 1...11, using: &generator)
      let kind = Int.random(in: 0..<4, using: &generator)
      for _ in 0..<run {
        let alpha: Double
        switch kind {
        case 0: alpha = [1, 1, 1.5, .infinity].randomElement(using: &generator)!
        case 1: alpha = [0, -0.0, -1, .nan].randomElement(using: &generator)!
        case 2: alpha = Double.random(in: 0...1, using: &generator)
        default: alpha = [1, 0, 0.5].randomElement(using: &generator)!
        }
        for _ in 0..<3 {
          pixels.append(
            Int.random(in: 0..<50, using: &generator) == 0
              ? .nan : Double.random(in: -0.25...1.25, using: &generator))
        }
        pixels.append(alpha)
      }
    }
    check(pixels)
    // Every count from 0 to 9 pixels, so the last few are converted one by one.
    for count in 0..<10 { check(Array(pixels.prefix(4 * count))) }
  }

  func testHalfwayChannelsAndTheirNeighbours() {
    var pixels: [Double] = []
    for k in 0..<255 {
      let half = (Double(k) + 0.5) / 255
      for v in [half.nextDown, half, half.nextUp] {
        pixels += [v, v, v, 1, v * 0.5, v * 0.25, v * 0.125, 0.5, v, v, v, v]
      }
    }
    check(pixels)
  }

  func testTheEdgesOfEveryChannel() {
    let values: [Double] = [
      0, -0.0, 1, 1.nextUp, 1.nextDown, Double("1e-320")!, -Double("1e-320")!, 1e308, -1e308,
      .infinity, -.infinity,
      .nan, .leastNonzeroMagnitude, 0.5,
    ]
    var pixels: [Double] = []
    for v in values {
      for a in values { pixels += [v, 0.5, v, a, 0.25, v, v, a] }
    }
    check(pixels)
    // An empty row writes nothing.
    var untouched: UInt32 = 7
    [Double]().withUnsafeBufferPointer { anim_convert_pixels($0.baseAddress, &untouched, 0) }
    XCTAssertEqual(untouched, 7)
  }
}
