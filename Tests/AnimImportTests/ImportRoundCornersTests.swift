import AnimEngine
import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// Round corners (`rd`, SPEC §25.1): read into the shapes' paths as
/// lottie-web's `RoundCornersModifier` rounds them.
final class ImportRoundCornersTests: XCTestCase {
  private static func square(closed: Bool = true) -> BezierPath {
    let v = [OutlinePoint(0, 0), OutlinePoint(100, 0), OutlinePoint(100, 40), OutlinePoint(0, 40)]
    return BezierPath(
      vertices: v, inTangents: v.map { _ in .zero }, outTangents: v.map { _ in .zero },
      closed: closed)
  }

  func testASharpCornerBecomesTwoVerticesWithHandlesTowardIt() {
    let r = Self.square().roundingCorners(radius: 10)
    XCTAssertEqual(r.vertices.count, 8)
    // Corner (100, 0): cut 10 back along the top (from (0, 0)) and down the
    // right side; handles 0.5519 of the way back to the corner.
    XCTAssertEqual(r.vertices[2], OutlinePoint(90, 0))
    XCTAssertEqual(r.inTangents[2], .zero)
    XCTAssertEqual(r.outTangents[2], OutlinePoint(10 * 0.5519, 0))
    XCTAssertEqual(r.vertices[3], OutlinePoint(100, 10))
    XCTAssertEqual(r.inTangents[3], OutlinePoint(0, -10 * 0.5519))
    XCTAssertEqual(r.outTangents[3], .zero)
    // The first corner's first vertex runs back along the closing side.
    XCTAssertEqual(r.vertices[0], OutlinePoint(0, 10))
  }

  func testTheRadiusStopsAtHalfEachSide() {
    // 40 high: each corner goes 20 down the short sides, 30 along the long.
    let r = Self.square().roundingCorners(radius: 30)
    XCTAssertEqual(r.vertices[2], OutlinePoint(70, 0))
    XCTAssertEqual(r.vertices[3], OutlinePoint(100, 20))
    XCTAssertEqual(r.vertices[4], OutlinePoint(100, 20))
    // A radius of 0 (or less, or NaN) leaves both vertices at the corner.
    for radius in [0, -5, Double.nan] {
      let zero = Self.square().roundingCorners(radius: radius)
      XCTAssertEqual(zero.vertices.count, 8)
      XCTAssertEqual(zero.vertices[2], OutlinePoint(100, 0))
      XCTAssertEqual(zero.outTangents[2], .zero)
    }
    // A huge radius stops at half the sides; 1e-320 barely moves.
    XCTAssertEqual(Self.square().roundingCorners(radius: 1e308).vertices[2], OutlinePoint(50, 0))
    XCTAssertEqual(Self.square().roundingCorners(radius: 1e-320).vertices[2].y, 0)
  }

  func testAnOpenPathKeepsItsEndsAndCurvedVerticesStay() {
    let open = Self.square(closed: false).roundingCorners(radius: 10)
    XCTAssertEqual(open.vertices.count, 6)
    XCTAssertEqual(open.vertices.first, OutlinePoint(0, 0))
    XCTAssertEqual(open.vertices.last, OutlinePoint(0, 40))
    var curved = Self.square()
    curved.outTangents[1] = OutlinePoint(0, 5)
    XCTAssertEqual(curved.roundingCorners(radius: 10).vertices.count, 7)
  }

  private func imported(_ shapes: [String]) throws -> LottieImporter.Result {
    try H.importing(H.document([H.shapeLayer("L", shapes: shapes)]))
  }

  private static let fill =
    #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}"#
  private static func rd(_ r: String) -> String { #"{"ty": "rd", "nm": "Round", "r": \#(r)}"# }
  private static let rect =
    #"{"ty": "rc", "nm": "Box", "p": {"a": 0, "k": [50, 20]}, "s": {"a": 0, "k": [100, 40]}, "r": {"a": 0, "k": 0}}"#

  func testARectangleUnderRoundCornersIsItsRoundedPath() throws {
    let result = try imported([Self.rect, Self.fill, Self.rd(#"{"a": 0, "k": 10}"#)])
    XCTAssertEqual(result.notes, [])
    // Lottie's rectangle starts at its top-right corner, running down: cut
    // 10 back along the top, then the curve to 10 down the right side.
    XCTAssertTrue(
      result.script.contains(
        #"shape L_Box(parent: L, d: "M90 0 C95.519 0 100 4.481000000000001 100 10 C100 10 100 30 100 30 "#
      ),
      result.script)
    // An ellipse has no sharp corner: still anim's ellipse.
    let ellipse =
      #"{"ty": "el", "nm": "Disc", "p": {"a": 0, "k": [50, 50]}, "s": {"a": 0, "k": [40, 40]}}"#
    let round = try imported([ellipse, Self.fill, Self.rd(#"{"a": 0, "k": 10}"#)])
    XCTAssertTrue(round.script.contains("ellipse L_Disc(parent: L"), round.script)
    // A radius of 0 rounds nothing: the rectangle stays a `rect`.
    let none = try imported([Self.rect, Self.fill, Self.rd(#"{"a": 0, "k": 0}"#)])
    XCTAssertTrue(none.script.contains("rect L_Box(parent: L"), none.script)
  }

  func testRoundCornersReachIntoGroupsListedBeforeAndNotAfter() throws {
    let group = #"{"ty": "gr", "it": [\#(Self.rect), \#(Self.fill)]}"#
    let before = try imported([group, Self.rd(#"{"a": 0, "k": 10}"#)])
    XCTAssertTrue(before.script.contains("shape L_Box"), before.script)
    let after = try imported([Self.rd(#"{"a": 0, "k": 10}"#), group])
    XCTAssertTrue(after.script.contains("rect L_Box"), after.script)
  }

  func testAMovingRadiusIsThePathAtEveryFrame() throws {
    let moving =
      #"{"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0.4], "y": [0]}, "i": {"x": [0.6], "y": [1]}}, {"t": 10, "s": [20]}]}"#
    let result = try imported([Self.rect, Self.fill, Self.rd(moving)])
    XCTAssertEqual(result.notes, [])
    // One morph a frame, 10 frames at 30 fps.
    XCTAssertEqual(result.script.components(separatedBy: "morph(to: L_Box_key").count - 1, 10)
    // At frame 10 the corners are cut 20 back (half the short side), and
    // the script runs.
    XCTAssertTrue(
      result.script.contains(
        #"shape L_Box_key_11(d: "M80 0 C91.038 0 100 8.962000000000002 100 20 C100.00001 20 "#))
    _ = H.run(result.script, then: "step 0.5")
  }

  func testATrimBeforeRoundCornersAndTooManyFramesAreNoted() throws {
    let trim =
      #"{"ty": "tm", "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}, "o": {"a": 0, "k": 0}, "m": 1}"#
    let stroke =
      #"{"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 2}, "lc": 1, "lj": 1}"#
    let trimmed = try imported([Self.rect, stroke, trim, Self.rd(#"{"a": 0, "k": 10}"#)])
    XCTAssertEqual(
      trimmed.notes.map(\.description),
      ["/layers/0/shapes/3: round corners after trim paths drawn before the trim"])
    let long =
      #"{"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20000, "s": [20]}]}"#
    let past = try imported([Self.rect, Self.fill, Self.rd(long)])
    XCTAssertEqual(past.notes.count, 1)
    XCTAssertTrue(past.notes[0].description.contains("drawn sharp"), past.notes[0].description)
    XCTAssertTrue(past.script.contains("rect L_Box"), past.script)
  }
}
