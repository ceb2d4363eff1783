import Foundation
import XCTest

/// `--watch`: a change to a script or to a file it imports runs it again,
/// with a line saying so.
final class WatchTests: XCTestCase {
  /// Reads the child's output until it holds `text`, or fails when the child
  /// ends (after at most 30 s, see `watch`).
  private func wait(for text: String, in output: Pipe, collected: inout String) {
    while !collected.contains(text) {
      let data = output.fileHandleForReading.availableData
      if data.isEmpty { break }
      collected += String(decoding: data, as: UTF8.self)
    }
    XCTAssertTrue(collected.contains(text), "no \(text) in: \(collected)")
  }

  private func watch(
    _ arguments: [String], script: String = "import \"lib.anim\"\nprint x  # expect: 1\n",
    change: (URL) throws -> Void, expect: [String]
  ) throws {
    let directory = try temporaryDirectory(self)
    let main = directory.appendingPathComponent("main.anim")
    let lib = directory.appendingPathComponent("lib.anim")
    try script.write(to: main, atomically: false, encoding: .utf8)
    try "x = 1\n".write(to: lib, atomically: false, encoding: .utf8)
    let process = Process()
    process.executableURL = try animBinary()
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    // A read of the pipe blocks: if the child never says what is awaited,
    // ending it after 30 s ends the read, and the test fails instead of hanging.
    let stop = DispatchWorkItem { process.terminate() }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: stop)
    defer {
      stop.cancel()
      process.terminate()
      process.waitUntilExit()
    }
    var collected = ""
    wait(for: expect[0], in: output, collected: &collected)
    try change(directory)
    for text in expect.dropFirst() { wait(for: text, in: output, collected: &collected) }
  }

  func testRunWatchesTheScriptAndItsImports() throws {
    try watch(
      ["run", "--watch", "main.anim"],
      change: { directory in
        try "x = 2\n".write(
          to: directory.appendingPathComponent("lib.anim"), atomically: false, encoding: .utf8)
      }, expect: ["1\n", "lib.anim changed at ", ": running again ──\n2\n"])
  }

  /// A file changed while the run goes on, after the run read it, is seen:
  /// files are stamped just before they are read, not after the run. (Here
  /// the run prints, then traces for a few seconds; the trace's 280 kB of
  /// output overflow anim's 64 kB buffer, so the `1` arrives while the run
  /// still goes.)
  func testAChangeWhileTheRunGoesOnIsSeen() throws {
    try watch(
      ["run", "--watch", "main.anim"],
      script: """
        import "lib.anim"
        print x
        grid g(cols: 50, rows: 50, size: 1)
        run stagger(g, spring(x: 200, stiffness: 120, damping: 0.01), each: 0.0013)
        trace g[0].x every 0.0005 for 6

        """,
      change: { directory in
        try "x = 2\n".write(
          to: directory.appendingPathComponent("lib.anim"), atomically: false, encoding: .utf8)
      }, expect: ["1\n", "lib.anim changed at ", ": running again ──\n2\n"])
  }

  func testTestWatchesTheTestFiles() throws {
    try watch(
      ["test", "--watch", "main.anim"],
      change: { directory in
        try "x = 3\n".write(
          to: directory.appendingPathComponent("lib.anim"), atomically: false, encoding: .utf8)
      },
      expect: [
        "PASS main.anim\n1 passed, 0 failed\n", "lib.anim changed at ",
        "FAIL main.anim\n  line 2: expected \"1\", got \"3\"\n",
      ])
  }
}
