import XCTest

@testable import AnimImport

private typealias H = ImportHarness

/// A track matte of several levels (docs/spec.md §25.1,
/// SceneBuilder+MatteLevels): the matted layer drawn once for each region
/// its fills make, at the level there.
final class ImportMatteLevelsTests: XCTestCase {
  /// A group of one shape filled with `rgb` at `opacity` %, the group at
  /// `groupOpacity` %.
  private static func fill(
    _ shape: String, _ rgb: String, opacity: Double = 100, groupOpacity: Double = 100
  ) -> String {
    let color = H.fixed("[" + rgb + ", 1]")
    let fill = #"{"ty": "fl", "c": \#(color), "o": \#(H.fixed(String(opacity)))}"#
    let transform = #"{"ty": "tr", "o": \#(H.fixed(String(groupOpacity)))}"#
    return #"{"ty": "gr", "it": [\#(shape), \#(fill), \#(transform)]}"#
  }

  private static let rect =
    #"{"ty": "rc", "p": {"a": 0, "k": [70, 50]}, "s": {"a": 0, "k": [100, 70]}}"#
  private static let circle =
    #"{"ty": "el", "p": {"a": 0, "k": [120, 50]}, "s": {"a": 0, "k": [80, 80]}}"#
  private static let square =
    #"{"ty": "rc", "p": {"a": 0, "k": [150, 40]}, "s": {"a": 0, "k": [40, 40]}}"#

