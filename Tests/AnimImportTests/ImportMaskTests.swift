import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// Masks combined in order (SPEC §25.1): ``MaskLogic``'s clauses and the
/// clips the importer makes of them.
final class ImportMaskTests: XCTestCase {
  private static let modes = ["a", "s", "i", "l", "d", "f"]

  /// Whether a point inside the masks `inside` is left by `chain` as After
  /// Effects combines it: each mask in turn with what the masks above it
  /// leave, starting from nothing for one that adds and from everything
  /// for one that takes away.
  private static func afterEffects(_ chain: [(String, Bool)], _ inside: [Bool]) -> Bool {
    var region = ["s", "i", "d"].contains(chain[0].0)
    for (k, (mode, inverted)) in chain.enumerated() {
      let m = inverted ? !inside[k] : inside[k]
      switch mode {
      case "a", "l": region = region || m
      case "s": region = region && !m
      case "i", "d": region = region && m
      default: region = region != m
      }
    }
    return region
  }

  private static func logic(_ chain: [(String, Bool)]) -> MaskLogic? {
    var region: MaskLogic?
    for (k, (mode, inverted)) in chain.enumerated() {
      guard let operation = MaskLogic.operation(mode) else { return nil }
      let literal = MaskLogic.Literal(mask: k, positive: !inverted)
      guard let next = (region ?? MaskLogic.start(for: operation)).combine(operation, literal)
      else { return nil }
      region = next
    }
    return region
  }

  func testClausesLeaveWhatAfterEffectsLeavesForEveryChainOfUpToFourMasks() {
    var chains: [[(String, Bool)]] = [[]]
    var checked = 0
    for _ in 1...4 {
      chains = chains.flatMap { chain in
        Self.modes.flatMap { mode in [chain + [(mode, false)], chain + [(mode, true)]] }
      }
      for chain in chains {
        guard let region = Self.logic(chain) else {
          XCTFail("\(chain) combined past the bound")
          continue
        }
        for bits in 0..<(1 << chain.count) {
          let inside = (0..<chain.count).map { bits & (1 << $0) != 0 }
          let kept = region.clauses.allSatisfy { clause in
            clause.contains { inside[$0.mask] == $0.positive }
          }
          XCTAssertEqual(kept, Self.afterEffects(chain, inside), "\(chain) at \(inside)")
          checked += 1
        }
      }
    }
    // 12 + 12² × 4 + 12³ × 8 + 12⁴ × 16 cases.
    XCTAssertEqual(checked, 12 * 2 + 144 * 4 + 1728 * 8 + 20736 * 16)
  }

  func testAnInvertedMattesOutsideLeavesWhatItsOutlineAndMasksDoNotCover() {
    // For every chain of up to three masks and every point: the complement
    // joined with the outline's outside (literal 3) keeps a point exactly
    // where the outline and the masks do not both cover it.
    var chains: [[(String, Bool)]] = [[]]
    var checked = 0
    let outline = MaskLogic.Literal(mask: 3, positive: false)
    for _ in 1...3 {
      chains = chains.flatMap { chain in
        Self.modes.flatMap { mode in [chain + [(mode, false)], chain + [(mode, true)]] }
      }
      for chain in chains {
        guard let outside = Self.logic(chain)?.complement(or: outline) else {
          XCTFail("\(chain) combined past the bound")
          continue
        }
        for bits in 0..<(1 << (chain.count + 1)) {
          var inside = (0..<4).map { bits & (1 << $0) != 0 }
          if chain.count < 3 { inside[3] = bits & (1 << chain.count) != 0 }
          let kept = outside.clauses.allSatisfy { clause in
            clause.contains { inside[$0.mask] == $0.positive }
          }
          XCTAssertEqual(kept, !(inside[3] && Self.afterEffects(chain, inside)), "\(chain)")
          checked += 1
        }
      }
    }
    XCTAssertEqual(checked, 12 * 4 + 144 * 8 + 1728 * 16)
    // Everything's complement is the outline's outside; nothing's, all.
    XCTAssertEqual(MaskLogic.everything.complement(or: outline)?.clauses, [[outline]])
    XCTAssertEqual(MaskLogic.nothing.complement(or: outline), .everything)
  }

  func testSimpleChainsKeepFewClauses() {
    let a = MaskLogic.Literal(mask: 0, positive: true)
    // add, subtract, add: (m0 ∪ m2) ∩ (¬m1 ∪ m2).
    let region = Self.logic([("a", false), ("s", false), ("a", false)])
    XCTAssertEqual(
      region?.clauses,
      [
        [a, MaskLogic.Literal(mask: 2, positive: true)],
        [MaskLogic.Literal(mask: 1, positive: false), MaskLogic.Literal(mask: 2, positive: true)],
      ])
    // A first subtraction starts from everything; a mask added to its own
    // outside leaves everything.
    XCTAssertEqual(
      Self.logic([("s", false)])?.clauses, [[MaskLogic.Literal(mask: 0, positive: false)]])
    XCTAssertEqual(Self.logic([("a", false), ("a", true)])?.clauses.count, 1)
    XCTAssertEqual(MaskLogic.everything.combine(.add, a), .everything)
    XCTAssertEqual(MaskLogic.nothing.combine(.add, a)?.clauses, [[a]])
  }

  func testDifferencesOfManyMasksStopAtTheBound() {
    // Five differences make 16 clauses; the sixth would make 32.
    XCTAssertEqual(Self.logic(Array(repeating: ("f", false), count: 5))?.clauses.count, 16)
    XCTAssertNil(Self.logic(Array(repeating: ("f", false), count: 6)))
  }

