import AnimLanguage
import XCTest

/// Carets sit under the character they mean on a terminal: wide characters
/// (CJK, emoji) take two columns, a combining accent none.
final class CaretColumnTests: XCTestCase {
  private func rendered(_ text: String) -> String {
    let source = SourceFile(path: "t.anim", text: text)
    let result = ScriptRunner.check(source)
    guard let (diagnostic, file) = result.errors.first else { return "no error" }
    return DiagnosticRenderer(useColor: false).render(diagnostic, in: file)
  }

  func testWideCharactersTakeTwoColumns() {
    XCTAssertEqual(
      rendered("print \"日本語\", foo(1)\n"),
      """
      t.anim:1:14: error: unknown function 'foo'
      1 | print "日本語", foo(1)
        |                 ^~~

      """)
  }

  func testEmojiWithAModifierAndACombiningAccent() {
    XCTAssertEqual(
      rendered("print \"e\u{301}👍🏽\", foo(1)\n"),
      """
      t.anim:1:15: error: unknown function 'foo'
      1 | print "e\u{301}👍🏽", foo(1)
        |              ^~~

      """)
  }

  func testAWideRangeIsUnderlinedAcrossItsColumns() {
    XCTAssertEqual(DisplayWidth.of("日本"), 4)
    XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1)
    XCTAssertEqual(DisplayWidth.of("👍🏽"), 2)
    XCTAssertEqual(DisplayWidth.of("❤️"), 2)
    XCTAssertEqual(DisplayWidth.of("abc"), 3)
  }
}
