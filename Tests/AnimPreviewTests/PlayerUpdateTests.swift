import AnimExport
import AnimLanguage
import Foundation
import XCTest

@testable import AnimPreview

/// What a page is sent when a save changes its player (SPEC §24): only the
/// views that changed, unless the stage's timing did.
final class PlayerUpdateTests: XCTestCase {
  private func parts(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> HTMLPlayerParts
  {
    let build = PreviewBuilder.build(SourceFile(path: "t.anim", text: text), readFile: { _ in [] })
    XCTAssertNil(build?.error, file: file, line: line)
    return build!.player!
  }

  private func object(_ json: String) throws -> [String: Any] {
    try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  private let three = """
    view a(x: 0, y: 0, width: 10, height: 10, color: red)
    view b(x: 20, y: 0, width: 10, height: 10, color: %@)
    view c(x: 40, y: 0, width: 10, height: 10)
    run fade(out, 1) on a

    """

  func testNothingChangedSendsNoView() throws {
    let old = parts(String(format: three, "blue"))
    let patch = try object(XCTUnwrap(PlayerUpdate.patch(from: old, to: old, base: 4)))
    XCTAssertEqual(patch["base"] as? Int, 4)
    XCTAssertEqual(patch["count"] as? Int, 3)
    XCTAssertEqual((patch["changed"] as? [Any])?.count, 0)
    XCTAssertNil(patch["stage"])
  }

  func testOneViewChangedSendsThatView() throws {
    let old = parts(String(format: three, "blue"))
    let new = parts(String(format: three, "lime"))
    let patch = try object(XCTUnwrap(PlayerUpdate.patch(from: old, to: new, base: 1)))
    let changed = try XCTUnwrap(patch["changed"] as? [[Any]])
    XCTAssertEqual(changed.count, 1)
    XCTAssertEqual(changed[0][0] as? Int, 1)
    XCTAssertEqual(changed[0][1] as? String, new.elements[1])
    XCTAssertEqual((changed[0][2] as? [String: Any])?["name"] as? String, "b")
  }

  func testAViewMoreOrLessIsSentAsTheNewCount() throws {
    let old = parts(String(format: three, "blue"))
    let more = parts(String(format: three, "blue") + "view d(x: 60, y: 0, width: 10, height: 10)\n")
    let patch = try object(XCTUnwrap(PlayerUpdate.patch(from: old, to: more, base: 1)))
    XCTAssertEqual(patch["count"] as? Int, 4)
    XCTAssertEqual((patch["changed"] as? [[Any]])?.map { $0[0] as? Int }, [3])
    let fewer = try object(XCTUnwrap(PlayerUpdate.patch(from: more, to: old, base: 2)))
    XCTAssertEqual(fewer["count"] as? Int, 3)
    XCTAssertEqual((fewer["changed"] as? [Any])?.count, 0)
  }

  func testAnotherRangeOrATreeSendsTheWholePlayer() throws {
    let old = parts(String(format: three, "blue"))
    let longer = parts(String(format: three, "blue") + "run fade(out, 2) on c\n")
    XCTAssertNil(PlayerUpdate.patch(from: old, to: longer, base: 1))
    let tree = parts("view a(x: 0, y: 0) {\n  view b(x: 5, y: 5)\n}\nrun fade(out, 1) on a\n")
    XCTAssertNil(PlayerUpdate.patch(from: tree, to: tree, base: 1))
    let full = try object(PlayerUpdate.full(tree))
    XCTAssertEqual(full["full"] as? Bool, true)
    XCTAssertTrue((full["stage"] as? String)!.hasPrefix("<svg id=\"stage\""))
    XCTAssertEqual(((full["data"] as? [String: Any])?["views"] as? [Any])?.count, 2)
  }

  func testAStageOfAnotherSizeSendsItsFrameWithoutViews() throws {
    let old = parts("stage(width: 100, height: 100)\n" + String(format: three, "blue"))
    let new = parts("stage(width: 200, height: 100)\n" + String(format: three, "blue"))
    let patch = try object(XCTUnwrap(PlayerUpdate.patch(from: old, to: new, base: 1)))
    XCTAssertEqual(patch["stage"] as? String, new.stageOpening + new.stageClosing)
  }
}
