import XCTest

@testable import AnimEngine

/// SVG 1.1 path data (SPEC §16.1 `shape(d:)`): every command, absolute and
/// relative, number syntax, arcs, and errors with the offset of the first bad
/// character.
final class OutlinePathDataTests: XCTestCase {
  private func parse(_ text: String) throws -> Outline {
    try PathDataParser.parse(text)
  }

  private func failure(_ text: String) -> PathDataError? {
    do {
      _ = try PathDataParser.parse(text)
      return nil
    } catch {
      return error
    }
  }

  func testLinesAbsoluteAndRelative() throws {
    let s = onlySubpath(try parse("M10 20 L30 40 l10 -10 H0 h5 V100 v-50"))
    XCTAssertFalse(s.isClosed)
    XCTAssertEqual(s.start, OutlinePoint(10, 20))
    XCTAssertEqual(
      ends(s),
      [
        OutlinePoint(30, 40), OutlinePoint(40, 30), OutlinePoint(0, 30), OutlinePoint(5, 30),
        OutlinePoint(5, 100), OutlinePoint(5, 50),
      ])
    XCTAssertEqual(
      s.segments[0], CubicSegment.line(from: OutlinePoint(10, 20), to: OutlinePoint(30, 40)))
  }

  func testImplicitLinetosAfterAMoveto() throws {
    let s = onlySubpath(try parse("M0 0 10 0 10 10z"))
    XCTAssertTrue(s.isClosed)
    XCTAssertEqual(ends(s), [OutlinePoint(10, 0), OutlinePoint(10, 10), OutlinePoint(0, 0)])
    // After a relative moveto, the extra pairs are relative linetos.
    let r = onlySubpath(try parse("m5 5 10 0 0 10"))
    XCTAssertEqual(r.start, OutlinePoint(5, 5))
    XCTAssertEqual(ends(r), [OutlinePoint(15, 5), OutlinePoint(15, 15)])
    // Repeated arguments repeat the command.
    let l = onlySubpath(try parse("M0 0 l1 0 0 1 h2 3 v4 5"))
    XCTAssertEqual(
      ends(l),
      [
        OutlinePoint(1, 0), OutlinePoint(1, 1), OutlinePoint(3, 1), OutlinePoint(6, 1),
        OutlinePoint(6, 5), OutlinePoint(6, 10),
      ])
  }

  func testCubicsAndSmoothCubics() throws {
    let s = onlySubpath(try parse("M0 0 C10 0 20 10 20 20 S30 40 40 40 s10 0 10 10"))
    XCTAssertEqual(
      s.segments[0], CubicSegment(OutlinePoint(10, 0), OutlinePoint(20, 10), OutlinePoint(20, 20)))
    // S reflects the previous second control about the current point.
    XCTAssertEqual(
      s.segments[1], CubicSegment(OutlinePoint(20, 30), OutlinePoint(30, 40), OutlinePoint(40, 40)))
    XCTAssertEqual(
      s.segments[2], CubicSegment(OutlinePoint(50, 40), OutlinePoint(50, 40), OutlinePoint(50, 50)))
    // S after a line has its first control at the current point.
    let t = onlySubpath(try parse("M0 0 L10 0 S20 10 20 20"))
    XCTAssertEqual(t.segments[1].control1, OutlinePoint(10, 0))
    // Relative c: every point relative to the start of the segment.
    let c = onlySubpath(try parse("M5 5 c1 2 3 4 5 6"))
    XCTAssertEqual(
      c.segments[0], CubicSegment(OutlinePoint(6, 7), OutlinePoint(8, 9), OutlinePoint(10, 11)))
  }

