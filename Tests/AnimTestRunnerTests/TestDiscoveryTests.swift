import XCTest

@testable import AnimTestRunner

final class TestDiscoveryTests: TemporaryDirectoryTestCase {
  private func layOut() throws {
    try directory.write("tests/b.anim")
    try directory.write("tests/a.anim")
    try directory.write("tests/sub/c.anim")
    try directory.write("tests/sub/deeper/a.anim")
    try directory.write("tests/notes.txt")
    try directory.write("tests/.hidden/x.anim")
    try directory.write("tests/.y.anim")
    try directory.write("other/z.anim")
  }

  func testFindsAnimFilesRecursivelySorted() throws {
    try layOut()
    XCTAssertEqual(
      try TestDiscovery(paths: ["tests"]).files(),
      ["tests/a.anim", "tests/b.anim", "tests/sub/c.anim", "tests/sub/deeper/a.anim"])
  }

  func testTrailingSlashIsDropped() throws {
    try layOut()
    XCTAssertEqual(try TestDiscovery(paths: ["tests//"]).files().first, "tests/a.anim")
  }

  func testCurrentDirectoryGivesBarePaths() throws {
    try layOut()
    XCTAssertEqual(
      try TestDiscovery(paths: ["."]).files(),
      [
        "other/z.anim", "tests/a.anim", "tests/b.anim", "tests/sub/c.anim",
        "tests/sub/deeper/a.anim",
      ])
  }

  func testSeveralPathsAreMergedSortedWithoutDuplicates() throws {
    try layOut()
    XCTAssertEqual(
      try TestDiscovery(paths: ["tests/sub", "other", "tests/sub/c.anim"]).files(),
      ["other/z.anim", "tests/sub/c.anim", "tests/sub/deeper/a.anim"])
  }

  func testExplicitFileIsTestedWhateverItsExtension() throws {
    try layOut()
    XCTAssertEqual(try TestDiscovery(paths: ["tests/notes.txt"]).files(), ["tests/notes.txt"])
  }

  func testFilterKeepsPathsContainingText() throws {
    try layOut()
    XCTAssertEqual(
      try TestDiscovery(paths: ["tests"], filter: "sub/").files(),
      ["tests/sub/c.anim", "tests/sub/deeper/a.anim"])
    XCTAssertEqual(try TestDiscovery(paths: ["tests"], filter: "SUB").files(), [])
  }

  func testMissingPath() throws {
    try layOut()
    XCTAssertThrowsError(try TestDiscovery(paths: ["tests", "nope"]).files()) {
      XCTAssertEqual($0 as? DiscoveryError, .missing("nope"))
    }
  }

  func testSymbolicLinkCycleIsSearchedOnce() throws {
    try directory.write("tests/a.anim")
    try FileManager.default.createSymbolicLink(
      atPath: directory.path + "/tests/loop", withDestinationPath: directory.path + "/tests")
    XCTAssertEqual(try TestDiscovery(paths: ["tests"]).files(), ["tests/a.anim"])
  }
}
