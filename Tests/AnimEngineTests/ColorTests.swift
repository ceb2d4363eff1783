import XCTest

@testable import AnimEngine

final class ColorTests: XCTestCase {
  // MARK: Named colours

  func testBasicNamedColorsHaveTheirCSSValues() {
    let expected: [String: String] = [
      "red": "#ff0000", "orange": "#ffa500", "yellow": "#ffff00", "green": "#008000",
      "blue": "#0000ff", "purple": "#800080", "pink": "#ffc0cb", "gray": "#808080",
      "grey": "#808080", "white": "#ffffff", "black": "#000000", "aqua": "#00ffff",
      "fuchsia": "#ff00ff", "lime": "#00ff00", "maroon": "#800000", "navy": "#000080",
      "olive": "#808000", "silver": "#c0c0c0", "teal": "#008080",
      "rebeccapurple": "#663399", "lightgoldenrodyellow": "#fafad2",
    ]
    for (name, hex) in expected {
      XCTAssertEqual(Color.named(name)?.hex, hex, name)
    }
  }

  func testClearIsTransparentBlack() {
    XCTAssertEqual(Color.named("clear"), Color(r: 0, g: 0, b: 0, a: 0))
    XCTAssertEqual(Color.named("transparent"), Color.clear)
    XCTAssertEqual(Color.clear.hex, "#00000000")
  }

  func testNamesAreCaseInsensitive() {
    XCTAssertEqual(Color.named("Red"), Color.named("red"))
    XCTAssertEqual(Color.named("CornflowerBlue")?.hex, "#6495ed")
    XCTAssertEqual(Color.named("CLEAR"), Color.clear)
  }

  func testUnknownNameIsNil() {
    XCTAssertNil(Color.named("reddish"))
    XCTAssertNil(Color.named(""))
    XCTAssertNil(Color.named("#ff0000"))
  }

  func testAllNamesListsEveryCSSColorPlusClearAndTransparent() {
    XCTAssertEqual(Color.allNames.count, 148 + 2)
    XCTAssertEqual(Color.allNames, Color.allNames.sorted())
    XCTAssertTrue(Color.allNames.contains("clear"))
    for name in Color.allNames {
      XCTAssertNotNil(Color.named(name), name)
      XCTAssertEqual(name, name.lowercased())
    }
  }

  // MARK: Hex

  func testParsesShortHex() {
    XCTAssertEqual(Color.parseHex("#f80"), Color(r: 1, g: 0x88 / 255, b: 0))
    XCTAssertEqual(Color.parseHex("#f80")?.hex, "#ff8800")
  }

  func testParsesShortHexWithAlpha() {
    XCTAssertEqual(Color.parseHex("#f808")?.hex, "#ff880088")
    XCTAssertEqual(Color.parseHex("#f808")?.a, 0x88 / 255)
  }

  func testParsesLongHex() {
    XCTAssertEqual(Color.parseHex("#1a2b3c"), Color(r: 0x1a / 255, g: 0x2b / 255, b: 0x3c / 255))
  }

  func testParsesLongHexWithAlpha() {
    let color = Color.parseHex("#11223380")
    XCTAssertEqual(color?.a, 0x80 / 255)
    XCTAssertEqual(color?.hex, "#11223380")
  }

  func testParsesUpperCaseDigits() {
    XCTAssertEqual(Color.parseHex("#FFA500"), Color.named("orange"))
    XCTAssertEqual(Color.parseHex("#AbCdEf")?.hex, "#abcdef")
  }

  func testRejectsMalformedHex() {
    for text in [
      "", "#", "fff", "#ff", "#fffff", "#fffffff", "#fffffffff", "#ggg", "# fff",
      "#fff ", "#12345z", "#ｆｆｆ", "##fff",
    ] {
      XCTAssertNil(Color.parseHex(text), text)
    }
  }

  func testThrowingHexNamesTheAcceptedForms() {
    XCTAssertThrowsError(try Color.hex("#12")) { error in
      XCTAssertEqual(
        (error as? EngineError)?.message,
        "\"#12\" is not a hex color; expected #rgb, #rgba, #rrggbb or #rrggbbaa")
    }
    XCTAssertEqual(try Color.hex("#0f0"), Color.named("lime"))
  }

