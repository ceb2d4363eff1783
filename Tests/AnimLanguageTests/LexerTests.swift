import AnimLanguage
import XCTest

final class LexerTests: XCTestCase {
  private func tokens(_ text: String) -> [Token] {
    Lexer.tokens(of: SourceFile(path: "test.anim", text: text))
  }

  /// The kinds of all tokens but the final end of file.
  private func kinds(_ text: String) -> [TokenKind] {
    tokens(text).dropLast().map(\.kind)
  }

  private func onlyToken(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> Token
  {
    let all = tokens(text)
    XCTAssertEqual(all.count, 2, "expected one token in \(text): \(all)", file: file, line: line)
    return all[0]
  }

  // MARK: - Numbers

  func testMillisecondsAreConvertedToSeconds() {
    let token = onlyToken("300ms")
    XCTAssertEqual(token.kind, .number)
    XCTAssertEqual(token.number, 0.3)
    XCTAssertEqual(token.unit, .milliseconds)
  }

  func testSecondsAndDegreesKeepTheirValue() {
    XCTAssertEqual(onlyToken("2s").number, 2)
    XCTAssertEqual(onlyToken("2s").unit, .seconds)
    XCTAssertEqual(onlyToken("90deg").number, 90)
    XCTAssertEqual(onlyToken("90deg").unit, .degrees)
  }

  func testRadiansAreConvertedToDegrees() {
    let token = onlyToken("1rad")
    XCTAssertEqual(token.number, 57.29577951308232)
    XCTAssertEqual(token.unit, .radians)
  }

  func testBareNumberHasNoUnit() {
    let token = onlyToken("12")
    XCTAssertEqual(token.number, 12)
    XCTAssertNil(token.unit)
  }

  func testDecimalAndLeadingDotNumbers() {
    XCTAssertEqual(onlyToken("0.5").number, 0.5)
    XCTAssertEqual(onlyToken(".5").number, 0.5)
    XCTAssertEqual(onlyToken(".25s").number, 0.25)
  }

  func testExponents() {
    XCTAssertEqual(onlyToken("1e3").number, 1000)
    XCTAssertEqual(onlyToken("2.5e-1").number, 0.25)
    XCTAssertEqual(onlyToken("1E+2ms").number, 0.1)
  }

  func testUnknownUnitIsAnErrorAtTheSuffix() {
    let token = onlyToken("20px")
    XCTAssertEqual(token.kind, .error)
    XCTAssertEqual(token.text, "unknown unit 'px' after number; expected ms, s, deg or rad")
    XCTAssertEqual(token.range.column, 3)
  }

  func testHugeNumberIsAnError() {
    XCTAssertEqual(onlyToken("1e999").text, "number is too large")
  }

  func testRangeOperatorsAfterIntegers() {
    XCTAssertEqual(kinds("0..<5"), [.number, .halfOpenRange, .number])
    XCTAssertEqual(kinds("1...3"), [.number, .closedRange, .number])
    XCTAssertEqual(kinds("1.5...2"), [.number, .closedRange, .number])
  }

  // MARK: - Operators, identifiers, keywords

  func testEveryOperatorAndPunctuation() {
    XCTAssertEqual(
      kinds("+ - * / % | == != < <= > >= ~= = ( ) [ ] { } , . : ..< ... ;"),
      [
        .plus, .minus, .star, .slash, .percent, .pipe, .equalEqual, .bangEqual, .less, .lessEqual,
        .greater, .greaterEqual, .tildeEqual, .equal, .leftParen, .rightParen, .leftBracket,
        .rightBracket, .leftBrace, .rightBrace, .comma, .dot, .colon, .halfOpenRange, .closedRange,
        .semicolon,
      ])
  }

  func testKeywordsAreIdentifiersToTheLexer() {
    let all = tokens("for in view on run _tmp x2")
    XCTAssertEqual(all.dropLast().map(\.kind), Array(repeating: .identifier, count: 7))
    XCTAssertEqual(all.dropLast().map(\.text), ["for", "in", "view", "on", "run", "_tmp", "x2"])
  }

  func testMemberAccessIsIdentifierDotIdentifier() {
    XCTAssertEqual(kinds("view.alpha"), [.identifier, .dot, .identifier])
  }

  func testUnexpectedCharacters() {
    XCTAssertEqual(onlyToken("@").text, "unexpected character '@'")
    XCTAssertEqual(onlyToken("!").text, "unexpected character '!'; did you mean '!='?")
    XCTAssertEqual(onlyToken("é").text, "unexpected character 'é'")
    XCTAssertEqual(kinds("a .. b"), [.identifier, .error, .identifier])
  }

  // MARK: - Newlines

  func testNewlineEndsAStatement() {
    XCTAssertEqual(kinds("a\nb"), [.identifier, .newline, .identifier])
  }

  func testBlankLinesAndLeadingNewlinesGiveAtMostOneToken() {
    XCTAssertEqual(
      kinds("\n\na\n\n\n# note\n\nb\n"), [.identifier, .newline, .identifier, .newline])
  }

  func testNewlinesInsideParenthesesAreIgnored() {
    XCTAssertEqual(
      kinds("f(a\n, b\n)\nc"),
      [
        .identifier, .leftParen, .identifier, .comma, .identifier, .rightParen, .newline,
        .identifier,
      ])
  }

  func testNewlinesInsideBracketsAreIgnored() {
    XCTAssertEqual(
      kinds("[a\nb]\nc"),
      [.leftBracket, .identifier, .identifier, .rightBracket, .newline, .identifier])
  }

  func testNewlineAfterABinaryOperatorIsIgnored() {
    XCTAssertEqual(kinds("a +\nb"), [.identifier, .plus, .identifier])
    XCTAssertEqual(kinds("a |  # comment\nb"), [.identifier, .pipe, .identifier])
    XCTAssertEqual(kinds("x =\n1"), [.identifier, .equal, .number])
  }

  func testNewlineAfterACommaIsIgnored() {
    XCTAssertEqual(kinds("print a,\nb"), [.identifier, .identifier, .comma, .identifier])
  }

  func testNewlinesInsideBracesSeparateStatements() {
    XCTAssertEqual(
      kinds("for v in g {\nprint v\nprint 1\n}"),
      [
        .identifier, .identifier, .identifier, .identifier, .leftBrace, .identifier, .identifier,
        .newline, .identifier, .number, .newline, .rightBrace,
      ])
  }

  func testParenthesesInsideBracesStillJoinLines() {
    XCTAssertEqual(
      kinds("{ f(1,\n2)\nx }"),
      [
        .leftBrace, .identifier, .leftParen, .number, .comma, .number, .rightParen, .newline,
        .identifier, .rightBrace,
      ])
  }

  func testCarriageReturnLineFeedIsOneNewline() {
    XCTAssertEqual(kinds("a\r\nb"), [.identifier, .newline, .identifier])
    XCTAssertEqual(tokens("a\r\nb")[2].range.line, 2)
  }

  func testABareCarriageReturnIsANewlineWhereverItIs() {
    // Found eight bytes at a time, then byte by byte: before, at and past
    // the last whole word, and where the file ends.
    for prefix in ["", "abc", "abcdefg", "abcdefgh", "abcdefghijklmnop", "abcdefghijklmnopq"] {
      let text = prefix + "\rz"
      XCTAssertEqual(
        SourceFile(path: "s", text: text).bytes, Array((prefix + "\nz").utf8), "after \(prefix)")
      XCTAssertEqual(SourceFile(path: "s", text: prefix + "\r").bytes, Array((prefix + "\n").utf8))
    }
    XCTAssertEqual(
      SourceFile(path: "s", text: "abcdefghij\r\nk").bytes, Array("abcdefghij\r\nk".utf8))
    XCTAssertEqual(SourceFile(path: "s", text: "abcdefghijk").bytes, Array("abcdefghijk".utf8))
  }

  // MARK: - Strings

  func testStringEscapesAreDecoded() {
    let token = onlyToken(#""a\nb\tc\"d\\e""#)
    XCTAssertEqual(token.kind, .string)
    XCTAssertEqual(token.text, "a\nb\tc\"d\\e")
  }

  func testStringsMayHoldAnyUnicode() {
    XCTAssertEqual(onlyToken("\"héllo → 🎬\"").text, "héllo → 🎬")
  }

  func testUnknownEscapeIsAnErrorAtTheBackslash() {
    let all = tokens(#"x = "ab\qc" + 1"#)
    XCTAssertEqual(all[2].kind, .error)
    XCTAssertEqual(
      all[2].text,
      #"unknown escape sequence '\q' in string; valid escapes are \n, \t, \", \\ and \(…)"#)
    XCTAssertEqual(all[2].range.column, 8)
    XCTAssertEqual(all[3].kind, .plus, "lexing goes on after the string")
  }

  func testUnterminatedStringIsAnErrorAtTheOpeningQuote() {
    let all = tokens("print \"abc\nx")
    XCTAssertEqual(all[1].kind, .error)
    XCTAssertEqual(all[1].text, "unterminated string")
    XCTAssertEqual(all[1].range.line, 1)
    XCTAssertEqual(all[1].range.column, 7)
    XCTAssertEqual(all[2].kind, .newline)
    XCTAssertEqual(all[3].text, "x")
  }

  func testUnterminatedStringAtEndOfInput() {
    XCTAssertEqual(tokens("\"abc\\")[0].text, "unterminated string")
  }

  // MARK: - Positions and UTF-8

  func testTokensKnowTheirLineAndColumn() {
    let all = tokens("a = 1\n  run b")
    XCTAssertEqual(all.map(\.range.line), [1, 1, 1, 1, 2, 2, 2])
    XCTAssertEqual(all.map(\.range.column), [1, 3, 5, 6, 3, 7, 8])
    XCTAssertEqual(all[5].range.start, 12)
    XCTAssertEqual(all[5].range.end, 13)
  }

  func testColumnsCountUnicodeScalarsNotBytes() {
    let all = tokens("\"é→🎬\" x # ü\ny")
    XCTAssertEqual(all[1].range.column, 7)
    XCTAssertEqual(all[2].range.column, 12)  // the newline after the comment
    XCTAssertEqual(all[3].range.column, 1)
  }

  func testInvalidUTF8InAStringIsAnErrorAtThatByte() {
    let bytes: [UInt8] = Array("x = \"ab".utf8) + [0xFF] + Array("c\"".utf8)
    let all = Lexer.tokens(of: SourceFile(path: "t", bytes: bytes))
    XCTAssertEqual(all[2].kind, .error)
    XCTAssertEqual(all[2].text, "invalid UTF-8 in source")
    XCTAssertEqual(all[2].range.start, 7)
    XCTAssertEqual(all[2].range.column, 8)
  }

  func testInvalidUTF8InACommentOrCode() {
    let comment: [UInt8] = Array("a # é".utf8) + [0xC3, 0x28] + Array("\nb".utf8)
    let inComment = Lexer.tokens(of: SourceFile(path: "t", bytes: comment))
    XCTAssertEqual(inComment.map(\.kind), [.identifier, .error, .newline, .identifier, .endOfFile])
    XCTAssertEqual(inComment[1].range.column, 6)

    let code: [UInt8] = [UInt8(ascii: "a"), 0x80, UInt8(ascii: "b")]
    let inCode = Lexer.tokens(of: SourceFile(path: "t", bytes: code))
    XCTAssertEqual(inCode.map(\.kind), [.identifier, .error, .identifier, .endOfFile])
    XCTAssertEqual(inCode[1].text, "invalid UTF-8 in source")
  }

  func testOverlongAndSurrogateEncodingsAreInvalid() {
    for bad: [UInt8] in [
      [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82],
    ] {
      let bytes = [UInt8(ascii: "\"")] + bad + [UInt8(ascii: "\"")]
      let all = Lexer.tokens(of: SourceFile(path: "t", bytes: bytes))
      XCTAssertEqual(all[0].text, "invalid UTF-8 in source", "\(bad)")
    }
  }

  func testByteOrderMarkIsSkipped() {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("tick".utf8)
    let all = Lexer.tokens(of: SourceFile(path: "t", bytes: bytes))
    XCTAssertEqual(all.map(\.kind), [.identifier, .endOfFile])
  }

  func testTokenDescriptionsForTheREPL() {
    XCTAssertEqual(
      tokens("fade 300ms \"hi\" ( \n").map(\.description),
      ["identifier fade", "number 0.3 ms", "string \"hi\"", "'('", "end of input"])
  }
}
