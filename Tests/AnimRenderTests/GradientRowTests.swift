import AnimEngine
import CPixels
import XCTest

@testable import AnimRender

/// `anim_blend_gradient_row` (four positions at once where the processor
/// has AVX2) and its baseline give, bit for bit, what the canvas defines:
/// at each covered cell c the ramp's premultiplied colour at
/// `Gradient.position(at:)` of the pixel's centre, times alpha · c / 255
/// unless both are whole, blended source-over; every cell used is cleared.
final class GradientRowTests: XCTestCase {
  private let stops = GradientFixtures.stops

  private let geometries: [Gradient.Geometry] = [
    .linear(from: OutlinePoint(0.04, 0), to: OutlinePoint(0.9, 1.01)),
    .linear(from: OutlinePoint(0.3, 0.3), to: OutlinePoint(0.3, 0.3)),
    .radial(center: OutlinePoint(0.5, 0.5), radius: 0.5),
    .radial(center: OutlinePoint(0.4, 0.5), radius: 0.6, focal: OutlinePoint(0.7, 0.3)),
    // Past the focal limit: drawn at 0.99 of the radius.
    .radial(center: OutlinePoint(0.5, 0.5), radius: 0.2, focal: OutlinePoint(3, -2)),
    .radial(center: OutlinePoint(0.5, 0.5), radius: 0, focal: OutlinePoint(0.1, 0.1)),
  ]

  /// The blend written out pixel by pixel from the engine's own gradient.
  private func expected(
    _ below: [Double], _ cells: [UInt8], _ gradient: Gradient, _ paint: CairoCanvas.GradientPaint,
    x: Int, y: Int
  ) -> [Double] {
    var out = below
    let ramp = GradientRamp(gradient)
    for (i, c) in cells.enumerated() where c != 0 {
      let px = Double(x + i) + 0.5
      let py = Double(y) + 0.5
      let unit = OutlinePoint(
        paint.a * px + paint.c * py + paint.tx, paint.b * px + paint.d * py + paint.ty)
      var s = ramp.premultiplied(at: gradient.position(at: unit))
      if !(paint.alpha == 1 && c == 255) { s *= paint.alpha * Double(c) / 255 }
      if s[3] == 1 {
        out[4 * i..<4 * i + 4] = [s[0], s[1], s[2], 1]
      } else {
        for k in 0..<4 { out[4 * i + k] = s[k] + out[4 * i + k] * (1 - s[3]) }
      }
    }
    return out
  }

  private func check(
    _ below: [Double], _ cells: [UInt8], _ gradient: Gradient, _ paint: CairoCanvas.GradientPaint,
    x: Int, y: Int
  ) {
    let want = expected(below, cells, gradient, paint, x: x, y: y)
    let ramp = GradientRamp(gradient)
    for baseline in [false, true] {
      var pixels = below
      var mask = cells
      ramp.offsets.withUnsafeBufferPointer { offsets in
        ramp.colors.withUnsafeBufferPointer { colors in
          var row = paint.row((offsets, colors))
          pixels.withUnsafeMutableBufferPointer { p in
            mask.withUnsafeMutableBufferPointer { m in
              let py = Double(y) + 0.5
              if baseline {
                anim_blend_gradient_row_baseline(
                  p.baseAddress!, m.baseAddress!, m.count, x, py, &row)
              } else {
                anim_blend_gradient_row(p.baseAddress!, m.baseAddress!, m.count, x, py, &row)
              }
            }
          }
        }
      }
      XCTAssertEqual(
        pixels.map(\.bitPattern), want.map(\.bitPattern),
        "baseline \(baseline), \(gradient.geometry), alpha \(paint.alpha)")
      XCTAssertEqual(mask, [UInt8](repeating: 0, count: cells.count))
    }
  }

