import AnimEngine
import XCTest

@testable import AnimRender

/// Outlines far larger than the image are cut before Cairo draws them
/// (issue 32): every pixel inside the image keeps its winding number, so
/// its nonzero fill, whatever the outline's size.
final class DeviceClipTests: XCTestCase {
  /// The winding number of `p` around the closed polygons the commands
  /// draw, each curve flattened finely (the curves kept by the cut are
  /// small: within the safe range).
  private func winding(_ commands: [DeviceClip.Command], at p: OutlinePoint) -> Int {
    var total = 0
    var start = OutlinePoint.zero
    var current = OutlinePoint.zero
    func edge(_ a: OutlinePoint, _ b: OutlinePoint) {
      if a.y <= p.y {
        if b.y > p.y && cross(a, b, p) > 0 { total += 1 }
      } else if b.y <= p.y && cross(a, b, p) < 0 {
        total -= 1
      }
    }
    for command in commands {
      switch command {
      case .move(let q):
        if current != start { edge(current, start) }
        start = q
        current = q
      case .line(let q):
        edge(current, q)
        current = q
      case .curve(let c1, let c2, let q):
        let b = Bezier(current, c1, c2, q)
        for k in 1...256 {
          let next = b.point(at: Double(k) / 256)
          edge(current, next)
          current = next
        }
      case .close:
        edge(current, start)
        current = start
      }
    }
    if current != start { edge(current, start) }
    return total
  }

  private func cross(_ a: OutlinePoint, _ b: OutlinePoint, _ p: OutlinePoint) -> Double {
    (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
  }

  private func points(_ commands: [DeviceClip.Command]) -> [OutlinePoint] {
    commands.flatMap { command -> [OutlinePoint] in
      switch command {
      case .move(let p), .line(let p): return [p]
      case .curve(let a, let b, let c): return [a, b, c]
      case .close: return []
      }
    }
  }

  func testATurnedRectangleFarWiderThanTheImageCoversItsBand() {
    // 2e12 wide, 20 tall, turned 30°, centred on (100, 100) of a 200 × 200
    // image (doubles still place it to 1e-4 pixels there; at 1e30 they
    // would only to 1e13, and no drawing could tell where the band is).
    let rect = Outline.rectangle(width: 2e12, height: 20)
    let (s, c) = (0.5, 3.0.squareRoot() / 2)
    let m = Affine(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    let placed = Affine(a: 1, b: 0, c: 0, d: 1, tx: 100, ty: 100).concatenating(m)
      .concatenating(Affine(a: 1, b: 0, c: 0, d: 1, tx: -1e12, ty: -10))
    XCTAssertFalse(DeviceClip.fits(rect, under: placed))
    let cut = DeviceClip(width: 200, height: 200, margin: 4)
    let commands = cut.commands(for: rect, under: placed, closing: true)
    // Every point the cut keeps is within the box Cairo draws.
    for p in points(commands) {
      XCTAssertLessThanOrEqual(max(abs(p.x), abs(p.y)), DeviceClip.safeRange)
    }
    // Inside the band (distance < 10 from the line through (100, 100)
    // at 30°) the winding is 1, outside it 0.
    for (x, y) in [(100.0, 100.0), (0, 0), (199, 199), (20, 150), (180, 50), (100, 40)] {
      let distance = abs(-s * (x - 100) + c * (y - 100))
      let expected = distance < 9.5 ? 1 : (distance > 10.5 ? 0 : nil)
      if let expected {
        XCTAssertEqual(
          abs(winding(commands, at: OutlinePoint(x, y))), expected, "(\(x), \(y))")
      }
    }
  }

  func testARingAroundTheImageKeepsItsHoleAndItsBody() {
    // A circle 2e12 across whose edge passes through the image: below the
    // edge inside, above it outside.
    let r = 1e12
    let circle = Outline.ellipse(width: 2 * r, height: 2 * r)
    let placed = Affine(a: 1, b: 0, c: 0, d: 1, tx: 100 - r, ty: 100)
    let cut = DeviceClip(width: 200, height: 200, margin: 4)
    let commands = cut.commands(for: circle, under: placed, closing: true)
    XCTAssertEqual(abs(winding(commands, at: OutlinePoint(100, 150))), 1)
    XCTAssertEqual(abs(winding(commands, at: OutlinePoint(100, 50))), 0)
    XCTAssertEqual(abs(winding(commands, at: OutlinePoint(3, 199))), 1)
  }

  func testAnOutlineWithinTheSafeRangeIsLeftAlone() {
    let circle = Outline.ellipse(width: 1000, height: 1000)
    XCTAssertTrue(DeviceClip.fits(circle, under: .identity))
    XCTAssertFalse(
      DeviceClip.fits(
        circle, under: Affine(a: 1, b: 0, c: 0, d: 1, tx: DeviceClip.safeRange, ty: 0)))
    XCTAssertFalse(DeviceClip.fits(circle, under: Affine(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)))
  }

  func testAnOpenPathFilledIsClosedBeforeItIsCut() {
    // An open "V" from far left to far right through (100, 150): filled, its
    // closing line from the right end back to the left passes over the
    // image's top, so the inside of the V is filled.
    let v = Outline([
      Subpath(
        start: OutlinePoint(-1e30, -1e30),
        segments: [
          .line(from: OutlinePoint(-1e30, -1e30), to: OutlinePoint(100, 150)),
          .line(from: OutlinePoint(100, 150), to: OutlinePoint(1e30, -1e30)),
        ], isClosed: false)
    ])
    let cut = DeviceClip(width: 200, height: 200, margin: 4)
    let filled = cut.commands(for: v, under: .identity, closing: true)
    XCTAssertEqual(abs(winding(filled, at: OutlinePoint(100, 100))), 1)
    XCTAssertEqual(abs(winding(filled, at: OutlinePoint(100, 190))), 0)
    let stroked = cut.commands(for: v, under: .identity, closing: false)
    XCTAssertFalse(stroked.contains(.close))
  }

  func testPixelRectanglesOfBoundsFarOutsideTheImageAreClampedNotTrapped() {
    XCTAssertEqual(
      PixelRect(covering: (-1e300, -.infinity, 1e300, .infinity), width: 30, height: 20),
      PixelRect(x0: 0, y0: 0, x1: 30, y1: 20))
    XCTAssertEqual(
      PixelRect(covering: (.nan, 0, 5, 5), width: 30, height: 20),
      PixelRect(x0: 0, y0: 0, x1: 0, y1: 0))
    XCTAssertEqual(
      PixelRect(covering: (2.5, 3, 7.2, 9), width: 30, height: 20),
      PixelRect(x0: 1, y0: 2, x1: 9, y1: 10))
    XCTAssertEqual(
      PixelRect(covering: (1e300, 0, 1e301, 5), width: 30, height: 20).area, 0)
  }
}
