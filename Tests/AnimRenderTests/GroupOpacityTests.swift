import AnimEngine
import AnimLanguage
import AnimRender
import AnimStage
import Foundation
import XCTest

/// Group opacity (SPEC §21.2), the composition stage's first user: a view
/// and its descendants are drawn as one picture, then that picture at
/// `opacity`; overlapping children do not show through each other. Exact
/// interior pixels, worked out by hand, in the canvas and in SVG.
final class GroupOpacityTests: XCTestCase {
  /// The last frame of `text` as RGBA on a 100 × 100 stage over black.
  private func render(_ text: String) throws -> (Int, Int) -> [UInt8] {
    let source = "stage(width: 100, height: 100, background: black)\n" + text
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: source), selection: .end)
    let (result, found) = runner.survey { _ in }
    XCTAssertTrue(result.errors.isEmpty, "\(result.errors.map(\.0.message))")
    let plan = try XCTUnwrap(found)
    let canvas = try CairoCanvas(layout: plan.layout(sizing: .scale(1), background: nil))
    var rgba: [UInt8] = []
    try runner.play(plan) { frame in
      canvas.draw(frame.scene)
      canvas.rgba(into: &rgba)
    }
    return { x, y in Array(rgba[(y * 100 + x) * 4..<(y * 100 + x) * 4 + 4]) }
  }

  /// The SVG of `text`'s last frame.
  private func svg(_ text: String) throws -> String {
    let source = "stage(width: 100, height: 100, background: black)\n" + text
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: source), selection: .end)
    let (_, found) = runner.survey { _ in }
    let plan = try XCTUnwrap(found)
    let layout = try plan.layout(sizing: .scale(1), background: nil)
    var out = ""
    try runner.play(plan) { out = SVGDocument.text($0.scene, layout: layout) }
    return out
  }

  private func byte(_ v: Double) -> UInt8 { UInt8((v * 255).rounded()) }

  /// Two opaque children overlapping under a layer at opacity 0.5: the
  /// overlap is the top child's colour at half over the background (the
  /// one below does not show through), each alone its own colour at half.
  func testOverlappingChildrenDoNotShowThroughEachOther() throws {
    let pixel = try render(
      """
      layer g(x: 50, y: 50, width: 100, height: 100, opacity: 0.5) {
        rect a(x: 40, y: 50, width: 40, height: 40, color: red)
        rect b(x: 60, y: 50, width: 40, height: 40, color: "#00ff00")
      }
      """)
    XCTAssertEqual(pixel(25, 50), [byte(0.5), 0, 0, 255])
    XCTAssertEqual(pixel(50, 50), [0, byte(0.5), 0, 255])
    XCTAssertEqual(pixel(75, 50), [0, byte(0.5), 0, 255])
    XCTAssertEqual(pixel(50, 10), [0, 0, 0, 255])
  }

  /// The same children with alpha 0.5 each (SPEC §17's alpha, multiplied
  /// down shape by shape) do show through: the difference opacity makes.
  func testAlphaStillBlendsShapeByShape() throws {
    let pixel = try render(
      """
      layer g(x: 50, y: 50, width: 100, height: 100, alpha: 0.5) {
        rect a(x: 40, y: 50, width: 40, height: 40, color: red)
        rect b(x: 60, y: 50, width: 40, height: 40, color: "#00ff00")
      }
      """)
    XCTAssertEqual(pixel(50, 50), [byte(0.25), byte(0.5), 0, 255])
  }

  /// A view alone, of one paint, is drawn at alpha × opacity without a
  /// group picture: exactly the pixels of that alpha.
  func testAViewAloneTakesItsOpacityIntoItsPaint() throws {
    let composed = try render(
      "rect a(x: 50, y: 50, width: 50, height: 30, opacity: 0.4, color: red, rotation: 20)\n")
    let plain = try render(
      "rect a(x: 50, y: 50, width: 50, height: 30, alpha: 0.4, color: red, rotation: 20)\n")
    for y in stride(from: 0, to: 100, by: 3) {
      for x in stride(from: 0, to: 100, by: 3) {
        XCTAssertEqual(composed(x, y), plain(x, y), "\(x), \(y)")
      }
    }
    XCTAssertEqual(composed(50, 50), [byte(0.4), 0, 0, 255])
  }

  /// A filled and stroked view at opacity 0.5: where the stroke covers the
  /// fill, the stroke's colour at half over the background; the fill does
  /// not show through it (as one picture).
  func testAFillUnderAStrokeIsOnePicture() throws {
    let pixel = try render(
      """
      rect a(x: 50, y: 50, width: 60, height: 60, color: red, stroke: "#0000ff", strokeWidth: 10, opacity: 0.5)
      """)
    // The stroke is centred on the outline: 5 points inside the box, 5 out.
    XCTAssertEqual(pixel(22, 50), [0, 0, byte(0.5), 255])
    XCTAssertEqual(pixel(50, 50), [byte(0.5), 0, 0, 255])
    XCTAssertEqual(pixel(17, 50), [0, 0, byte(0.5), 255])
  }

  /// Groups nest: a child's group at 0.5 inside a parent's at 0.5 is drawn
  /// at a quarter; opacity 0 draws nothing.
  func testNestedGroupsMultiplyAndZeroHides() throws {
    let pixel = try render(
      """
      layer outer(x: 50, y: 50, width: 100, height: 100, opacity: 0.5) {
        layer inner(x: 50, y: 50, width: 100, height: 100, opacity: 0.5) {
          rect a(x: 30, y: 50, width: 20, height: 20, color: white)
          rect b(x: 35, y: 50, width: 20, height: 20, color: white)
        }
        rect c(x: 80, y: 50, width: 10, height: 10, color: white, opacity: 0)
      }
      """)
    XCTAssertEqual(pixel(33, 50), [byte(0.25), byte(0.25), byte(0.25), 255])
    XCTAssertEqual(pixel(80, 50), [0, 0, 0, 255])
  }

  /// A group inside a clipping parent is composited through the clip: the
  /// part outside the parent's outline is not drawn.
  func testAGroupIsCompositedThroughItsAncestorsClips() throws {
    let pixel = try render(
      """
      rect frame(x: 50, y: 50, width: 40, height: 40, color: "#000000", clip: true) {
        layer g(x: 20, y: 20, width: 40, height: 40, opacity: 0.5) {
          rect a(x: 20, y: 20, width: 80, height: 20, color: white)
          rect b(x: 30, y: 20, width: 80, height: 20, color: white)
        }
      }
      """)
    XCTAssertEqual(pixel(50, 50), [byte(0.5), byte(0.5), byte(0.5), 255])
    XCTAssertEqual(pixel(85, 50), [0, 0, 0, 255])
    XCTAssertEqual(pixel(20, 50), [0, 0, 0, 255])
  }

  /// SVG: a group's `<g>` carries the opacity; a view alone takes it into
  /// its fill's opacity; a view at the default has no group at all.
  func testSVGGroupsCarryTheOpacity() throws {
    let text = try svg(
      """
      layer g(x: 50, y: 50, width: 100, height: 100, opacity: 0.5) {
        rect a(x: 40, y: 50, width: 40, height: 40, color: red)
      }
      rect b(x: 10, y: 10, width: 10, height: 10, opacity: 0.25)
      rect c(x: 90, y: 90, width: 10, height: 10, stroke: red, opacity: 0.75)
      """)
    XCTAssertTrue(
      text.contains("data-view=\"g\" transform=\"matrix(1 0 0 1 0 0)\" opacity=\"0.5\""), text)
    XCTAssertTrue(text.contains("fill-opacity=\"0.25\""), text)
    XCTAssertTrue(text.contains("opacity=\"0.75\""), text)
    let flat = try svg("rect b(x: 10, y: 10, width: 10, height: 10, opacity: 0.5, stroke: red)\n")
    XCTAssertTrue(flat.contains("<g opacity=\"0.5\">\n<path"), flat)
    XCTAssertFalse(try svg("rect b(x: 10, y: 10, width: 10, height: 10)\n").contains("<g"))
  }
}
