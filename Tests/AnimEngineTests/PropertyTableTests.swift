import AnimEngine
import Foundation
import XCTest

/// The property table lays out the scene's record and carries everything
/// the consumers read. These tests check the table's rules, not a copy of
/// it: a property added by its recipe passes them without an edit here, and
/// a probe property and kind in a test-only table are picked up by every
/// consumer that derives from the table.
final class PropertyTableTests: XCTestCase {
  let table = PropertyTable.standard

  func testNamesAreDistinctAndNoAliasShadowsAProperty() {
    let names = table.declarations.map(\.name)
    XCTAssertEqual(Set(names).count, names.count)
    for alias in table.aliases {
      // `size` is both: a text's font size and every other view's alias.
      if let own = table.property(named: alias.name) {
        XCTAssertNotNil(table.declarations[own.index].kinds, alias.name)
      }
      XCTAssertFalse(alias.parts.isEmpty, alias.name)
    }
  }

  func testSlotsAreConsecutiveByLanesAndObjectsApart() {
    var slot = 0
    var object = 0
    for p in table.properties {
      let d = table.declarations[p.index]
      XCTAssertEqual(p.lanes, d.type.lanes, d.name)
      if p.lanes > 0 {
        XCTAssertEqual(p.slot, slot, d.name)
        slot += p.lanes
      } else {
        XCTAssertEqual(p.slot, object, d.name)
        object += 1
      }
    }
    XCTAssertEqual(table.recordWidth, slot)
    XCTAssertEqual(table.objectWidth, object)
    XCTAssertEqual(Property.recordWidth, table.recordWidth)
  }

  /// SPEC §4's properties come first and are always printed.
  func testSpecFoursPropertiesLeadThePrintOrder() {
    let four = ["x", "y", "width", "height", "alpha", "rotation", "scaleX", "scaleY", "color"]
    XCTAssertEqual(Array(table.declarations.prefix(four.count).map(\.name)), four)
    for d in table.declarations.prefix(four.count) { XCTAssertEqual(d.printing, .always) }
  }

  /// Every default is a value the property accepts and draws as itself.
  func testDefaultsAreAcceptedValues() {
    for p in table.properties where p.lanes > 0 {
      let d = table.declarations[p.index]
      for lane in 0..<p.lanes {
        let v = d.defaultValue[lane]
        XCTAssertTrue(v.isFinite, d.name)
        switch d.accepted {
        case .finite: break
        case .nonNegative: XCTAssertGreaterThanOrEqual(v, 0, d.name)
        case .positive: XCTAssertGreaterThan(v, 0, d.name)
        case .unit: XCTAssertTrue((0...1).contains(v), d.name)
        case .within(let range): XCTAssertTrue(range.contains(v), d.name)
        }
        if case .choice(let cases) = d.type {
          XCTAssertTrue(cases.indices.contains(Int(v)), d.name)
        }
      }
    }
  }

  /// Roles that the renderers look at hold the record's numbers; text and
  /// strings are laid out, compositing is read by the composition stage.
  func testEveryRoleIsReadBySomeConsumer() {
    for role in PropertyRole.allCases {
      XCTAssertTrue(table.declarations.contains { $0.role == role }, "\(role) has no property")
    }
    for d in table.declarations where d.appliesWhen == .stroked {
      XCTAssertEqual(d.role, .paint, d.name)
    }
    // A shadow's offset and blur show only under a visible shadow colour.
    for d in table.declarations where d.appliesWhen == .shadowed {
      XCTAssertEqual(d.role, .compositing, d.name)
    }
    // Compositing properties are the group's, never inherited by letters
    // (their text's group holds them); each one is read by `Composition`.
    for p in table.properties where p.declaration.role == .compositing {
      XCTAssertEqual(p.declaration.letters, .own, p.name)
      var state = ViewState()
      var base = ViewState()
      if p.declaration.appliesWhen == .shadowed {
        base[color: .shadowColor] = Color(r: 0, g: 0, b: 0, a: 0.5)
        state = base
      }
      state[value: p] = Self.probeValue(of: p)
      XCTAssertNotEqual(Composition(state), Composition(base), "Composition ignores \(p.name)")
      XCTAssertTrue(
        Composition.isEverNeeded(values: { $0 == p ? [state[value: p]] : [base[value: $0]] }),
        p.name)
    }
  }