  /// The matte (fills listed topmost first, as Lottie lists them) over a
  /// blue body with track matte mode `mode`, imported: the levels of its
  /// copies (the `alpha` of each `_matte_alpha` view) and the notes.
  private func matteLevels(_ fills: [String], mode: Int) throws -> (
    levels: [Double], notes: [String]
  ) {
    let result = try H.importing(
      H.document([
        H.shapeLayer("M", shapes: fills, extra: #", "td": 1"#),
        H.shapeLayer("B", extra: #", "tt": \#(mode)"#),
      ]))
    let levels = result.script.split(separator: "\n").filter { $0.contains("_matte_alpha") }
      .compactMap { line -> Double? in
        guard let range = line.range(of: "alpha: ") else { return nil }
        return Double(line[range.upperBound...].prefix { $0 != ")" && $0 != "," })
      }
    _ = H.run(result.script, then: "step 1")
    return (levels, result.notes.map(\.message))
  }

  func testAnAlphaMatteOfTwoOpacitiesIsThreeRegions() throws {
    // The circle (70 %) over the rectangle (40 %): each alone, then both,
    // 1 − 0.6 · 0.3.
    let (levels, notes) = try matteLevels(
      [
        Self.fill(Self.circle, "1, 1, 1", opacity: 70),
        Self.fill(Self.rect, "1, 1, 1", opacity: 40),
      ],
      mode: 1)
    XCTAssertEqual(notes, [])
    XCTAssertEqual(levels.count, 3)
    XCTAssertEqual(levels[0], 0.4)
    XCTAssertEqual(levels[1], 0.7)
    XCTAssertEqual(levels[2], 0.82, accuracy: 1e-12)
  }

  func testALumaMatteOfOpaqueFillsShowsTheTopmostLuminance() throws {
    // Red under green under blue, opaque: seven regions, each at the
    // luminance of the fill on top there (Rec. 709).
    let (levels, notes) = try matteLevels(
      [
        Self.fill(Self.square, "0, 0, 1"), Self.fill(Self.circle, "0, 1, 0"),
        Self.fill(Self.rect, "1, 0, 0"),
      ], mode: 3)
    XCTAssertEqual(notes, [])
    // Bitmask order: {red}, {green}, {red, green}, {blue}, then blue on top.
    XCTAssertEqual(levels, [0.2126, 0.7152, 0.7152, 0.0722, 0.0722, 0.0722, 0.0722])
  }

  func testAGroupsOpacityFadesAOneFillLumaMatte() throws {
    // One green fill in a group at 75 %: 0.7152 · 0.75, as ThorVG draws
    // it (the luminance of the premultiplied colour).
    let (levels, notes) = try matteLevels(
      [Self.fill(Self.circle, "0, 1, 0", groupOpacity: 75)], mode: 3)
    XCTAssertEqual(notes, [])
    XCTAssertEqual(levels.count, 1)
    XCTAssertEqual(levels[0], 0.7152 * 0.75, accuracy: 1e-12)
  }

  func testABlackFillsRegionsAreLeftOut() throws {
    // A black square over a white rectangle: the square's regions are at
    // 0 and drawn by no copy; the rectangle shows outside it.
    let (levels, notes) = try matteLevels(
      [Self.fill(Self.square, "0, 0, 0"), Self.fill(Self.rect, "1, 1, 1")], mode: 3)
    XCTAssertEqual(notes, [])
    XCTAssertEqual(levels, [])
    let result = try H.importing(
      H.document([
        H.shapeLayer(
          "M", shapes: [Self.fill(Self.square, "0, 0, 0"), Self.fill(Self.rect, "1, 1, 1")],
          extra: #", "td": 1"#),
        H.shapeLayer("B", extra: #", "tt": 3"#),
      ]))
    // One copy: inside the rectangle, outside the square, at 1.
    XCTAssertEqual(result.script.components(separatedBy: "clip: true").count - 1, 2)
  }

  func testMoreThanFourFillsOrAnInvertedMatteStayOneLevel() throws {
    let five = (0..<5).map { k in
      Self.fill(
        #"{"ty": "rc", "p": {"a": 0, "k": [\#(20 + 30 * k), 50]}, "s": {"a": 0, "k": [20, 20]}}"#,
        "1, 1, 1", opacity: Double(20 + 10 * k))
    }
    let (levels, notes) = try matteLevels(five, mode: 1)
    XCTAssertEqual(levels, [0.6])
    XCTAssertEqual(notes, ["matte fills of different opacities drawn as the first's"])
    let inverted = try matteLevels(
      [
        Self.fill(Self.circle, "1, 1, 1", opacity: 70),
        Self.fill(Self.rect, "1, 1, 1", opacity: 40),
      ],
      mode: 2)
    XCTAssertEqual(inverted.notes.count, 2)
    XCTAssertEqual(inverted.levels, [])
  }

  func testALargePrecompositionUnderIsCopiedOnlyWithinTheBudget() throws {
    // Three regions (40 %, 70 % and both) of a precomposition of `count`
    // layers: 3 · (count + 1) layers copied in all, at most 10 000.
    func imported(layers count: Int) throws -> LottieImporter.Result {
      let inner = (0..<count).map { _ in H.shapeLayer("D") }
      let asset = #"{"id": "p", "layers": [\#(inner.joined(separator: ","))]}"#
      let precomp =
        #"{"ty": 0, "nm": "B", "refId": "p", "w": 200, "h": 100, "ks": {}, "ip": 0, "op": 60, "st": 0, "tt": 1}"#
      let matte = H.shapeLayer(
        "M",
        shapes: [
          Self.fill(Self.circle, "1, 1, 1", opacity: 70),
          Self.fill(Self.rect, "1, 1, 1", opacity: 40),
        ], extra: #", "td": 1"#)
      return try H.importing(H.document([matte, precomp], assets: [asset]))
    }
    let small = try imported(layers: 3332)
    XCTAssertEqual(small.notes.map(\.message), [])
    XCTAssertEqual(small.script.components(separatedBy: "layer B_matte_alpha").count - 1, 3)
    let large = try imported(layers: 3333)
    XCTAssertEqual(
      large.notes.map(\.message), ["matte fills of different opacities drawn as the first's"])
    XCTAssertEqual(large.script.components(separatedBy: "layer B_matte_alpha").count - 1, 1)
  }
}
