import AnimEngine
import AnimLanguage
import AnimREPL
import XCTest

/// Tab completion: what the session offers for the text before the cursor.
final class CompletionTests: XCTestCase {
  private func candidates(_ text: String, after lines: [String] = []) -> [String] {
    let session = ScriptedSession()
    session.type(lines)
    return session.session.completions(for: text).candidates
  }

  func testBuiltinNames() {
    XCTAssertEqual(candidates("fa"), ["fade", "fadeIn", "false"])
    XCTAssertEqual(candidates("run disap"), ["disappear"])
  }

  func testLogicKeywords() {
    XCTAssertTrue(candidates("i").contains("if"))
    // After a whole operand only what joins it (a colour cannot follow `1`).
    XCTAssertEqual(candidates("if x > 1 an"), ["and"])
    XCTAssertEqual(candidates("print no"), ["not"])
    // After a block's `}` on its line no statement may start (not `ellipse`):
    // only the `else` of an if block.
    XCTAssertEqual(candidates("} el"), ["else"])
  }

  func testAfterABlocksBraceOnItsLineOnlyElseOfAnIfBlock() {
    // The entry's earlier lines (pending, shown with `...>`) tell which block ends.
    let session = ScriptedSession()
    session.session.enter("if true {")
    XCTAssertEqual(session.session.completions(for: "} el").candidates, ["else"])
    let loop = ScriptedSession()
    loop.session.enter("for i in 0..<2 {")
    XCTAssertEqual(loop.session.completions(for: "} el").candidates, [])
    XCTAssertEqual(loop.session.completions(for: "} ").candidates, [])
  }

  func testTheSameEngineAsTheLanguageServer() {
    let setup = ["view box", "h = run wait(1)"]
    // Words that follow a statement's parts, offered with nothing typed.
    XCTAssertEqual(candidates("step ", after: setup), ["to", "until"])
    XCTAssertEqual(candidates("run wait(1) ", after: setup), ["as", "on"])
    XCTAssertEqual(candidates("on h ", after: setup), ["done", "mark", "repeat", "start"])
    XCTAssertEqual(candidates("cancel ", after: setup), ["all", "h"])
    // A declaration's labels, from the property table, and a choice's cases.
    XCTAssertEqual(
      candidates("rect r(corner"),
      [
        "cornerBottomLeft:", "cornerBottomRight:", "cornerRadius:", "cornerTopLeft:",
        "cornerTopRight:",
      ])
    XCTAssertEqual(candidates("view v(lineCap: "), ["butt", "round", "square"])
    // Colours where a value goes, not where a statement starts.
    XCTAssertEqual(candidates("box.color = tom", after: setup), ["tomato"])
    XCTAssertEqual(candidates("tom", after: setup), [])
    // Nothing typed at a statement's start: nothing (not every word).
    XCTAssertEqual(candidates("", after: setup), [])
  }

  func testViewProperties() {
    XCTAssertEqual(candidates("print view.al"), ["view.alpha"])
    XCTAssertEqual(candidates("view.sc"), ["view.scale", "view.scaleX", "view.scaleY"])
    XCTAssertEqual(
      candidates("box.w", after: ["view box"]),
      ["box.width", "box.worldAlpha", "box.worldRotation", "box.worldX", "box.worldY"])
  }

  func testEasingNames() {
    XCTAssertEqual(candidates("run fade(out, 1, ease: outQ"), ["outQuad", "outQuart", "outQuint"])
  }

  func testBoundNames() {
    XCTAssertEqual(
      candidates("run bl", after: ["blink = fade(out, 1) + fade(in, 1)"]),
      ["black", "blanchedalmond", "blink", "blue", "blueviolet"])
    XCTAssertEqual(candidates("run bli", after: ["blink = fade(out, 1) + fade(in, 1)"]), ["blink"])
    XCTAssertEqual(
      candidates("spi", after: ["spinner = run rotate(by: 90, 1)"]), ["spin", "spinner"])
  }

  func testIndexedViewsAndLists() {
    let setup = ["grid tiles(cols: 2, rows: 1)", "view box"]
    XCTAssertEqual(candidates("print tiles[1].al", after: setup), ["tiles[1].alpha"])
    // In a list the names of values; sort positions only where a sort takes them.
    XCTAssertEqual(candidates("group g = [bo", after: setup), ["box"])
    XCTAssertEqual(candidates("print [box.wi", after: setup), ["box.width"])
  }

  func testHandleMembers() {
    XCTAssertEqual(candidates("h.it", after: ["h = run wait(1)"]), ["h.iteration"])
    XCTAssertEqual(candidates("tiles.c", after: ["grid tiles(cols: 2, rows: 2)"]), ["tiles.count"])
  }

