import XCTest

@testable import AnimPreview

final class StreamFrameBoundsTests: XCTestCase {
  /// A client frame (RFC 6455 §5.2) with a zero mask, claiming `length`.
  private func frame(
    _ payload: [UInt8], opcode: UInt8 = 1, fin: Bool = true, masked: Bool = true,
    length: Int? = nil
  ) -> [UInt8] {
    let n = length ?? payload.count
    var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
    let bit: UInt8 = masked ? 0x80 : 0
    if n < 126 {
      out.append(bit | UInt8(n))
    } else if n < 1 << 16 {
      out += [bit | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
    } else {
      out.append(bit | 127)
      for shift in stride(from: 56, through: 0, by: -8) { out.append(UInt8((n >> shift) & 0xFF)) }
    }
    if masked { out += [0, 0, 0, 0] }
    return out + payload
  }

  func testAPagesMessagePassesWholeOrByteByByteAndIsCounted() {
    let message = frame(Array(#"{"shown": 3}"#.utf8))
    var whole = StreamFrameBounds()
    XCTAssertEqual(whole.take(message + message), .pass)
    XCTAssertEqual(whole.messages, 2)
    var bytes = StreamFrameBounds()
    for (i, byte) in message.enumerated() {
      XCTAssertEqual(bytes.take([byte]), .pass)
      XCTAssertEqual(bytes.messages, i == message.count - 1 ? 1 : 0)
    }
  }

  func testControlFramesPassAndAreNotMessages() {
    var bounds = StreamFrameBounds()
    XCTAssertEqual(
      bounds.take(frame([1, 2], opcode: 9) + frame([], opcode: 10) + frame([3, 232], opcode: 8)),
      .pass)
    XCTAssertEqual(bounds.messages, 0)
  }

  func testTheLargestPayloadPassesAndOneByteMoreIsRefused() {
    var largest = StreamFrameBounds()
    XCTAssertEqual(
      largest.take(frame([UInt8](repeating: 0x61, count: StreamFrameBounds.maximumPayload))), .pass)
    XCTAssertEqual(largest.messages, 1)
    var larger = StreamFrameBounds()
    XCTAssertEqual(
      larger.take(frame([], length: StreamFrameBounds.maximumPayload + 1)),
      .refuse("a frame of more than 4096 bytes"))
    var huge = StreamFrameBounds()
    XCTAssertEqual(
      huge.take(frame([], length: Int.max)), .refuse("a frame of more than 4096 bytes"))
  }

  func testWhatAPageNeverSendsIsRefused() {
    let cases: [([UInt8], String)] = [
      (frame([1], masked: false), "an unmasked frame"),
      (frame([1], fin: false), "a fragmented message"),
      (frame([1], opcode: 0), "a fragmented message"),
      (frame([1], opcode: 3), "an unknown opcode"),
      (frame([1], opcode: 0xB), "an unknown opcode"),
      ([0xC1, 0x80, 0, 0, 0, 0], "a reserved bit is set"),
      (frame([UInt8](repeating: 0, count: 126), opcode: 9), "a control frame over 125 bytes"),
    ]
    for (bytes, why) in cases {
      var bounds = StreamFrameBounds()
      XCTAssertEqual(bounds.take(bytes), .refuse(why), why)
    }
  }
}
