import XCTest

@testable import AnimLSP

/// A byte source that hands out its bytes in chunks of a fixed size.
struct ChunkedBytes: ByteSource {
  var bytes: [UInt8]
  var chunk: Int
  var position = 0

  init(_ text: String, chunk: Int = 7) {
    bytes = Array(text.utf8)
    self.chunk = chunk
  }

  mutating func read(maximum: Int) -> [UInt8] {
    let end = min(bytes.count, position + min(chunk, maximum))
    defer { position = end }
    return Array(bytes[position..<end])
  }
}

final class FramingTests: XCTestCase {
  private func messages(_ text: String, chunk: Int = 7) -> [FramedMessage] {
    var reader = MessageReader(ChunkedBytes(text, chunk: chunk))
    var out: [FramedMessage] = []
    while true {
      let next = reader.next()
      out.append(next)
      if next == .end { return out }
    }
  }

  func testReadsTwoMessagesSplitAcrossReads() {
    let body1 = #"{"a":1}"#
    let body2 = #"{"é":"ü"}"#
    let text =
      "Content-Length: \(body1.utf8.count)\r\n\r\n\(body1)"
      + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length: \(body2.utf8.count)\r\n\r\n\(body2)"
    XCTAssertEqual(
      messages(text, chunk: 3), [.message(Array(body1.utf8)), .message(Array(body2.utf8)), .end])
  }

  func testHeaderNamesAreCaseInsensitiveAndBareNewlinesWork() {
    XCTAssertEqual(messages("content-length: 2\n\n{}"), [.message(Array("{}".utf8)), .end])
  }

  func testMissingLengthIsMalformedAndReadingGoesOn() {
    let text = "Content-Type: x\r\n\r\nContent-Length: 2\r\n\r\n[]"
    XCTAssertEqual(
      messages(text), [.malformed("no Content-Length header"), .message(Array("[]".utf8)), .end])
  }

  func testBadLengthIsMalformed() {
    XCTAssertEqual(
      messages("Content-Length: -3\r\n\r\n"),
      [.malformed("Content-Length '-3' is not a length"), .end])
  }

  func testGarbageLineIsMalformed() {
    XCTAssertEqual(
      messages("hello world\r\n\r\n"), [.malformed("a header line without ':'"), .end])
  }

  func testTruncatedBodyIsMalformedThenEnd() {
    XCTAssertEqual(
      messages("Content-Length: 10\r\n\r\n{}"),
      [.malformed("the input ended inside a message body"), .end])
  }

  func testOverlongHeaderLineIsSkipped() {
    let long = String(repeating: "x", count: 10_000)
    XCTAssertEqual(
      messages("X-Long: \(long)\r\nContent-Length: 2\r\n\r\n{}"),
      [.message(Array("{}".utf8)), .end])
    XCTAssertEqual(
      messages("X-Long: \(long)\r\n\r\n"),
      [.malformed("a header line longer than 4096 bytes"), .end])
  }

  func testWriterFramesWithByteLength() {
    XCTAssertEqual(
      String(decoding: MessageWriter.frame(Array("{\"é\":1}".utf8)), as: UTF8.self),
      "Content-Length: 8\r\n\r\n{\"é\":1}")
  }
}
