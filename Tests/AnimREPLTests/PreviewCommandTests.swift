import XCTest

@testable import AnimREPL

/// `:preview` against a stand-in for the host's server: what the session
/// hands it and when.
final class PreviewCommandTests: XCTestCase {
  final class FakePreview: SessionPreview {
    let address = "http://127.0.0.1:9/"
    var shown: [(script: String, clock: Double)] = []
    var stopped = false
    func show(script: String, clock: Double) { shown.append((script, clock)) }
    func stop() { stopped = true }
  }

  func testPreviewShowsTheSessionAfterEachStatementAtTheClock() {
    let scripted = ScriptedSession()
    let fake = FakePreview()
    scripted.session.makePreview = { fake }
    let output = scripted.type([
      "view box(x: 0, y: 0, width: 10, height: 10)", ":preview", "run fade(out, 1) on box",
      "step 0.5", "bogus()",
    ])
    XCTAssertTrue(output.contains("preview: http://127.0.0.1:9/\n"), output)
    XCTAssertEqual(fake.shown.map(\.clock), [0, 0, 0.5])
    XCTAssertEqual(
      fake.shown.last?.script,
      """
      # anim session saved by :save
      view box(x: 0, y: 0, width: 10, height: 10)
      run fade(out, 1) on box
      step 0.5

      """)
  }

  func testResetStartsThePreviewOverAndStopStopsIt() {
    let scripted = ScriptedSession()
    let fake = FakePreview()
    scripted.session.makePreview = { fake }
    let output = scripted.type([
      "step 1", ":preview", ":preview", ":reset", ":preview stop", "step 1", ":preview stop",
    ])
    XCTAssertTrue(output.contains("(already running; :preview stop stops it)"), output)
    XCTAssertEqual(fake.shown.map(\.clock), [1, 0])
    XCTAssertEqual(fake.shown.last?.script, "# anim session saved by :save\n")
    XCTAssertTrue(fake.stopped)
    XCTAssertTrue(output.contains("preview stopped\n"), output)
    XCTAssertTrue(output.hasSuffix("preview: not running\n"), output)
  }

  func testAFailedStartIsReportedUnderTheCommand() {
    let scripted = ScriptedSession()
    scripted.session.makePreview = { () throws(SessionPreviewError) in
      throw SessionPreviewError(":preview: port 9 is in use")
    }
    let output = scripted.type([":preview"])
    XCTAssertTrue(output.contains("error: :preview: port 9 is in use"), output)
    XCTAssertEqual(ScriptedSession().type([":preview"]).contains("this REPL has no preview"), true)
  }

  func testOnlyStopIsAnArgument() {
    XCTAssertEqual(try MetaCommand.parse(":preview").get(), .preview(stop: false))
    XCTAssertEqual(try MetaCommand.parse(":preview stop").get(), .preview(stop: true))
    guard case .failure(let problem) = MetaCommand.parse(":preview now") else {
      return XCTFail("accepted :preview now")
    }
    XCTAssertEqual(problem.message, ":preview takes `stop` or nothing, not 'now'")
  }
}
