import AnimEngine
import XCTest

/// Pins the arithmetic that `bench/w1_baseline.c` relies on, so that the W1
/// checksum printed by `anim bench` and by the C program stay equal to the
/// last bit. Nothing here is timed.
///
/// The C program computes each tile's alpha in closed form from its stagger
/// offset; `closedFormAlpha` below is the same function, line for line.
final class BenchChecksumTests: XCTestCase {
  /// `total: T` over a `default` sort gives member i the offset T · (i / last).
  func testTotalStaggerOffsetIsIndexOverLastTimesTotal() throws {
    let count = 10_000
    let members: [SIMD2<Double>] = (0..<count).map { (i: Int) -> SIMD2<Double> in
      let x: Double = Double(i % 100) * 10 + 5
      let y: Double = Double(i / 100) * 10 + 5
      return SIMD2(x, y)
    }
    let offsets = try staggerOffsets(
      members: members, frame: StaggerFrame(width: 1000, height: 1000), sort: .default,
      timing: .total(1))
    for i in 0..<count {
      XCTAssertEqual(
        offsets[i].bitPattern, (1 * (Double(i) / Double(count - 1))).bitPattern, "member \(i)")
    }
  }

  /// A small blink grid (10 × 10, blink * 100 staggered over 1 s) stepped
  /// frame by frame: every tile's alpha after every frame equals the closed
  /// form exactly, and the frame sums add up the same way as in the C program.
  func testBlinkGridMatchesClosedFormEveryFrame() throws {
    let scene = Scene()
    let defaultView = scene.declare("view")
    var tiles: [ViewID] = []
    for i in 0..<100 {
      var state = ViewState()
      state[.x] = (Double(i % 10) + 0.5) * 10
      state[.y] = (Double(i / 10) + 0.5) * 10
      state[.width] = 10
      state[.height] = 10
      tiles.append(scene.declare("tiles[\(i)]", state: state))
    }
    let clock = Clock(scene: scene, defaultView: defaultView)
    let fadeOut = try Motion.leaf(
      Leaf(duration: 1, changes: [Change(.alpha, .to(PropertyValue(0, 0, 0, 0)))]))
    let fadeIn = try Motion.leaf(
      Leaf(duration: 1, changes: [Change(.alpha, .to(PropertyValue(1, 0, 0, 0)))]))
    let blinks = try Motion.repeating(try Motion.sequence([fadeOut, fadeIn]), count: 100)
    let offsets = tiles.indices.map { 1 * (Double($0) / Double(tiles.count - 1)) }
    let parts = try zip(tiles, offsets).map { tile, offset in
      try Motion.bound(try Motion.delayed(blinks, by: offset), to: [tile])
    }
    try clock.run(try Motion.parallel(parts), label: "stagger")
    try clock.setFPS(60)
    for frame in 1...600 {
      try clock.advance(frames: 1)
      let t = Double(frame) / 60
      for (tile, offset) in zip(tiles, offsets) {
        let expected = Self.closedFormAlpha(offset: offset, t: t) ?? 1
        let actual = scene.value(tile, .alpha)[0]
        if actual.bitPattern != expected.bitPattern {
          XCTFail(
            "frame \(frame), tile at offset \(offset): alpha \(actual), closed form \(expected)")
          return
        }
      }
    }
  }

  /// `alpha_at` of `bench/w1_baseline.c`: nil before the tile has started.
  static func closedFormAlpha(offset: Double, t: Double) -> Double? {
    func reached(_ start: Double, _ t: Double) -> Bool { start <= t + 1e-12 * max(1, abs(t)) }
    if !reached(offset, t) { return nil }
    let u = t - offset
    let period = 2.0
    var play = (u / period).rounded(.down)
    if play >= 100 { return 1 }
    if play < 0 { play = 0 }
    let start = offset + play * period
    let inStart = start + 1
    if reached(inStart, t) {
      let v = t - inStart
      if v >= 1 || reached(inStart + 1, t) { return 1 }
      return 0 + (1 - 0) * max(v, 0) / 1
    }
    let v = t - start
    if v >= 1 || reached(start + 1, t) { return 0 }
    return 1 + (0 - 1) * max(v, 0) / 1
  }
}