  private static func square(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> String {
    #"{"a": 0, "k": {"c": true, "v": [[\#(x0), \#(y0)], [\#(x1), \#(y0)], [\#(x1), \#(y1)], [\#(x0), \#(y1)]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}}"#
  }

  private func masked(_ masks: [(String, Bool, String)]) throws -> LottieImporter.Result {
    let list = masks.map { mode, inverted, path in
      #"{"mode": "\#(mode)", "inv": \#(inverted), "pt": \#(path)}"#
    }
    let layer = H.shapeLayer(
      "L", extra: #", "masksProperties": [\#(list.joined(separator: ", "))]"#)
    return try H.importing(H.document([layer]))
  }

  func testASubtractionThenAnAdditionIsOneClipOfBothWithTheOutside() throws {
    // lottie-android's Masks: ¬m0 ∪ m1 is one clause, one clip: a rectangle
    // beyond the stage running counter-clockwise, m0 clockwise inside it
    // (winding 0 there) and m1 counter-clockwise (−2 where it covers m0).
    let result = try masked([
      ("s", false, Self.square(0, 0, 10, 10)), ("a", false, Self.square(5, 0, 20, 10)),
    ])
    XCTAssertEqual(result.notes, [])
    XCTAssertEqual(result.script.components(separatedBy: "clip: true").count - 1, 1, result.script)
    XCTAssertTrue(
      result.script.contains(
        "C-1000000 -1000000 0 0 0 0 C0 0 10 0 10 0 C10 0 10 10 10 10 C10 10 0 10 0 10 C0 10 0 0 0 0 "
          + "C0 0 5 0 5 0 C5 0 5 10 5 10 C5 10 20 10 20 10 C20 10 20 0 20 0 C20 0 5 0 5 0"),
      result.script)
    XCTAssertTrue(result.script.contains("rect L_Dot(parent: L_mask,"), result.script)
  }

  func testADifferenceAfterAnAdditionIsTwoClips() throws {
    // (m0 ∪ m1) ∩ (¬m0 ∪ ¬m1): the union, then the outside of the overlap
    // (two rectangles beyond the stage, both masks clockwise).
    let result = try masked([
      ("a", false, Self.square(0, 0, 10, 10)), ("f", false, Self.square(5, 0, 20, 10)),
    ])
    XCTAssertEqual(result.notes, [])
    XCTAssertTrue(result.script.contains("shape L_mask(parent: L, d: \"M0 0 "), result.script)
    XCTAssertTrue(
      result.script.contains("shape L_mask_2(parent: L_mask, d: \"M-1000000 -1000000 "),
      result.script)
    let second = result.script.split(separator: "\n").first { $0.hasPrefix("shape L_mask_2") }
    XCTAssertEqual(
      second?.components(separatedBy: "C-1000000 1000000 1000000 1000000 1000000 1000000").count,
      3)
    XCTAssertTrue(result.script.contains("rect L_Dot(parent: L_mask_2,"), result.script)
  }

  func testAnInvertedMaskAddedAndOpacityAreNoted() throws {
    let layer = H.shapeLayer(
      "L",
      extra: #", "masksProperties": [{"mode": "s", "pt": \#(Self.square(0, 0, 10, 10))}, "#
        + #"{"mode": "a", "inv": true, "o": {"a": 0, "k": 50}, "pt": \#(Self.square(5, 0, 20, 10))}]"#
    )
    let result = try H.importing(H.document([layer]))
    XCTAssertEqual(
      result.notes.map(\.description),
      ["/layers/0/masksProperties/1/o: mask opacity drawn as 100 % (a clip is all or nothing)"])
  }

  func testDifferencesPastTheBoundKeepTheFirstMaskAndAreNoted() throws {
    // navidad's teeth: seven differences would be 64 clips; the first is
    // drawn and the others noted, as before masks were combined.
    let result = try masked(
      (0..<7).map { k in ("f", false, Self.square(k * 10, 0, k * 10 + 5, 10)) })
    XCTAssertEqual(result.notes.count, 6)
    XCTAssertEqual(
      result.notes.first?.description,
      "/layers/0/masksProperties/1: mask mode 'f' after other masks not imported (they combine into more than 16 clips)"
    )
    XCTAssertEqual(result.script.components(separatedBy: "clip: true").count - 1, 1)
  }

  func testAChainOfMasksRunsAndHostileValuesStayBounded() throws {
    // 2 000 masks added after a subtraction: one clause of 2 001 paths is
    // past the literal bound (1 024), so they are drawn as before, noted.
    let many =
      [("s", false, Self.square(0, 0, 10, 10))]
      + (0..<2000).map { k in ("a", false, Self.square(k, 0, k + 1, 1)) }
    let result = try masked(many)
    XCTAssertEqual(result.notes.count, 1001)  // 1 000 listed, one counting the rest
    // Extreme coordinates import and the script runs.
    let huge = try masked([
      ("s", false, Self.square(-1, -1, 1, 1).replacingOccurrences(of: "[1, ", with: "[1e308, ")),
      ("a", true, Self.square(0, 0, 10, 10)),
    ])
    _ = H.run(huge.script, then: "")
  }

  func testNotesStopAtAThousandAndSayHowManyMoreThereWere() throws {
    // 1 500 differences: 1 499 noted; each note's pointer is a walk past
    // the masks before it, so past 1 000 they are counted, not listed
    // (100 000 such masks took a minute before).
    let result = try masked(
      (0..<1500).map { k in ("f", false, Self.square(k, 0, k + 1, 1)) })
    XCTAssertEqual(result.notes.count, 1001)
    XCTAssertEqual(
      result.notes.last?.description, "499 more notes not listed (the first 1000 are)")
    XCTAssertEqual(
      result.notes[999].description,
      "/layers/0/masksProperties/1000: mask mode 'f' after other masks not imported (they combine into more than 16 clips)"
    )
  }
}