  func testRandomRowsOfEveryGeometryBlendAsDefined() throws {
    var generator = SystemRandomNumberGenerator()
    for geometry in geometries {
      let gradient = try Gradient(geometry, stops: stops)
      for _ in 0..<60 {
        // A box turned and scaled onto the pixels, so that the colour
        // changes along rows and columns alike.
        let turn = Double.random(in: 0..<(2 * .pi), using: &generator)
        let scale = Double.random(in: 0.5...40, using: &generator)
        let placed = Affine(
          a: scale * cos(turn), b: scale * sin(turn), c: -scale * sin(turn), d: scale * cos(turn),
          tx: Double.random(in: -20...60, using: &generator),
          ty: Double.random(in: -20...60, using: &generator))
        let alpha = [1, 0.5, Double.random(in: 0...1, using: &generator)].randomElement()!
        let paint = try XCTUnwrap(
          CairoCanvas.GradientPaint(gradient, placed: placed, width: 1, height: 1, alpha: alpha))
        let count = Int.random(in: 0..<40, using: &generator)
        let cells = (0..<count).map { _ in
          [0, 255, UInt8.random(in: 0...255, using: &generator)].randomElement()!
        }
        let below = (0..<4 * count).map { _ in Double.random(in: 0...1, using: &generator) }
        check(
          below, cells, gradient, paint, x: Int.random(in: 0..<2000, using: &generator),
          y: Int.random(in: 0..<2000, using: &generator))
      }
    }
  }

  /// Rows wholly covered at full opacity, mostly: four pixels at once in
  /// one stretch of the ramp (before the first stop, after the last,
  /// between two; opaque stops, translucent ones, a jump where two share an
  /// offset), and groups of four across a stop, every geometry, with the
  /// coverage's ends and holes among them.
  func testWholeRunsAcrossEveryStretchOfTheRampBlendAsDefined() throws {
    var generator = SystemRandomNumberGenerator()
    let opaque = [
      GradientStop(offset: 0.2, color: Color(r: 0.74, g: 0.56, b: 0, a: 1)),
      GradientStop(offset: 0.5, color: Color(r: 1, g: 0.81, b: 0.24, a: 1)),
      GradientStop(offset: 0.5, color: Color(r: 0.1, g: 0.3, b: 0.9, a: 1)),
      GradientStop(offset: 0.8, color: Color(r: 0.2, g: 0.9, b: 0.1, a: 1)),
    ]
    let two = [
      GradientStop(offset: 0, color: Color(r: 1, g: 0, b: 0, a: 1)),
      GradientStop(offset: 1, color: Color(r: 0, g: 0, b: 1, a: 0.75)),
    ]
    for stops in [opaque, two, stops] {
      for geometry in geometries {
        let gradient = try Gradient(geometry, stops: stops)
        for _ in 0..<40 {
          let turn = Double.random(in: 0..<(2 * .pi), using: &generator)
          let scale = Double.random(in: 4...400, using: &generator)
          let placed = Affine(
            a: scale * cos(turn), b: scale * sin(turn), c: -scale * sin(turn),
            d: scale * cos(turn), tx: Double.random(in: -100...100, using: &generator),
            ty: Double.random(in: -100...100, using: &generator))
          let alpha = [1, 1, 1, 0.5].randomElement(using: &generator)!
          let paint = try XCTUnwrap(
            CairoCanvas.GradientPaint(gradient, placed: placed, width: 1, height: 1, alpha: alpha))
          let count = Int.random(in: 0..<300, using: &generator)
          let cells = (0..<count).map { _ in
            Int.random(in: 0..<40, using: &generator) == 0
              ? UInt8.random(in: 0...255, using: &generator) : 255
          }
          let below = (0..<4 * count).map { _ in Double.random(in: 0...1, using: &generator) }
          check(
            below, cells, gradient, paint, x: Int.random(in: -50..<100, using: &generator),
            y: Int.random(in: -50..<100, using: &generator))
        }
      }
    }
  }

  func testEdgesOfThePlacementBlendAsDefined() throws {
    let cells: [UInt8] = [0, 1, 127, 128, 254, 255, 255, 255, 255, 255, 0, 0, 0, 0, 255]
    let below = (0..<4 * cells.count).map { Double($0 % 5) * 0.25 }
    let placements = [
      Affine(a: 1e-300, b: 0, c: 0, d: 1e-300, tx: 0, ty: 0),
      Affine(a: 1e150, b: 1e150, c: -1e150, d: 1e150, tx: 1e300, ty: -1e300),
      Affine(a: 3, b: 0, c: 0, d: 0.5, tx: -Double("1e-320")!, ty: Double("1e-320")!),
    ]
    for geometry in geometries {
      let gradient = try Gradient(geometry, stops: stops)
      for placed in placements {
        for alpha in [0, 1, 0.25, 1.nextDown] {
          guard
            let paint = CairoCanvas.GradientPaint(
              gradient, placed: placed, width: 2, height: 3, alpha: alpha)
          else { continue }
          check(below, cells, gradient, paint, x: 0, y: 7)
          check(below, cells, gradient, paint, x: 1_000_000, y: 1_000_000)
        }
      }
    }
  }
}