  func testHexRoundTripsEveryByte() {
    for value in 0...255 {
      let pair = String(format2: value)
      let text = "#\(pair)\(pair)\(pair)\(pair)"
      let expected = value == 255 ? "#\(pair)\(pair)\(pair)" : text
      XCTAssertEqual(Color.parseHex(text)?.hex, expected)
    }
  }

  func testHexRoundTripsNamedColors() {
    for name in Color.allNames {
      let color = Color.named(name)!
      XCTAssertEqual(Color.parseHex(color.hex), color, name)
    }
  }

  func testHexOmitsAlphaWhenOpaque() {
    XCTAssertEqual(Color(r: 1, g: 0, b: 0).hex, "#ff0000")
    XCTAssertEqual(Color(r: 1, g: 0, b: 0, a: 0.5).hex, "#ff000080")
  }

  func testHexRoundsChannelsToNearestByte() {
    XCTAssertEqual(Color(r: 0.5, g: 0.5, b: 0.5).hex, "#808080")
    XCTAssertEqual(Color(r: 0.25, g: 0.2, b: 1.0 / 3).hex, "#403355")
  }

  func testAlphaThatRoundsToOpaquePrintsWithoutAlpha() {
    XCTAssertEqual(Color(r: 0, g: 0, b: 0, a: 0.999).hex, "#000000")
  }

  func testDescriptionIsHex() {
    XCTAssertEqual("\(Color.named("orange")!)", "#ffa500")
    XCTAssertEqual(Color.clear.description, "#00000000")
  }

  // MARK: rgb and hsb

  func testRGBTakes255ChannelsAndUnitAlpha() throws {
    let color = try Color.rgb(255, 128, 0, 0.5)
    XCTAssertEqual(color.r, 1)
    XCTAssertEqual(color.g, 128 / 255)
    XCTAssertEqual(color.b, 0)
    XCTAssertEqual(color.a, 0.5)
    XCTAssertEqual(color.hex, "#ff800080")
  }

  func testRGBAlphaDefaultsToOpaque() throws {
    XCTAssertEqual(try Color.rgb(0, 0, 255), Color.named("blue"))
  }

  func testRGBRejectsChannelOutOfRange() {
    assertColorError(try Color.rgb(300, 0, 0), "rgb channel 300 is outside 0…255")
    assertColorError(try Color.rgb(0, -1, 0), "rgb channel -1 is outside 0…255")
    assertColorError(try Color.rgb(0, 0, 255.5), "rgb channel 255.5 is outside 0…255")
  }

  func testRGBRejectsAlphaOutOfRange() {
    assertColorError(try Color.rgb(0, 0, 0, 1.5), "alpha 1.5 is outside 0…1")
    assertColorError(try Color.rgb(0, 0, 0, -0.1), "alpha -0.1 is outside 0…1")
  }

  func testRGBRejectsNonFiniteValues() {
    assertColorError(try Color.rgb(.nan, 0, 0), "rgb channel nan is not a finite number")
    assertColorError(try Color.rgb(0, .infinity, 0), "rgb channel inf is not a finite number")
    assertColorError(try Color.rgb(0, 0, 0, -.infinity), "alpha -inf is not a finite number")
  }

  func testHSBPrimaries() throws {
    XCTAssertEqual(try Color.hsb(0, 1, 1).hex, "#ff0000")
    XCTAssertEqual(try Color.hsb(120, 1, 1).hex, "#00ff00")
    XCTAssertEqual(try Color.hsb(240, 1, 1).hex, "#0000ff")
    XCTAssertEqual(try Color.hsb(300, 1, 1).hex, "#ff00ff")
    XCTAssertEqual(try Color.hsb(39, 1, 1).hex, "#ffa600")
    XCTAssertEqual(try Color.hsb(0, 0, 0.5).hex, "#808080")
    XCTAssertEqual(try Color.hsb(200, 1, 0).hex, "#000000")
  }

