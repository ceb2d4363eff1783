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
}
