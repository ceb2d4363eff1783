import AnimEngine
import AnimLanguage
import AnimREPL
import XCTest

/// `:save` writes a script that rebuilds the session: run through
/// `ScriptRunner`, it ends with the same scene and time.
final class SaveRoundTripTests: XCTestCase {
  func testASavedSessionRunsToTheSameSceneAndTime() throws {
    let directory = try temporaryDirectory(self)
    let library = directory.appendingPathComponent("lib")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    try "spin90 = rotate(by: 90, 1)\n".write(
      to: library.appendingPathComponent("moves.anim"), atomically: true, encoding: .utf8)
    let setup = directory.appendingPathComponent("setup.anim")
    try "import \"lib/moves.anim\"\ngrid tiles(cols: 3, rows: 2, size: 40)\n".write(
      to: setup, atomically: true, encoding: .utf8)
    let saved = directory.appendingPathComponent("saved").appendingPathComponent("session.anim")
    try FileManager.default.createDirectory(
      at: saved.deletingLastPathComponent(), withIntermediateDirectories: true)

    let session = ScriptedSession()
    session.type([
      ":load \(setup.path)",
      "view box(x: 10, color: red)",
      "seed 3",
      "run stagger(tiles, fade(out, 1), sort: random(seed: 1), each: 0.1)",
      "h = run spin90 * 3 on box",
      "on h repeat { run move(by: (random(0, 10), 0), 0.5) on box }",
      "step 1.25",
      "bogus(1)",
      "run color(to: blue, 2) on tiles[0] as c",
      "for v in tiles {",
      "  run scale(to: 2, 0.5) on v",
      "}",
      "step 0.5; tick; step 3 frames",
      "pause c",
      "settle",
      ":save \(saved.path)",
    ])
    let script = try String(contentsOf: saved, encoding: .utf8)
    XCTAssertTrue(
      script.contains("# :load \(setup.path)\nimport \"\(library.path)/moves.anim\""), script)

    var printed: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: saved.path, text: script), output: { printed.append($0) })
    XCTAssertEqual(result.errors.map(\.0.message), [])
    XCTAssertEqual(result.outcome, .completed)

    // Rebuild the scene the script ends with, to compare every view.
    let replay = Interpreter(file: SourceFile(path: saved.path, text: script), output: { _ in })
    let program = Program(
      source: SourceFile(path: saved.path, text: script), readFile: ScriptRunner.readFile)
    try replay.execute(program.statements, in: program.source)
    XCTAssertEqual(sceneState(replay), sceneState(session.session.interpreter))
    XCTAssertEqual(replay.scene.count, 8)
  }
}
