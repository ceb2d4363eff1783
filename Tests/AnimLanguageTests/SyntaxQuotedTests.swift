import XCTest

@testable import AnimLanguage

/// A string as a literal that reads back as it (`print` of a list, the
/// REPL's echo, `anim fmt`): escapes at the right places, every other byte
/// as it is, and long strings in linear time (a list of 26 MB strings took
/// two seconds to print, its fuzz seed past 10 s under AddressSanitizer).
final class SyntaxQuotedTests: XCTestCase {
  func testEscapesAndEverythingElseAsItIs() {
    XCTAssertEqual(SyntaxFormat.quoted(""), #""""#)
    XCTAssertEqual(SyntaxFormat.quoted("a\nb\tc\"d\\e"), #""a\nb\tc\"d\\e""#)
    XCTAssertEqual(SyntaxFormat.quoted("\n\n"), #""\n\n""#)
    XCTAssertEqual(SyntaxFormat.quoted("é ✓ 😀\r\u{01}"), "\"é ✓ 😀\r\u{01}\"")
    XCTAssertEqual(SyntaxFormat.quoted("日本\"語"), #""日本\"語""#)
  }

  func testAQuotedStringReadsBackAsItself() throws {
    for text in ["plain", "a\"b", "tab\there", "back\\slash\n", "é\"\\\n\t✓"] {
      let script = "print " + SyntaxFormat.quoted(text)
      var printed = ""
      _ = ScriptRunner.run(SourceFile(path: "q.anim", text: script), output: { printed += $0 })
      XCTAssertEqual(printed, text)
    }
  }

  func testABridgedOrLongStringIsQuotedWhole() {
    let long = String(repeating: "ab\"", count: 100_000)
    let quoted = SyntaxFormat.quoted(long)
    XCTAssertEqual(quoted.utf8.count, 400_002)
    XCTAssertTrue(quoted.hasPrefix(#""ab\"ab\""#))
  }
}
