import XCTest

@testable import AnimEngine

/// The name table answers as a `Dictionary` would: after growing, after
/// changes in place, and after names that collide turn it into one.
final class NameTableTests: XCTestCase {
  func testLookupsInsertionsAndChangesInPlace() {
    var table = NameTable<Int>()
    XCTAssertNil(table["x"])
    XCTAssertEqual(table["x", default: 7], 7)
    XCTAssertNil(table["x"], "reading with a default inserts nothing")
    table["x", default: 0] += 3
    table["y", default: 10] = 1
    XCTAssertEqual(table["x"], 3)
    XCTAssertEqual(table["y"], 1)
    XCTAssertEqual(table.count, 2)
    XCTAssertNil(table[""])
    table["", default: 0] = 5
    XCTAssertEqual(table[""], 5)
    // Names beyond ASCII and longer than a small string.
    table["größe", default: 0] = 8
    table[String(repeating: "long_name_", count: 30), default: 0] = 9
    XCTAssertEqual(table["größe"], 8)
    XCTAssertEqual(table[String(repeating: "long_name_", count: 30)], 9)
    XCTAssertNil(table["grosse"])
  }

  func testGrowingKeepsEveryName() {
    var table = NameTable<Int>(minimumCapacity: 1)
    var expected: [String: Int] = [:]
    for i in 0..<20_000 {
      let name = "n\(i)"
      table[name, default: 0] = i
      expected[name] = i
    }
    XCTAssertEqual(table.count, 20_000)
    for (name, value) in expected { XCTAssertEqual(table[name], value) }
    XCTAssertNil(table["n20000"])
    XCTAssertEqual(
      Dictionary(uniqueKeysWithValues: table.entries.map { ($0.name, $0.value) }), expected)
  }

  func testNamesThatCollideTurnTheTableIntoADictionary() {
    // Every name hashes alike: the 50th insertion probes past the limit.
    var table = NameTable<Int>(minimumCapacity: 8, everyHashEqual: true)
    for i in 0..<500 { table["c\(i)", default: 0] = i }
    XCTAssertEqual(table.count, 500)
    for i in 0..<500 { XCTAssertEqual(table["c\(i)"], i) }
    table["c7", default: 0] += 1000
    XCTAssertEqual(table["c7"], 1007)
    XCTAssertNil(table["c500"])
    XCTAssertEqual(table.entries.count, 500)
    table.reserveCapacity(1000)
    XCTAssertEqual(table["c499"], 499)
  }
}
