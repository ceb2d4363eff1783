import CPixels
import XCTest

/// `anim_blend_row` (the AVX2 loop where the processor has it) and its
/// baseline give, bit for bit, source-over of the colour at each cell's
/// share, as the canvas defines it: (r, g, b)·α, α with α = alpha · c / 255,
/// an opaque colour stored; cells used are cleared when asked.
final class BlendRowTests: XCTestCase {
  /// The blend written out pixel by pixel, the definition the C loops follow.
  private func expected(_ below: [Double], _ cells: [UInt8], _ paint: [Double]) -> [Double] {
    var out = below
    for (x, c) in cells.enumerated() where c != 0 {
      let alpha = c == 255 ? paint[3] : paint[3] * Double(c) / 255
      let s = [paint[0] * alpha, paint[1] * alpha, paint[2] * alpha, alpha]
      if alpha == 1 {
        out[4 * x..<4 * x + 4] = [s[0], s[1], s[2], 1]
      } else {
        for k in 0..<4 { out[4 * x + k] = s[k] + out[4 * x + k] * (1 - alpha) }
      }
    }
    return out
  }

  private func blended(
    _ below: [Double], _ cells: [UInt8], _ paint: [Double], baseline: Bool, clearing: Bool
  ) -> ([Double], [UInt8]) {
    var pixels = below
    var mask = cells
    pixels.withUnsafeMutableBufferPointer { p in
      mask.withUnsafeMutableBufferPointer { m in
        let (r, g, b, a) = (paint[0], paint[1], paint[2], paint[3])
        if baseline {
          anim_blend_row_baseline(
            p.baseAddress!, m.baseAddress!, m.count, r, g, b, a, clearing ? 1 : 0)
        } else {
          anim_blend_row(p.baseAddress!, m.baseAddress!, m.count, r, g, b, a, clearing ? 1 : 0)
        }
      }
    }
    return (pixels, mask)
  }

  private func check(_ below: [Double], _ cells: [UInt8], _ paint: [Double]) {
    let want = expected(below, cells, paint)
    for baseline in [false, true] {
      for clearing in [false, true] {
        let (pixels, mask) = blended(below, cells, paint, baseline: baseline, clearing: clearing)
        XCTAssertEqual(
          pixels.map(\.bitPattern), want.map(\.bitPattern), "baseline \(baseline) paint \(paint)")
        XCTAssertEqual(mask, clearing ? [UInt8](repeating: 0, count: cells.count) : cells)
      }
    }
  }

  func testRandomRowsOfEveryCoverageAndOpacityBlendAsDefined() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let count = Int.random(in: 0..<70, using: &generator)
      // Runs of 0, of 255 and of anything, so that the eight-at-once paths
      // are taken and left.
      var cells: [UInt8] = []
      while cells.count < count {
        let run = Int.random(in: 1...12, using: &generator)
        let kind = Int.random(in: 0..<3, using: &generator)
        for _ in 0..<run {
          cells.append(
            kind == 0 ? 0 : kind == 1 ? 255 : UInt8.random(in: 0...255, using: &generator))
        }
      }
      cells = Array(cells.prefix(count))
      let below = (0..<4 * count).map { _ in Double.random(in: 0...1, using: &generator) }
      let alpha = [1, 0, 0.5, Double.random(in: 0...1, using: &generator)].randomElement()!
      let paint = [
        Double.random(in: 0...1, using: &generator), Double.random(in: 0...1, using: &generator),
        Double.random(in: 0...1, using: &generator), alpha,
      ]
      check(below, cells, paint)
    }
  }

  func testEdgeValuesBlendAsDefined() {
    let values: [Double] = [
      0, -0.0, 1, 1.nextDown, 1.nextUp, Double("1e-320")!, 1e308, -1e308, 0.5,
    ]
    let cells: [UInt8] = [0, 1, 127, 128, 254, 255, 255, 255, 255, 255, 255, 255, 255, 255]
    for v in values {
      for a in values {
        let below = (0..<4 * cells.count).map { Double($0 % 5) * 0.25 * v }
        check(below, cells, [v, 0.25, v, a])
      }
    }
  }
}
