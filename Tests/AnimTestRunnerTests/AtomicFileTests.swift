import AnimFiles
import Foundation
import XCTest

/// Writing through a link replaces the file it points to and keeps the link;
/// anything but a regular file is refused rather than replaced.
final class AtomicFileTests: XCTestCase {
  func testANewFileAndAnExistingOneAreWritten() throws {
    let dir = try temporaryDirectory("atomic")
    try AtomicFile.write("one\n", to: dir + "/a.anim")
    try AtomicFile.write("two\n", to: dir + "/a.anim")
    XCTAssertEqual(try String(contentsOfFile: dir + "/a.anim", encoding: .utf8), "two\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["a.anim"])
  }

  func testTextProducedInPiecesIsWrittenWhole() throws {
    let dir = try temporaryDirectory("atomic")
    // 3 MB in 100 000 pieces: several chunks reach the file before the end.
    let piece = String(repeating: "0123456789", count: 3) + "\n"
    try AtomicFile.write(to: dir + "/big.json") { file in
      for _ in 0..<100_000 { file.write(piece) }
      file.write("é")
    }
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: dir + "/big.json"))
    XCTAssertEqual(bytes.count, 100_000 * 31 + 2)
    XCTAssertEqual(Array(bytes.suffix(3)), [UInt8(ascii: "\n"), 0xC3, 0xA9])
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["big.json"])
  }

  func testAFailedWriteInPiecesLeavesNothing() throws {
    let dir = try temporaryDirectory("atomic")
    let missing = dir + "/no/such/dir/x.json"
    var pieces = 0
    XCTAssertThrowsError(try AtomicFile.write(to: missing) { _ in pieces += 1 }) { error in
      XCTAssertEqual((error as? FileError)?.path, missing)
    }
    XCTAssertEqual(pieces, 0, "nothing is produced for a file that cannot be made")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [])
  }

  /// A staged file waits beside its place, registered for a signal's
  /// cleanup, until it is committed (it lands) or discarded (the old file
  /// stays).
  func testAStagedFileLandsOnlyWhenCommitted() throws {
    let dir = try temporaryDirectory("atomic")
    try AtomicFile.write("old\n", to: dir + "/f.png")
    let kept = try AtomicFile.stage(bytes: Array("new\n".utf8), to: dir + "/f.png")
    let dropped = try AtomicFile.stage(bytes: Array("other\n".utf8), to: dir + "/g.png")
    XCTAssertEqual(try String(contentsOfFile: dir + "/f.png", encoding: .utf8), "old\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).count, 3)
    XCTAssertEqual(TemporaryFiles.current.filter { $0.hasPrefix(dir) }.count, 2)
    dropped.discard()
    try kept.commit()
    XCTAssertEqual(try String(contentsOfFile: dir + "/f.png", encoding: .utf8), "new\n")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["f.png"])
    XCTAssertEqual(TemporaryFiles.current.filter { $0.hasPrefix(dir) }, [])
    // A folder that is not there: an error naming the file, nothing left.
    XCTAssertThrowsError(try AtomicFile.stage(bytes: [1], to: dir + "/no/x.png")) { error in
      XCTAssertEqual((error as? FileError)?.path, dir + "/no/x.png")
    }
  }

  func testALinkKeepsPointingAtTheFileItReplaces() throws {
    let dir = try temporaryDirectory("atomic")
    try "old\n".write(toFile: dir + "/real.anim", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/link.anim", withDestinationPath: "real.anim")
    try AtomicFile.write("new\n", to: dir + "/link.anim")
    XCTAssertEqual(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.anim"), "real.anim")
    XCTAssertEqual(try String(contentsOfFile: dir + "/real.anim", encoding: .utf8), "new\n")
  }

  func testDevicesDirectoriesAndDanglingLinksAreRefused() throws {
    let dir = try temporaryDirectory("atomic")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/dangling", withDestinationPath: "missing.anim")
    let cases = [
      ("/dev/null", "not a regular file"), (dir, "not a regular file"),
      (dir + "/dangling", "it is a link to a file that does not exist"),
    ]
    for (path, reason) in cases {
      XCTAssertThrowsError(try AtomicFile.write("x", to: path)) { error in
        XCTAssertEqual(error as? FileError, FileError(path: path, reason: reason))
      }
    }
    var info = stat()
    XCTAssertEqual(lstat("/dev/null", &info), 0)
    XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a device")
  }
}

/// The permissions of the file written, and no temporary file left behind.
final class AtomicFileModeTests: XCTestCase {
  func testAReplacedFileKeepsItsModeAndAFailureLeavesNoTemporary() throws {
    let dir = NSTemporaryDirectory() + "atomic-mode-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try AtomicFile.write("one\n", to: dir + "/a.anim")
    XCTAssertEqual(chmod(dir + "/a.anim", 0o640), 0)
    try AtomicFile.write("two\n", to: dir + "/a.anim")
    var info = stat()
    XCTAssertEqual(stat(dir + "/a.anim", &info), 0)
    XCTAssertEqual(info.st_mode & 0o7777, 0o640)
    let missing = dir + "/no/b.anim"
    XCTAssertThrowsError(try AtomicFile.write("x", to: missing)) { error in
      XCTAssertEqual(
        error as? FileError,
        FileError(path: missing, reason: "No such file or directory", code: ENOENT))
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), ["a.anim"])
  }
}
