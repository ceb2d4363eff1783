import AnimEngine
import XCTest

@testable import AnimLanguage

/// Every property of the table is declared, set, read, printed and
/// animated by scripts through the table alone: the loops below cover a
/// property the moment it is added, with no test to write by hand.
final class ViewPropertyTableTests: XCTestCase {
  private func run(_ text: String) -> [String] {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { lines.append($0) })
    XCTAssertEqual(result.outcome, .completed, "\(text)\n\(lines)")
    return lines
  }

  /// The settings a kind cannot be declared without (a shape's path data,
  /// an image's file).
  private func required(_ kind: ViewKind) -> String {
    if kind == .image { return "src: \"\(TestImages.path("quad.png"))\", " }
    return kind.outline == .path ? "d: \"M0 0 L1 1\", " : ""
  }

  /// A value of the property's type that is not its default, as a script
  /// writes it, and as `print` shows it.
  private func sample(_ p: Property) -> (script: String, printed: String)? {
    // A polygon's sides and a star's points are whole numbers ≥ 3.
    if p == .sides || p == .points { return ("7", "7") }
    // A text's font must exist, its digits be whole (SPEC §18).
    if p == .font { return ("\"DejaVu Sans Mono\"", "\"DejaVu Sans Mono\"") }
    if p == .digits { return ("2", "2") }
    // A text's weight is 100…900 (SPEC §21.5).
    if p == .weight { return ("700", "700") }
    if p == .grouping { return ("false", "false") }
    switch p.declaration.type {
    case .number:
      let v = p.declaration.defaultValue[0] == 0.25 ? 0.5 : 0.25
      return ("\(v)", NumberText.format(v))
    case .color, .paint: return ("\"#123456\"", "#123456")
    case .choice(let cases): return (cases.last!, cases.last!)
    case .boolean: return ("true", "true")
    case .string: return ("\"abc\"", "\"abc\"")
    case .outline: return nil
    case .dash: return ("[4, 2]", "[4, 2]")
    }
  }

  func testEverySettablePropertyIsDeclaredReadAndPrinted() {
    for kind in ViewKind.allCases {
      for p in kind.properties() where p.declaration.access.contains(.settable) {
        // A text's box is its layout: its width and height are not set.
        if kind == .text && (p == .width || p == .height) { continue }
        guard let (script, printed) = sample(p) else { continue }
        let lines = run(
          "\(kind.name) v(\(required(kind))\(p.name): \(script))\nprint v.\(p.name)\nprint v\n")
        let read = printed.hasPrefix("\"") ? String(printed.dropFirst().dropLast()) : printed
        XCTAssertEqual(lines.first, read, p.name)
        // One corner apart from the others prints as the four (SPEC §21.3).
        var field = " \(p.name)=\(printed)"
        if let corner = CornerRadii.names.firstIndex(of: p.name) {
          let four = (0..<4).map { $0 == corner ? printed : "0" }
          field = " cornerRadius=(\(four.joined(separator: ", ")))"
        }
        XCTAssertTrue(lines.last?.contains(field) ?? false, "\(lines)")
      }
    }
  }

  func testEveryAnimatableNumberTweensAndSprings() {
    for p in Property.allCases
    where p.declaration.access.contains(.animatable) && p.declaration.type == .number {
      let kind = ViewKind.allCases.first { $0.has(p) }!
      let lines = run(
        "\(kind.name) v(\(required(kind)))\nrun tween(\(p.name): 0.75, 1) on v\nstep 1\nprint v.\(p.name)\n"
          + "run spring(\(p.name): 0.5) on v\nsettle\nprint v.\(p.name)\n")
      XCTAssertEqual(lines, ["0.75", "0.5"], p.name)
    }
  }

  func testPrintListsDefaultsOnlyForSpecFoursProperties() {
    // A plain view's: a text also always prints its text and size.
    let always = Property.allCases.filter {
      $0.declaration.printing == .always && ViewKind.view.has($0)
    }.map(\.name)
    let line = run("view v\nprint v\n")[0]
    XCTAssertEqual(
      line.dropFirst(3).split(separator: " ").map { String($0.split(separator: "=")[0]) }, always)
  }

  func testAliasesReadTheirParts() {
    XCTAssertEqual(
      run("view v(x: 3, y: 4, width: 5, height: 6, scale: 2)\nprint v.scale, v.center, v.size\n"),
      ["2 (3, 4) (5, 6)"])
  }
}
