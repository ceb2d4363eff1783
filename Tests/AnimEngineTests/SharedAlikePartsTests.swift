import AnimEngine
import XCTest

/// A run whose tracks repeat alike plays reads one copy of equal parts
/// (`Stepper.sharedParts`): tracks with the same parts share them, tracks
/// with other parts keep theirs. Sharing must change no value: every tile of
/// one run, stepped frame by frame, equals the same tile run alone on its own
/// clock, bit for bit.
final class SharedAlikePartsTests: XCTestCase {
  /// Six different fades (more than the four parts the stepper keeps at
  /// hand), interleaved over 18 tiles, so that shared parts are found, missed
  /// and evicted.
  func testTilesSharingPartsEqualTilesRunAlone() throws {
    let count = 18
    let together = try Self.stepped(tiles: Array(0..<count))
    for i in 0..<count {
      let alone = try Self.stepped(tiles: [i])
      for frame in together.indices {
        let a = together[frame][i]
        let b = alone[frame][0]
        if a.bitPattern != b.bitPattern {
          XCTFail("tile \(i), frame \(frame + 1): \(a) in the run, \(b) alone")
          return
        }
      }
    }
    // The fades reach their distinct floors: tile 5 (from 0.25 s) is at 0.5
    // at 1.25 s, tile 1 (from 0.05 s) at 0.1 at 1.05 s, tile 5 three quarters
    // down at 1 s.
    XCTAssertEqual(together[74][5], 0.5, accuracy: 1e-9)
    XCTAssertEqual(together[62][1], 0.1, accuracy: 1e-9)
    XCTAssertEqual(together[59][5], 0.625, accuracy: 1e-9)
  }

  /// Alpha of each of `tiles` after each of 420 frames at 60 fps: tile i fades
  /// out to (i mod 6) / 10 over 1 s and back over 1 s, 50 times, starting at
  /// 0.05·i s (with the rounding error of a sum, so starts fall between frames).
  static func stepped(tiles: [Int]) throws -> [[Double]] {
    let scene = Scene()
    let defaultView = scene.declare("view")
    var ids: [ViewID] = []
    for i in tiles {
      var state = ViewState()
      state[.width] = 10
      state[.height] = 10
      ids.append(scene.declare("tiles[\(i)]", state: state))
    }
    let clock = Clock(scene: scene, defaultView: defaultView)
    var parts: [Motion] = []
    for (i, id) in zip(tiles, ids) {
      let floor = Double(i % 6) / 10
      let fadeOut = try Motion.leaf(
        Leaf(duration: 1, changes: [Change(.alpha, .to(PropertyValue(floor, 0, 0, 0)))]))
      let fadeIn = try Motion.leaf(
        Leaf(duration: 1, changes: [Change(.alpha, .to(PropertyValue(1, 0, 0, 0)))]))
      let blinks = try Motion.repeating(try Motion.sequence([fadeOut, fadeIn]), count: 50)
      parts.append(try Motion.bound(try Motion.delayed(blinks, by: 0.05 * Double(i)), to: [id]))
    }
    try clock.run(try Motion.parallel(parts), label: "tiles")
    try clock.setFPS(60)
    var frames: [[Double]] = []
    for _ in 1...420 {
      try clock.advance(frames: 1)
      frames.append(ids.map { scene.value($0, .alpha)[0] })
    }
    return frames
  }
}