  func testQuadraticsAreElevatedExactly() throws {
    let s = onlySubpath(try parse("M0 0 Q30 60 60 0 T120 0"))
    assertPoint(s.segments[0].control1, OutlinePoint(20, 40))
    assertPoint(s.segments[0].control2, OutlinePoint(40, 40))
    XCTAssertEqual(s.segments[0].end, OutlinePoint(60, 0))
    // T reflects the quadratic control (30, 60) about (60, 0): (90, −60).
    assertPoint(s.segments[1].control1, OutlinePoint(80, -40))
    assertPoint(s.segments[1].control2, OutlinePoint(100, -40))
    let r = onlySubpath(try parse("m0 0 q30 60 60 0 t60 0"))
    XCTAssertEqual(r, s)
    // T after a non-quadratic is a straight line (control at the current point).
    let line = onlySubpath(try parse("M0 0 T30 0"))
    assertPoint(line.segments[0].control1, OutlinePoint(0, 0))
    assertPoint(line.segments[0].control2, OutlinePoint(10, 0))
  }

  func testNumberSyntax() throws {
    let s = onlySubpath(try parse("M1.5.5L-.5-1e-3l+2E+1,3e1"))
    XCTAssertEqual(s.start, OutlinePoint(1.5, 0.5))
    XCTAssertEqual(ends(s), [OutlinePoint(-0.5, -0.001), OutlinePoint(19.5, 29.999)])
    let t = onlySubpath(try parse("  M 1. 2\t,\n3 4 "))
    XCTAssertEqual(t.start, OutlinePoint(1, 2))
    XCTAssertEqual(ends(t), [OutlinePoint(3, 4)])
  }

  /// Each number is the double its text rounds to, as `Double(String)` reads
  /// it: long mantissas, subnormals, the largest double, signed zeros.
  func testNumbersAreTheDoublesTheirTextsRoundTo() throws {
    let texts = [
      "0.1", "-0.3", "+.7E-2", "1e-320", "4.9406564584124654e-324", "1.7976931348623157e308",
      "-0", "123456789012345678901234567890", "0." + String(repeating: "0", count: 300) + "17",
      "2.2250738585072011e-308",
    ]
    for text in texts {
      let s = onlySubpath(try parse("M\(text) 1 L2 3"))
      XCTAssertEqual(s.start.x.bitPattern, Double(text)!.bitPattern, text)
    }
  }

  func testHalfCircleArcIsTwoQuarterCubics() throws {
    let s = onlySubpath(try parse("M0 0 A50 50 0 0 1 100 0"))
    XCTAssertEqual(s.segments.count, 2)
    // 4/3·tan(π/8), the handle of a 90° arc.
    let h = 4.0 / 3.0 * 0.41421356237309503
    // Sweep 1 runs clockwise on screen: over the top, through (50, −50).
    assertPoint(s.segments[0].end, OutlinePoint(50, -50), accuracy: 1e-9)
    assertPoint(s.segments[0].control1, OutlinePoint(0, -50 * h), accuracy: 1e-9)
    assertPoint(s.segments[0].control2, OutlinePoint(50 - 50 * h, -50), accuracy: 1e-9)
    XCTAssertEqual(s.segments[1].end, OutlinePoint(100, 0))
    // Sweep 0 runs below.
    let below = onlySubpath(try parse("M0 0 A50 50 0 0 0 100 0"))
    assertPoint(below.segments[0].end, OutlinePoint(50, 50), accuracy: 1e-9)
  }

  func testArcRadiiTooSmallAreScaledUp() throws {
    XCTAssertEqual(
      try parse("M0 0 A10 10 0 0 1 100 0").subpaths[0].segments.count, 2)
    let scaled = onlySubpath(try parse("M0 0 A10 10 0 0 1 100 0"))
    let exact = onlySubpath(try parse("M0 0 A50 50 0 0 1 100 0"))
    for (a, b) in zip(scaled.segments, exact.segments) {
      assertPoint(a.control1, b.control1, accuracy: 1e-9)
      assertPoint(a.control2, b.control2, accuracy: 1e-9)
      assertPoint(a.end, b.end, accuracy: 1e-9)
    }
  }

