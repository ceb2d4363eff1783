import XCTest

@testable import AnimLanguage

/// A text's font, weight and italic as the script writes them (SPEC §21.5):
/// what the text alone shows to be wrong is refused before anything runs
/// (exit 65), with the hint the run would give.
final class FontCheckTests: XCTestCase {
  private func rejected(_ text: String) -> [Diagnostic] {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(path: "t.anim", text: text), output: { lines.append($0) })
    XCTAssertEqual(result.outcome, .rejected, text)
    XCTAssertEqual(lines, [], text)
    return result.errors.map(\.0)
  }

  func testAnUnknownFamilyNamesTheThreeNearestAtTheFontArgument() {
    let errors = rejected("print 1\ntext t(\"Hi\", size: 20, font: \"DejaVu Sanz\")\n")
    XCTAssertEqual(errors.map(\.message), ["font 'DejaVu Sanz' not found"])
    XCTAssertEqual(
      errors.first?.hint,
      "closest families: DejaVu Sans, DejaVu Serif, DejaVu Sans Mono (all of them: fc-list : family)"
    )
    XCTAssertEqual(errors.first?.kind, .name)
    XCTAssertEqual(errors.first?.range.line, 2)
    XCTAssertEqual(errors.first?.range.column, 24)
  }

  func testAFacesNameGivenAsAFamilySaysHowToChooseThatFace() {
    XCTAssertEqual(
      rejected("text t(\"Hi\", font: \"DejaVu Sans Bold Oblique\")\n").first?.hint,
      "'DejaVu Sans Bold Oblique' is a face: choose it with font: \"DejaVu Sans\", weight: bold, italic: true"
    )
    XCTAssertEqual(
      rejected("text t(\"Hi\", font: \"dejavu serif extralight\")\n").first?.hint,
      "'dejavu serif extralight' is a face: choose it with font: \"DejaVu Serif\", weight: 200")
    // A family that is not known under any style word: the nearest.
    XCTAssertEqual(
      rejected("text t(\"Hi\", font: \"Nowhere Bold\")\n").first?.hint?.hasPrefix(
        "closest families: "), true)
  }

  func testAnAssignedFamilyIsCheckedToo() {
    let errors = rejected("text t(\"Hi\")\nt.font = \"Helvetica Nue\"\n")
    XCTAssertEqual(errors.map(\.message), ["font 'Helvetica Nue' not found"])
    XCTAssertEqual(errors.first?.range.line, 2)
  }

  func testWeightsOutsideCSSsRangeAndWordsOtherThanNormalAndBold() {
    for weight in ["0", "-1", "99.999", "900.001", "1000", "1e308", "-1e308"] {
      let errors = rejected("text t(\"Hi\", weight: \(weight))\n")
      XCTAssertEqual(errors.count, 1, weight)
      XCTAssertTrue(
        errors.first?.message.hasPrefix(
          "weight must be a number from 100 to 900, normal or bold, got ") ?? false, weight)
      XCTAssertEqual(errors.first?.hint, "normal is 400, bold is 700")
    }
    XCTAssertEqual(
      rejected("text t(\"Hi\", weight: \"black\")\n").map(\.message),
      ["weight must be a number from 100 to 900, normal or bold, not \"black\""])
    XCTAssertEqual(
      rejected("text t(\"Hi\", italic: 0)\n").map(\.message),
      ["italic must be true or false, not number"])
    XCTAssertEqual(
      rejected("text t(\"Hi\")\nrun spring(weight: 700) on t\n").map(\.message),
      ["spring cannot animate 'weight': it is set, not animated"])
  }

  func testTheEdgesOfTheRangeAndTheWordsAreTaken() {
    var lines: [String] = []
    let result = ScriptRunner.run(
      SourceFile(
        path: "t.anim",
        text: """
          text a("Hi", weight: 100)
          text b("Hi", weight: 900, italic: true)
          text c("Hi", weight: "bold")
          c.weight = normal
          print a.weight, b.weight, c.weight, b.italic
          """), output: { lines.append($0) })
    XCTAssertEqual(result.outcome, .completed)
    XCTAssertEqual(lines, ["100 900 400 true"])
  }

  func testNearestRanksEveryCandidateByEditDistance() {
    XCTAssertEqual(
      Spelling.nearest(to: "Sanz", among: ["Serif", "Sans", "Mono", "sanz"], count: 2),
      ["sanz", "Sans"])
    XCTAssertEqual(Spelling.nearest(to: "x", among: ["b", "a"], count: 5), ["b", "a"])
    XCTAssertEqual(Spelling.nearest(to: "x", among: [], count: 3), [])
    // A huge word is compared by its first 256 scalars only.
    let huge = String(repeating: "a", count: 1_000_000)
    XCTAssertEqual(Spelling.nearest(to: huge, among: ["b", "aaa"], count: 1), ["aaa"])
  }
}