  func testKeywords() {
    XCTAssertEqual(candidates("set"), ["settle"])
    // At a statement's start: keywords and names, not colours.
    XCTAssertEqual(candidates("ste"), ["step", "steps"])
  }

  func testMetaCommandsAndTheirArguments() {
    XCTAssertEqual(candidates(":ti"), [":timeline"])
    XCTAssertEqual(candidates(":help mo"), ["motions"])
    XCTAssertEqual(candidates(":timeline "), [], "no handles bound yet")
    XCTAssertEqual(candidates(":timeline h", after: ["h = run wait(1)"]), ["h"])
  }

  func testGroupNamesThemselves() {
    let setup = ["grid tiles(cols: 2, rows: 1)", "view box", "group pair = [box, tiles[0]]"]
    // Tab after `:show ti` completes to the group, not only to `tiles[`.
    XCTAssertEqual(candidates(":show ti", after: setup), ["tiles", "tiles[0]", "tiles[1]"])
    XCTAssertEqual(candidates(":show pa", after: setup), ["pair"])
  }

  func testTheReadOnlyMembersOfAView() {
    XCTAssertEqual(candidates("print view.po"), ["view.position"])
    XCTAssertEqual(candidates("print view.si"), ["view.size"])
    XCTAssertEqual(candidates("print view.na"), ["view.name"])
    // Every member a rect reads, from the property table and the tree's
    // members: its properties, the aliases, name, parent, children, world….
    let members = candidates("print tiles[1].", after: ["grid tiles(cols: 2, rows: 1)"])
    XCTAssertEqual(members, members.sorted())
    XCTAssertEqual(Set(members).count, members.count)
    let table = PropertyTable.standard
    var expected = ViewKind.view.properties().map(\.name).filter {
      table.declarations[table.property(named: $0)!.index].access.contains(.readable)
    }
    expected += table.aliases.map(\.name).filter { table.alias(named: $0, for: .view) != nil }
    expected += ["name", "parent", "children", "worldX", "worldAlpha"]
    for name in expected {
      XCTAssertTrue(members.contains("tiles[1]." + name), name)
    }
    XCTAssertFalse(members.contains("tiles[1].letters"))
    XCTAssertFalse(members.contains("tiles[1].sides"))
  }

  func testOnlyATextHasLetters() {
    // SPEC §18: `letters` is a text's member, offered on texts only.
    XCTAssertEqual(candidates("print title.le", after: ["text title(\"Hi\")"]), ["title.letters"])
    XCTAssertEqual(candidates("print box.le", after: ["rect box()"]), [])
    XCTAssertEqual(
      Vocabulary.viewMemberSummary("letters"),
      "a text's letters: a group of child views, one per grapheme cluster, in reading order (read only)"
    )
  }

  func testRunIdsAfterTimelineHash() {
    let setup = ["for i in 1...11 { run wait(1) }"]
    XCTAssertEqual(
      candidates(":timeline #", after: setup),
      ["#1", "#2", "#3", "#4", "#5", "#6", "#7", "#8", "#9", "#10", "#11"])
    XCTAssertEqual(candidates(":timeline #1", after: setup), ["#1", "#10", "#11"])
  }

  func testAfterOnOnlyViewsAndGroups() {
    let setup = [
      "grid tiles(cols: 2, rows: 1)", "view box", "group pair = [box]", "blink = fade(out, 1)",
      "h = run wait(1)",
    ]
    XCTAssertEqual(candidates("run blink on ", after: setup), ["box", "pair", "tiles", "view"])
    XCTAssertEqual(candidates("run blink on b", after: setup), ["box"])
    XCTAssertEqual(candidates("x = run fade(out, 1, on: t", after: setup), ["tiles"])
    // A handler's `on` takes a run handle.
    XCTAssertEqual(candidates("on ", after: setup), ["h"])
    XCTAssertEqual(candidates("on h done { on h", after: setup), ["h"])
  }

  func testFilePathsAfterLoad() throws {
    let directory = try temporaryDirectory(self)
    try "".write(
      to: directory.appendingPathComponent("blink.anim"), atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("blocks"), withIntermediateDirectories: true)
    XCTAssertEqual(
      candidates(":load \(directory.path)/bl"),
      ["\(directory.path)/blink.anim", "\(directory.path)/blocks/"])
  }

  func testTheCommonPrefixIsWhatTabInserts() {
    let completion = Completion(word: "outQ", candidates: ["outQuad", "outQuart", "outQuint"])
    XCTAssertEqual(completion.commonPrefix, "outQu")
    XCTAssertEqual(Completion(word: "x", candidates: []).commonPrefix, "x")
  }

  func testNothingAfterANumber() {
    XCTAssertEqual(candidates("step 1"), [])
  }
}
