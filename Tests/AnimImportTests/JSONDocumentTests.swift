import XCTest

@testable import AnimImport

/// The JSON tape (`JSONDocument`): values, pointers, and every malformed
/// text refused with its line and column, never a trap.
final class JSONDocumentTests: XCTestCase {
  private func parse(_ text: String) throws -> JSONDocument { try JSONDocument(Array(text.utf8)) }

  private func error(_ text: String) -> String {
    do {
      _ = try parse(text)
      return "parsed"
    } catch let error as JSONDocument.SyntaxError {
      return error.description
    } catch {
      return "\(error)"
    }
  }

  func testReadsEveryKindOfValue() throws {
    let doc = try parse(#"{"a": [1, -2.5e1, true, false, null, "x\"y"], "b": {}, "c": []}"#)
    XCTAssertEqual(
      doc.root["a"]?.elements?.map(\.kind), [.number, .number, .bool, .bool, .null, .string])
    XCTAssertEqual(doc.root["a"]?.elements?[0].number, 1)
    XCTAssertEqual(doc.root["a"]?.elements?[1].number, -25)
    XCTAssertEqual(doc.root["a"]?.elements?[2].bool, true)
    XCTAssertEqual(doc.root["a"]?.elements?[3].bool, false)
    XCTAssertEqual(doc.root["a"]?.elements?[5].string, "x\"y")
    XCTAssertEqual(doc.root["a"]?.count, 6)
    XCTAssertEqual(doc.root["b"]?.count, 0)
    XCTAssertEqual(doc.root["c"]?.elements?.count, 0)
    XCTAssertEqual(doc.root.members?.map(\.key), ["a", "b", "c"])
    XCTAssertNil(doc.root["missing"])
  }

  func testNumbersAtTheEdgesOfDoubles() throws {
    let doc = try parse(
      "[0, -0, 1e308, 1.7976931348623157e308, 1e400, 5e-324, 1e-400, 123456789012345678]")
    let values = try XCTUnwrap(doc.root.elements).map { $0.number! }
    XCTAssertEqual(values[0], 0)
    XCTAssertEqual(values[2], 1e308)
    XCTAssertEqual(values[3], .greatestFiniteMagnitude)
    XCTAssertEqual(values[4], .infinity)
    XCTAssertEqual(values[5], 5e-324)
    XCTAssertEqual(values[6], 0)
    XCTAssertEqual(values[7], 123_456_789_012_345_678)
  }

  func testEscapesAndUnicode() throws {
    let doc = try parse(#"["\u00e9\n\t\/\\", "\ud83d\ude00", "\ud800x", "é"]"#)
    let strings = try XCTUnwrap(doc.root.elements).map { $0.string! }
    XCTAssertEqual(strings, ["é\n\t/\\", "😀", "\u{FFFD}x", "é"])
  }

  func testTheLastOfARepeatedKeyWins() throws {
    XCTAssertEqual(try parse(#"{"a": 1, "a": 2}"#).root["a"]?.number, 2)
  }

  func testPointersFollowRFC6901() throws {
    let doc = try parse(#"{"layers": [{"a/b": {"m~n": [0, 7]}}]}"#)
    let seven = try XCTUnwrap(doc.root["layers"]?.elements?[0]["a/b"]?["m~n"]?.elements?[1])
    XCTAssertEqual(seven.pointer, "/layers/0/a~1b/m~0n/1")
    XCTAssertEqual(doc.root.pointer, "")
  }

  func testPointersInsideLongContainersAreFoundByTheirMembersStarts() throws {
    // 100 layers, each an object of 40 members, the last a nested array:
    // past `indexedMembers` both, asked in any order and twice.
    let members = (0..<39).map { #""k\#($0)": [\#($0), {"x": 1}]"# }.joined(separator: ", ")
    let layers = Array(repeating: #"{\#(members), "a/b~": [1, 2, 3]}"#, count: 100)
    let doc = try parse(#"{"layers": [\#(layers.joined(separator: ", "))], "after": 5}"#)
    XCTAssertGreaterThan(39, JSONDocument.indexedMembers)
    let list = try XCTUnwrap(doc.root["layers"]?.elements)
    for k in [99, 0, 57, 99, 1] {
      XCTAssertEqual(list[k].pointer, "/layers/\(k)")
      XCTAssertEqual(list[k]["k38"]?.elements?[1]["x"]?.pointer, "/layers/\(k)/k38/1/x")
      XCTAssertEqual(list[k]["k0"]?.pointer, "/layers/\(k)/k0")
      XCTAssertEqual(list[k]["a/b~"]?.elements?[2].pointer, "/layers/\(k)/a~1b~0/2")
    }
    XCTAssertEqual(doc.root["after"]?.pointer, "/after")
    // Empty containers inside long ones.
    let empty = try parse(#"[\#(Array(repeating: "[]", count: 50).joined(separator: ","))]"#)
    XCTAssertEqual(empty.root.elements?[49].pointer, "/49")
  }

  func testMalformedTextIsRefusedWithItsPlace() {
    XCTAssertEqual(error(""), "invalid JSON at line 1, column 1: unexpected end of input")
    XCTAssertEqual(
      error("{\"a\": 1,}"), "invalid JSON at line 1, column 9: expected a member name in quotes")
    XCTAssertEqual(error("[1,]"), "invalid JSON at line 1, column 4: unexpected character ']'")
    XCTAssertEqual(error("[1 2]"), "invalid JSON at line 1, column 4: expected ',' or ']'")
    XCTAssertEqual(
      error("{\"a\" 1}"), "invalid JSON at line 1, column 6: expected ':' after a member name")
    XCTAssertEqual(
      error("\n\n  [01]"), "invalid JSON at line 3, column 4: a number may not start with 0")
    XCTAssertEqual(error("[1.]"), "invalid JSON at line 1, column 4: expected a digit after '.'")
    XCTAssertEqual(
      error("[1e]"), "invalid JSON at line 1, column 4: expected a digit in the exponent")
    XCTAssertEqual(error("[\"abc"), "invalid JSON at line 1, column 2: unterminated string")
    XCTAssertEqual(error("[\"a\\q\"]"), "invalid JSON at line 1, column 4: invalid escape")
    XCTAssertEqual(error("[\"\\u12\"]"), "invalid JSON at line 1, column 3: invalid \\u escape")
    XCTAssertEqual(
      error("[\"a\u{01}\"]"), "invalid JSON at line 1, column 4: control character in a string")
    XCTAssertEqual(error("[tru]"), "invalid JSON at line 1, column 2: invalid literal")
    XCTAssertEqual(
      error("{} {}"), "invalid JSON at line 1, column 4: unexpected text after the value")
    XCTAssertEqual(error("NaN"), "invalid JSON at line 1, column 1: unexpected character 'N'")
  }

  func testDeepNestingNeitherRecursesNorTraps() throws {
    let depth = 200_000
    let doc = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
    XCTAssertEqual(doc.root.count, 1)
    XCTAssertTrue(error(String(repeating: "[", count: depth)).hasSuffix("unexpected end of input"))
  }

  func testInvalidUTF8InAStringBecomesReplacementCharacters() throws {
    let doc = try JSONDocument([0x22, 0xFF, 0x41, 0x22])
    XCTAssertEqual(doc.root.string, "\u{FFFD}A")
  }
}
