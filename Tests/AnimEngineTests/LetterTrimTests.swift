import XCTest

@testable import AnimEngine

/// A text's trim shared among its letters (SPEC §18): each letter's own
/// trim is the text's piece cut to the letter's share of the length.
final class LetterTrimTests: XCTestCase {
  private func part(_ s: Double, _ e: Double, _ o: Double, _ from: Double, _ to: Double)
    -> LetterTrim.Part
  {
    LetterTrim(start: s, end: e, offset: o).part(from: from, to: to)
  }

  func testSharesAreLengthsLaidEndToEnd() {
    let square = Outline.rectangle(width: 1, height: 1, cornerRadius: 0)  // length 4
    let wide = Outline.rectangle(width: 3, height: 1, cornerRadius: 0)  // length 8
    let shares = LetterTrim.shares(of: [square, .empty, wide])
    XCTAssertEqual(shares.map(\.from), [0, 4.0 / 12, 4.0 / 12])
    XCTAssertEqual(shares.map(\.to), [4.0 / 12, 4.0 / 12, 1])
    XCTAssertTrue(LetterTrim.shares(of: [.empty, .empty]).allSatisfy { $0 == (0, 0) })
  }

  func testTheWholeTrimLeavesEveryLetterWhole() {
    XCTAssertEqual(part(0, 1, 0.3, 0.2, 0.5), .init(start: 0, end: 1, offset: 0))
  }

  func testAPieceCutToALetter() {
    // Text piece 0.3…0.6; the letter holds 0.2…0.4: its upper half, 0.5…1.
    let p = part(0.3, 0.6, 0, 0.2, 0.4)
    XCTAssertEqual(p.start, 0.5, accuracy: 1e-12)
    XCTAssertEqual(p.end, 1, accuracy: 1e-12)
    XCTAssertEqual(p.offset, 0)
    // Start after end is the same piece (SPEC §16.3).
    XCTAssertEqual(part(0.6, 0.3, 0, 0.2, 0.4), p)
    // A letter outside the piece strokes nothing; so does an empty piece.
    XCTAssertEqual(part(0.3, 0.6, 0, 0.7, 0.9), .init(start: 0, end: 0, offset: 0))
    XCTAssertEqual(part(0.5, 0.5, 0, 0, 1), .init(start: 0, end: 0, offset: 0))
  }

  func testAnOffsetPieceWrapsPastTheEnd() {
    // Piece 0.8…1.1 → 0.8…1 and 0…0.1: the first letter (0…0.2) gets its
    // first half, the last (0.6…1) its last half.
    let first = part(0, 0.3, 0.8, 0, 0.2)
    XCTAssertEqual(first.start, 0, accuracy: 1e-12)
    XCTAssertEqual(first.end, 0.5, accuracy: 1e-12)
    let last = part(0, 0.3, 0.8, 0.6, 1)
    XCTAssertEqual(last.start, 0.5, accuracy: 1e-12)
    XCTAssertEqual(last.end, 1, accuracy: 1e-12)
  }

  func testTwoPiecesOnOneLetterWrapThroughItsOffset() {
    // One letter holds everything; the piece 0.9…1.2 is its 0.9…1 and 0…0.2:
    // one piece from 0.9 of length 0.3 wrapping past the letter's end.
    let p = part(0.1, 0.4, 0.8, 0, 1)
    XCTAssertEqual(p.start, 0)
    XCTAssertEqual(p.end, 0.3, accuracy: 1e-12)
    XCTAssertEqual(p.offset, 0.9, accuracy: 1e-12)
    let outline = Outline.rectangle(width: 2, height: 1, cornerRadius: 0)
    XCTAssertEqual(
      outline.trimmed(start: p.start, end: p.end, offset: p.offset),
      outline.trimmed(start: 0.1, end: 0.4, offset: 0.8))
  }
}
