import AnimFiles
import Foundation
import XCTest

/// Canonical paths (imports, cycles) agree with Foundation's
/// `standardizedFileURL.resolvingSymlinksInPath()`, which anim used before:
/// relative paths, `.` and `..`, links to files and to folders, and paths
/// that do not exist.
final class FilePathsTests: XCTestCase {
  private func foundation(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  func testCanonicalPathsAgreeWithFoundation() throws {
    let root = try temporaryDirectory("paths")
    let fm = FileManager.default
    try fm.createDirectory(atPath: root + "/real/sub", withIntermediateDirectories: true)
    fm.createFile(atPath: root + "/real/sub/lib.anim", contents: Data("x = 1\n".utf8))
    try fm.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
    try fm.createSymbolicLink(
      atPath: root + "/real/alias.anim", withDestinationPath: "sub/lib.anim")
    let saved = fm.currentDirectoryPath
    XCTAssertTrue(fm.changeCurrentDirectoryPath(root))
    defer { _ = fm.changeCurrentDirectoryPath(saved) }
    for path in [
      root + "/real/sub/lib.anim", root + "/link/sub/lib.anim",
      root + "/real/./sub/../sub/lib.anim",
      root + "/real/alias.anim", "real/sub/lib.anim", "./link/sub/../sub/lib.anim",
      root + "/real/missing.anim", "link/missing/../sub/lib.anim", "nowhere/at/all.anim",
      root + "/", "/",
    ] {
      XCTAssertEqual(FilePaths.canonical(path), foundation(path), path)
    }
  }

  func testAnImportIsFoundBesideTheFileThatImportsIt() throws {
    let root = try temporaryDirectory("paths")
    try FileManager.default.createDirectory(
      atPath: root + "/a/b", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: root + "/a/lib.anim", contents: Data())
    let real = foundation(root + "/a/lib.anim")
    XCTAssertEqual(FilePaths.resolve("../lib.anim", from: root + "/a/b/main.anim"), real)
    XCTAssertEqual(FilePaths.resolve("lib.anim", from: root + "/a/main.anim"), real)
    XCTAssertEqual(FilePaths.resolve(root + "/a/lib.anim", from: "/elsewhere/main.anim"), real)
    XCTAssertEqual(FilePaths.fileName(root + "/a/lib.anim"), "lib.anim")
  }
}
