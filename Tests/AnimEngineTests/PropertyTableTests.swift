import AnimEngine
import Foundation
import XCTest

/// The property table lays out the scene's record and carries everything
/// the consumers read; a property added to it needs nothing else to be
/// stored, defaulted, compared and listed.
final class PropertyTableTests: XCTestCase {
  func testTheStandardRecordIsSpecFoursOrderThenTheCornerRadius() {
    let table = PropertyTable.standard
    XCTAssertEqual(
      table.properties.map(\.name),
      [
        "x", "y", "width", "height", "alpha", "rotation", "scaleX", "scaleY", "color",
        "cornerRadius", "anchorX", "anchorY", "stroke", "strokeWidth", "lineCap", "lineJoin",
        "trimStart", "trimEnd", "trimOffset", "sides", "points", "innerRadius", "d", "text",
        "font", "weight", "italic", "face", "size", "align", "tracking", "value", "digits",
        "grouping", "prefix", "suffix", "outline", "clip",
      ])
    // Strings (d, and a text's text, font, face, prefix, suffix) are objects beside the record.
    XCTAssertEqual(
      table.properties.map(\.slot),
      [
        0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 15, 19, 20, 21, 22, 23, 24, 25, 26, 27, 0, 1, 2,
        28, 29, 3, 30, 31, 32, 33, 34, 35, 4, 5, 36, 40,
      ])
    XCTAssertEqual(
      table.properties.map(\.lanes),
      [
        1, 1, 1, 1, 1, 1, 1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0, 1, 1,
        1, 1, 1, 1, 0, 0, 4, 1,
      ])
    XCTAssertEqual(table.recordWidth, 41)
    XCTAssertEqual(Property.recordWidth, 41)
    XCTAssertEqual(table.objectWidth, 6)
    // SPEC §4's defaults, then §16's: anchor 0.5, 0.5; stroke transparent;
    // strokeWidth 2; butt, miter; trim 0…1 at offset 0; 5 sides and points;
    // innerRadius 0.5; then §18's and §21.5's: weight 400, upright, size 32,
    // align center, tracking 0, value 0, digits 0, grouping true; the
    // outline the kind's own (morph id 0, progress 0); no clip (§17).
    XCTAssertEqual(
      ViewState().record,
      [
        0, 0, 100, 100, 1, 0, 1, 1, 1, 1, 1, 1, 0, 0.5, 0.5, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 5, 5,
        0.5, 400, 0, 32, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0,
      ])
  }

  func testAliasesNameTheirParts() {
    let table = PropertyTable.standard
    XCTAssertEqual(table.alias(named: "scale")?.parts, [.scaleX, .scaleY])
    XCTAssertEqual(table.alias(named: "scale")?.isSettable, true)
    XCTAssertEqual(table.alias(named: "center")?.parts, [.x, .y])
    XCTAssertEqual(table.alias(named: "center")?.isDocumented, false)
    XCTAssertEqual(table.alias(named: "size")?.parts, [.width, .height])
    XCTAssertNil(table.property(named: "scale"))
    XCTAssertEqual(
      table.settableNames(of: .view),
      [
        "x", "y", "width", "height", "alpha", "rotation", "scaleX", "scaleY", "color",
        "cornerRadius", "anchorX", "anchorY", "stroke", "strokeWidth", "lineCap", "lineJoin",
        "trimStart", "trimEnd", "trimOffset", "clip", "scale", "anchor",
      ])
  }

