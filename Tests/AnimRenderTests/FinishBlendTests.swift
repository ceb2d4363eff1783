import CPixels
import XCTest

/// `anim_raster_finish_blend` blends a fill's coverage straight into the
/// pixels: bit for bit what `anim_raster_finish` into a mask and then
/// `anim_blend_row` over the rows of the blended rectangle make, with and
/// without a clip rectangle, at every opacity, inside a window, and with
/// the rectangle cutting the coverage; the cells are left zero. And
/// `anim_blend_span` (one coverage byte over a run) is `anim_blend_row`
/// over a run of that byte, with AVX2 and without.
final class FinishBlendTests: XCTestCase {
  /// A fixed sequence (xorshift), so that a failure repeats.
  private struct Sequence {
    var seed: UInt64
    mutating func next() -> Double {
      seed ^= seed << 13
      seed ^= seed >> 7
      seed ^= seed << 17
      return Double(seed % 1_000_000) / 1_000_000
    }
  }

  private let width = 37
  private let height = 29

  private func add(_ raster: inout anim_raster, _ polygons: [[(Double, Double)]]) {
    for polygon in polygons {
      for k in polygon.indices {
        let a = polygon[k]
        let b = polygon[(k + 1) % polygon.count]
        anim_raster_line(&raster, a.0, a.1, b.0, b.1)
      }
    }
  }

  /// The pixels after blending `paint` through `polygons` over `below`,
  /// inside `rect`, by the mask and the row blend (`fused` false) or by
  /// the finish that blends (`fused` true); and whether the cells were
  /// left zero.
  private func blended(
    _ polygons: [[(Double, Double)]], below: [Double], paint: [Double], clip: [Double]?,
    rect: [Int32], window: [Int32]?, fused: Bool
  ) -> ([Double], Bool) {
    var raster = anim_raster()
    XCTAssertEqual(anim_raster_init(&raster, Int32(width), Int32(height)), 1)
    defer { anim_raster_free(&raster) }
    if let window { anim_raster_window(&raster, window[0], window[1], window[2], window[3]) }
    add(&raster, polygons)
    var pixels = below
    pixels.withUnsafeMutableBufferPointer { p in
      if fused {
        anim_raster_finish_blend(
          &raster, p.baseAddress, width, clip, rect, paint[0], paint[1], paint[2], paint[3])
        return
      }
      var mask = [UInt8](repeating: 0, count: width * height)
      var box = [Int32](repeating: 0, count: 4)
      anim_raster_finish(&raster, &mask, width, clip, &box)
      guard rect[0] < rect[2], rect[1] < rect[3] else { return }
      mask.withUnsafeMutableBufferPointer { m in
        for y in Int(rect[1])..<Int(rect[3]) {
          anim_blend_row(
            p.baseAddress! + 4 * (y * width + Int(rect[0])),
            m.baseAddress! + y * width + Int(rect[0]),
            Int(rect[2] - rect[0]), paint[0], paint[1], paint[2], paint[3], 1)
        }
      }
    }
    let cells = raster.cells!
    let zero = (0..<(width + 2) * height).allSatisfy { cells[$0] == 0 }
    return (pixels, zero)
  }

  func testRandomFillsBlendAsTheMaskAndTheRowBlendDo() {
    var random = Sequence(seed: 0xb1e4d)
    var blendedSome = 0
    for trial in 0..<160 {
      // A star and, every other trial, a ring's hole wound the other way.
      let (cx, cy) = (4 + random.next() * 29, 4 + random.next() * 21)
      let n = 3 + Int(random.next() * 10)
      let star: [(Double, Double)] = (0..<n).map { k in
        let angle = (Double(k) + random.next() * 0.5) / Double(n) * 2 * .pi
        let radius = 1 + random.next() * 16
        return (cx + radius * cos(angle), cy + radius * sin(angle))
      }
      var polygons = [star]
      if trial % 2 == 1 {
        polygons.append(
          star.reversed().map { (cx + ($0.0 - cx) / 3, cy + ($0.1 - cy) / 3) })
      }
      let below = (0..<4 * width * height).map { _ in random.next() }
      let alpha = [1, 0.5, 1e-3, random.next()][trial % 4]
      let paint = [random.next(), random.next(), random.next(), alpha]
      // No clip, a clip inside the canvas, a clip past its edges.
      let clips: [[Double]?] = [
        nil, [2.5 + random.next() * 5, 1.25 + random.next() * 5, 20 + random.next() * 10, 15],
        [-4, -3, 50, 40],
      ]
      let clip = clips[trial % 3]
      // The whole canvas, a rectangle that cuts the shape, an empty one.
      let rects: [[Int32]] = [
        [0, 0, Int32(width), Int32(height)],
        [Int32(cx) - 3, Int32(cy) - 2, Int32(cx) + 5, Int32(cy) + 4], [5, 5, 5, 9],
      ]
      let rect = rects[(trial / 3) % 3].map { max(0, min($0, Int32(width))) }
      let bounded = [rect[0], min(rect[1], Int32(height)), rect[2], min(rect[3], Int32(height))]
      let window: [Int32]? = trial % 5 == 0 ? [0, 0, Int32(width), Int32(height)] : nil
      let (want, _) = blended(
        polygons, below: below, paint: paint, clip: clip, rect: bounded, window: window,
        fused: false)
      let (got, zero) = blended(
        polygons, below: below, paint: paint, clip: clip, rect: bounded, window: window,
        fused: true)
      XCTAssertEqual(got.map(\.bitPattern), want.map(\.bitPattern), "trial \(trial)")
      XCTAssertTrue(zero, "cells left non-zero, trial \(trial)")
      if got != below { blendedSome += 1 }
    }
    // The comparisons were not all of untouched pixels (a third of the
    // trials blend through an empty rectangle).
    XCTAssertGreaterThan(blendedSome, 90)
  }

