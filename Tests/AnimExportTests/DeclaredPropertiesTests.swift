import AnimEngine
import AnimExport
import AnimLanguage
import AnimRender
import AnimStage
import XCTest

/// Nothing declared is silently lost: every property of the table whose role
/// is drawn (transform, geometry, paint, compositing) and that a script may
/// set changes every output it draws into — the canvas's pixels, SVG, Lottie
/// and the HTML player — when it is set to a value other than its default.
/// A property added to the table whose drawing one writer lacks fails here,
/// naming the property and the writer. The probe values are derived from
/// each declaration (its default, range and clamp), never listed.
final class DeclaredPropertiesTests: XCTestCase {
  /// The kinds a probe view may be, in the order tried: the first that has
  /// the property.
  private let kinds = ["rect", "star", "polygon", "ellipse", "image", "shape"]

  /// A view drawn with a visible fill and stroke (trimmed, so the trim's
  /// properties show), its properties as given.
  private func script(_ kind: String, _ settings: [String: String]) -> String {
    var all = [
      "x": "100", "y": "100", "width": "80", "height": "60", "color": "\"#3366cc\"",
      "stroke": "\"#ffcc00\"", "strokeWidth": "6", "trimEnd": "0.8",
    ]
    if kind == "image" {
      // An image has no fill colour; its picture (8 × 4) is not the box's shape.
      all["color"] = nil
      all["src"] = "\"\(TestImages.path("quad.png"))\""
    }
    if kind == "shape" {
      // A pentagram: its middle is inside twice, so the fill rule shows.
      all["d"] = "\"M50 2 L79 92 L2 36 L98 36 L21 92 Z\""
      all["viewBox"] = "(0, 0, 100, 100)"
    }
    for (name, value) in settings { all[name] = value }
    let list = all.keys.sorted().map { "\($0): \(all[$0]!)" }.joined(separator: ", ")
    return "stage(width: 200, height: 200, background: black)\n\(kind) v(\(list))\n"
  }

  /// A value of `p` other than its default and other than the probe
  /// view's own, written as a script writes it; nil for a type no probe
  /// covers.
  private func probe(_ p: Property) -> String? {
    let d = p.declaration
    switch d.type {
    case .color, .paint:
      return p == .stroke ? "\"#00ccff\"" : "\"#cc3366\""
    case .choice(let cases):
      return cases[(Int(d.defaultValue[0]) + 1) % cases.count]
    case .number:
      let v = d.defaultValue[0]
      if case .range(let lo, let hi) = d.drawClamp, hi.isFinite {
        let mid = (lo + hi) / 2
        return NumberText.exact(abs(mid - v) > (hi - lo) / 10 ? mid : lo + (hi - lo) / 4)
      }
      if d.accepted == .unit { return v == 0.5 ? "0.25" : "0.5" }
      if p == .strokeWidth { return "10" }
      // A fraction where the default is 0 (a trim offset of a whole turn
      // draws the same); a whole number past any other (a polygon's sides).
      return NumberText.exact(v == 0 ? 0.3 : (v * 1.5).rounded(.up))
    case .dash:
      return "[9, 5]"
    case .boolean, .string, .outline:
      return nil
    }
  }

  /// The four outputs of `text`'s frame at 0.
  private func outputs(_ text: String) throws -> [String: [UInt8]] {
    let runner = FrameRunner(source: SourceFile(path: "t.anim", text: text), selection: .end)
    let (result, found) = runner.survey { _ in }
    XCTAssertTrue(result.errors.isEmpty, "\(result.errors.map(\.0.message)) in \(text)")
    let plan = try XCTUnwrap(found)
    let layout = try plan.layout(sizing: .scale(1), background: nil)
    let canvas = try CairoCanvas(layout: layout)
    var png: [UInt8] = []
    var svg = ""
    try runner.play(plan) { frame in
      canvas.draw(frame.scene)
      canvas.rgba(into: &png)
      svg = SVGDocument.text(frame.scene, layout: layout)
    }
    let recording = try RecordingHarness(script: text, fps: 10, end: 0).record()
    let stage = ExportStage(
      originX: 0, originY: 0, pixelWidth: 200, pixelHeight: 200, background: nil)
    let lottie = LottieWriter.text(recording, stage: stage)
    let html = HTMLPlayerWriter.page(recording, stage: stage)
    return [
      "the canvas": png, "SVG": Array(svg.utf8), "Lottie": Array(lottie.utf8),
      "the HTML player": Array(html.utf8),
    ]
  }

  func testEveryDrawnPropertyChangesEveryOutput() throws {
    let drawn: [PropertyRole] = [.transform, .geometry, .paint, .compositing]
    var covered = 0
    for p in PropertyTable.standard.properties where p.lanes > 0 {
      let d = p.declaration
      guard drawn.contains(d.role), d.access.contains(.settable), let value = probe(p),
        let kind = kinds.first(where: { ViewKind.named($0)!.has(p) })
      else { continue }
      // A shadow's offset and blur show only under a visible shadow (one
      // that shows on the probe's black stage).
      var shadow: [String: String] =
        d.appliesWhen == .shadowed ? ["shadowColor": "\"#ff00ff80\""] : [:]
      // A dash offset shows only on a dashed stroke (SPEC §21.3).
      if p == .dashOffset { shadow["dash"] = "[9, 5]" }
      let base = try outputs(script(kind, shadow))
      let changed = try outputs(script(kind, shadow.merging([p.name: value]) { $1 }))
      for (writer, bytes) in base {
        XCTAssertTrue(
          bytes != changed[writer],
          "\(writer) draws a \(kind) with \(p.name): \(value) as without it")
      }
      covered += 1
    }
    // Not vacuous: the table's drawn, settable numbers, colours and choices.
    XCTAssertGreaterThanOrEqual(covered, 20)
  }

  /// A paint property (`color`, `stroke`) holding a gradient (SPEC §21.1)
  /// draws otherwise than holding a colour, in every output.
  func testEveryPaintDrawsAGradientInEveryOutput() throws {
    var covered = 0
    for p in PropertyTable.standard.properties where p.declaration.type == .paint {
      let gradient = "linear((0, 0), (1, 1), [(0, \"#ff0000\"), (1, \"#0000ff80\")])"
      let base = try outputs(script("rect", [:]))
      let changed = try outputs(script("rect", [p.name: gradient]))
      for (writer, bytes) in base {
        XCTAssertTrue(
          bytes != changed[writer],
          "\(writer) draws a rect with \(p.name): \(gradient) as without it")
      }
      covered += 1
    }
    XCTAssertEqual(covered, 2)
  }
}
