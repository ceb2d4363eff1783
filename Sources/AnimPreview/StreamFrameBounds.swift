/// The frames a page sends up its update stream (RFC 6455, section 5.2), read as
/// they pass through the preview's gate, and the bounds the preview puts
/// on them.
///
/// A page sends one short text message (`{"shown": N}`) and may answer a
/// ping or close; FlyingFox reads a frame's whole payload into memory at
/// the length its header claims (2⁶³ bytes, if a client says so) and joins
/// fragments without a limit. So the gate lets through only what a page
/// needs, and closes the stream on anything else:
/// - every frame masked (a client must mask, section 5.1), unfragmented (FIN set,
///   no continuation), with no reserved bit (no extension was agreed) and
///   a known opcode (text, binary, close, ping, pong);
/// - a payload of at most `maximumPayload` bytes (a control frame's at most
///   125, section 5.5).
struct StreamFrameBounds {
  /// Most bytes of one frame's payload from a page.
  static let maximumPayload = 4096

  /// What one read of the page's bytes amounts to.
  enum Verdict: Equatable {
    /// Within the bounds: pass the bytes on.
    case pass
    /// Past them, and why: close the stream.
    case refuse(String)
  }

  /// The header of the frame being read, byte by byte.
  private var header: [UInt8] = []
  /// Payload bytes still to come of the current frame.
  private var remaining = 0
  /// Whether the current frame is a data frame (text or binary).
  private var isData = false
  /// How many text or binary frames have passed whole.
  private(set) var messages = 0

  /// Reads `bytes`, the next bytes the page sent.
  mutating func take(_ bytes: some Collection<UInt8>) -> Verdict {
    var index = bytes.startIndex
    while index != bytes.endIndex {
      if remaining > 0 {
        let available = bytes.distance(from: index, to: bytes.endIndex)
        let taken = min(remaining, available)
        remaining -= taken
        index = bytes.index(index, offsetBy: taken)
        if remaining == 0 { finishFrame() }
        continue
      }
      header.append(bytes[index])
      index = bytes.index(after: index)
      if case .refuse(let why) = readHeader() { return .refuse(why) }
    }
    return .pass
  }

  /// Checks the header read so far; once it is whole, starts its payload.
  private mutating func readHeader() -> Verdict {
    guard header.count >= 2 else { return .pass }
    let first = header[0]
    let second = header[1]
    let opcode = first & 0x0F
    if header.count == 2 {
      if first & 0x70 != 0 { return .refuse("a reserved bit is set") }
      if first & 0x80 == 0 || opcode == 0 { return .refuse("a fragmented message") }
      guard [1, 2, 8, 9, 10].contains(opcode) else { return .refuse("an unknown opcode") }
      if second & 0x80 == 0 { return .refuse("an unmasked frame") }
      if opcode >= 8 && second & 0x7F > 125 { return .refuse("a control frame over 125 bytes") }
    }
    let short = Int(second & 0x7F)
    let lengthBytes = short == 127 ? 8 : short == 126 ? 2 : 0
    guard header.count == 2 + lengthBytes + 4 else { return .pass }
    var length = 0
    if lengthBytes == 0 {
      length = short
    } else {
      for byte in header[2..<(2 + lengthBytes)] {
        // Past the bound already: no need to read the rest (nor to overflow).
        if length > Self.maximumPayload { break }
        length = length << 8 | Int(byte)
      }
    }
    guard length <= Self.maximumPayload else {
      return .refuse("a frame of more than \(Self.maximumPayload) bytes")
    }
    isData = opcode == 1 || opcode == 2
    header.removeAll(keepingCapacity: true)
    remaining = length
    if length == 0 { finishFrame() }
    return .pass
  }

  private mutating func finishFrame() {
    if isData { messages += 1 }
    isData = false
  }
}
