import AnimEngine
import AnimLanguage
import AnimREPL
import XCTest

/// Every meta-command, by what it prints.
final class MetaCommandTests: XCTestCase {
  func testHelpWithoutATopicListsTheTopics() {
    let output = ScriptedSession().type([":help"])
    XCTAssertTrue(
      output.hasPrefix("anim 0.000s> :help\nanim: animation series on a virtual clock."), output)
    XCTAssertTrue(
      output.contains(
        "Help topics (:help TOPIC): statements motions easing pool clock builtins colours meta keys"
      ))
  }

  func testEveryHelpTopicHasText() {
    for topic in ["statements", "motions", "easing", "pool", "clock", "builtins", "meta", "keys"] {
      let output = ScriptedSession().type([":help \(topic)"])
      XCTAssertGreaterThan(output.split(separator: "\n").count, 2, topic)
      XCTAssertFalse(output.contains("error"), output)
    }
  }

  func testHelpOnABuiltinGivesItsSummary() {
    XCTAssertEqual(
      ScriptedSession().type([":help fade"]),
      "anim 0.000s> :help fade\nfade(in | out | A, d) or fade(from: A, d): alpha to 1, 0 or A\n")
  }

  func testHelpOnAPropertyAndAKindComesFromTheTables() {
    XCTAssertEqual(
      ScriptedSession().type([":help cornerRadius", ":help center"]),
      """
      anim 0.000s> :help cornerRadius
      v.cornerRadius: the corner radius, in points: r sets all four corners, (tl, tr, br, bl) each; reads the top-left
      anim 0.000s> :help center
      v.center: the centre as a point (x, y), as position

      """)
    let rect = ViewKind.named("rect")!
    XCTAssertEqual(
      ScriptedSession().type([":help rect"]),
      "anim 0.000s> :help rect\nrect NAME(x: 10, y: 20, …): declare a view: a rectangle, corners "
        + "rounded by cornerRadius; options: "
        + Vocabulary.declarationLabels(of: rect).joined(separator: " ")
        + "; read-only: outline\n")
  }

  /// Every label a kind's declaration takes is in its help (SPEC §16–§18):
  /// `parent:`, `clip:`, `anchor:`, a shape's `viewBox:`; a text's laid-out
  /// width and height are read-only, not options.
  func testHelpOfEveryKindListsEveryOptionItsDeclarationTakes() {
    for kind in ViewKind.allCases {
      let output = ScriptedSession().type([":help \(kind.name)"])
      guard let options = output.split(separator: ";").first(where: { $0.hasPrefix(" options: ") })
      else { return XCTFail(output) }
      let listed = options.dropFirst(" options: ".count).split { $0 == " " || $0 == "\n" }
        .map(String.init)
      XCTAssertEqual(listed, Vocabulary.declarationLabels(of: kind), kind.name)
      for label in ["parent", "clip", "anchor", "alpha"] {
        XCTAssertTrue(listed.contains(label), "\(kind.name): \(label)")
      }
    }
    XCTAssertTrue(
      ScriptedSession().type([":help shape"]).contains(" points d viewBox closed smooth parent;"))
    let text = ScriptedSession().type([":help text"])
    XCTAssertTrue(text.hasSuffix("; read-only: width height face\n"), text)
  }

  func testHelpMetaListsEveryMetaCommand() {
    let output = ScriptedSession().type([":help meta"])
    for name in [
      "help", "quit", "load", "save", "reset", "pool", "timeline", "show", "ast", "tokens",
      "history",
    ] {
      XCTAssertTrue(output.contains("  :\(name)"), name)
    }
  }

  func testHelpEasingListsAllThirtyOneNames() {
    let output = ScriptedSession().type([":help easing"])
    for name in ["linear", "inOutSine", "outQuint", "inBounce", "inOutBounce"] {
      XCTAssertTrue(output.contains(" \(name)"), name)
    }
  }

  func testHelpOnAnUnknownTopicSuggestsOne() {
    XCTAssertEqual(
      ScriptedSession().type([":help motion"]),
      """
      anim 0.000s> :help motion
      <repl>:1:7: error: no help for 'motion'
      1 | :help motion
        |       ^~~~~~
        = hint: did you mean 'motions'?

      """)
  }

