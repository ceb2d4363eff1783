import XCTest

@testable import AnimPreview

final class RequestHeadTests: XCTestCase {
  private func head(_ text: String) -> RequestHead {
    let bytes = Array(text.utf8)
    let end = RequestHead.blankLineEnd(in: bytes, from: 0)!
    return RequestHead(bytes: bytes, headLength: end)
  }

  func testTheBlankLineEndsAHeadWithCRLFOrBareLineFeeds() {
    XCTAssertEqual(
      RequestHead.blankLineEnd(in: Array("GET / HTTP/1.1\r\n\r\nrest".utf8), from: 0), 18)
    XCTAssertEqual(RequestHead.blankLineEnd(in: Array("GET / HTTP/1.1\n\nrest".utf8), from: 0), 16)
    XCTAssertEqual(RequestHead.blankLineEnd(in: Array("GET / HTTP/1.1\n\r\n".utf8), from: 0), 17)
    XCTAssertNil(RequestHead.blankLineEnd(in: Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8), from: 0))
    XCTAssertNil(RequestHead.blankLineEnd(in: Array("GET / HTTP/1.1\r\n\r".utf8), from: 0))
  }

  func testHeaderNamesAreFoundInAnyCaseAndValuesTrimmed() {
    let request = head("GET / HTTP/1.1\r\nhOsT:  a:1 \r\nUPGRADE: WebSocket\r\n\r\n")
    XCTAssertEqual(request.value(of: "host"), "a:1")
    XCTAssertTrue(request.isUpgrade)
    XCTAssertFalse(request.hasBody)
    XCTAssertNil(request.value(of: "connection"))
  }

  func testABodyIsAnyTransferEncodingOrALengthOtherThanZero() {
    XCTAssertFalse(head("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n").hasBody)
    XCTAssertTrue(head("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\n").hasBody)
    XCTAssertTrue(head("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").hasBody)
  }

  func testAForwardedHeadAsksTheServerToCloseAndDropsWhatFollows() {
    let request = head("GET / HTTP/1.1\nHost: a\nConnection: keep-alive\n\nGET /x HTTP/1.1\r\n")
    XCTAssertEqual(
      String(decoding: request.closingBytes, as: UTF8.self),
      "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
  }
}
