import XCTest

@testable import AnimText

final class TextLayoutTests: XCTestCase {
  private func font() throws -> FontFile { try FontResolver.font(named: "DejaVu Sans") }

  func testTheDefaultFamilyIsFoundAndUnknownOnesAreRefused() throws {
    XCTAssertTrue(try font().path.hasSuffix("DejaVuSans.ttf"))
    XCTAssertThrowsError(try FontResolver.font(named: "No Such Family 123")) { error in
      XCTAssertEqual((error as? TextError)?.message, "font 'No Such Family 123' not found")
      XCTAssertEqual(
        (error as? TextError)?.hint, "list the families installed with: fc-list : family")
    }
  }

  func testAFileThatIsNotAFontIsRefused() throws {
    let path = NSTemporaryDirectory() + "/not-a-font-\(getpid()).ttf"
    try "hello".write(toFile: path, atomically: true, encoding: .utf8)
    defer { unlink(path) }
    XCTAssertThrowsError(try FontResolver.font(named: path)) { error in
      XCTAssertEqual((error as? TextError)?.message, "font file '\(path)' is not a font file")
    }
    XCTAssertThrowsError(try FontResolver.font(named: "/no/such/font.ttf")) { error in
      XCTAssertEqual((error as? TextError)?.message, "font file '/no/such/font.ttf' not found")
    }
  }

  func testDejaVuMetricsAreTheHheaTable() throws {
    let f = try font()
    // DejaVu Sans 2.37: unitsPerEm 2048, hhea ascender 1901, descender -483.
    XCTAssertEqual(f.unitsPerEm, 2048)
    XCTAssertEqual(f.ascender, 1901)
    XCTAssertEqual(f.descender, -483)
  }

  func testLinesAreTwelveTenthsOfTheSizeAndTheWidestSetsTheWidth() throws {
    let layout = TextLayout("Hi\nthere\n", font: try font(), size: 40, tracking: 0, align: 0)
    XCTAssertEqual(layout.height, 3 * 48, accuracy: 1e-12)
    let there = layout.letters.filter { $0.line == 1 }
    XCTAssertEqual(there.map(\.text), ["t", "h", "e", "r", "e"])
    XCTAssertEqual(layout.width, there.last!.x + there.last!.width, accuracy: 1e-12)
    XCTAssertEqual(there.first!.y, 48)
    XCTAssertTrue(layout.letters.allSatisfy { $0.height == 48 })
  }

  func testTrackingAddsAfterEveryLetterTheLastIncluded() throws {
    let plain = TextLayout("abc", font: try font(), size: 20, tracking: 0, align: 0)
    let tracked = TextLayout("abc", font: try font(), size: 20, tracking: 5, align: 0)
    XCTAssertEqual(tracked.width, plain.width + 15, accuracy: 1e-12)
    XCTAssertEqual(tracked.letters[2].x, plain.letters[2].x + 10, accuracy: 1e-12)
  }

  func testAlignmentPlacesShorterLinesInTheBox() throws {
    let f = try font()
    for (align, factor) in [(0.0, 0.0), (0.5, 0.5), (1.0, 1.0)] {
      let layout = TextLayout("WWWW\nW", font: f, size: 10, tracking: 0, align: align)
      let short = layout.letters.last!
      XCTAssertEqual(short.x, (layout.width - short.width) * factor, accuracy: 1e-12)
    }
  }

  func testLettersAreGraphemeClustersWithTheirOwnGlyphs() throws {
    let f = try font()
    // A combining accent stays with its letter; "fi" is two letters (the
    // optional ligatures are off); a space is a letter.
    let layout = TextLayout("e\u{301}fi x", font: f, size: 10, tracking: 0, align: 0)
    XCTAssertEqual(layout.letters.map(\.text), ["e\u{301}", "f", "i", " ", "x"])
    XCTAssertTrue(layout.letters[3].outline.subpaths.isEmpty)
    XCTAssertFalse(layout.letters[0].outline.subpaths.isEmpty)
    // An emoji with a skin-tone modifier and a flag are one letter each.
    let emoji = TextLayout("👍🏽🇫🇷", font: f, size: 10, tracking: 0, align: 0)
    XCTAssertEqual(emoji.letters.map(\.text), ["👍🏽", "🇫🇷"])
  }

  func testGlyphsSitOnTheHalfLeadingBaseline() throws {
    let f = try font()
    let size = 100.0
    let layout = TextLayout("H", font: f, size: size, tracking: 0, align: 0)
    let scale = size / f.unitsPerEm
    let baseline = (1.2 * size - (f.ascender - f.descender) * scale) / 2 + f.ascender * scale
    // H's bottom is on the baseline: its lowest point has font y = 0.
    let ys = layout.outline.subpaths.flatMap { c in [c.start.y] + c.segments.map(\.end.y) }
    XCTAssertEqual(ys.max()!, baseline, accuracy: 1e-9)
  }

  func testAnEmptyTextHasOneEmptyLine() throws {
    let layout = TextLayout("", font: try font(), size: 10, tracking: 0, align: 0.5)
    XCTAssertEqual(layout.width, 0)
    XCTAssertEqual(layout.height, 12, accuracy: 1e-12)
    XCTAssertTrue(layout.letters.isEmpty)
  }
}