  func testQuitEndsTheSession() {
    let session = ScriptedSession()
    let output = session.type([":quit", "print 1"])
    XCTAssertEqual(output, "anim 0.000s> :quit\n")
    XCTAssertTrue(session.session.hasQuit)
  }

  func testAnUnknownMetaCommandSuggestsTheNearestOne() {
    XCTAssertEqual(
      ScriptedSession().type([":hlep", ":timelime", ":frobnicate"]),
      """
      anim 0.000s> :hlep
      <repl>:1:1: error: unknown meta-command ':hlep'
      1 | :hlep
        | ^~~~~
        = hint: did you mean ':help'?
      anim 0.000s> :timelime
      <repl>:1:1: error: unknown meta-command ':timelime'
      1 | :timelime
        | ^~~~~~~~~
        = hint: did you mean ':timeline'?
      anim 0.000s> :frobnicate
      <repl>:1:1: error: unknown meta-command ':frobnicate'
      1 | :frobnicate
        | ^~~~~~~~~~~
        = hint: type :help meta for the list

      """)
  }

  func testAMetaCommandMissingItsArgumentSaysHowToTypeIt() {
    XCTAssertEqual(
      ScriptedSession().type([":load"]),
      """
      anim 0.000s> :load
      <repl>:1:1: error: :load needs a file
      1 | :load
        | ^~~~~
        = hint: usage: :load FILE

      """)
  }

  func testPoolListsLiveRunsAsATable() {
    let session = ScriptedSession()
    session.type([
      "run fade(out, 1) * 3 as h", "run rotate(by: 90, 1) * forever", "step 1.5", "pause h",
    ])
    XCTAssertEqual(
      session.type([":pool"]),
      """
      anim 1.500s> :pool
      id  state    local  iteration  started  ends      motion
      #1  paused   1.5s   2          0s       (paused)  fade(out, 1) * 3
      #2  running  1.5s   2          0s       never     rotate(by: 90, 1) * forever

      """)
    XCTAssertEqual(ScriptedSession().type([":pool"]), "anim 0.000s> :pool\npool: no live runs\n")
  }

  func testShowPrintsEveryPropertyOfAView() {
    let session = ScriptedSession()
    session.type(["view box(x: 10, color: red)", "run fade(to: 0.5, 1) on box", "step 0.5"])
    XCTAssertEqual(
      session.type([":show box"]),
      """
      anim 0.500s> :show box
      box
        x        10
        y        0
        width    100
        height   100
        alpha    0.75
        rotation 0
        scaleX   1
        scaleY   1
        color    #ff0000

      """)
  }

  func testShowPrintsWholeNamesAlignedToTheLongest() {
    let session = ScriptedSession()
    session.type(["rect card(cornerRadius: 12)"])
    XCTAssertEqual(
      session.type([":show card"]),
      """
      anim 0.000s> :show card
      card
        x            0
        y            0
        width        100
        height       100
        alpha        1
        rotation     0
        scaleX       1
        scaleY       1
        color        #ffffff
        cornerRadius 12

      """)
  }

  func testShowAGroupPrintsEachMember() {
    let session = ScriptedSession()
    session.type(["grid tiles(cols: 2, rows: 1, size: 10)"])
    XCTAssertEqual(
      session.type([":show tiles", ":show tiles[1]"]),
      """
      anim 0.000s> :show tiles
      tiles: 2 views
        tiles[0]: x=5 y=5 width=10 height=10 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff
        tiles[1]: x=15 y=5 width=10 height=10 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff
      anim 0.000s> :show tiles[1]
      tiles[1]
        x        15
        y        5
        width    10
        height   10
        alpha    1
        rotation 0
        scaleX   1
        scaleY   1
        color    #ffffff

      """)
  }

