import AnimLanguage
import AnimREPL
import Foundation
import XCTest

/// `:render` and `:plot` (SPEC §12.5): neither changes the session.
final class RenderPlotTests: XCTestCase {
  private let setup = [
    "view box(color: red)", "run move(to: (100, 0), 1) on box", "step 0.5",
  ]

  func testPlotDrawsTheNextSecondsAndLeavesTheSessionAsItWas() {
    let repl = ScriptedSession(width: 31)
    repl.type(setup)
    let before = repl.session.script
    let output = repl.type([":plot box.x for 1"])
    XCTAssertEqual(repl.session.script, before)
    let after = repl.type(["print box.x, time"])
    // 31 columns less 11: 20 braille characters, 40 samples from 0.5 s to 1.5 s.
    XCTAssertEqual(
      output,
      """
      anim 0.500s> :plot box.x for 1
      box.x from 0.500s to 1.500s
           100 ┤⠀⠀⠀⠀⠀⠀⠀⢀⣠⠞⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉
               │⠀⠀⠀⠀⠀⣀⡴⠋⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀
               │⠀⠀⢀⡤⠞⠁⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀
            50 ┤⣠⠖⠋⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀⠀
               └────────────────────
               0.500s         1.500s

      """)
    XCTAssertEqual(after, "anim 0.500s> print box.x, time\n50 0.5\n")
  }

  func testPlotOfAnEasing() {
    let output = ScriptedSession(width: 21).type([":plot linear"])
    XCTAssertTrue(output.contains("linear over progress 0…1\n"), output)
    XCTAssertTrue(output.contains("       1 ┤⠀⠀⠀⠀⠀⠀⠀⠀⢀⡼\n"), output)
    XCTAssertTrue(output.contains("       0 ┤⣰⠋⠀⠀⠀⠀⠀⠀⠀⠀\n"), output)
    XCTAssertTrue(output.hasSuffix("         0         1\n"), output)
  }

  func testPlotOfAColourListsItsColours() {
    let repl = ScriptedSession(width: 31)
    repl.type(["view box(color: red)", "run color(to: blue, 1) on box"])
    let output = repl.type([":plot box.color for 1"])
    XCTAssertTrue(output.contains("box.color from 0.000s to 1.000s: #ff0000 → "), output)
    XCTAssertTrue(output.hasSuffix(" → #0000ff\n"), output)
  }

  func testPlotProblemsAreDiagnostics() {
    let repl = ScriptedSession()
    repl.type(setup)
    XCTAssertTrue(repl.type([":plot bx.x for 1"]).contains("error: 'bx.x' is not VIEW.PROPERTY"))
    XCTAssertTrue(repl.type([":plot box.x for 0"]).contains("needs a duration in seconds"))
    XCTAssertTrue(repl.type([":plot box.xx for 1"]).contains("views have no property 'xx'"))
    XCTAssertTrue(repl.type([":plot nonsense"]).contains("unknown easing 'nonsense'"))
    XCTAssertEqual(repl.type(["print time"]), "anim 0.500s> print time\n0.5\n")
  }

  func testRenderWritesTheCurrentFrame() throws {
    let repl = ScriptedSession()
    repl.type(["stage(width: 40, height: 30)"] + setup)
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "anim-repl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let png = directory.appendingPathComponent("f.png").path
    let svg = directory.appendingPathComponent("f.svg").path
    XCTAssertEqual(
      repl.type([":render \(png)"]),
      "anim 0.500s> :render \(png)\nwrote \(png) (40×30, t=0.500s)\n")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
    XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
    repl.type([":render \(svg)"])
    let text = try String(contentsOfFile: svg, encoding: .utf8)
    XCTAssertTrue(text.contains("transform=\"translate(50 0)\""), text)
    XCTAssertTrue(
      repl.type([":render x.jpg"]).contains("error: :render writes a .png or .svg file"))
    XCTAssertEqual(repl.type(["print time"]), "anim 0.500s> print time\n0.5\n")
  }
}
