import AnimEngine
import XCTest

@testable import AnimLanguage

/// `ViewSettings.problem(with:kind:)` answers a settable property the kind
/// has in one lookup, before its other checks; these pin that the shortcut
/// gives the answers the full walk gives.
final class ViewSettingsProblemTests: XCTestCase {
  /// The shortcut skips the tree-member check: no tree member may share a
  /// property's name.
  func testNoTreeMemberIsAProperty() {
    for member in TreeMember.allCases {
      XCTAssertNil(PropertyTable.standard.property(named: member.rawValue), member.rawValue)
    }
  }

  func testSettablePropertiesOfTheKindAreFine() {
    XCTAssertNil(ViewSettings.problem(with: "alpha", kind: ViewKind.named("rect")!))
    XCTAssertNil(ViewSettings.problem(with: "width", kind: ViewKind.named("rect")!))
    XCTAssertNil(ViewSettings.problem(with: "size", kind: .text))
  }

  func testATextsLaidOutBoxIsStillRefused() {
    XCTAssertEqual(
      ViewSettings.problem(with: "width", kind: .text)?.message,
      "a text's width is its laid-out text and cannot be set")
    XCTAssertEqual(
      ViewSettings.problem(with: "height", kind: .text)?.message,
      "a text's height is its laid-out text and cannot be set")
  }

  func testTreeMembersAndUnknownNamesAreStillRefused() {
    XCTAssertEqual(
      ViewSettings.problem(with: "worldX", kind: ViewKind.named("rect")!)?.message,
      "a view's 'worldX' can be read but not set")
    XCTAssertEqual(
      ViewSettings.problem(with: "alhpa", kind: ViewKind.named("rect")!)?.message,
      "views have no property 'alhpa'")
    XCTAssertEqual(
      ViewSettings.problem(with: "alhpa", kind: ViewKind.named("rect")!)?.hint,
      "did you mean 'alpha'?")
  }
}
