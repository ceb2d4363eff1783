import AnimEngine
import XCTest

@testable import AnimExport

/// The HTML player's `#anim-state` keys come from its channel table.
final class PlayerReadoutTests: XCTestCase {
  private func text(_ value: JSONValue) -> String {
    var out = ""
    value.write(to: &out)
    return out
  }

  func testEveryPropertyAChannelDrawsIsReadBackFromWhereItIsDrawn() {
    XCTAssertEqual(
      text(PlayerReadout.readout(PlayerChannel.all)),
      "[{\"key\":\"x\",\"color\":false,\"lanes\":[[\"translate\",0,0,false,1]]},"
        + "{\"key\":\"y\",\"color\":false,\"lanes\":[[\"translate\",1,0,false,1]]},"
        + "{\"key\":\"width\",\"color\":false,\"lanes\":[[\"width\",0,100,false,1]]},"
        + "{\"key\":\"height\",\"color\":false,\"lanes\":[[\"height\",0,100,false,1]]},"
        + "{\"key\":\"alpha\",\"color\":false,\"lanes\":[[\"fill-opacity\",0,1,false,1]]},"
        + "{\"key\":\"rotation\",\"color\":false,\"lanes\":[[\"rotate\",0,0,false,1]]},"
        + "{\"key\":\"scaleX\",\"color\":false,\"lanes\":[[\"scale\",0,1,true,1]]},"
        + "{\"key\":\"scaleY\",\"color\":false,\"lanes\":[[\"scale\",1,1,true,1]]},"
        + "{\"key\":\"color\",\"color\":true,\"lanes\":[[\"fill\",0,1,false,0.00392156862745098],"
        + "[\"fill\",1,1,false,0.00392156862745098],[\"fill\",2,1,false,0.00392156862745098],"
        + "[\"fill\",3,1,false,1]]},"
        + "{\"key\":\"cornerRadius\",\"color\":false,\"lanes\":[[\"rx\",0,0,false,1]]}]")
  }

  func testAViewWhoseColourAlphaMovesReadsItsAlphaFromOpacity() {
    let readout = text(PlayerReadout.readout(PlayerChannel.withOpacity))
    XCTAssertTrue(
      readout.contains("{\"key\":\"alpha\",\"color\":false,\"lanes\":[[\"opacity\",0,1,false,1]]}"))
    XCTAssertTrue(readout.contains("[\"fill-opacity\",0,1,false,1]]},{\"key\":\"cornerRadius\""))
  }

  func testANewChannelNeedsNoOtherEditToBeReadBack() {
    // A channel for a property the player does not draw today: its key
    // appears, in the property table's order, read from its CSS property.
    let strokeWidth = PlayerChannel(
      css: "stroke-width", sources: [PlayerChannel.Source(property: .strokeWidth, lane: 0)],
      identity: nil, text: { "\($0[0])px" })
    XCTAssertEqual(
      text(PlayerReadout.readout([strokeWidth])),
      "[{\"key\":\"strokeWidth\",\"color\":false,\"lanes\":[[\"stroke-width\",0,2,false,1]]}]")
  }
}
