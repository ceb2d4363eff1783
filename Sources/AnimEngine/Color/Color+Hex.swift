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
    var scalars = Array(string.unicodeScalars)
    guard scalars.first == "#" else { return nil }
    scalars.removeFirst()
    var digits: [UInt8] = []
    for scalar in scalars {
      guard let digit = hexDigit(scalar) else { return nil }
      digits.append(digit)
    }
    let bytes: [UInt8]
    switch digits.count {
    case 3, 4:
      bytes = digits.map { $0 * 17 }
    case 6, 8:
      bytes = stride(from: 0, to: digits.count, by: 2).map { digits[$0] * 16 + digits[$0 + 1] }
    default:
      return nil
    }
    let alpha = bytes.count == 4 ? Double(bytes[3]) / 255 : 1
    return Color(
      r: Double(bytes[0]) / 255, g: Double(bytes[1]) / 255, b: Double(bytes[2]) / 255, a: alpha)
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
  private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
    switch scalar {
    case "0"..."9": return UInt8(scalar.value - 48)
    case "a"..."f": return UInt8(scalar.value - 87)
    case "A"..."F": return UInt8(scalar.value - 55)
    default: return nil
    }
  }
}