  func testShowAFamilySaysSoAndPrintsEachMember() {
    let session = ScriptedSession()
    session.type(["for i in 0..<2 { ellipse dot[i](x: 10 * i, width: 5) }"])
    XCTAssertEqual(
      session.type([":show dot", "print [1, {a: \"x\"}], dot[1].name"]),
      """
      anim 0.000s> :show dot
      dot: a family of 2 views
        dot[0]: x=0 y=0 width=5 height=100 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff
        dot[1]: x=10 y=0 width=5 height=100 alpha=1 rotation=0 scaleX=1 scaleY=1 color=#ffffff
      anim 0.000s> print [1, {a: "x"}], dot[1].name
      [1, {a: "x"}] dot[1]

      """)
  }

  func testShowAnUnknownViewSuggestsOne() {
    XCTAssertEqual(
      ScriptedSession().type([":show veiw"]),
      """
      anim 0.000s> :show veiw
      <repl>:1:7: error: unknown view 'veiw'
      1 | :show veiw
        |       ^~~~
        = hint: did you mean 'view'?

      """)
  }

  func testAstPrintsTheSyntaxTree() {
    XCTAssertEqual(
      ScriptedSession().type([
        ":ast fade(out, 1) + fade(in, 1) * 2", ":ast run blink as b", ":ast (1 +",
      ]),
      """
      anim 0.000s> :ast fade(out, 1) + fade(in, 1) * 2
      (binary + (call fade out 1) (binary * (call fade in 1) 2))
      anim 0.000s> :ast run blink as b
      (run blink as b)
      anim 0.000s> :ast (1 +
      <repl>:1:5: error: expected expression
      1 | (1 +
        |     ^

      """)
  }

  /// An expression or text in quotes keeps its quotes (only file names are unquoted).
  func testAstAndTokensKeepAStringsQuotes() {
    XCTAssertEqual(
      ScriptedSession().type([":ast \"hello\"", ":tokens \"a\""]),
      """
      anim 0.000s> :ast "hello"
      "hello"
      anim 0.000s> :tokens "a"
      1:1 string "a"

      """)
  }

  /// `help`, `quit` and `exit` typed bare answer as their meta-commands,
  /// unless the session bound the name.
  func testBareHelpQuitAndExitAreAnswered() {
    let help = ScriptedSession().type(["help"])
    XCTAssertTrue(help.contains("Help topics (:help TOPIC)"), help)
    for word in ["quit", "exit"] {
      let session = ScriptedSession()
      XCTAssertEqual(
        session.type(["print 1", word, "print 2"]),
        "anim 0.000s> print 1\n1\nanim 0.000s> \(word)\n")
    }
    XCTAssertEqual(
      ScriptedSession().type(["quit = 3", "quit"]),
      "anim 0.000s> quit = 3\nanim 0.000s> quit\n3\n")
  }

  /// `:help` knows statement keywords, colours and all four spring forms.
  func testHelpForKeywordsColoursAndEverySpringForm() {
    let session = ScriptedSession()
    XCTAssertEqual(
      session.type([":help step", ":help red"]),
      """
      anim 0.000s> :help step
      step d | step n frames | step to t | step until h: advance the clock
      anim 0.000s> :help red
      red: a colour, #ff0000

      """)
    let spring = ScriptedSession().type([":help spring"])
    for form in ["stiffness:", "bounce:", "halflife:", "dampingRatio:"] {
      XCTAssertTrue(spring.contains(form), "no \(form) in \(spring)")
    }
    for topic in ["tick", "settle", "expect", "trace", "seek", "on", "colours"] {
      XCTAssertFalse(
        ScriptedSession().type([":help \(topic)"]).contains("no help for"), topic)
    }
  }

  func testTokensListsEveryTokenWithItsPosition() {
    XCTAssertEqual(
      ScriptedSession().type([":tokens step 300ms; print \"a\""]),
      """
      anim 0.000s> :tokens step 300ms; print "a"
      1:1 identifier step
      1:6 number 0.3 ms
      1:11 ';'
      1:13 identifier print
      1:19 string "a"

      """)
  }

