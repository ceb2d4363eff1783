import Foundation
import XCTest

@testable import AnimEngine

final class ColorInterpolationTests: XCTestCase {
  private let red = Color.named("red")!
  private let blue = Color.named("blue")!

  // MARK: sRGB

  func testSRGBMidpointOfRedAndBlueIsPurple() {
    let mid = Color.interpolate(from: red, to: blue, progress: 0.5)
    XCTAssertEqual(mid, Color(r: 0.5, g: 0, b: 0.5))
    XCTAssertEqual(mid.hex, "#800080")
  }

  func testSRGBIsTheDefaultSpace() {
    XCTAssertEqual(
      Color.interpolate(from: red, to: blue, progress: 0.25),
      Color.interpolate(from: red, to: blue, progress: 0.25, in: .srgb))
  }

  func testEndsAreExact() {
    for space in ColorSpace.allCases {
      XCTAssertEqual(Color.interpolate(from: red, to: blue, progress: 0, in: space).hex, "#ff0000")
      XCTAssertEqual(Color.interpolate(from: red, to: blue, progress: 1, in: space).hex, "#0000ff")
    }
  }

  func testSRGBExtrapolatesThenClamps() {
    let gray = Color(r: 0.5, g: 0.5, b: 0.5)
    let past = Color.interpolate(from: gray, to: Color.white, progress: 1.5)
    XCTAssertEqual(past, Color.white)
    let before = Color.interpolate(from: gray, to: Color(r: 0.75, g: 0.5, b: 0.25), progress: -1)
    XCTAssertEqual(before, Color(r: 0.25, g: 0.5, b: 0.75))
    let far = Color.interpolate(from: gray, to: Color.white, progress: -3)
    XCTAssertEqual(far, Color.black)
  }

  func testAlphaInterpolatesInEverySpace() {
    let from = Color(r: 1, g: 0, b: 0, a: 0)
    let to = Color(r: 1, g: 0, b: 0, a: 1)
    for space in ColorSpace.allCases {
      let mid = Color.interpolate(from: from, to: to, progress: 0.25, in: space)
      XCTAssertEqual(mid.a, 0.25, accuracy: 1e-12, "\(space)")
      XCTAssertEqual(mid.hex, "#ff000040", "\(space)")
    }
  }

  func testClearToRedKeepsSRGBChannelsLinear() {
    let mid = Color.interpolate(from: Color.clear, to: red, progress: 0.5)
    XCTAssertEqual(mid, Color(r: 0.5, g: 0, b: 0, a: 0.5))
  }

  // MARK: HSB

  func testHSBMidpointOfRedAndBlueGoesTheShortWayThroughMagenta() {
    let mid = Color.interpolate(from: red, to: blue, progress: 0.5, in: .hsb)
    XCTAssertEqual(mid.hex, "#ff00ff")
    XCTAssertEqual(mid.toHSB().h, 300, accuracy: 1e-9)
  }

  func testHSBAcrossZeroDegrees() throws {
    let from = try Color.hsb(350, 1, 1)
    let to = try Color.hsb(10, 1, 1)
    let mid = Color.interpolate(from: from, to: to, progress: 0.5, in: .hsb)
    XCTAssertEqual(mid.hex, "#ff0000")
    let quarter = Color.interpolate(from: from, to: to, progress: 0.25, in: .hsb)
    XCTAssertEqual(quarter.toHSB().h, 355, accuracy: 1e-9)
  }

  func testHSBExactHalfTurnGoesTheIncreasingWay() {
    let cyan = Color.named("cyan")!
    let mid = Color.interpolate(from: red, to: cyan, progress: 0.5, in: .hsb)
    XCTAssertEqual(mid.hex, "#80ff00")
  }

  func testHSBFromGrayKeepsTheOtherHue() {
    let gray = Color.named("gray")!
    let mid = Color.interpolate(from: gray, to: red, progress: 0.5, in: .hsb)
    // Hue stays red's 0: green and blue stay equal, only saturation and
    // brightness move.
    XCTAssertEqual(mid.g, mid.b)
    XCTAssertEqual(mid.toHSB().h, 0)
    XCTAssertEqual(mid.toHSB().s, 0.5, accuracy: 1e-12)
    XCTAssertEqual(mid.toHSB().b, (128.0 / 255 + 1) / 2, accuracy: 1e-12)
  }

  func testHSBToBlackKeepsTheHue() {
    let mid = Color.interpolate(from: blue, to: Color.black, progress: 0.5, in: .hsb)
    XCTAssertEqual(mid, Color(r: 0, g: 0, b: 0.5))
  }

  func testHSBExtrapolationClamps() {
    let mid = Color.interpolate(from: Color.named("gray")!, to: red, progress: 3, in: .hsb)
    XCTAssertEqual(mid.hex, "#ff0000")
  }

  // MARK: OKLab

