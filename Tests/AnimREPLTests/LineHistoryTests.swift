import AnimREPL
import XCTest

/// The history file: loaded at start, rewritten atomically per line, capped.
final class LineHistoryTests: XCTestCase {
  func testEnteredLinesAreWrittenToTheFile() throws {
    let file = try temporaryDirectory(self).appendingPathComponent("history")
    let session = ScriptedSession(history: LineHistory(path: file.path))
    session.type(["x = 1", "", "print x", "print x", ":history"])
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "x = 1\nprint x\n:history\n")
  }

  func testTheFileIsLoadedAtStart() throws {
    let file = try temporaryDirectory(self).appendingPathComponent("history")
    try "step 1\nprint time\n".write(to: file, atomically: true, encoding: .utf8)
    let history = LineHistory(path: file.path)
    XCTAssertEqual(history.entries, ["step 1", "print time"])
    history.add("settle")
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "step 1\nprint time\nsettle\n")
  }

  func testTheHistoryIsCappedAtAThousandEntries() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("history")
    try (1...1200).map { "line \($0)\n" }.joined().write(
      to: file, atomically: true, encoding: .utf8)
    let history = LineHistory(path: file.path)
    XCTAssertEqual(history.entries.count, 1000)
    XCTAssertEqual(history.entries.first, "line 201")
    for i in 1201...1205 { history.add("line \(i)") }
    let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
    XCTAssertEqual(lines.count, LineHistory.maximumEntries)
    XCTAssertEqual(lines.first, "line 206")
    XCTAssertEqual(lines.last, "line 1205")
  }

  func testTheWriteIsAtomic() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("history")
    try "old\n".write(to: file, atomically: true, encoding: .utf8)
    let before =
      try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
    let history = LineHistory(path: file.path)
    history.add("new")
    // A rename replaced the file (a new inode), and no temporary file is left.
    let after =
      try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
    XCTAssertNotEqual(before, after)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["history"])
    XCTAssertEqual(try String(contentsOf: file, encoding: .utf8), "old\nnew\n")
  }

  func testAnUnwritableFileWarnsOnceAndTheSessionGoesOn() {
    let history = LineHistory(path: "/nonexistent-directory/history")
    let session = ScriptedSession(history: history)
    let output = session.type(["print 1", "print 2"])
    XCTAssertEqual(
      output,
      """
      anim 0.000s> print 1
      anim: warning: history not saved: cannot write /nonexistent-directory/history: No such file or directory
      1
      anim 0.000s> print 2
      2

      """)
  }

  func testThePathComesFromTheEnvironment() {
    XCTAssertEqual(
      LineHistory.defaultPath(environment: ["ANIM_HISTORY": "/tmp/h", "HOME": "/home/u"]), "/tmp/h")
    XCTAssertEqual(
      LineHistory.defaultPath(environment: ["HOME": "/home/u"]), "/home/u/.anim_history")
    XCTAssertNil(LineHistory.defaultPath(environment: ["ANIM_HISTORY": ""]))
  }
}
