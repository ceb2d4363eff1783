/// The per-session token that lets the page ask the server to render (SPEC
/// §24): made once per server from the system's random source, written
/// into the page (which no other origin can read: the `Host` and `Origin`
/// checks), and sent back by the page with each render request in the
/// `X-Anim-Token` header.
struct PreviewToken: Sendable, Equatable {
  /// The header a render request carries the token in (lowercased).
  static let header = "x-anim-token"

  /// 32 hex digits (128 random bits).
  let text: String

  /// A new token from the system's random source.
  init() {
    var generator = SystemRandomNumberGenerator()
    var text = ""
    for _ in 0..<2 {
      let word = generator.next() as UInt64
      let hex = String(word, radix: 16)
      text += String(repeating: "0", count: 16 - hex.count) + hex
    }
    self.text = text
  }

  init(text: String) { self.text = text }

  /// Whether `offered` is this token, compared in time that does not
  /// depend on where they first differ.
  func matches(_ offered: String?) -> Bool {
    guard let offered else { return false }
    let a = Array(text.utf8)
    let b = Array(offered.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for i in 0..<max(a.count, b.count) {
      difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
    }
    return difference == 0
  }
}
