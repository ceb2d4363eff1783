import AnimLanguage
import Foundation
import XCTest

/// `anim fmt` over every script of the repository (`tests/`, `examples/`).
final class FormatRepositoryScriptsTests: XCTestCase {
  private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every `.anim` file under `tests/` and `examples/` that parses (the
  /// others are syntax-error tests, which the formatter refuses).
  private static func scripts() throws -> [SourceFile] {
    var found: [SourceFile] = []
    for folder in ["tests", "examples"] {
      let base = root.appendingPathComponent(folder).path
      let walker = FileManager.default.enumerator(atPath: base)
      while let name = walker?.nextObject() as? String {
        guard name.hasSuffix(".anim") else { continue }
        let path = base + "/" + name
        let source = SourceFile(path: path, bytes: try ScriptRunner.readFile(path))
        if !Parser.parse(source).diagnostics.contains(where: { $0.severity == .error }) {
          found.append(source)
        }
      }
    }
    return found.sorted { $0.path < $1.path }
  }

  /// The same tokens, comments and line breaks with the blanks changed: no
  /// indentation, four spaces wherever there were blanks, one space wherever
  /// two tokens touched.
  private static func scrambled(_ source: SourceFile) -> String {
    var text = ""
    var position = 0
    func gap(_ start: Int, _ end: Int) {
      let raw = String(decoding: source.bytes[start..<end], as: UTF8.self)
      guard !raw.isEmpty else {
        if position > 0 { text += " " }
        return
      }
      var out = ""
      var inBlanks = false
      var inComment = false
      for character in raw {
        if character == "#" { inComment = true }
        if character.isNewline { inComment = false }
        if !inComment && (character == " " || character == "\t") {
          if !inBlanks && !(out.last?.isNewline ?? text.last?.isNewline ?? true) { out += "    " }
          inBlanks = true
        } else {
          inBlanks = false
          out.append(character)
        }
      }
      text += out
    }
    for token in Lexer.tokens(of: source) where token.kind != .newline {
      if token.kind == .endOfFile {
        gap(position, source.bytes.count)
        break
      }
      gap(position, token.range.start)
      text += source.text(in: token.range)
      position = token.range.end
    }
    // `SourceFile` keeps bare carriage returns as `\n`: give them back.
    if source.firstLineEndIsBareCarriageReturn {
      text = String(text.map { $0 == "\n" ? "\r" : $0 })
    }
    return text
  }

  /// Formatting is idempotent and canonical: formatting a script, formatting
  /// that again, and formatting a copy of it with its blanks scrambled all
  /// give the same text.
  func testEveryScriptFormatsToOneLayout() throws {
    let scripts = try Self.scripts()
    XCTAssertGreaterThan(scripts.count, 400)
    for source in scripts {
      let once = try SourceFormatter.format(source)
      let twice = try SourceFormatter.format(SourceFile(path: source.path, text: once))
      XCTAssertEqual(twice, once, "\(source.path) is not idempotent")
      let messy = SourceFile(path: source.path, text: Self.scrambled(source))
      XCTAssertEqual(
        try SourceFormatter.format(messy), once, "\(source.path) scrambled formats differently")
    }
  }

  /// A formatted script prints the same output, gives the same errors and
  /// ends with the same exit code as the original (run only where the
  /// layout changed something: an unchanged script is the same program).
  func testEveryFormattedScriptRunsTheSame() throws {
    for source in try Self.scripts() {
      let formatted = try SourceFormatter.format(source)
      let candidates = [
        formatted,
        try SourceFormatter.format(
          SourceFile(path: source.path, text: Self.scrambled(source))),
      ]
      for text in Set(candidates) where Array(text.utf8) != source.bytes {
        var before: [String] = []
        var after: [String] = []
        let first = ScriptRunner.run(source, output: { before.append($0) })
        let second = ScriptRunner.run(
          SourceFile(path: source.path, text: text), output: { after.append($0) })
        XCTAssertEqual(before, after, "\(source.path) prints differently once formatted")
        XCTAssertEqual(first.outcome, second.outcome, "\(source.path) ends differently")
        XCTAssertEqual(
          first.errors.map(\.0.message), second.errors.map(\.0.message),
          "\(source.path): errors differ")
        XCTAssertEqual(
          first.failedExpectations.map(\.message), second.failedExpectations.map(\.message),
          "\(source.path): failed expectations differ")
      }
    }
  }

  /// The scrambled copy really differs from the original, so the test above
  /// compares two layouts of most scripts.
  func testTheScrambledCopyDiffers() throws {
    let source = SourceFile(path: "t.anim", text: "on h done {\n  print 1, 2  # x\n}\n")
    XCTAssertEqual(Self.scrambled(source), "on    h    done    {\nprint    1 ,    2    # x\n}\n")
  }
}
