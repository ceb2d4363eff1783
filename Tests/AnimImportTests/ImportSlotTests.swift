import XCTest

@testable import AnimImport

/// Lottie slots (`sid`, the animation's `slots`) and dotLottie themes
/// turned into slots (docs/spec.md §25); the checker `test_dotlottie.py`
/// draws both beside ThorVG applying the same slots.
final class ImportSlotTests: XCTestCase {
  typealias H = ImportHarness

  /// A file of one shape layer of `shapes` and the top-level `slots`.
  private func importing(_ shapes: [String], slots: String, theme: String? = nil) throws
    -> LottieImporter.Result
  {
    var json = H.document([H.shapeLayer("L", shapes: shapes)])
    json.removeLast()
    json += #", "slots": \#(slots)}"#
    return try LottieImporter.importScript(
      Array(json.utf8), source: "test.json",
      slots: theme.map { [SlotValues(origin: "theme t/x.json: /slots", json: Array($0.utf8))] }
        ?? [])
  }

  private let square =
    #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10], "sid": "size"}}"#

  private func fill(_ sid: String) -> String {
    #"{"ty": "fl", "c": {"a": 0, "k": [1, 0, 0], "sid": "\#(sid)"}, "o": {"a": 0, "k": 100}}"#
  }

  func testAPropertyNamingASlotTakesTheSlotsValue() throws {
    let result = try importing(
      [square, fill("paint")],
      slots: #"{"paint": {"p": {"a": 0, "k": [0, 0, 1]}}, "size": {"p": {"a": 0, "k": [40, 20]}}}"#)
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(result.script.contains(#"width: 40, height: 20"#), result.script)
    XCTAssertTrue(result.script.contains(##"color: "#0000ff""##), result.script)
    XCTAssertFalse(result.script.contains("#ff0000"))
  }

  func testASlotMayBeKeyframedAndATableWithoutTheSlotLeavesTheValue() throws {
    let result = try importing(
      [square, fill("other")],
      slots:
        #"{"size": {"p": {"a": 1, "k": [{"t": 0, "s": [10, 10], "h": 1}, {"t": 30, "s": [50, 50]}]}}}"#
    )
    XCTAssertTrue(result.script.contains(##"color: "#ff0000""##), result.script)
    XCTAssertTrue(result.script.contains("width: 50, height: 50"), result.script)
  }

  func testAThemesSlotsWinOverTheFilesOwn() throws {
    let result = try importing(
      [square, fill("paint")], slots: #"{"paint": {"p": {"a": 0, "k": [0, 0, 1]}}}"#,
      theme: #"{"paint": {"p": {"a": 0, "k": [0, 1, 0]}}}"#)
    XCTAssertTrue(result.script.contains(##"color: "#00ff00""##), result.script)
  }

  func testTheFirstSlotsGivenWinAndWhatIsNotATableIsAnError() throws {
    var json = H.document([H.shapeLayer("L", shapes: [square, fill("paint")])])
    json.removeLast()
    json += #", "slots": {"paint": {"p": {"a": 0, "k": [0, 0, 1]}}}}"#
    func imported(_ tables: [String]) throws -> String {
      try LottieImporter.importScript(
        Array(json.utf8), source: "test.json",
        slots: tables.enumerated().map {
          SlotValues(origin: "slots \($0.offset).json: ", json: Array($0.element.utf8))
        }
      ).script
    }
    let green = #"{"paint": {"p": {"a": 0, "k": [0, 1, 0]}}}"#
    let white = #"{"paint": {"p": {"a": 0, "k": [1, 1, 1]}}, "size": {"p": {"a": 0, "k": [4, 4]}}}"#
    XCTAssertTrue(
      try imported([green, white]).contains(##"width: 4, height: 4, color: "#00ff00""##))
    XCTAssertTrue(try imported([white, green]).contains(##"color: "#ffffff""##))
    XCTAssertTrue(try imported(["{}"]).contains(##"color: "#0000ff""##))
    for (table, message) in [
      (
        "[]", "slots 0.json: expected an object of slots ({\"ID\": {\"p\": value}}), found an array"
      ),
      (
        "{",
        "slots 0.json: the slots are not JSON: invalid JSON at line 1, column 2: expected a member name in quotes"
      ),
      (#"{"paint": {"p": 3}}"#, "slots 0.json: /paint/p: expected an object, found a number"),
    ] {
      XCTAssertThrowsError(try imported([table]), table) { error in
        XCTAssertEqual((error as? ImportError)?.description, message)
      }
    }
  }

  func testAGradientsSlotHoldsItsWholeG() throws {
    // The slot named by `g.k` gives `p` (two colour stops, where the
    // layer's own had three) and `k`.
    let gradient =
      #"{"ty": "gf", "t": 1, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [10, 0]}, "o": {"a": 0, "k": 100}, "g": {"p": 3, "k": {"a": 0, "k": [0, 1, 0, 0, 0.5, 0, 1, 0, 1, 0, 0, 1], "sid": "ramp"}}}"#
    let result = try importing(
      [square, gradient],
      slots: #"{"ramp": {"p": {"p": 2, "k": {"a": 0, "k": [0, 1, 1, 0, 1, 0, 1, 1]}}}}"#)
    XCTAssertTrue(result.script.contains(##"(0, "#ffff00"), (1, "#00ffff")"##), result.script)
  }

  func testASlotOfTheWrongKindIsAnErrorInTheSlot() throws {
    XCTAssertThrowsError(
      try importing([square, fill("paint")], slots: #"{"paint": {"p": {"a": 0, "k": "red"}}}"#)
    ) { error in
      XCTAssertEqual(
        (error as? ImportError)?.description,
        "/slots/paint/p/k: expected a number or an array of numbers, found a string")
    }
  }

  // MARK: Themes as slots

  private func theme(_ rules: String, animation: String = "main") throws -> String {
    String(
      decoding: try DotLottieTheme.slots(
        Array(#"{"rules": [\#(rules)]}"#.utf8), animation: animation),
      as: UTF8.self)
  }

  func testEachKindOfRuleIsWrittenAsTheSlotThePlayersRead() throws {
    XCTAssertEqual(
      try theme(#"{"id": "c", "type": "Color", "value": [0.5, 0.25, 1, 1]}"#),
      #"{"c":{"p":{"a":0,"k":[0.5,0.25,1.0]}}}"#)
    XCTAssertEqual(
      try theme(
        #"{"id": "o", "type": "Scalar", "keyframes": [{"frame": 0, "value": 20, "outTangent": {"x": 0.4, "y": 0}, "inTangent": {"x": [0.6], "y": [1]}}, {"frame": 30, "value": 80, "hold": true}]}"#
      ),
      #"{"o":{"p":{"a":1,"k":[{"t":0.0,"s":20.0,"i":{"x":[0.6],"y":[1.0]},"o":{"x":[0.4],"y":[0.0]}},{"t":30.0,"s":80.0,"h":1}]}}}"#
    )
    XCTAssertEqual(
      try theme(
        #"{"id": "p", "type": "Position", "keyframes": [{"frame": 0, "value": [1, 2, 0], "valueOutTangent": [5, 0]}, {"frame": 9, "value": [3, 4]}]}"#
      ),
      #"{"p":{"p":{"a":1,"k":[{"t":0.0,"s":[1.0,2.0],"to":[5.0,0.0]},{"t":9.0,"s":[3.0,4.0]}]}}}"#)
    XCTAssertEqual(
      try theme(
        #"{"id": "g", "type": "Gradient", "value": [{"offset": 0, "color": [1, 0, 0, 1]}, {"offset": 1, "color": [0, 0, 1, 0.5]}]}"#
      ),
      #"{"g":{"p":{"p":2,"k":{"a":0,"k":[0.0,1.0,0.0,0.0,1.0,0.0,0.0,1.0,0.0,1.0,1.0,0.5]}}}}"#)
    XCTAssertEqual(
      try theme(#"{"id": "i", "type": "Image", "value": {"src": "i/night.png", "width": 8}}"#),
      #"{"i":{"p":{"u":"i/","p":"night.png","e":0,"w":8.0}}}"#)
    XCTAssertEqual(
      try theme(
        #"{"id": "t", "type": "Text", "value": {"text": "Hi \"you\"", "fontSize": 12, "justify": "Center", "fillColor": [1, 1, 1, 1]}}"#
      ),
      #"{"t":{"p":{"k":[{"t":0,"s":{"t":"Hi \"you\"","s":12.0,"fc":[1.0,1.0,1.0],"j":2}}]}}}"#)
  }

  func testARuleForOtherAnimationsIsLeftOut() throws {
    let rules =
      #"{"id": "a", "type": "Scalar", "value": 1, "animations": ["other"]}, {"id": "b", "type": "Scalar", "value": 2, "animations": ["main", "other"]}"#
    XCTAssertEqual(try theme(rules), #"{"b":{"p":{"a":0,"k":2.0}}}"#)
  }

  func testABadRuleIsAnErrorAtItsPointerInTheTheme() throws {
    for (rules, expected) in [
      (
        #"{"id": "a", "type": "Colour", "value": [1, 0, 0]}"#,
        "/rules/0/type: a theme rule of type 'Colour' (expected Color, Scalar, Vector, Position, Gradient, Image or Text)"
      ),
      (
        #"{"id": "a", "type": "Color", "value": [1, 0]}"#,
        "/rules/0/value: expected 3 numbers, found 2"
      ),
      (#"{"id": "a", "type": "Scalar"}"#, "/rules/0: missing 'value'"),
      (#"{"id": "a", "type": "Scalar", "keyframes": []}"#, "/rules/0/keyframes: no keyframes"),
      (
        #"{"id": "a", "type": "Text", "value": {"text": "x", "justify": "Middle"}}"#,
        "/rules/0/value/justify: expected one of Left, Right, Center, JustifyLastLeft, JustifyLastRight, JustifyLastCenter, JustifyLastFull, found 'Middle'"
      ),
      (
        #"{"id": "a", "type": "Scalar", "value": 1e999}"#,
        "/rules/0/value: the number is out of range"
      ),
    ] {
      XCTAssertThrowsError(try theme(rules), rules) { error in
        XCTAssertEqual((error as? ImportError)?.description, expected)
      }
    }
  }
}
