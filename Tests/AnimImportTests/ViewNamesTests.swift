import XCTest

@testable import AnimImport

/// Names made valid and unique (SPEC §25): a name taken gets `_2`, `_3`, …,
/// the first free one, however many copies of a precomposition ask.
final class ViewNamesTests: XCTestCase {
  func testCopiesOfOneNameTakeTheFirstFreeSuffixes() {
    var names = ViewNames()
    XCTAssertEqual(names.claim("Dot 1"), "Dot_1")
    // A literal `Dot_1_3` first: the copies go round it.
    XCTAssertEqual(names.claim("Dot_1_3"), "Dot_1_3")
    let copies = (0..<1000).map { _ in names.claim("Dot 1") }
    XCTAssertEqual(copies.prefix(3), ["Dot_1_2", "Dot_1_4", "Dot_1_5"])
    XCTAssertEqual(copies.last, "Dot_1_1002")
    XCTAssertEqual(Set(copies).count, 1000)
    // A name that is a copy's suffix already taken is itself made unique.
    XCTAssertEqual(names.claim("Dot_1_4"), "Dot_1_4_2")
    // Reserved words are never given.
    XCTAssertEqual(names.claim("round"), "round_2")
    XCTAssertEqual(names.claim("3D"), "_3D")
  }
}
