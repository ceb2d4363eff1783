import XCTest

@testable import AnimImport

final class JSONDocumentTests: XCTestCase {
  func testParsesNestedValues() throws {
    let doc = try JSONDocument(Array(#"{"a": [1, -2.5e1, true, null, "x\"y"], "b": {}}"#.utf8))
    XCTAssertEqual(doc.root["a"]?.elements?.map(\.kind), [.number, .number, .bool, .null, .string])
    XCTAssertEqual(doc.root["a"]?.elements?[1].number, -25)
    XCTAssertEqual(doc.root["a"]?.elements?[4].string, "x\"y")
    XCTAssertEqual(doc.root["b"]?.count, 0)
    XCTAssertEqual(doc.root["a"]?.elements?[2].pointer, "/a/2")
  }
}