  func testOKLabOfRedAndBlueMatchesPublishedValues() {
    // Ottosson's reference values for sRGB red and blue.
    let red = self.red.toOKLab()
    XCTAssertEqual(red.lightness, 0.627955, accuracy: 1e-6)
    XCTAssertEqual(red.a, 0.224863, accuracy: 1e-6)
    XCTAssertEqual(red.b, 0.125846, accuracy: 1e-6)
    let blue = self.blue.toOKLab()
    XCTAssertEqual(blue.lightness, 0.452014, accuracy: 1e-6)
    XCTAssertEqual(blue.a, -0.032457, accuracy: 1e-6)
    XCTAssertEqual(blue.b, -0.311528, accuracy: 1e-6)
  }

  func testOKLabOfWhiteIsLightnessOne() {
    let white = Color.white.toOKLab()
    XCTAssertEqual(white.lightness, 1, accuracy: 1e-6)
    XCTAssertEqual(white.a, 0, accuracy: 1e-6)
    XCTAssertEqual(white.b, 0, accuracy: 1e-6)
  }

  func testOKLabMidpointOfRedAndBlue() {
    let expected = ReferenceOKLab.midpoint(red: (1, 0, 0), blue: (0, 0, 1))
    let mid = Color.interpolate(from: red, to: blue, progress: 0.5, in: .oklab)
    XCTAssertEqual(mid.r, expected.r, accuracy: 1.0 / 255)
    XCTAssertEqual(mid.g, expected.g, accuracy: 1.0 / 255)
    XCTAssertEqual(mid.b, expected.b, accuracy: 1.0 / 255)
    // The same midpoint, pinned as bytes.
    XCTAssertEqual(mid.hex, "#8c53a2")
  }

  func testOKLabRoundTripsNamedColors() {
    for name in Color.allNames {
      let color = Color.named(name)!
      XCTAssertEqual(Color.fromOKLab(color.toOKLab()).hex, color.hex, name)
    }
  }

  func testOKLabOutOfGamutIsClamped() {
    let vivid = Color.fromOKLab(Color.OKLab(lightness: 0.7, a: 0.4, b: 0.4))
    for channel in [vivid.r, vivid.g, vivid.b] {
      XCTAssertTrue((0...1).contains(channel))
    }
    XCTAssertEqual(Color.fromOKLab(Color.OKLab(lightness: 2, a: 0, b: 0)), Color.white)
  }

  // MARK: Inputs that are not numbers

  func testNonFiniteProgressNeverTraps() {
    for space in ColorSpace.allCases {
      XCTAssertEqual(
        Color.interpolate(from: red, to: blue, progress: .nan, in: space).hex, "#ff0000")
      for progress in [Double.infinity, -.infinity, 1e308, -1e308] {
        let color = Color.interpolate(from: red, to: blue, progress: progress, in: space)
        for channel in [color.r, color.g, color.b, color.a] {
          XCTAssertTrue((0...1).contains(channel), "\(space) \(progress)")
        }
      }
    }
  }

  func testNonFiniteHSBAndOKLabComponentsNeverTrap() {
    let fromHSB = Color.fromHSB(Color.HSB(h: .nan, s: .infinity, b: -.infinity, a: .nan))
    XCTAssertEqual(fromHSB, Color(r: 0, g: 0, b: 0, a: 0))
    let fromLab = Color.fromOKLab(Color.OKLab(lightness: .nan, a: .infinity, b: 1, alpha: 1))
    XCTAssertTrue((0...1).contains(fromLab.r))
  }
}

/// OKLab written out again from Björn Ottosson's published matrices
/// (https://bottosson.github.io/posts/oklab/), independently of the engine,
/// to check its blends.
private enum ReferenceOKLab {
  typealias RGB = (r: Double, g: Double, b: Double)

  static func midpoint(red: RGB, blue: RGB) -> RGB {
    let p = toLab(red)
    let q = toLab(blue)
    return fromLab(((p.0 + q.0) / 2, (p.1 + q.1) / 2, (p.2 + q.2) / 2))
  }

  static func toLab(_ c: RGB) -> (Double, Double, Double) {
    func decode(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
    let (r, g, b) = (decode(c.r), decode(c.g), decode(c.b))
    let l = cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    let m = cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    let s = cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return (
      0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
      1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
      0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    )
  }

  static func fromLab(_ lab: (Double, Double, Double)) -> RGB {
    let (L, a, b) = lab
    let l = pow(L + 0.3963377774 * a + 0.2158037573 * b, 3)
    let m = pow(L - 0.1055613458 * a - 0.0638541728 * b, 3)
    let s = pow(L - 0.0894841775 * a - 1.2914855480 * b, 3)
    func encode(_ v: Double) -> Double {
      let c = min(max(v, 0), 1)
      return c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
    }
    return (
      encode(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
      encode(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
      encode(-0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s)
    )
  }
}
