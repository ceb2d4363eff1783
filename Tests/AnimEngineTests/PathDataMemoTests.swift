import XCTest

@testable import AnimEngine

/// Path data read once (``PathDataMemo``): the same text gives the same
/// outline without being read again, errors are never kept, and what is
/// kept is bounded.
final class PathDataMemoTests: XCTestCase {
  func testTheSameTextGivesTheSameOutlineAndIsKeptOnce() throws {
    let text = "M0 0 C10 0 20 \(UInt64.random(in: 0...UInt64.max)) 30 30 Z"
    let before = PathDataMemo.keptCharacters
    let first = try PathDataParser.parse(text)
    XCTAssertEqual(PathDataMemo.outline(of: text), first)
    let kept = PathDataMemo.keptCharacters
    // Kept once (unless another test's texts filled the memo meanwhile).
    XCTAssertTrue(kept == before + text.utf8.count || kept == text.utf8.count)
    XCTAssertEqual(try PathDataParser.parse(text), first)
    XCTAssertEqual(PathDataMemo.keptCharacters, kept)
    XCTAssertEqual(first.subpaths.count, 1)
    XCTAssertTrue(first.subpaths[0].isClosed)
  }

  func testABadTextIsReportedEveryTimeAndNotKept() {
    let text = "M0 0 L10 q"
    for _ in 0..<2 {
      XCTAssertThrowsError(try PathDataParser.parse(text)) { error in
        XCTAssertEqual((error as? PathDataError)?.offset, 9)
      }
      XCTAssertNil(PathDataMemo.outline(of: text))
    }
  }

  func testWhatIsKeptIsBounded() {
    let outline = Outline([])
    // A text longer than the limit is not kept at all.
    PathDataMemo.keep(outline, for: "M1 1 L2 2 L3 3", limit: 8)
    XCTAssertNil(PathDataMemo.outline(of: "M1 1 L2 2 L3 3"))
    // Passing the limit forgets everything kept before.
    PathDataMemo.keep(outline, for: "M7 7", limit: 8)
    XCTAssertNotNil(PathDataMemo.outline(of: "M7 7"))
    XCTAssertLessThanOrEqual(PathDataMemo.keptCharacters, 8)
    PathDataMemo.keep(outline, for: "M8 8 L9", limit: 8)
    XCTAssertNil(PathDataMemo.outline(of: "M7 7"))
    XCTAssertNotNil(PathDataMemo.outline(of: "M8 8 L9"))
    XCTAssertEqual(PathDataMemo.keptCharacters, 7)
    XCTAssertEqual(PathDataMemo.characterLimit, 1 << 24)
  }
}
