import XCTest

@testable import AnimLSP

final class JSONTests: XCTestCase {
  private func parse(_ text: String) throws -> JSON {
    try JSONParser.parse(Array(text.utf8))
  }

  func testParsesEveryKindOfValue() throws {
    let value = try parse(
      #" {"a": [1, -2.5e1, true, false, null], "b": {"c": "x\"\\\/\n\u00e9\ud83d\ude00"}} "#)
    XCTAssertEqual(
      value,
      ["a": [1, .number(-25), true, false, nil], "b": ["c": .string("x\"\\/\né😀")]])
  }

  func testRejectsMalformedText() {
    for text in ["", "{", "[1,]", "{\"a\" 1}", "01x", "\"abc", "tru", "1 2", "\"\u{1}\"", "-"] {
      XCTAssertThrowsError(try parse(text), text)
    }
  }

  func testRefusesDeepNestingWithoutCrashing() {
    let deep = String(repeating: "[", count: 100_000)
    XCTAssertThrowsError(try parse(deep))
  }

  func testWritesCompactSortedEscapedText() {
    let value: JSON = ["b": [1, 2.5, "q\"\n\u{1}"], "a": nil, "c": true]
    XCTAssertEqual(JSONWriter.string(value), #"{"a":null,"b":[1,2.5,"q\"\n\u0001"],"c":true}"#)
  }

  func testRoundTrip() throws {
    let value: JSON = ["id": 3, "params": ["text": "a\tb é"], "list": []]
    XCTAssertEqual(try JSONParser.parse(JSONWriter.bytes(value)), value)
  }
}
