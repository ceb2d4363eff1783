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

  func testAnUpgradeIsATokenOfTheUpgradeHeaderAndOnlyAGetOfTheStreamIsAHandshake() {
    XCTAssertTrue(head("GET /stream HTTP/1.1\r\nUpgrade: h2c, WebSocket\r\n\r\n").isUpgrade)
    XCTAssertFalse(head("GET /stream HTTP/1.1\r\nUpgrade: websockets\r\n\r\n").isUpgrade)
    XCTAssertTrue(head("GET /stream?x=1 HTTP/1.1\r\nUpgrade: websocket\r\n\r\n").isStreamHandshake)
    XCTAssertFalse(head("GET / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n").isStreamHandshake)
    XCTAssertFalse(head("POST /stream HTTP/1.1\r\nUpgrade: websocket\r\n\r\n").isStreamHandshake)
    XCTAssertFalse(head("GET /stream/ HTTP/1.1\r\nUpgrade: websocket\r\n\r\n").isStreamHandshake)
  }

  func testAForwardedRequestNeverAsksTheServerToUpgradeUnlessItIsTheHandshake() {
    let request = head(
      "GET / HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nKeep-Alive: 5\r\n"
        + "X-Pad: \(String(repeating: "a", count: 8000))\r\nCookie: c=1\r\n\r\n")
    XCTAssertEqual(
      String(decoding: request.forwarded(upgrade: false), as: UTF8.self),
      "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
    XCTAssertEqual(
      String(decoding: request.forwarded(upgrade: true), as: UTF8.self),
      "GET / HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\nConnection: Upgrade, close\r\n\r\n")
  }

  func testAWellFormedRequestIsNotRefused() {
    XCTAssertNil(head("GET / HTTP/1.1\r\nHost: a:1\r\nX-Tab:\tv\u{e9}\r\n\r\n").refusal)
    XCTAssertNil(head("HEAD /stream?x=%20 HTTP/1.0\r\n\r\n").refusal)
    XCTAssertNil(head("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 000\r\n\r\n").refusal)
    XCTAssertNil(head("GET / HTTP/1.1\r\nHost: a\r\nAccept: a\r\nAccept: b\r\n\r\n").refusal)
  }

  private func refusal(_ text: String) -> String? {
    head(text).refusal?.status
  }

  func testDuplicateHostsLengthsAndOriginsAre400() {
    for name in [
      "Host", "Content-Length", "Origin", "Upgrade", "Sec-WebSocket-Key", "transfer-encoding",
    ] {
      XCTAssertEqual(
        refusal("GET / HTTP/1.1\r\nHost: a\r\n\(name): 0\r\n\(name.uppercased()): 0\r\n\r\n"),
        "400 Bad Request", name)
    }
  }

  func testMalformedHeaderLinesAre400() {
    for line in [
      "Host : a", " folded", "\tfolded", "X: a\rb", "X: a\u{0}b", "X: a\u{7f}", "no colon",
      ": empty",
      "X\u{e9}: 1", "Content-Length: -1", "Content-Length: +0", "Content-Length: 1 0",
      "Content-Length: 0, 0", "Content-Length:",
    ] {
      XCTAssertEqual(
        refusal("GET / HTTP/1.1\r\nHost: a\r\n\(line)\r\n\r\n"), "400 Bad Request", line)
    }
    XCTAssertEqual(refusal("GET / HTTP/1.1\r\nAccept: *\r\n\r\n"), "400 Bad Request", "no Host")
    let latin1 = Array("GET / HTTP/1.1\r\nHost: a\r\nX: ".utf8) + [0xE9] + Array("\r\n\r\n".utf8)
    XCTAssertEqual(
      RequestHead(bytes: latin1, headLength: latin1.count).refusal,
      RequestHead.Refusal(status: "400 Bad Request", reason: "a header's value must be UTF-8"))
  }

  func testMalformedRequestLinesAre400AndOtherVersions505() {
    for line in [
      "GET /", "GET / HTTP/1.1 x", "GET  / HTTP/1.1", "GET / HTTP/1.1x", "GET / HTTP/11",
      "GET http://a/ HTTP/1.1", "GET * HTTP/1.1", "GET a HTTP/1.1", "G(T / HTTP/1.1",
      " GET / HTTP/1.1",
      "GET /\u{e9} HTTP/1.1", "GET /\r HTTP/1.1", "",
    ] {
      XCTAssertEqual(refusal("\(line)\r\nHost: a\r\n\r\n"), "400 Bad Request", line)
    }
    for version in ["HTTP/2.0", "HTTP/0.9", "HTTP/1.2"] {
      XCTAssertEqual(
        refusal("GET / \(version)\r\nHost: a\r\n\r\n"), "505 HTTP Version Not Supported", version)
    }
  }

  func testALongTargetIs414AndALongForwardedHeader431() {
    let long = "/" + String(repeating: "a", count: RequestHead.maximumTarget)
    XCTAssertEqual(refusal("GET \(long) HTTP/1.1\r\nHost: a\r\n\r\n"), "414 URI Too Long")
    XCTAssertNil(head("GET \(long.dropLast()) HTTP/1.1\r\nHost: a\r\n\r\n").refusal)
    let origin = "Origin: http://" + String(repeating: "a", count: 1024)
    XCTAssertEqual(
      refusal("GET / HTTP/1.1\r\nHost: a\r\n\(origin)\r\n\r\n"),
      "431 Request Header Fields Too Large")
    // A long header the server does not read is not forwarded, so it may stay.
    XCTAssertNil(
      head("GET / HTTP/1.1\r\nHost: a\r\nX-Pad: \(String(repeating: "a", count: 7000))\r\n\r\n")
        .refusal)
  }
}