  /// A letter follows what is laid out with it: its box, the trim share,
  /// its paint and font; never its text's transform (its parent's, which
  /// reaches it through the tree).
  func testLettersFollowTheirBoxPaintAndFontButNotTheTransform() {
    let followed = Set(LetterBook.followed(in: table).map(\.name))
    for name in [
      "x", "y", "width", "height", "color", "stroke", "strokeWidth", "size", "weight", "italic",
    ] {
      XCTAssertTrue(followed.contains(name), name)
    }
    for name in ["rotation", "scaleX", "scaleY", "alpha", "anchorX", "opacity", "clip"] {
      XCTAssertFalse(followed.contains(name), name)
    }
    XCTAssertEqual(LetterBook.followedObjects(in: table).map(\.name), ["font"])
  }

  /// Every kind's outline reads properties the kind has; kinds are found
  /// by name, and the constants name the kinds they say.
  func testKindsReadTheirOwnPropertiesAndAreNamed() {
    for kind in ViewKind.allCases {
      for p in kind.outlineInputs() {
        XCTAssertTrue(kind.has(p), "\(kind) reads \(p), which it does not have")
      }
      XCTAssertEqual(ViewKind.named(kind.name), kind)
    }
    XCTAssertEqual(ViewKind.text.name, "text")
    XCTAssertEqual(ViewKind.view.name, "view")
    XCTAssertEqual(
      ViewKind.named("star")!.outlineInputs().map(\.name),
      ["width", "height", "points", "innerRadius", "outline"])
    XCTAssertEqual(ViewKind.named("layer")!.outlineInputs(), [])
  }

  /// A probe property of each drawn role and a probe kind, in a test-only
  /// table: the fast paths' predicate, the letters, the sampled outline
  /// inputs and completion pick them up from their declarations alone.
  func testAProbePropertyAndKindArePickedUpByEveryConsumer() {
    let probes = [
      PropertyDeclaration(
        "glow", .number, role: .paint, summary: "test only", letters: .follows),
      PropertyDeclaration(
        "bend", .number, role: .geometry, summary: "test only", kinds: ["rect", "probe"]),
      PropertyDeclaration(
        "haze", .number, role: .compositing, summary: "test only"),
      PropertyDeclaration(
        "label", .string, role: .text, summary: "test only", defaultObject: .string("hi"),
        letters: .follows),
    ]
    let probeTable = PropertyTable(table.declarations + probes)
    let glow = probeTable.property(named: "glow")!
    let bend = probeTable.property(named: "bend")!
    let haze = probeTable.property(named: "haze")!
    // Laid out after the standard record.
    XCTAssertEqual(glow.slot, table.recordWidth)
    XCTAssertEqual(probeTable.recordWidth, table.recordWidth + 3)
    // A fast path that does not draw a paint or geometry property is left by
    // a view that uses it; a compositing one is the composition stage's.
    let plain = PlainViews(
      drawing: [.x, .y, .width, .height, .rotation, .scaleX, .scaleY, .alpha, .color],
      table: probeTable)
    let rect = ViewKind.named("rect")!
    var state = ViewState(table: probeTable)
    XCTAssertTrue(plain.admits(rect, state))
    state[glow] = 1
    XCTAssertFalse(plain.admits(rect, state), "a probe paint property left in the fast path")
    state[glow] = 0
    state[bend] = 1
    XCTAssertFalse(plain.admits(rect, state), "a probe geometry property left in the fast path")
    state[bend] = 0
    state[haze] = 1
    XCTAssertTrue(plain.admits(rect, state), "compositing is the stage's, not the fast path's")
    // Letters follow what says so.
    XCTAssertTrue(LetterBook.followed(in: probeTable).contains(glow))
    func names(_ list: [Property]) -> [String] {
      list.map { probeTable.declarations[$0.index].name }
    }
    XCTAssertEqual(names(LetterBook.followedObjects(in: probeTable)), ["font", "label"])
    // A probe kind's outline inputs are what it declares it reads.
    let kind = ViewKindDeclaration(
      "probe", outline: .rectangle, reads: ["width", "height", "bend"], summary: "test only")
    XCTAssertEqual(names(kind.outlineInputs(in: probeTable)), ["width", "height", "bend"])
    // Completion lists the probes it may set on each kind.
    XCTAssertTrue(probeTable.settableNames(of: rect).contains("bend"))
    XCTAssertFalse(probeTable.settableNames(of: .view).contains("bend"))
    XCTAssertTrue(probeTable.settableNames(of: .view).contains("glow"))
    XCTAssertTrue(probeTable.animatableNames.contains("haze"))
  }

