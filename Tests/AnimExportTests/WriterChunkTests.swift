import AnimEngine
import XCTest

@testable import AnimExport

/// The writers hand their text out in pieces as they make it (so `anim
/// export` never holds a whole big file); the pieces make the same text.
final class WriterChunkTests: XCTestCase {
  let stage = ExportStage(
    originX: 0, originY: 0, pixelWidth: 200, pixelHeight: 100,
    background: PropertyValue(0, 0, 0, 1))

  func recording() throws -> StageRecording {
    try RecordingHarness(
      script: """
        grid tiles(cols: 4, rows: 2, size: 20)
        run stagger(tiles, spring(y: 50, stiffness: 120, damping: 12), each: 0.05)
        """
    ).record()
  }

  func testLottieInPiecesIsTheDocument() throws {
    let recording = try recording()
    var pieces: [String] = []
    LottieWriter.write(recording, stage: stage, chunk: 1) { pieces.append($0) }
    // The head with the first layer, one piece per other layer, then the
    // background layer and the end.
    XCTAssertEqual(pieces.count, 9)
    XCTAssertTrue(pieces[0].hasPrefix(#"{"v":"5.7.0","nm":"anim","ddd":0,"fr":60,"#))
    XCTAssertTrue(pieces[8].hasPrefix(#",{"ddd":0,"ind":9,"ty":1,"nm":"background","#))
    XCTAssertTrue(pieces[8].hasSuffix(#""st":0,"bm":0}]}"#))
    XCTAssertEqual(pieces.joined(), LottieWriter.text(recording, stage: stage))
    let whole = pieces.joined()
    XCTAssertEqual(whole.components(separatedBy: #""nm":"tiles["#).count - 1, 8)
    XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(whole.utf8)))
  }

  func testHTMLInPiecesIsThePage() throws {
    let recording = try recording()
    var pieces: [String] = []
    HTMLPlayerWriter.write(recording, stage: stage, chunk: 1) { pieces.append($0) }
    // Everything up to the first view's keyframes, one piece per other view,
    // the end of the data and the player's script.
    XCTAssertEqual(pieces.count, 9)
    XCTAssertTrue(pieces[8].hasSuffix("</html>\n"))
    XCTAssertEqual(pieces.joined(), HTMLPlayerWriter.page(recording, stage: stage))
  }

  /// The page as its parts, assembled in the page's order.
  private func assembled(_ parts: HTMLPlayerParts) -> String {
    let head =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      + "<title>anim export</title>\n<style>\n" + HTMLPlayerParts.style
      + "</style>\n</head>\n<body>\n"
    return head + parts.stageOpening + parts.elements.joined() + parts.stageClosing
      + HTMLPlayerParts.controls + "<script id=\"anim-data\" type=\"application/json\">"
      + parts.data + "</script>\n<script>\n" + HTMLPlayerParts.script
      + "</script>\n</body>\n</html>\n"
  }

  func testThePagesPartsAreThePage() throws {
    let recording = try recording()
    let parts = HTMLPlayerWriter.parts(recording, stage: stage)
    XCTAssertFalse(parts.isTree)
    XCTAssertEqual(parts.elements.count, 8)
    XCTAssertEqual(parts.views.count, 8)
    XCTAssertTrue(parts.elements[3].hasPrefix("<rect id=\"v3\""))
    XCTAssertTrue(parts.views[3].hasPrefix(#"{"name":"tiles[3]","animations":[{"p":"translate""#))
    XCTAssertEqual(assembled(parts), HTMLPlayerWriter.page(recording, stage: stage))
  }

  func testATreesPartsAreThePageWithItsElementsAsOne() throws {
    let recording = try RecordingHarness(
      script: """
        view car(x: 100, y: 50, width: 40, height: 20) {
          view wheel(x: 10, y: 10, width: 5, height: 5, color: red)
        }
        run move(by: (50, 0), 1) on car
        """
    ).record()
    let parts = HTMLPlayerWriter.parts(recording, stage: stage)
    XCTAssertTrue(parts.isTree)
    XCTAssertEqual(parts.elements.count, 1)
    XCTAssertEqual(parts.views.count, 2)
    XCTAssertEqual(assembled(parts), HTMLPlayerWriter.page(recording, stage: stage))
  }
}
