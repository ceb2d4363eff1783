extension Color {
  /// The colour as `#rrggbb`, or `#rrggbbaa` when it is translucent.
  ///
  /// Each channel is rounded to the nearest of 0…255 (halves round up, so
  /// 0.5 prints as `80`). The alpha pair is written only when the rounded
  /// alpha is below 255: an alpha of 0.999 prints as opaque `#rrggbb`, since
  /// `#rrggbbff` would say the same thing less clearly.
  public var hex: String {
    let alpha = Color.byte(a)
    var text = "#" + Color.hexPair(Color.byte(r)) + Color.hexPair(Color.byte(g))
    text += Color.hexPair(Color.byte(b))
    if alpha < 255 {
      text += Color.hexPair(alpha)
    }
    return text
  }

  /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (digits in either case).
  ///
  /// Returns nil for anything else, including a missing `#`. The short forms
  /// repeat each digit, as in CSS: `#f80` is `#ff8800`.
  public static func parseHex(_ string: String) -> Color? {
    // The digits read from the UTF-8 bytes into one word, without arrays:
    // an imported Lottie's tweens name their colours as strings, read at
    // every run of a tween (issue 37's render read 60 000 of them).
    var utf8 = string.utf8.makeIterator()
    guard utf8.next() == UInt8(ascii: "#") else { return nil }
    var word: UInt32 = 0
    var count = 0
    while let byte = utf8.next() {
      guard count < 8, let digit = hexDigit(byte) else { return nil }
      word = word << 4 | UInt32(digit)
      count += 1
    }
    /// Digit `k` of `count` (0 first).
    func digit(_ k: Int) -> UInt32 { word >> UInt32(4 * (count - 1 - k)) & 0xF }
    var bytes: (UInt32, UInt32, UInt32, UInt32)
    switch count {
    case 3, 4:
      bytes = (digit(0) * 17, digit(1) * 17, digit(2) * 17, count == 4 ? digit(3) * 17 : 255)
    case 6, 8:
      bytes = (
        digit(0) * 16 + digit(1), digit(2) * 16 + digit(3), digit(4) * 16 + digit(5),
        count == 8 ? digit(6) * 16 + digit(7) : 255
      )
    default:
      return nil
    }
    let alpha = count == 4 || count == 8 ? Double(bytes.3) / 255 : 1
    return Color(
      r: Double(bytes.0) / 255, g: Double(bytes.1) / 255, b: Double(bytes.2) / 255, a: alpha)
  }

  /// Parses a hex colour like ``parseHex(_:)``, throwing a message that shows
  /// the accepted forms when `string` is not one.
  public static func hex(_ string: String) throws(EngineError) -> Color {
    guard let color = parseHex(string) else {
      throw EngineError(
        "\"\(string)\" is not a hex color; expected #rgb, #rgba, #rrggbb or #rrggbbaa")
    }
    return color
  }

  /// A 0…1 channel as the nearest whole number in 0…255.
  static func byte(_ channel: Double) -> Int {
    Int((clampUnit(channel) * 255).rounded())
  }

  /// Two lower-case hex digits for a value in 0…255.
  private static func hexPair(_ value: Int) -> String {
    let text = String(value, radix: 16)
    return text.count == 1 ? "0" + text : text
  }

  /// The value of one ASCII hex digit, or nil.
  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - 48
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - 87
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - 55
    default: return nil
    }
  }
}