  func testHistoryListsTheLinesEntered() {
    let session = ScriptedSession()
    let output = session.type(["x = 1", "print x", ":history", ":history 1"])
    XCTAssertEqual(
      output,
      """
      anim 0.000s> x = 1
      anim 0.000s> print x
      1
      anim 0.000s> :history
          1  x = 1
          2  print x
          3  :history
      anim 0.000s> :history 1
          4  :history 1

      """)
  }

  func testResetForgetsEverything() {
    let session = ScriptedSession()
    session.type(["view box", "x = 1", "run fade(out, 1)", "step 0.5"])
    XCTAssertEqual(
      session.type([":reset", "print x, time, view.alpha", ":pool", ":show box"]),
      """
      anim 0.500s> :reset
      session reset: t=0, only `view`, no bindings, no runs
      anim 0.000s> print x, time, view.alpha
      x 0 1
      anim 0.000s> :pool
      pool: no live runs
      anim 0.000s> :show box
      <repl>:1:7: error: unknown view 'box'
      1 | :show box
        |       ^~~

      """)
    XCTAssertEqual(
      session.session.script, "# anim session saved by :save\nprint x, time, view.alpha\n")
  }

  func testLoadRunsAFileIntoTheSession() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("setup.anim")
    try "view box(x: 5)\nblink = fade(out, 1) + fade(in, 1)\nprint \"loaded!\"\n".write(
      to: file, atomically: true, encoding: .utf8)
    let session = ScriptedSession()
    XCTAssertEqual(
      session.type([":load \(file.path)", "run blink on box", "step 1", "print box.x"]),
      """
      anim 0.000s> :load \(file.path)
      loaded!
      loaded \(file.path)
      anim 0.000s> run blink on box
      anim 0.000s> step 1
        0.000s  #1 start
        box.alpha 1 → 0
      anim 1.000s> print box.x
      5

      """)
  }

  func testLoadingABrokenFileChangesNothing() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("broken.anim")
    try "x = 1\nstep 1\nstep -2\n".write(to: file, atomically: true, encoding: .utf8)
    let session = ScriptedSession()
    XCTAssertEqual(
      session.type([":load \(file.path)", "print x, time", ":load nowhere.anim"]),
      """
      anim 0.000s> :load \(file.path)
      \(file.path):3:6: error: cannot step back in time: step -2
      3 | step -2
        |      ^~
      anim 0.000s> print x, time
      x 0
      anim 0.000s> :load nowhere.anim
      <repl>:1:7: error: cannot load nowhere.anim: no such file
      1 | :load nowhere.anim
        |       ^~~~~~~~~~~~

      """)
  }

  /// `:load` reads through FileBytes: a folder is not a readable file.
  func testLoadingAFolderSaysItIsNotAReadableFile() {
    let session = ScriptedSession()
    XCTAssertEqual(
      session.type([":load /"]),
      """
      anim 0.000s> :load /
      <repl>:1:7: error: cannot load /: not a readable file
      1 | :load /
        |       ^

      """)
  }

  func testSaveWritesTheSuccessfulInput() throws {
    let directory = try temporaryDirectory(self)
    let file = directory.appendingPathComponent("session.anim")
    let session = ScriptedSession()
    let output = session.type([
      "blink = fade(out, 1) +", "  fade(in, 1)", "bogus()", "run blink * 2", "step 1.5", ":pool",
      ":save \(file.path)",
    ])
    XCTAssertTrue(
      output.hasSuffix("anim 1.500s> :save \(file.path)\nsaved 5 lines to \(file.path)\n"), output)
    XCTAssertEqual(
      try String(contentsOf: file, encoding: .utf8),
      """
      # anim session saved by :save
      blink = fade(out, 1) +
        fade(in, 1)
      run blink * 2
      step 1.5

      """)
    // No temporary file is left beside it.
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: directory.path), ["session.anim"])
  }

  func testSaveToAnUnwritablePlaceIsAnError() {
    let output = ScriptedSession().type([":save /nonexistent-directory/x.anim"])
    XCTAssertTrue(
      output.contains(
        "error: cannot write /nonexistent-directory/x.anim: No such file or directory"), output)
  }
}
