import AnimEngine
import XCTest

@testable import AnimLanguage

/// The readers of data files (SPEC §23.1): CSV by RFC 4180 with its quoting
/// edges, JSON by RFC 8259, each error at its line and column.
final class DataReaderTests: XCTestCase {
  private func csv(_ text: String) throws(DataError) -> (header: [String], rows: [[String]]) {
    let (header, rows) = try CSVReader.read(Array(text.utf8)) { cell -> String in
      switch cell {
      case .number(let v): "#\(NumberText.format(v))"
      case .text(let s): s
      }
    }
    return (header, rows)
  }

  private func csvError(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> String
  {
    do {
      _ = try csv(text)
      XCTFail("no error", file: file, line: line)
      return ""
    } catch {
      // `check` finds the same error at the same place.
      XCTAssertThrowsError(try CSVReader.check(Array(text.utf8)), file: file, line: line) {
        XCTAssertEqual($0 as? DataError, error, file: file, line: line)
      }
      return error.description
    }
  }

  func testHeaderAndRowsWithNumbers() throws {
    let (header, rows) = try csv("a,b,c\n1,x,-2.5e3\n.5, 7 ,\n")
    XCTAssertEqual(header, ["a", "b", "c"])
    XCTAssertEqual(rows, [["#1", "x", "#-2500"], ["#0.5", "#7", ""]])
  }

  func testQuotingEdges() throws {
    let text =
      "name,note\n\"Smith, J\",\"He said \"\"hi\"\"\"\n\"\",\"\"\"\"\n\"two\r\nlines\",\"42\"\n"
    let (_, rows) = try csv(text)
    XCTAssertEqual(rows[0], ["Smith, J", "He said \"hi\""])
    XCTAssertEqual(rows[1], ["", "\""])
    XCTAssertEqual(rows[2], ["two\r\nlines", "#42"])
  }

  func testLineEndsAndBlankLinesAndByteOrderMark() throws {
    let (header, rows) = try csv("\u{FEFF}a\r\n1\r\n\r\n\n2\r3")
    XCTAssertEqual(header, ["a"])
    XCTAssertEqual(rows, [["#1"], ["#2"], ["#3"]])
    XCTAssertEqual(try csv("").rows, [])
    XCTAssertEqual(try csv("a,b").rows, [])
  }

  func testNumbersOnlyWhenTheWholeCellIsOne() throws {
    let (_, rows) = try csv("a,b,c,d,e,f,g,h\n1e999,0x10,1.2.3,inf,NaN,-,+3,1_000\n")
    XCTAssertEqual(rows[0], ["1e999", "0x10", "1.2.3", "inf", "NaN", "-", "#3", "1_000"])
  }

  func testErrorsAtTheirLineAndColumn() {
    XCTAssertEqual(csvError("a,b\n1,\"x\n2,3\n"), "2:3: this quoted field is never closed")
    XCTAssertEqual(
      csvError("a,b\n1,x\"y\n"),
      "2:4: a quote inside an unquoted field; quote the whole field and double each quote in it")
    XCTAssertEqual(
      csvError("a,b\n\"x\"y,2\n"),
      "2:4: expected ',' or the end of the line after the closing quote")
    XCTAssertEqual(csvError("a,b\n1,2\n3\n"), "3:2: this row has 1 cell and the header 2")
    XCTAssertEqual(csvError("a,b\n1,2,3\n"), "2:5: this row has more cells than the header's 2")
    XCTAssertEqual(csvError("a,b,a\n"), "1:5: the header names 'a' twice")
    XCTAssertEqual(csvError("é,\"b\n"), "1:3: this quoted field is never closed")
  }

  private func json(_ text: String) throws(DataError) -> Value {
    try JSONReader.read(Array(text.utf8), into: DataValues())
  }

  private func shown(_ value: Value) -> String {
    Formatting.display(value, scene: Scene())
  }

  func testJSONObjectsAreRecordsInTheirOrder() throws {
    XCTAssertEqual(
      shown(try json(#" {"z": [1, -2.5e1, true, null], "a": {"c": "x\"\n\u00e9\ud83d\ude00"}} "#)),
      #"{z: [1, -25, true, none], a: {c: "x\"\né😀"}}"#)
    XCTAssertEqual(shown(try json("\u{FEFF}[]")), "[]")
    XCTAssertEqual(shown(try json(#"{"first name": 1}"#)), #"{"first name": 1}"#)
  }

  func testJSONErrorsAtTheirLineAndColumn() {
    func error(_ text: String) -> String {
      do {
        _ = try json(text)
        return "no error"
      } catch {
        XCTAssertThrowsError(try JSONReader.read(Array(text.utf8), into: DataCheck())) {
          XCTAssertEqual($0 as? DataError, error)
        }
        return error.description
      }
    }
    XCTAssertEqual(error("{\n  \"a\": [1, 2,]\n}"), "2:14: unexpected character ']'")
    XCTAssertEqual(error(#"{"a": 1, "a": 2}"#), #"1:10: the key "a" is given twice (first at 1:2)"#)
    XCTAssertEqual(error("[1e400]"), "1:2: number too large")
    XCTAssertEqual(error("01"), "1:1: a number cannot start with 0")
    XCTAssertEqual(error("\"abc"), "1:1: unterminated string")
    XCTAssertEqual(error("[1] 2"), "1:5: unexpected text after the value")
    XCTAssertEqual(error(""), "1:1: unexpected end of the data")
    XCTAssertEqual(error("tru"), "1:1: invalid literal: expected true")
    XCTAssertEqual(error("\"\u{1}\""), "1:2: control character U+0001 in string")
    XCTAssertEqual(error(String(repeating: "[", count: 100_000)), "1:257: nesting deeper than 256")
  }

  func testDecimalNumbersAreCorrectlyRounded() {
    func parse(_ text: String) -> Double? {
      NumberParsing.double(Array(text.utf8), 0..<text.utf8.count)
    }
    for text in [
      "0", "-0", "1", "0.1", "123456789012345678901234567890", "2.2250738585072014e-308",
      "4.9e-324", "1.7976931348623157e308", "9007199254740993", "0.30000000000000004", "1e-320",
      "5.", ".5", "+7",
    ] {
      XCTAssertEqual(
        parse(text)?.bitPattern, Double(text)?.bitPattern ?? parse(text)?.bitPattern, text)
    }
    XCTAssertEqual(parse("5."), 5)
    XCTAssertEqual(parse(".5"), 0.5)
    XCTAssertEqual(parse("+7"), 7)
    XCTAssertEqual(parse("1e999"), .infinity)
    for text in ["", "-", ".", "e5", "1e", "1e+", "1x", "0x1", "inf", "nan", "1 2", "--1"] {
      XCTAssertNil(parse(text), text)
    }
  }
}