  func testHSBWrapsHue() throws {
    XCTAssertEqual(try Color.hsb(360, 1, 1), try Color.hsb(0, 1, 1))
    XCTAssertEqual(try Color.hsb(-120, 1, 1), try Color.hsb(240, 1, 1))
    XCTAssertEqual(try Color.hsb(720 + 60, 1, 1).hex, "#ffff00")
    XCTAssertEqual(try Color.hsb(-1e-17, 1, 1).hex, "#ff0000")
  }

  func testHSBAlpha() throws {
    XCTAssertEqual(try Color.hsb(0, 1, 1, 0.25).a, 0.25)
  }

  func testHSBRejectsOutOfRangeAndNonFinite() {
    assertColorError(try Color.hsb(0, 1.5, 1), "hsb saturation 1.5 is outside 0…1")
    assertColorError(try Color.hsb(0, 1, -2), "hsb brightness -2 is outside 0…1")
    assertColorError(try Color.hsb(0, 1, 1, 2), "alpha 2 is outside 0…1")
    assertColorError(try Color.hsb(.nan, 1, 1), "hsb hue nan is not a finite number")
    assertColorError(try Color.hsb(.infinity, 1, 1), "hsb hue inf is not a finite number")
    assertColorError(try Color.hsb(0, .nan, 1), "hsb saturation nan is not a finite number")
  }

  func testToHSB() {
    let orange = Color.named("orange")!.toHSB()
    XCTAssertEqual(orange.h, 60 * (165.0 / 255), accuracy: 1e-9)
    XCTAssertEqual(orange.s, 1)
    XCTAssertEqual(orange.b, 1)
    XCTAssertEqual(Color.named("blue")!.toHSB(), Color.HSB(h: 240, s: 1, b: 1))
    XCTAssertEqual(Color.named("magenta")!.toHSB().h, 300)
    XCTAssertEqual(Color.named("gray")!.toHSB().s, 0)
    XCTAssertEqual(Color.black.toHSB(), Color.HSB(h: 0, s: 0, b: 0))
  }

  func testHSBRoundTripsNamedColors() {
    for name in Color.allNames {
      let color = Color.named(name)!
      XCTAssertEqual(Color.fromHSB(color.toHSB()).hex, color.hex, name)
    }
  }

  // MARK: Clamping initialiser

  func testInitialiserClampsAndSendsNaNToZero() {
    let color = Color(r: 2, g: -1, b: .nan, a: .infinity)
    XCTAssertEqual(color, Color(r: 1, g: 0, b: 0, a: 1))
  }

  func testChannelsAssignedOutOfRangeAreClampedWhenRead() {
    var color = Color.named("red")!
    color.g = 7
    color.b = .nan
    color.a = -1
    XCTAssertEqual(color.hex, "#ffff0000")
    XCTAssertEqual(color.toHSB(), Color.HSB(h: 60, s: 1, b: 1, a: 0))
    XCTAssertEqual(Color.fromOKLab(color.toOKLab()).hex, "#ffff0000")
    XCTAssertEqual(Color.interpolate(from: color, to: color, progress: 0.5).hex, "#ffff0000")
  }

  func testWithAlpha() {
    XCTAssertEqual(Color.named("red")!.withAlpha(0.5).hex, "#ff000080")
  }

  func testEqualColorsHashEqually() {
    let set: Set<Color> = [Color.named("red")!, try! Color.rgb(255, 0, 0), Color.parseHex("#f00")!]
    XCTAssertEqual(set.count, 1)
  }

  private func assertColorError(
    _ expression: @autoclosure () throws -> Color, _ message: String,
    file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try expression(), file: file, line: line) { error in
      XCTAssertEqual((error as? EngineError)?.message, message, file: file, line: line)
    }
  }
}

extension String {
  /// Two lower-case hex digits, written out independently of `Color.hex`.
  fileprivate init(format2 value: Int) {
    let digits = Array("0123456789abcdef")
    self = String([digits[value / 16], digits[value % 16]])
  }
}
