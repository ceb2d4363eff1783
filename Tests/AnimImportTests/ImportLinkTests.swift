import XCTest

@testable import AnimImport

/// Link expressions (`x`, docs/spec.md §25.1): a property pick-whipped in
/// After Effects to another layer's (`$bm_rt = thisComp.layer('Src')
/// .transform.position;`) takes that property's keyframes, as ThorVG draws
/// it (tests/checkers/test_import_links.py compares the pixels). Src moves
/// along x from 10 at frame 0 to 110 at frame 10, straight, at 10 frames a
/// second; Dst's own position is fixed at (150, 80).
final class ImportLinkTests: XCTestCase {
  typealias H = ImportHarness

  private let linear = #", "o": {"x": 0, "y": 0}, "i": {"x": 1, "y": 1}"#

  private var source: String {
    H.shapeLayer(
      "Src",
      ks: #"{"p": {"a": 1, "k": [{"t": 0, "s": [10, 50]\#(linear)}, {"t": 10, "s": [110, 50]}]}}"#)
  }

  /// Dst, whose position carries `expression`, above Src.
  private func linked(_ expression: String, extra layers: [String] = []) throws
    -> LottieImporter.Result
  {
    let dst = H.shapeLayer(
      "Dst", ks: #"{"p": {"a": 0, "k": [150, 80], "x": "\#(expression)"}}"#)
    return try H.importing(H.document([dst] + layers + [source], fr: 10, op: 20))
  }

  /// Dst's position at each time, through the script run by the engine.
  private func positions(_ result: LottieImporter.Result, at times: [Double]) -> [[Double]] {
    H.run(
      result.script,
      then: times.map { "step to \($0)\nprint Dst.x\nprint Dst.y" }
        .joined(separator: "\n")
    )
    .map { Double($0)! }.chunked2()
  }

  func testALinkedPositionMovesAsTheLayerItNames() throws {
    let result = try linked(#"var $bm_rt;\n$bm_rt = thisComp.layer('Src').transform.position;"#)
    XCTAssertEqual(result.notes, [])
    let got = positions(result, at: [0, 0.25, 0.5, 1, 1.5])
    XCTAssertEqual(got, [[10, 50], [35, 50], [60, 50], [110, 50], [110, 50]])
  }

  func testSpacesQuotesAndTheDeclarationAreOptional() throws {
    let plain = try linked(#"var $bm_rt;\n$bm_rt = thisComp.layer('Src').transform.position;"#)
    for expression in [
      #"$bm_rt = thisComp.layer('Src').transform.position"#,
      #"$bm_rt=thisComp.layer(\"Src\").transform.position;"#,
      #"var $bm_rt ;  $bm_rt = thisComp . layer( 'Src' ) . transform . position ;"#,
    ] {
      let result = try linked(expression)
      XCTAssertEqual(result.notes, [], expression)
      XCTAssertEqual(result.script, plain.script, expression)
    }
  }

  func testOtherExpressionsAndLinksThorVGLeavesAreNotedAndKeepTheirOwnValue() throws {
    let note = ImportNote(
      "/layers/0/ks/p", "expression not evaluated (its keyframes or value are used)")
    for expression in [
      // Not a link anim follows: no such layer, ThorVG leaves the property,
      // read at another time, more after it, not the result.
      #"$bm_rt = thisComp.layer('Nowhere').transform.position;"#,
      #"$bm_rt = thisComp.layer('Src').transform.rotation;"#,
      #"$bm_rt = thisComp.layer('Src').position;"#,
      #"$bm_rt = thisComp.layer('Src').transform.position.valueAtTime(0);"#,
      #"$bm_rt = thisComp.layer('Src').transform.position + [1, 0];"#,
      #"$bm_rt = thisComp.layer(1).transform.position;"#,
      #"thisComp.layer('Src').transform.position"#,
      #"$bm_rt = thisComp.layer('Src').transform.position; $bm_rt = 3;"#,
      #"$bm_rt = thisComp.layer('Src').content('Dot').transform.position;"#,
      #"$bm_rt = thisComp.layer('Src').transform.position.transform;"#,
      #"$bm_rt = thisComp.layer('Src).transform.position;"#,
      // A link to itself.
      #"$bm_rt = thisComp.layer('Dst').transform.position;"#,
    ] {
      let result = try linked(expression)
      XCTAssertEqual(result.notes, [note], expression)
      XCTAssertEqual(positions(result, at: [0.5]), [[150, 80]], expression)
    }
  }

  func testAChainOfLinksTakesItsEndAndACycleIsNoted() throws {
    // Dst → Mid → Src: Dst moves as Src, as After Effects evaluates it.
    let mid = H.shapeLayer(
      "Mid",
      ks:
        #"{"p": {"a": 0, "k": [0, 0], "x": "$bm_rt = thisComp.layer('Src').transform.position;"}}"#)
    let chain = try linked(#"$bm_rt = thisComp.layer('Mid').transform.position;"#, extra: [mid])
    XCTAssertEqual(chain.notes, [])
    XCTAssertEqual(positions(chain, at: [0.5]), [[60, 50]])
    // Dst → Loop → Dst: neither is followed.
    let loop = H.shapeLayer(
      "Loop",
      ks:
        #"{"p": {"a": 0, "k": [0, 0], "x": "$bm_rt = thisComp.layer('Dst').transform.position;"}}"#)
    let cycle = try linked(#"$bm_rt = thisComp.layer('Loop').transform.position;"#, extra: [loop])
    XCTAssertEqual(
      Set(cycle.notes.map(\.pointer)), ["/layers/0/ks/p", "/layers/1/ks/p"])
    XCTAssertEqual(positions(cycle, at: [0.5]), [[150, 80]])
  }

  func testALongChainIsFollowedUpToItsBound() throws {
    // L0 → L1 → … → L99 → Src: from L92 on, Src is within eight links.
    let count = 100
    let layers = (0..<count).map { i in
      let next = i + 1 < count ? "L\(i + 1)" : "Src"
      let link = "$bm_rt = thisComp.layer('\(next)').transform.position;"
      return H.shapeLayer("L\(i)", ks: #"{"p": {"a": 0, "k": [1, 2], "x": "\#(link)"}}"#)
    }
    let result = try H.importing(H.document(layers + [source], fr: 10, op: 20))
    let depth = PropertyLink.maximumDepth
    XCTAssertEqual(
      Set(result.notes.map(\.pointer)), Set((0..<(count - depth)).map { "/layers/\($0)/ks/p" }))
    let printed = H.run(
      result.script,
      then: "step to 0.5\nprint L\(count - depth - 1).x\nprint L\(count - depth).x\nprint L0.x")
    XCTAssertEqual(printed, ["1", "60", "1"])
  }

  func testAValueOfAnotherKindIsNotedAndKeepsItsOwn() throws {
    // Src's opacity, one number, for a position of two.
    let result = try linked(#"$bm_rt = thisComp.layer('Src').transform.opacity;"#)
    XCTAssertEqual(result.notes.map(\.pointer), ["/layers/0/ks/p"])
    XCTAssertEqual(positions(result, at: [0.5]), [[150, 80]])
  }

  func testATrimsEndLinkedInsideAGroup() throws {
    func trim(_ end: String) -> String {
      #"""
      {"ty": "gr", "nm": "G", "it": [
        {"ty": "el", "nm": "E", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]}},
        {"ty": "st", "c": {"a": 0, "k": [0, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 4}},
        {"ty": "tm", "nm": "Trim", "s": {"a": 0, "k": 0}, "e": \#(end), "o": {"a": 0, "k": 0}, "m": 1},
        {"ty": "tr", "p": {"a": 0, "k": [0, 0]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [100, 100]},
         "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}]}
      """#
    }
    let moving = #"{"a": 1, "k": [{"t": 0, "s": [0]\#(linear)}, {"t": 10, "s": [100]}]}"#
    let link =
      #"{"a": 0, "k": 30, "x": "$bm_rt = thisComp.layer('Src').content('G').content('Trim').end;"}"#
    let document = H.document(
      [H.shapeLayer("Dst", shapes: [trim(link)]), H.shapeLayer("Src", shapes: [trim(moving)])],
      fr: 10, op: 20)
    let result = try H.importing(document)
    XCTAssertEqual(result.notes, [])
    // Dst's trim ends where Src's does: 0 → 1 over the first second.
    let times = [0, 0.3, 0.5, 1, 1.5]
    let printed = H.run(
      result.script,
      then: times.map { "step to \($0)\nprint Dst_E.trimEnd\nprint Src_E.trimEnd" }
        .joined(separator: "\n"))
    XCTAssertEqual(printed.map { Double($0)! }.chunked2(), times.map { [min($0, 1), min($0, 1)] })
  }

  func testParsing() throws {
    let link = try XCTUnwrap(
      PropertyLink(
        expression:
          "var $bm_rt;\n$bm_rt = thisComp.layer('Ball 2').content('Group 1').transform.scale;"))
    XCTAssertEqual(link.layer, "Ball 2")
    XCTAssertEqual(link.contents, ["Group 1"])
    XCTAssertEqual(link.property, "scale")
    XCTAssertTrue(link.transform)
    let path = try XCTUnwrap(
      PropertyLink(expression: "$bm_rt = thisComp.layer('A').content('G').content('P').path;"))
    XCTAssertEqual(path.contents, ["G", "P"])
    XCTAssertEqual(path.property, "path")
    XCTAssertFalse(path.transform)
    // A shape item's property needs its item; a transform's, `.transform`.
    XCTAssertNil(PropertyLink(expression: "$bm_rt = thisComp.layer('A').path;"))
    XCTAssertNil(PropertyLink(expression: "$bm_rt = thisComp.layer('A').transform.path;"))
    XCTAssertNil(PropertyLink(expression: "$bm_rt = thisComp.layer('A').content('R').size;"))
    XCTAssertNil(PropertyLink(expression: "$bm_rt = thisComp.layer('A\\'s').transform.scale;"))
    XCTAssertNil(PropertyLink(expression: ""))
  }
}

extension Array where Element == Double {
  /// Pairs of consecutive elements.
  fileprivate func chunked2() -> [[Double]] {
    stride(from: 0, to: count - 1, by: 2).map { [self[$0], self[$0 + 1]] }
  }
}
