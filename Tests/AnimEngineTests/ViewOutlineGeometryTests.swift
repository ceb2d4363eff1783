import XCTest

@testable import AnimEngine

/// Each kind of view's outline through the geometry.
final class ViewOutlineGeometryTests: XCTestCase {
  func testRectangleKindsDrawTheRoundedRectangleOutline() {
    for kind in [ViewKind.view, ViewKind.named("rect")!] {
      XCTAssertEqual(
        kind.outline.outline(width: 100, height: 50, cornerRadius: 10),
        Outline.rectangle(width: 100, height: 50, cornerRadius: 10))
    }
    // A negative size is drawn as its magnitude; the radius is clamped.
    XCTAssertEqual(
      ViewOutline.rectangle.outline(width: -40, height: 20, cornerRadius: 99),
      Outline.rectangle(width: 40, height: 20, cornerRadius: 10))
    XCTAssertEqual(
      ViewOutline.rectangle.outline(width: 40, height: 20, cornerRadius: 0).bounds(),
      OutlineBounds(minimum: .zero, maximum: OutlinePoint(40, 20)))
  }
}