  func testATestOnlyEntryIsLaidOutDefaultedAndListed() {
    let extra = [
      PropertyDeclaration(
        "glow", .number, default: PropertyValue(0.5, 0, 0, 0), summary: "test only"),
      PropertyDeclaration("label", .string, summary: "test only", defaultObject: .string("hi")),
      PropertyDeclaration(
        "cap", .choice(["butt", "round"]), summary: "test only", access: [.readable, .settable],
        kinds: ["rect"]),
      PropertyDeclaration("tint", .color, default: PropertyValue(0, 0, 1, 1), summary: "test only"),
    ]
    let table = PropertyTable(
      PropertyTable.standard.declarations + extra,
      aliases: [
        PropertyAlias("shine", ["glow", "tint"], form: .shared, settable: true, summary: "")
      ]
    )
    let glow = table.property(named: "glow")!
    let label = table.property(named: "label")!
    let cap = table.property(named: "cap")!
    let tint = table.property(named: "tint")!
    XCTAssertEqual([glow.slot, cap.slot, tint.slot], [41, 42, 43])
    XCTAssertEqual([glow.lanes, cap.lanes, tint.lanes, label.lanes], [1, 1, 4, 0])
    XCTAssertEqual(label.slot, 6)
    XCTAssertEqual(table.recordWidth, 47)
    XCTAssertEqual(table.objectWidth, 7)
    XCTAssertEqual(table.alias(named: "shine")?.parts, [glow, tint])
    var state = ViewState(table: table)
    XCTAssertEqual(state.record.count, 47)
    XCTAssertEqual(state[glow], 0.5)
    XCTAssertEqual(state[value: tint], PropertyValue(0, 0, 1, 1))
    XCTAssertEqual(state[object: label], .string("hi"))
    state[object: label] = .string("bye")
    XCTAssertEqual(state[object: label], .string("bye"))
    // Kinds: `cap` belongs to rects only; the animatable list leaves it out.
    XCTAssertEqual(table.settableNames(of: .view).contains("cap"), false)
    XCTAssertEqual(table.settableNames(of: ViewKind.named("rect")!).contains("cap"), true)
    XCTAssertFalse(table.animatableNames.contains("cap"))
    XCTAssertTrue(table.animatableNames.contains("glow"))
    XCTAssertEqual(table.summary(of: "glow"), "test only")
  }

  func testDrawClampsAreTheSpecsClamps() {
    XCTAssertEqual(Property.alpha.declaration.drawClamp.apply(1.5, width: 0, height: 0), 1)
    XCTAssertEqual(Property.alpha.declaration.drawClamp.apply(-0.2, width: 0, height: 0), 0)
    XCTAssertEqual(
      Property.cornerRadius.declaration.drawClamp.apply(80, width: -40, height: 100), 20)
    XCTAssertEqual(Property.cornerRadius.declaration.drawClamp.apply(-3, width: 40, height: 100), 0)
    XCTAssertEqual(Property.x.declaration.drawClamp.apply(-3e9, width: 0, height: 0), -3e9)
  }

  func testViewsRememberTheirKind() {
    let scene = Scene()
    let rect = ViewKind.named("rect")!
    let a = scene.declare("a")
    let b = scene.declare("b", kind: rect)
    XCTAssertEqual(scene.kind(of: a), .view)
    XCTAssertEqual(scene.kind(of: b), rect)
    XCTAssertEqual(rect.outline, .rectangle)
    // Every property but the other kinds' own (sides, points, innerRadius,
    // d, and the thirteen of a text).
    XCTAssertEqual(rect.properties().count, Property.allCases.count - 17)
    // A text has every property but cornerRadius, sides, points, innerRadius,
    // d and outline (clip included).
    XCTAssertEqual(ViewKind.text.properties().count, Property.allCases.count - 6)
  }

  /// The recipe's promise: a property's name is written in the table and in
  /// at most one more source file. Names that are also other words (a
  /// point's `x`, the stage's `width`, a colour's `alpha`, the `color`
  /// builtin) are left out.
  func testAPropertyNameIsQuotedInAtMostTwoSourceFiles() throws {
    let sources = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources")
    let otherWords: Set = [
      "x", "y", "width", "height", "alpha", "color", "scale", "size", "position",
      // SVG's and Lottie's own keys and attributes, and the path builtin's label.
      "stroke", "d", "points",
      // The text kind's name and LSP's JSON keys (`"text"`, `"value"`).
      "text", "value",
    ]
    let names =
      PropertyTable.standard.declarations.map(\.name) + PropertyTable.standard.aliases.map(\.name)
    var texts: [(String, String)] = []
    let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let url as URL in walker where url.pathExtension == "swift" {
      texts.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
    }
    XCTAssertGreaterThan(texts.count, 100)
    for name in names where !otherWords.contains(name) {
      let files = texts.filter { $0.1.contains("\"\(name)\"") }.map(\.0)
      XCTAssertLessThanOrEqual(files.count, 2, "\"\(name)\" is quoted in \(files)")
    }
  }
}
