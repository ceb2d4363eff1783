import XCTest

@testable import AnimEngine

/// Where a picture is drawn in its box (SPEC §21.4), against CSS
/// `object-fit`'s rule worked by hand.
final class ImageFitTests: XCTestCase {
  func testFillStretchesOntoTheBox() {
    XCTAssertEqual(
      ImageFit.fill.placement(imageWidth: 8, imageHeight: 4, width: 90, height: 60),
      ImagePlacement(x: 0, y: 0, width: 90, height: 60))
  }

  func testContainKeepsTheAspectInsideTheBoxCentred() {
    // 8 × 4 into 90 × 60: scale min(11.25, 15) = 11.25 → 90 × 45, 7.5 down.
    XCTAssertEqual(
      ImageFit.contain.placement(imageWidth: 8, imageHeight: 4, width: 90, height: 60),
      ImagePlacement(x: 0, y: 7.5, width: 90, height: 45))
    // 16 × 16 into 80 × 40: 40 × 40, 20 across.
    XCTAssertEqual(
      ImageFit.contain.placement(imageWidth: 16, imageHeight: 16, width: 80, height: 40),
      ImagePlacement(x: 20, y: 0, width: 40, height: 40))
  }

  func testCoverKeepsTheAspectCoveringTheBoxCentred() {
    // 8 × 4 into 70 × 50: scale max(8.75, 12.5) = 12.5 → 100 × 50, 15 left.
    let placed = ImageFit.cover.placement(imageWidth: 8, imageHeight: 4, width: 70, height: 50)
    XCTAssertEqual(placed, ImagePlacement(x: -15, y: 0, width: 100, height: 50))
    XCTAssertEqual(
      placed?.clipped(toBoxWidth: 70, height: 50),
      ImagePlacement(x: 0, y: 0, width: 70, height: 50))
  }

  func testTheMatchingSideIsTheBoxsExactly() {
    // 1/3 scales would leave 0.1 + 0.2 style sums short of the box.
    let placed = ImageFit.contain.placement(imageWidth: 3, imageHeight: 7, width: 0.1, height: 10)
    XCTAssertEqual(placed?.width, 0.1)
    XCTAssertEqual(placed?.x, 0)
  }

  func testNegativeSizesAreTheirMagnitudes() {
    XCTAssertEqual(
      ImageFit.cover.placement(imageWidth: 8, imageHeight: 4, width: -70, height: -50),
      ImagePlacement(x: -15, y: 0, width: 100, height: 50))
  }

  func testNothingIsPlacedInAnEmptyOrUnboundedBox() {
    for fit in ImageFit.allCases {
      XCTAssertNil(fit.placement(imageWidth: 8, imageHeight: 4, width: 0, height: 50))
      XCTAssertNil(fit.placement(imageWidth: 8, imageHeight: 4, width: 50, height: 0))
      XCTAssertNil(fit.placement(imageWidth: 8, imageHeight: 4, width: .nan, height: 50))
      XCTAssertNil(fit.placement(imageWidth: 8, imageHeight: 4, width: .infinity, height: 50))
      XCTAssertNil(fit.placement(imageWidth: 0, imageHeight: 4, width: 50, height: 50))
    }
    // A cover scale that overflows: 1e308 wide from a 1e-320 tall picture.
    XCTAssertNil(
      ImageFit.cover.placement(imageWidth: 1, imageHeight: 1e-320, width: 1e308, height: 1e308))
  }

  func testHugeButFiniteBoxesStayFinite() {
    let placed = ImageFit.contain.placement(
      imageWidth: 8, imageHeight: 4, width: 1e308, height: 1e308)
    XCTAssertEqual(placed?.x, 0)
    XCTAssertEqual(placed?.width, 1e308)
    XCTAssertEqual(placed?.height ?? 0, 5e307, accuracy: 5e307 * 1e-15)
    XCTAssertEqual(placed?.y ?? 0, 2.5e307, accuracy: 2.5e307 * 1e-15)
  }

  func testTheStoredChoiceIsClampedToTheCases() {
    XCTAssertEqual(ImageFit(stored: -3), .fill)
    XCTAssertEqual(ImageFit(stored: 1), .contain)
    XCTAssertEqual(ImageFit(stored: 2), .cover)
    XCTAssertEqual(ImageFit(stored: 7), .cover)
    XCTAssertEqual(ImageFit.words, ["fill", "contain", "cover"])
  }
}

/// RFC 4648's base64, against its test vectors (section 10).
final class Base64Tests: XCTestCase {
  func testTheRFCVectors() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]
    for (plain, encoded) in vectors {
      XCTAssertEqual(Base64.encode(Array(plain.utf8)), encoded, plain)
    }
    XCTAssertEqual(Base64.encode([0xFF, 0xFE, 0xFD]), "//79")
  }

  func testThePNGSizeIsReadFromTheHeader() {
    var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    png += Array("IHDR".utf8) + [0, 0, 0x01, 0x40, 0, 0, 0, 0xF0]
    XCTAssertEqual(ImageRasters.pngSize(png).map { [$0.0, $0.1] }, [320, 240])
    XCTAssertNil(ImageRasters.pngSize(Array(png.prefix(20))))
    XCTAssertNil(ImageRasters.pngSize([UInt8](repeating: 0, count: 24)))
  }
}
