import Foundation
import XCTest

@testable import AnimText

/// A font file must be a regular file of at most 100 MB (issue 32): a FIFO
/// named as a font blocked `run`, `render` and `export` for ever in
/// FreeType's `open`. Each refusal is found by `stat`, without opening.
final class FontPathTests: XCTestCase {
  private var directory = ""

  override func setUpWithError() throws {
    directory = NSTemporaryDirectory() + "anim-fonts-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  }

  override func tearDown() {
    try? FileManager.default.removeItem(atPath: directory)
  }

  private func message(_ path: String) -> String? {
    FontPath.problem(path, named: path)?.message
  }

  func testAFIFOIsRefusedWithoutWaitingForAWriter() throws {
    let path = directory + "/pipe.ttf"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    XCTAssertEqual(message(path), "font file '\(path)' is not a regular file (a FIFO)")
    // FontResolver and FontFile ask before FreeType opens the file: this
    // returns at once (it blocked for ever).
    XCTAssertThrowsError(try FontResolver.font(named: path)) { error in
      XCTAssertEqual(
        (error as? TextError)?.message, "font file '\(path)' is not a regular file (a FIFO)")
      XCTAssertEqual(
        (error as? TextError)?.hint, "give a path to a .ttf or .otf file, or a family name")
    }
    XCTAssertThrowsError(try FontFile(path: path))
  }

  func testDevicesDirectoriesAndSocketsAreNotFonts() throws {
    XCTAssertEqual(
      message("/dev/zero"), "font file '/dev/zero' is not a regular file (a character device)")
    XCTAssertEqual(
      message(directory), "font file '\(directory)' is not a regular file (a directory)")
    let socketPath = directory + "/s.ttf"
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (i, byte) in socketPath.utf8.enumerated() { raw[i] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    XCTAssertEqual(bound, 0)
    XCTAssertEqual(
      message(socketPath), "font file '\(socketPath)' is not a regular file (a socket)")
  }

  func testAFileOverTheLimitIsRefusedAndOneAtItIsOpenedAsAnyOther() throws {
    let path = directory + "/huge.ttf"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
    XCTAssertEqual(truncate(path, off_t(FontPath.maximumSize + 1)), 0)
    XCTAssertEqual(
      message(path), "font file '\(path)' is larger than the limit of 100 MB (100000001 bytes)")
    XCTAssertEqual(truncate(path, off_t(FontPath.maximumSize)), 0)
    XCTAssertNil(message(path))
    // Zeros are no font: FreeType says so (it reads the header only).
    XCTAssertThrowsError(try FontFile(path: path)) { error in
      XCTAssertEqual((error as? TextError)?.message, "font file '\(path)' is not a font file")
    }
  }

  func testMissingFilesAreNamedAsTheScriptWroteThem() {
    XCTAssertEqual(message(directory + "/none.ttf"), "font file '\(directory)/none.ttf' not found")
    XCTAssertEqual(
      FontResolver.pathProblem(directory + "/pipe.ttf", named: "pipe.ttf")?.message,
      "font file 'pipe.ttf' not found")
    // A regular file is a font path `anim check` passes (FreeType judges
    // its bytes when the text is declared).
    let file = directory + "/small.ttf"
    XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data([0, 1, 0, 0])))
    XCTAssertNil(FontResolver.pathProblem(file, named: "small.ttf"))
  }
}