  func testLargeArcAndSweepFlagsChooseAmongFourArcs() throws {
    // From (0, 0) to (50, 50) with radius 50: centres (50, 0) or (0, 50).
    func arc(_ large: Int, _ sweep: Int) throws -> Subpath {
      onlySubpath(try parse("M0 0 A50 50 0 \(large) \(sweep) 50 50"))
    }
    func assertOnCircle(_ s: Subpath, _ centre: OutlinePoint, line: UInt = #line) {
      for p in ends(s) {
        let d = p - centre
        XCTAssertEqual((d * d).sum().squareRoot(), 50, accuracy: 1e-9, line: line)
      }
    }
    let largeSweep = try arc(1, 1)
    XCTAssertEqual(largeSweep.segments.count, 3)
    assertOnCircle(largeSweep, OutlinePoint(50, 0))
    assertPoint(largeSweep.segments[0].end, OutlinePoint(50, -50), accuracy: 1e-9)
    let largeCounter = try arc(1, 0)
    XCTAssertEqual(largeCounter.segments.count, 3)
    assertOnCircle(largeCounter, OutlinePoint(0, 50))
    let smallSweep = try arc(0, 1)
    XCTAssertEqual(smallSweep.segments.count, 1)
    assertOnCircle(smallSweep, OutlinePoint(0, 50))
    let smallCounter = try arc(0, 0)
    XCTAssertEqual(smallCounter.segments.count, 1)
    assertOnCircle(smallCounter, OutlinePoint(50, 0))
  }

  func testRotatedEllipticalArc() throws {
    // An ellipse 100 × 50 turned 90°: a half arc from (0, 0) to (0, 100)
    // bulges 50 to the side.
    let s = onlySubpath(try parse("M0 0 A50 25 90 0 1 0 100"))
    XCTAssertEqual(s.segments.count, 2)
    assertPoint(s.segments[0].end, OutlinePoint(25, 50), accuracy: 1e-9)
  }

  func testArcFlagsNeedNoSeparators() throws {
    let packed = try parse("M0 0a50 50 0 01100 0")
    let spaced = try parse("M0 0 a50,50 0 0,1 100,0")
    XCTAssertEqual(packed, spaced)
    XCTAssertEqual(ends(onlySubpath(packed)).last, OutlinePoint(100, 0))
  }

  func testDegenerateArcs() throws {
    // Zero radius: a straight line.
    let line = onlySubpath(try parse("M0 0 A0 10 0 0 1 30 0"))
    XCTAssertEqual(line.segments, [CubicSegment.line(from: .zero, to: OutlinePoint(30, 0))])
    // Same endpoints: nothing.
    let none = onlySubpath(try parse("M0 0 A10 10 0 0 1 0 0 L10 0"))
    XCTAssertEqual(ends(none), [OutlinePoint(10, 0)])
    // Negative radii are taken as their absolute values.
    XCTAssertEqual(try parse("M0 0 A-50 -50 0 0 1 100 0"), try parse("M0 0 A50 50 0 0 1 100 0"))
  }

  func testSeveralSubpathsAndClosing() throws {
    let o = try parse("M0 0L10 0M20 0L30 0")
    XCTAssertEqual(o.subpaths.count, 2)
    XCTAssertEqual(o.subpaths[1].start, OutlinePoint(20, 0))
    // A command after Z starts a new subpath at the closed one's start.
    let after = try parse("M10 10 L20 10 L20 20 Z L0 0")
    XCTAssertEqual(after.subpaths.count, 2)
    XCTAssertTrue(after.subpaths[0].isClosed)
    XCTAssertEqual(after.subpaths[0].segments.last?.end, OutlinePoint(10, 10))
    XCTAssertEqual(after.subpaths[1].start, OutlinePoint(10, 10))
    XCTAssertEqual(ends(after.subpaths[1]), [OutlinePoint(0, 0)])
    // A relative moveto after Z is relative to the closed subpath's start.
    let relative = try parse("M10 10 l10 0 l0 10 z m5 5 l1 0")
    XCTAssertEqual(relative.subpaths[1].start, OutlinePoint(15, 15))
    // Z when already at the start adds no segment; Z Z closes once.
    let square = onlySubpath(try parse("M0 0 H10 V10 H0 V0 Z Z"))
    XCTAssertEqual(square.segments.count, 4)
    // Lone movetos and zero-length segments leave no subpath.
    XCTAssertEqual(try parse("M5 5 L5 5 M0 0 L1 0 M7 7").subpaths.count, 1)
  }

