import AnimEngine
import XCTest

/// The one JSON string escaper and the one exact number rule.
final class JSONTextTests: XCTestCase {
  func testEscapesQuotesBackslashesAndControls() {
    XCTAssertEqual(JSONText.quoted("a\"b\\c"), #""a\"b\\c""#)
    XCTAssertEqual(JSONText.quoted("\n\r\t"), #""\n\r\t""#)
    XCTAssertEqual(JSONText.quoted("\u{01}\u{1F}\u{7F}"), #""\u0001\u001f\u007f""#)
    XCTAssertEqual(JSONText.quoted("é ✓ 😀"), "\"é ✓ 😀\"")
  }

  func testLessThanIsEscapedOnlyForHTML() {
    XCTAssertEqual(JSONText.quoted("</script>"), #""</script>""#)
    XCTAssertEqual(JSONText.quoted("</script>", escapingLessThan: true), #""\u003c/script>""#)
  }

  func testExactNumbersAreWholeWithoutAFraction() {
    XCTAssertEqual(NumberText.exact(3), "3")
    XCTAssertEqual(NumberText.exact(-0.0), "0")
    XCTAssertEqual(NumberText.exact(0.1), "0.1")
    XCTAssertEqual(NumberText.exact(-12.25), "-12.25")
    XCTAssertEqual(NumberText.exact(1e15), "1000000000000000.0")
    XCTAssertEqual(NumberText.exact(1e16), "1e+16")
    XCTAssertEqual(NumberText.exact(999_999_999_999_999), "999999999999999")
    XCTAssertEqual(NumberText.exact(1 / 3), "0.3333333333333333")
  }
}
