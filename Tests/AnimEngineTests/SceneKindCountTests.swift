import XCTest

@testable import AnimEngine

/// ``Scene/hasTexts``: kept as views are declared, redeclared and copied,
/// so that a run need not read every view's kind to learn it.
final class SceneKindCountTests: XCTestCase {
  func testHasTextsFollowsDeclarationsRedeclarationsLettersAndCopies() {
    let scene = Scene()
    XCTAssertFalse(scene.hasTexts)
    scene.declare("box", kind: .image)
    XCTAssertFalse(scene.hasTexts)
    scene.declare("title", kind: .text)
    XCTAssertTrue(scene.hasTexts)
    XCTAssertTrue(scene.drawingCopy().hasTexts)
    // Redeclared as a text again: still one.
    scene.declare("title", kind: .text)
    scene.declare("title", kind: .view)
    XCTAssertFalse(scene.hasTexts)
    XCTAssertFalse(scene.drawingCopy().hasTexts)
    // A letter is a text too, though no script names it.
    _ = scene.declareLetter("title.letters[0]", state: ViewState())
    XCTAssertTrue(scene.hasTexts)
    XCTAssertEqual(scene.hasTexts, scene.kinds.contains(.text))
    scene.declare("box", kind: .text)
    scene.declare("box", kind: .image)
    XCTAssertEqual(scene.hasTexts, scene.kinds.contains(.text))
  }
}