  func testErrorsNameTheOffsetAndWhatWasExpected() {
    XCTAssertEqual(
      failure("")?.description,
      "bad path data at offset 0: expected a moveto command (M or m), the path data ended")
    XCTAssertEqual(
      failure("L10 10")?.description,
      "bad path data at offset 0: expected a moveto command (M or m), found 'L'")
    XCTAssertEqual(
      failure("M10")?.description,
      "bad path data at offset 3: expected a number, the path data ended")
    XCTAssertEqual(
      failure("M10 10 L20 x")?.description,
      "bad path data at offset 11: expected a number, found 'x'")
    XCTAssertEqual(
      failure("M1e 2")?.description,
      "bad path data at offset 3: expected the digits of an exponent, found a space")
    XCTAssertEqual(
      failure("M0 0 A1 1 0 2 1 5 5")?.description,
      "bad path data at offset 12: expected an arc flag (0 or 1), found '2'")
    XCTAssertEqual(
      failure("M0 0 L10 10,")?.description,
      "bad path data at offset 12: expected a number after ',', the path data ended")
    XCTAssertEqual(
      failure("M0 0 X")?.description,
      "bad path data at offset 5: expected a path command (M L H V C S Q T A Z, or m l h v c s q t a z), found 'X'"
    )
    XCTAssertEqual(failure("M,0 0")?.offset, 1)
    XCTAssertEqual(failure("M0 0 Z 5")?.offset, 7)
    XCTAssertEqual(failure("M0 0 L1 2 3")?.offset, 11)
    XCTAssertEqual(failure("M0 0 L1e999 0")?.expected, "a number within ±1.8e308")
    // Offsets count characters, not bytes.
    XCTAssertEqual(failure("M0 0 L1 é")?.offset, 8)
  }

  func testViewBoxStretchesOntoTheBox() throws {
    let box = try ViewBox(x: -12, y: 0, width: 24, height: 12)
    let s = onlySubpath(try parse("M-12 0 L12 12").fitted(box, width: 96, height: 24))
    XCTAssertEqual(s.start, OutlinePoint(0, 0))
    XCTAssertEqual(ends(s), [OutlinePoint(96, 24)])
    XCTAssertThrowsError(try ViewBox(x: 0, y: 0, width: 0, height: 10)) { error in
      XCTAssertEqual("\(error)", "a viewBox needs a width and height > 0, not 0 × 10")
    }
    XCTAssertThrowsError(try ViewBox(x: .nan, y: 0, width: 1, height: 1))
  }
}

/// Path data at the edges of the numbers.
final class OutlinePathDataRangeTests: XCTestCase {
  func testCoordinatesThatOverflowAreAnError() {
    do {
      _ = try PathDataParser.parse("M1e308 0 l1e308 0")
      XCTFail("accepted")
    } catch {
      XCTAssertEqual(
        error.description,
        "bad path data at offset 10: expected coordinates whose sum stays within ±1.8e308, found '1'"
      )
    }
    XCTAssertThrowsError(try PathDataParser.parse("M1e308 0 m1e308 0"))
    XCTAssertNoThrow(try PathDataParser.parse("M1e308 0 L0 0 m1e308 0"))
  }

  func testHugeArcRadiiDrawANearlyStraightArc() throws {
    let s = try PathDataParser.parse("M0 0 A1e200 1e200 0 0 1 100 0").subpaths[0]
    XCTAssertEqual(s.segments.count, 1)
    XCTAssertEqual(s.segments[0].end, OutlinePoint(100, 0))
    assertPoint(s.segments[0].control1, OutlinePoint(100.0 / 3, 0), accuracy: 1e-9)
    assertPoint(s.segments[0].control2, OutlinePoint(200.0 / 3, 0), accuracy: 1e-9)
    // Tiny arcs keep their shape.
    let tiny = try PathDataParser.parse("M0 0 A1e-200 1e-200 0 0 1 2e-200 0").subpaths[0]
    XCTAssertEqual(tiny.segments.count, 2)
    XCTAssertEqual(tiny.segments[0].end.y, -1e-200, accuracy: 1e-209)
  }
}
