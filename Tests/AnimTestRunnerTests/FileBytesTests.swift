import AnimFiles
import Foundation
import SystemPackage
import XCTest

/// Reading whole files through swift-system: every size around the chunk
/// boundaries, a pipe, and the system's reasons, worded as the C library
/// words them, for what cannot be read.
final class FileBytesTests: XCTestCase {
  func testEverySizeAroundTheChunksIsReadWhole() throws {
    let dir = try temporaryDirectory("bytes")
    for size in [0, 1, 4095, 65_536, 65_537, 200_001] {
      let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }
      let path = dir + "/f\(size)"
      try AtomicFile.write(bytes: bytes, to: path)
      XCTAssertEqual(try FileBytes.read(path), bytes, "\(size) bytes")
    }
  }

  func testAPipeThatReportsNoSizeIsReadToItsEnd() throws {
    let dir = try temporaryDirectory("bytes")
    let path = dir + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let text = String(repeating: "print 7\n", count: 20_000)
    let writer = Thread {
      let handle = FileHandle(forWritingAtPath: path)!
      handle.write(Data(text.utf8))
      try? handle.close()
    }
    writer.start()
    XCTAssertEqual(try FileBytes.read(path), Array(text.utf8))
  }

  /// `anim run <(…)` reads a FIFO; one nothing writes to is an error after
  /// the wait, not a wait for ever (a hostile path, or a mistake).
  func testAFIFONothingWritesToIsAnErrorAfterTheWait() throws {
    let dir = try temporaryDirectory("bytes")
    let path = dir + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    XCTAssertThrowsError(try FileBytes.read(path, fifoWait: 200)) { error in
      XCTAssertEqual(
        (error as? FileError)?.description,
        "\(path): it is a FIFO and nothing wrote to it within 200 ms (give a file, or - for standard input)"
      )
    }
  }

  /// A writer that comes within the wait is read; one that opens and closes
  /// without writing gives no bytes (an empty script), as a pipe would.
  func testAFIFOsLateWriterIsReadAndAClosedOneIsEmpty() throws {
    let dir = try temporaryDirectory("bytes")
    let path = dir + "/fifo"
    XCTAssertEqual(mkfifo(path, 0o600), 0)
    let late = Thread {
      Thread.sleep(forTimeInterval: 0.1)
      let handle = FileHandle(forWritingAtPath: path)!
      handle.write(Data("print 1\n".utf8))
      try? handle.close()
    }
    late.start()
    XCTAssertEqual(try FileBytes.read(path, fifoWait: 10_000), Array("print 1\n".utf8))
    let closing = Thread {
      let handle = FileHandle(forWritingAtPath: path)!
      try? handle.close()
    }
    closing.start()
    XCTAssertEqual(try FileBytes.read(path, fifoWait: 10_000), [])
  }

  func testWhatCannotBeReadGivesTheSystemsReason() throws {
    let dir = try temporaryDirectory("bytes")
    let missing = dir + "/missing.anim"
    XCTAssertThrowsError(try FileBytes.read(missing)) { error in
      let error = error as? FileError
      XCTAssertEqual(
        error, FileError(path: missing, reason: "No such file or directory", code: ENOENT))
      XCTAssertEqual(error?.isMissing, true)
    }
    XCTAssertThrowsError(try FileBytes.read(dir)) { error in
      XCTAssertEqual(error as? FileError, FileError(path: dir, reason: "it is a directory"))
    }
    XCTAssertThrowsError(try FileBytes.read(missing + "/below")) { error in
      XCTAssertEqual((error as? FileError)?.isMissing, true)
    }
  }

  /// `anim run` on a file it may not read said "The operation could not be
  /// completed. (AnimFiles.FileError error 1.)": a FileError wrapped again
  /// lost its words.
  func testAFileErrorWrappedAgainKeepsItsWords() throws {
    let denied = FileError(path: "s.anim", reason: "Permission denied", code: EACCES)
    XCTAssertEqual(FileError(path: "s.anim", error: denied), denied)
    XCTAssertEqual(
      FileError(path: "s.anim", error: denied).description, "s.anim: Permission denied")
  }

  func testAnErrnoFromSwiftSystemIsWordedAsTheCLibraryWordsIt() {
    XCTAssertEqual(
      FileError(path: "p", errno: .noSpace),
      FileError(path: "p", reason: "No space left on device", code: ENOSPC))
    XCTAssertEqual(
      FileError(path: "p", error: Errno.permissionDenied),
      FileError(path: "p", reason: "Permission denied", code: EACCES))
    XCTAssertTrue(FileError(path: "p", errno: .notDirectory).isMissing)
  }
}
