import XCTest

@testable import AnimRender

/// The blur's sweep (many lines side by side, eight at a time in SIMD
/// registers, the rest one by one) gives every line the values the
/// one-line recursion gives it, to the bit; and a line padded with zeros
/// gives the same values where the shorter one has them (what lets the
/// canvas blur only over what was drawn and what the frame needs).
final class RecursiveGaussianSweepTests: XCTestCase {
  /// `lines` lines of `count` samples each, varied (steps, spikes, negative
  /// lobes, a huge and a tiny value).
  private func samples(count: Int, lines: Int) -> [Double] {
    var out = [Double](repeating: 0, count: count * lines)
    for i in 0..<count {
      for j in 0..<lines {
        let v: Double
        switch (i * 7 + j * 3) % 11 {
        case 0: v = 1
        case 1: v = 0.25
        case 2: v = -0.001
        case 3: v = 1e300
        case 4: v = 1e-320
        case 5: v = Double(j) / Double(lines)
        default: v = 0
        }
        out[i * lines + j] = v
      }
    }
    return out
  }

  func testTheSweepIsTheOneLineRecursionToTheBit() {
    for sigma in [0.05, 0.7, 2, 6, 40, 100_000] {
      let g = RecursiveGaussian(sigma: sigma)
      // 8 + 8 + 3: two SIMD blocks and three lines one by one; 5 alone.
      for (count, lines) in [(1, 19), (37, 19), (64, 5), (3, 8)] {
        var swept = samples(count: count, lines: lines)
        var state = [Double](repeating: .nan, count: 4 * lines)
        var causal = [Double](repeating: .nan, count: count * lines)
        swept.withUnsafeMutableBufferPointer { p in
          g.sweep(
            p.baseAddress!, count: count, lines: lines, stride: lines, state: &state,
            causal: &causal)
        }
        var one = samples(count: count, lines: lines)
        var input = [Double](repeating: .nan, count: count)
        var lineCausal = [Double](repeating: .nan, count: count)
        one.withUnsafeMutableBufferPointer { p in
          for j in 0..<lines {
            g.line(
              p.baseAddress! + j, count: count, step: lines, input: &input, causal: &lineCausal)
          }
        }
        for k in 0..<swept.count where swept[k].bitPattern != one[k].bitPattern {
          XCTFail("σ \(sigma), \(count) × \(lines): sample \(k) is \(swept[k]), not \(one[k])")
          break
        }
      }
    }
  }

  func testZerosAroundALineChangeNoValue() {
    let g = RecursiveGaussian(sigma: 6)
    let core: [Double] = [0, 0.5, 1, 1, 0.25, 0, 0.75]
    var short = core
    var input = [Double](repeating: 0, count: 64)
    var causal = [Double](repeating: 0, count: 64)
    short.withUnsafeMutableBufferPointer {
      g.line($0.baseAddress!, count: core.count, step: 1, input: &input, causal: &causal)
    }
    var long = [Double](repeating: 0, count: 20) + core + [Double](repeating: 0, count: 30)
    long.withUnsafeMutableBufferPointer {
      g.line($0.baseAddress!, count: $0.count, step: 1, input: &input, causal: &causal)
    }
    XCTAssertEqual(Array(long[20..<20 + core.count]).map(\.bitPattern), short.map(\.bitPattern))
    // And the padding now holds the blur's tails.
    XCTAssertGreaterThan(long[19], 0.01)
    XCTAssertGreaterThan(long[20 + core.count], 0.01)
  }
}
