import AnimEngine
import XCTest

@testable import AnimLanguage

final class VocabularyTests: XCTestCase {
  func testEveryBuiltinInTheOptionsTableExists() {
    for name in BuiltinOptions.named {
      XCTAssertNotNil(Vocabulary.builtin(name), name)
      XCTAssertFalse(BuiltinOptions.labels(of: name).isEmpty, name)
    }
  }

  func testARadialGradientOffersItsFocalPoint() throws {
    // Completion and the unknown-label hint list a call's labels from here.
    XCTAssertEqual(
      BuiltinOptions.labels(of: "radial"), ["center", "radius", "stops", "focal", "reversed"])
    XCTAssertTrue(
      try XCTUnwrap(Vocabulary.builtin("radial")).summary.contains(
        "radial(center:, radius:, stops:, focal:): a gradient"))
  }

  func testSignatureAndExplanationSplitAfterTheClosingBracket() throws {
    let fade = try XCTUnwrap(Vocabulary.builtin("fade"))
    XCTAssertEqual(fade.signature, "fade(in | out | A, d) or fade(from: A, d)")
    XCTAssertEqual(fade.explanation, "alpha to 1, 0 or A")
    XCTAssertEqual(fade.options, ["to", "from", "duration", "ease", "delay", "on", "space"])
    let hsb = try XCTUnwrap(Vocabulary.builtin("hsb"))
    XCTAssertEqual(hsb.signature, "hsb(h, s, b[, a])")
    let rotate = try XCTUnwrap(Vocabulary.builtin("rotate"))
    XCTAssertEqual(rotate.signature, rotate.summary)
    XCTAssertNil(rotate.explanation)
    XCTAssertEqual(try XCTUnwrap(Vocabulary.builtin("sqrt")).signature, "sqrt(x)")
    XCTAssertNil(Vocabulary.builtin("blink"))
  }

  func testStatementKeywordsAreTheParsers() {
    let keywords = Vocabulary.statementKeywords
    for word in ["view", "grid", "let", "def", "step", "settle", "on", "run", "import"] {
      XCTAssertTrue(keywords.contains(word), word)
    }
    XCTAssertFalse(keywords.contains("frames"))
  }

  func testSortVocabularyComesFromTheEngine() {
    XCTAssertEqual(Vocabulary.positions.count, 9)
    XCTAssertEqual(
      Vocabulary.directions, ["topToBottom", "bottomToTop", "leftToRight", "rightToLeft"])
    XCTAssertEqual(Vocabulary.corners, ["topLeft", "topRight", "bottomLeft", "bottomRight"])
    XCTAssertEqual(Vocabulary.easings.count, 34)
  }
}
