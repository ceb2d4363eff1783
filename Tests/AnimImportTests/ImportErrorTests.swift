import XCTest

@testable import AnimImport

/// Files that are not Lottie documents anim can read: each an error naming
/// the value at fault by its JSON Pointer (SPEC §25), never a trap.
final class ImportErrorTests: XCTestCase {
  private func error(_ json: String) -> String {
    do {
      _ = try LottieImporter.importScript(Array(json.utf8), source: "t.json")
      return "imported"
    } catch {
      return error.description
    }
  }

  /// A document around `layers` (and `assets`).
  private func doc(_ layers: String, assets: String = "[]") -> String {
    #"{"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "assets": \#(assets), "layers": \#(layers)}"#
  }

  func testBadJSON() {
    XCTAssertEqual(error("{"), "invalid JSON at line 1, column 2: expected a member name in quotes")
    XCTAssertEqual(error("[]"), "expected an object, found an array")
  }

  func testMissingAndWrongTopLevelValues() {
    XCTAssertEqual(error(#"{"fr": 30, "op": 10, "w": 1, "h": 1}"#), "missing 'layers'")
    XCTAssertEqual(
      error(#"{"fr": "30", "op": 10, "w": 1, "h": 1, "layers": []}"#),
      "/fr: expected a number, found a string")
    XCTAssertEqual(
      error(#"{"fr": 0, "op": 10, "w": 1, "h": 1, "layers": []}"#),
      "/fr: the frame rate 0 is outside anim's (0, 1000000]")
    XCTAssertEqual(
      error(#"{"fr": 30, "ip": 5, "op": 5, "w": 1, "h": 1, "layers": []}"#),
      "/op: the last frame (op 5) must come after the first (ip 5)")
    XCTAssertEqual(
      error(#"{"fr": 30, "op": 10, "w": 0, "h": 1, "layers": []}"#),
      "the size 0 × 1 must be greater than 0")
    XCTAssertEqual(
      error(#"{"fr": 1e999, "op": 10, "w": 1, "h": 1, "layers": []}"#),
      "/fr: the number is out of range")
    XCTAssertEqual(
      error(#"{"fr": 30, "op": 10, "w": 1, "h": 1, "layers": {}}"#),
      "/layers: expected an array, found an object")
  }

  func testWrongTypesDeepInALayer() {
    XCTAssertEqual(
      error(doc(#"[{"ty": 4, "ks": {"p": {"a": 0, "k": "here"}}, "shapes": []}]"#)),
      "/layers/0/ks/p/k: expected a number or an array of numbers, found a string")
    XCTAssertEqual(
      error(doc(#"[{"ty": 4, "ks": {}, "shapes": [{"ty": "sh"}]}]"#)),
      "/layers/0/shapes/0: missing 'ks'")
    XCTAssertEqual(
      error(doc(#"[{"ty": 4, "ks": {"r": {"a": 1, "k": [{"t": 0}]}}}]"#)),
      "/layers/0/ks/r/k/0: missing 's' (the keyframe's value)")
    XCTAssertEqual(
      error(doc(##"[{"ty": 1, "sc": "#12"}]"##)),
      "/layers/0/sc: expected a colour \"#rrggbb\", found \"#12\"")
  }

  func testPrecompositionsThatContainThemselves() {
    let assets =
      #"[{"id": "a", "layers": [{"ty": 0, "refId": "b"}]}, {"id": "b", "layers": [{"ty": 0, "refId": "a"}]}]"#
    XCTAssertEqual(
      error(doc(#"[{"ty": 0, "refId": "a"}]"#, assets: assets)),
      "/assets/1/layers/0/refId: precomposition 'a' contains itself")
    XCTAssertEqual(
      error(doc(#"[{"ty": 0, "refId": "nope"}]"#)),
      "/layers/0/refId: no precomposition with id 'nope'")
  }

  func testPrecompositionsNestedTooDeep() {
    var assets: [String] = []
    for i in 0..<70 {
      assets.append(#"{"id": "c\#(i)", "layers": [{"ty": 0, "refId": "c\#(i + 1)"}]}"#)
    }
    assets.append(#"{"id": "c70", "layers": []}"#)
    XCTAssertEqual(
      error(doc(#"[{"ty": 0, "refId": "c0"}]"#, assets: "[" + assets.joined(separator: ",") + "]")),
      "/assets/63/layers/0/refId: precompositions nested deeper than 64")
  }

  func testAMillionLayersOnceExpanded() {
    // 1001 uses of a precomposition of 1000 layers: 1 002 001 layers.
    let nulls = Array(repeating: #"{"ty": 3}"#, count: 1000).joined(separator: ",")
    let uses = Array(repeating: #"{"ty": 0, "refId": "n"}"#, count: 1001).joined(separator: ",")
    XCTAssertEqual(
      error(doc("[" + uses + "]", assets: #"[{"id": "n", "layers": ["# + nulls + "]}]")),
      "more than 1000000 layers once precompositions are expanded (the limit of anim import)")
  }

  func testParentsThatFormACycle() {
    XCTAssertEqual(
      error(
        doc(
          #"[{"ty": 4, "ind": 1, "parent": 2, "shapes": []}, {"ty": 4, "ind": 2, "parent": 1, "shapes": []}]"#
        )),
      "/layers/0/parent: the layer's parents form a cycle")
  }

  /// A solid under a line of `count` null layers, the solid listed first.
  private func lineOfParents(_ count: Int) -> String {
    let nulls = (1...count).map { k in
      #"{"ty": 3, "ind": \#(k), "nm": "N\#(k)", "op": 30\#(k > 1 ? #", "parent": \#(k - 1)"# : "")}"#
    }
    let solid =
      ##"{"ty": 1, "ind": 0, "nm": "S", "op": 30, "parent": \##(count), "sc": "#ff0000", "sw": 10, "sh": 10}"##
    return doc("[" + ([solid] + nulls).joined(separator: ",") + "]")
  }

  func testParentsLinedUpDeeperThanAnimsTree() {
    // Each parent is a level of the script's tree, which anim bounds at
    // 256: a longer line is refused where it passes 256 (it imported into
    // a script that stopped at its 258th layer, and a line of 200 000 took
    // quadratic time and space: its comments named every ancestor).
    XCTAssertEqual(
      error(lineOfParents(300)),
      "/layers/258/parent: the layer is 257 parents deep; anim draws at most 256 "
        + "(each parent is a level of the script's tree of views)")
    XCTAssertEqual(
      error(lineOfParents(256)),
      "/layers/0: the layer's views would be 257 levels deep (its parents, precompositions, "
        + "groups, masks and mattes each add levels); anim's tree is at most 256")
    XCTAssertEqual(error(lineOfParents(255)), "imported")
  }

  func testALayersCommentNamesItsNearestSixteenParents() throws {
    let script = try LottieImporter.importScript(Array(lineOfParents(20).utf8), source: "t.json")
      .script
    let sixteen = (5...20).reversed().map { #""N\#($0)""# }.joined(separator: " < ")
    XCTAssertTrue(
      script.contains(#"# Layer "S" (/layers/0), under \#(sixteen) < … (4 more)"#), script)
    XCTAssertTrue(script.contains(#"# Layer "N3" (/layers/3), under "N2" < "N1""#), script)
  }

  func testOfManyFaultyPrecompositionsTheFirstInTheFileIsNamed() {
    // Twelve precompositions, each with an image layer whose asset is
    // missing (and each with a parent cycle): the error names the first in
    // the file, on every run, where a dictionary's order named any
    // (lottie-ios' issue_1169_four_shadows named another asset from run to
    // run).
    func precomps(_ layer: (Int) -> String) -> String {
      "["
        + (0..<12).map { #"{"id": "p\#($0)", "layers": [\#(layer($0))]}"# }.joined(separator: ", ")
        + "]"
    }
    let images = precomps { #"{"ty": 2, "refId": "missing\#($0)"}"# }
    XCTAssertEqual(
      error(doc("[]", assets: images)),
      "/assets/0/layers/0/refId: no image asset with id 'missing0'")
    let cycles = precomps { _ in
      #"{"ty": 3, "ind": 1, "parent": 2}, {"ty": 3, "ind": 2, "parent": 1}"#
    }
    XCTAssertEqual(
      error(doc("[]", assets: cycles)),
      "/assets/0/layers/0/parent: the layer's parents form a cycle")
  }

  func testTooLarge() {
    let bytes = [UInt8](repeating: 0x20, count: LottieImporter.maximumFileSize + 1)
    XCTAssertThrowsError(try LottieImporter.importScript(bytes, source: "big.json")) { error in
      XCTAssertEqual(
        "\(error)", "the file is larger than the limit of 100 MB (100000001 bytes)")
    }
  }
}