  func testAliasesNameTheirParts() {
    XCTAssertEqual(table.alias(named: "scale")?.parts, [.scaleX, .scaleY])
    XCTAssertEqual(table.alias(named: "scale")?.isSettable, true)
    XCTAssertEqual(table.alias(named: "center")?.parts, [.x, .y])
    XCTAssertEqual(table.alias(named: "center")?.isDocumented, false)
    XCTAssertEqual(table.alias(named: "size")?.parts, [.width, .height])
    XCTAssertNil(table.property(named: "scale"))
  }

  func testATestOnlyEntryIsLaidOutDefaultedAndListed() {
    let extra = [
      PropertyDeclaration(
        "glow", .number, default: PropertyValue(0.5, 0, 0, 0), role: .paint, summary: "test only"),
      PropertyDeclaration(
        "label", .string, role: .text, summary: "test only", defaultObject: .string("hi")),
      PropertyDeclaration(
        "cap", .choice(["butt", "round"]), role: .paint, summary: "test only",
        access: [.readable, .settable], kinds: ["rect"]),
      PropertyDeclaration(
        "tint", .color, default: PropertyValue(0, 0, 1, 1), role: .paint, summary: "test only"),
    ]
    let table = PropertyTable(
      PropertyTable.standard.declarations + extra,
      aliases: [
        PropertyAlias("shine", ["glow", "tint"], form: .shared, settable: true, summary: "")
      ]
    )
    let width = PropertyTable.standard.recordWidth
    let glow = table.property(named: "glow")!
    let label = table.property(named: "label")!
    let cap = table.property(named: "cap")!
    let tint = table.property(named: "tint")!
    XCTAssertEqual([glow.slot, cap.slot, tint.slot], [width, width + 1, width + 2])
    XCTAssertEqual([glow.lanes, cap.lanes, tint.lanes, label.lanes], [1, 1, 4, 0])
    XCTAssertEqual(label.slot, PropertyTable.standard.objectWidth)
    XCTAssertEqual(table.recordWidth, width + 6)
    XCTAssertEqual(table.alias(named: "shine")?.parts, [glow, tint])
    var state = ViewState(table: table)
    XCTAssertEqual(state.record.count, width + 6)
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
    XCTAssertEqual(Property.opacity.declaration.drawClamp.apply(-0.2, width: 0, height: 0), 0)
    XCTAssertEqual(
      Property.cornerTopLeft.declaration.drawClamp.apply(80, width: -40, height: 100), 20)
    XCTAssertEqual(
      Property.cornerBottomLeft.declaration.drawClamp.apply(-3, width: 40, height: 100), 0)
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
    // A kind has every property that names no kinds, and those that name it.
    for kind in ViewKind.allCases {
      let expected = table.properties.filter {
        table.declarations[$0.index].kinds?.contains(kind.name) ?? true
      }
      XCTAssertEqual(kind.properties(), expected, kind.name)
    }
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
      "stroke", "d", "points", "opacity",
      // The text kind's name and LSP's JSON keys (`"text"`, `"value"`).
      "text", "value",
      // The live preview's message key (`{"shown": N}`, the version a page shows).
      "shown",
    ]
    let names =
      PropertyTable.standard.declarations.map(\.name) + PropertyTable.standard.aliases.map(\.name)
    var texts: [(String, String)] = []
    let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    // The importer writes scripts: it names properties as the language
    // spells them, which is its output, not a second table.
    for case let url as URL in walker
    where url.pathExtension == "swift" && !url.path.contains("/AnimImport/") {
      texts.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
    }
    XCTAssertGreaterThan(texts.count, 100)
    for name in names where !otherWords.contains(name) {
      let files = texts.filter { $0.1.contains("\"\(name)\"") }.map(\.0)
      // The table, the kinds that read it (ViewKind), and one more.
      XCTAssertLessThanOrEqual(files.count, 3, "\"\(name)\" is quoted in \(files)")
    }
  }

  /// A value of `p` other than its default that it accepts and draws.
  static func probeValue(of p: Property) -> PropertyValue {
    let d = p.declaration
    var v = d.defaultValue
    switch d.accepted {
    case .unit: v[0] = d.defaultValue[0] > 0.5 ? 0.25 : 0.75
    default: v[0] = d.defaultValue[0] + 1.5
    }
    if p.lanes == 4 {
      v = PropertyValue(0.2, 0.4, 0.6, 1) == v ? .zero : PropertyValue(0.2, 0.4, 0.6, 1)
    }
    return v
  }
}
