import XCTest

@testable import AnimLanguage

/// Scopes find names the same way whether they scan (a few names) or index
/// them (more than eight): lookups, rebinding, shadowing and `assign` up the
/// chain.
final class EnvironmentTests: XCTestCase {
  func testSmallAndIndexedScopesBindAndRebindAlike() {
    for count in [2, 8, 9, 10, 40] {
      let scope = Environment()
      for i in 0..<count { scope.define("n\(i)", .number(Double(i))) }
      for i in 0..<count {
        XCTAssertEqual(number(scope.lookup("n\(i)")), Double(i), "\(count) names")
      }
      XCTAssertNil(scope.lookup("missing"))
      scope.define("n0", .number(-1))
      scope.assign("n\(count - 1)", .number(-2))
      XCTAssertEqual(number(scope.lookup("n0")), -1)
      XCTAssertEqual(number(scope.lookup("n\(count - 1)")), -2)
      XCTAssertEqual(Set(scope.allNames).count, count)
    }
  }

  func testAssignRebindsWhereTheNameIsBoundAndDefineShadows() {
    let globals = Environment()
    for i in 0..<20 { globals.define("g\(i)", .number(Double(i))) }
    let loop = Environment(parent: globals)
    loop.define("i", .number(7))
    loop.assign("g3", .number(30))
    loop.assign("fresh", .number(1))
    XCTAssertEqual(number(globals.lookup("g3")), 30)
    XCTAssertNil(globals.lookup("fresh"))
    XCTAssertEqual(number(loop.lookup("fresh")), 1)
    loop.define("g4", .number(40))
    XCTAssertEqual(number(loop.lookup("g4")), 40)
    XCTAssertEqual(number(globals.lookup("g4")), 4)
    globals.removeAll()
    XCTAssertNil(loop.lookup("g3"))
    XCTAssertEqual(number(loop.lookup("i")), 7)
  }

  private func number(_ value: Value?) -> Double? {
    if case .number(let n)? = value { return n }
    return nil
  }
}