  func testAWindowedFillBlendsTheCanvasPixelsItCovers() {
    // A square from (10, 4) to (14, 7) in a window from (8, 3): the pixels
    // of the canvas, not of the window, take the colour; the opaque inside
    // is stored exactly, the half-covered column blended at half.
    var raster = anim_raster()
    XCTAssertEqual(anim_raster_init(&raster, Int32(width), Int32(height)), 1)
    defer { anim_raster_free(&raster) }
    anim_raster_window(&raster, 8, 3, 20, 10)
    add(&raster, [[(10, 4), (14.5, 4), (14.5, 7), (10, 7)]])
    var pixels = [Double](repeating: 0, count: 4 * width * height)
    pixels.withUnsafeMutableBufferPointer { p in
      anim_raster_finish_blend(
        &raster, p.baseAddress, width, nil, [0, 0, Int32(width), Int32(height)], 0.25, 0.5, 1, 1)
    }
    func pixel(_ x: Int, _ y: Int) -> [Double] {
      Array(pixels[4 * (y * width + x)..<4 * (y * width + x) + 4])
    }
    XCTAssertEqual(pixel(10, 4), [0.25, 0.5, 1, 1])
    XCTAssertEqual(pixel(13, 6), [0.25, 0.5, 1, 1])
    // 0.5 × 255 + 0.5 truncated: 128 of 255.
    let half = 128.0 / 255
    XCTAssertEqual(pixel(14, 5), [0.25 * half, 0.5 * half, half, half])
    XCTAssertEqual(pixel(9, 4), [0, 0, 0, 0])
    XCTAssertEqual(pixel(10, 7), [0, 0, 0, 0])
    XCTAssertEqual(pixel(15, 5), [0, 0, 0, 0])
    XCTAssertEqual(pixels.filter { $0 != 0 }.count, 4 * 5 * 3)
  }

  func testASpanBlendsAsTheRowBlendOfItsByte() {
    var random = Sequence(seed: 0x5a7)
    for trial in 0..<200 {
      let count = Int(random.next() * 40)
      let c = [255, 1, 128, Int(1 + random.next() * 254)][trial % 4]
      let alpha = [1, 0.5, 0, random.next()][(trial / 4) % 4]
      let paint = [random.next(), random.next(), random.next(), alpha]
      let below = (0..<4 * count).map { _ in random.next() }
      var want = below
      var cells = [UInt8](repeating: UInt8(c), count: count)
      want.withUnsafeMutableBufferPointer { p in
        cells.withUnsafeMutableBufferPointer { m in
          guard count > 0 else { return }
          anim_blend_row(
            p.baseAddress!, m.baseAddress!, count, paint[0], paint[1], paint[2], paint[3], 0)
        }
      }
      for baseline in [false, true] {
        var got = below
        got.withUnsafeMutableBufferPointer { p in
          guard count > 0 else { return }
          if baseline {
            anim_blend_span_baseline(
              p.baseAddress!, count, paint[0], paint[1], paint[2], paint[3], Int32(c))
          } else {
            anim_blend_span(p.baseAddress!, count, paint[0], paint[1], paint[2], paint[3], Int32(c))
          }
        }
        XCTAssertEqual(
          got.map(\.bitPattern), want.map(\.bitPattern), "trial \(trial) baseline \(baseline)")
      }
    }
  }
}
