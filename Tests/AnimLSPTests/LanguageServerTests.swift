import AnimLanguage
import Foundation
import XCTest

@testable import AnimLSP

/// The server's handlers, message by message, without a process.
final class LanguageServerTests: XCTestCase {
  private let uri = "file:///tmp/anim-lsp-tests/main.anim"

  private func initialized() -> LanguageServer {
    let server = LanguageServer()
    let replies = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
    XCTAssertEqual(replies.first?["result"]?["capabilities"]?["hoverProvider"], true)
    return server
  }

  private func open(_ server: LanguageServer, _ text: String) -> [JSON] {
    server.handle([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": ["textDocument": ["uri": .string(uri), "version": 1, "text": .string(text)]],
    ])
  }

  private func request(_ server: LanguageServer, _ method: String, line: Int, character: Int)
    -> JSON?
  {
    let replies = server.handle([
      "jsonrpc": "2.0", "id": 9, "method": .string(method),
      "params": [
        "textDocument": ["uri": .string(uri)],
        "position": ["line": .int(line), "character": .int(character)],
      ],
    ])
    XCTAssertEqual(replies.count, 1)
    return replies.first?["result"]
  }

  func testOpenPublishesDiagnosticsWithHintsAsRelatedInformation() throws {
    let server = initialized()
    let replies = open(server, "view box\nprint bx.alpha\n")
    XCTAssertEqual(replies.count, 1)
    XCTAssertEqual(replies[0]["method"], "textDocument/publishDiagnostics")
    let diagnostic = try XCTUnwrap(replies[0]["params"]?["diagnostics"]?.array?.first)
    XCTAssertEqual(diagnostic["message"], "unknown name 'bx'")
    XCTAssertEqual(
      diagnostic["range"],
      ["start": ["line": 1, "character": 6], "end": ["line": 1, "character": 8]])
    XCTAssertEqual(
      diagnostic["relatedInformation"]?.array?.first?["message"], "hint: did you mean 'box'?")
  }

  func testIncrementalChangesInUTF16Units() throws {
    let server = initialized()
    _ = open(server, "print \"😀\", vew.x\n")
    // `vew` starts at UTF-16 offset 12 (the emoji is two units).
    let replies = server.handle([
      "jsonrpc": "2.0", "method": "textDocument/didChange",
      "params": [
        "textDocument": ["uri": .string(uri), "version": 2],
        "contentChanges": [
          [
            "range": [
              "start": ["line": 0, "character": 12], "end": ["line": 0, "character": 15],
            ],
            "text": "view",
          ]
        ],
      ],
    ])
    XCTAssertEqual(replies.first?["params"]?["diagnostics"], [])
    XCTAssertEqual(replies.first?["params"]?["version"], 2)
    XCTAssertEqual(
      server.documents[uri]?.source.text(in: .init(start: 0, end: 100, line: 1, column: 1)),
      "print \"😀\", view.x\n")
  }

  func testHoverShowsNegativeZeroAsPrintDoes() throws {
    let server = initialized()
    _ = open(server, "z = -0\nprint z\n")
    let hover = try XCTUnwrap(request(server, "textDocument/hover", line: 1, character: 6))
    XCTAssertEqual(hover["contents"]?["value"], "```anim\nz = -0\n```\nvariable: number 0")
  }

  func testHoverOnAViewMemberReadsThePropertyTable() throws {
    let server = initialized()
    _ = open(server, "view box\nprint box.cornerRadius, box.center\n")
    let radius = try XCTUnwrap(request(server, "textDocument/hover", line: 1, character: 12))
    let radiusText =
      "```anim\n.cornerRadius\n```\nthe corner radius, in points: r sets all four corners, "
      + "(tl, tr, br, bl) each; reads the top-left"
    XCTAssertEqual(radius["contents"]?["value"], .string(radiusText))
    let center = try XCTUnwrap(request(server, "textDocument/hover", line: 1, character: 29))
    XCTAssertEqual(
      center["contents"]?["value"],
      "```anim\n.center\n```\nthe centre as a point (x, y), as position")
  }

  func testHoverOnATextsLetters() throws {
    let server = initialized()
    _ = open(server, "text title(\"Hi\")\nprint title.letters.count\n")
    let hover = try XCTUnwrap(request(server, "textDocument/hover", line: 1, character: 14))
    XCTAssertEqual(
      hover["contents"]?["value"],
      "```anim\n.letters\n```\na text's letters: a group of child views, one per grapheme cluster, in reading order (read only)"
    )
  }

  private func completionLabels(_ text: String, line: Int, character: Int) throws -> [String] {
    let server = initialized()
    _ = open(server, text)
    let completion = try XCTUnwrap(
      request(server, "textDocument/completion", line: line, character: character))
    return completion["items"]?.array?.compactMap { $0["label"]?.string } ?? []
  }

  func testCompletionOffersElseAfterAnIfBlockAndLogicAfterAConditionAndGridProperties() throws {
    // `el` after the `}` of an if block, on its line and on the next one
    // (where a statement may also start: `ellipse e`).
    XCTAssertTrue(
      try completionLabels("x = 1\nif x > 0 { print 1 } el", line: 1, character: 24).contains(
        "else"))
    XCTAssertEqual(
      try completionLabels("x = 1\nif x > 0 {\n  print 1\n}\nel", line: 4, character: 2),
      ["else", "ellipse"])
    // Not after a for loop's block.
    XCTAssertFalse(
      try completionLabels("for i in 0..<2 { print i } el", line: 0, character: 29).contains("else")
    )
    XCTAssertEqual(
      try completionLabels("x = 1\nif x > 0 a", line: 1, character: 10), ["and"])
    XCTAssertEqual(
      try completionLabels("if true { } else i", line: 0, character: 18), ["if"])
    XCTAssertEqual(
      try completionLabels("grid g(cols: 2, co", line: 0, character: 18),
      [
        "color:", "cornerTopLeft:", "cornerTopRight:", "cornerBottomRight:", "cornerBottomLeft:",
        "cornerRadius:",
      ])
  }

  func testCompletionOffersARecordsFieldsFromItsLiteralAndACSVsHeader() throws {
    XCTAssertEqual(
      try completionLabels(
        "let r = {month: \"Jan\", sales: 120, \"first name\": 1}\nprint r.s", line: 1,
        character: 9),
      ["sales"])
    XCTAssertEqual(
      try completionLabels("let rows = [{a: 1, b: 2}]\nprint rows[0].", line: 1, character: 14),
      ["a", "b"])
    // A json() value, found by running the declarations it needs.
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("anim-lsp-data-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "month,sales,note\n".write(
      to: directory.appendingPathComponent("sales.csv"), atomically: true, encoding: .utf8)
    try #"{"title": "T", "items": [1]}"#.write(
      to: directory.appendingPathComponent("d.json"), atomically: true, encoding: .utf8)
    let server = LanguageServer()
    _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
    let file = "file://" + directory.appendingPathComponent("main.anim").path
    _ = server.handle([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": [
          "uri": .string(file), "version": 1,
          "text":
            "let rows = csv(\"sales.csv\")\nlet d = json(\"d.json\")\nprint rows[0].\nprint d.\n",
        ]
      ],
    ])
    func labels(line: Int, character: Int) -> [String] {
      let replies = server.handle([
        "jsonrpc": "2.0", "id": 9, "method": "textDocument/completion",
        "params": [
          "textDocument": ["uri": .string(file)],
          "position": ["line": .int(line), "character": .int(character)],
        ],
      ])
      return replies.first?["result"]?["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }
    // The header, though the file has no rows.
    XCTAssertEqual(labels(line: 2, character: 14), ["month", "sales", "note"])
    XCTAssertEqual(labels(line: 3, character: 8), ["title", "items"])
  }

  func testHoverShowsAListsLengthAndARecordsFields() throws {
    let server = initialized()
    _ = open(server, "let xs = [for i in 0..<12: i]\nlet r = {a: 1, b: \"x\"}\nprint xs, r\n")
    let list = try XCTUnwrap(request(server, "textDocument/hover", line: 2, character: 6))
    XCTAssertEqual(
      list["contents"]?["value"],
      "```anim\nlet xs = [for i in 0..<12: i]\n```\nvariable: list of 12 items")
    let record = try XCTUnwrap(request(server, "textDocument/hover", line: 2, character: 10))
    XCTAssertEqual(
      record["contents"]?["value"],
      "```anim\nlet r = {a: 1, b: \"x\"}\n```\nvariable: record of 2 fields: a, b")
  }

  func testAFamilyIsSeenAfterTheLoopThatDeclaresIt() throws {
    let server = initialized()
    _ = open(server, "for i in 0..<3 { rect bar[i](x: i) }\nprint bar.count\n")
    let hover = try XCTUnwrap(request(server, "textDocument/hover", line: 1, character: 7))
    XCTAssertEqual(
      hover["contents"]?["value"],
      "```anim\nrect bar[i](x: i)\n```\nfamily")
    XCTAssertEqual(
      try completionLabels(
        "for i in 0..<3 { rect bar[i](x: i) }\nprint bar.", line: 1, character: 10),
      ["count"])
  }

  func testImportCompletionOffersFilesAndFoldersWithTheirKinds() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("anim-lsp-import-\(getpid())")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("lib"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "x = 1\n".write(
      to: directory.appendingPathComponent("shared.anim"), atomically: true, encoding: .utf8)
    try "".write(
      to: directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    let document = directory.appendingPathComponent("main.anim").absoluteString
    let server = initialized()
    _ = server.handle([
      "jsonrpc": "2.0", "method": "textDocument/didOpen",
      "params": [
        "textDocument": [
          "uri": .string(document), "version": 1, "text": "import \"\"\n",
        ]
      ],
    ])
    let replies = server.handle([
      "jsonrpc": "2.0", "id": 9, "method": "textDocument/completion",
      "params": [
        "textDocument": ["uri": .string(document)], "position": ["line": 0, "character": 8],
      ],
    ])
    let items = try XCTUnwrap(replies.first?["result"]?["items"]?.array)
    // LSP's CompletionItemKind: File 17, Folder 19; files (rank 0) sort first.
    XCTAssertEqual(items.map { $0["label"] }, ["shared.anim", "lib/"])
    XCTAssertEqual(items.map { $0["kind"] }, [17, 19])
    XCTAssertEqual(items.map { $0["sortText"] }, ["0shared.anim", "1lib/"])
  }

  func testInsideAFontStringTheFamiliesFontconfigHasAreOffered() throws {
    let script = "text t(\"Hi\", font: \"DejaVu Se\")\nt.font = \"dejavu sans m\"\n"
    XCTAssertEqual(
      try completionLabels(script, line: 0, character: 29),
      ["DejaVu Serif", "DejaVu Serif Condensed"])
    XCTAssertEqual(try completionLabels(script, line: 1, character: 23), ["DejaVu Sans Mono"])
    // Any other string offers no family.
    XCTAssertEqual(try completionLabels("text t(\"DejaVu\")\n", line: 0, character: 14), [])
  }

  func testCompletionWhereTheLanguageServerAndTheREPLOnceDiffered() throws {
    let setup = "view box\ngrid tiles(cols: 2, rows: 1)\nm = fade(out, 1)\nh = run m on box\n"
    func labels(_ line: String) throws -> [String] {
      try completionLabels(
        setup + line, line: 4, character: line.utf16.count)
    }
    // Right after a block's `}` on its line: only `else`, never a statement
    // word such as `ellipse`; after another block's `}`, nothing.
    XCTAssertEqual(try labels("if true { print 1 } el"), ["else"])
    XCTAssertEqual(try labels("if true { print 1 } "), ["else"])
    XCTAssertEqual(try labels("for i in 0..<2 { print i } "), [])
    // After `on` (a motion's target) and `on:`: views, groups and the
    // variables that may hold one (not the handle `h`, not builtins).
    XCTAssertEqual(Set(try labels("run m on ")), ["view", "box", "tiles", "m"])
    XCTAssertEqual(Set(try labels("run fade(out, 1, on: ")), ["view", "box", "tiles", "m"])
    XCTAssertEqual(try labels("run m on t"), ["tiles"])
    // `not` and colours where a value goes; no colours at a statement's start.
    XCTAssertEqual(try labels("print no"), ["not"])
    XCTAssertEqual(try labels("box.color = tom"), ["tomato"])
    XCTAssertEqual(try labels("tom"), [])
    // A property's choices first after its label, from the property table
    // (then names, as after every label: a variable may hold the value).
    XCTAssertEqual(
      Array(try labels("view v(lineJoin: ").prefix(4)), ["miter", "round", "bevel", "box"])
    // A number's words (a text's weight) and a boolean's two values.
    XCTAssertEqual(Array(try labels("text t(weight: ").prefix(3)), ["normal", "bold", "box"])
    XCTAssertEqual(Array(try labels("text t(italic: ").prefix(3)), ["true", "false", "box"])
  }

  func testCompletionInsideMorphOffersItsLabelsAndTheViews() throws {
    let script = "ellipse blob\nstar burst\nrun morph("
    XCTAssertTrue(try completionLabels(script, line: 2, character: 10).contains("burst"))
    XCTAssertTrue(try completionLabels(script + "to: b", line: 2, character: 15).contains("burst"))
    XCTAssertEqual(
      try completionLabels(script + "to: burst, 1, e", line: 2, character: 25).first, "ease:")
  }

  func testHoverExplainsTheLogicWords() throws {
    let server = initialized()
    _ = open(server, "if true and not false { print 1 }\n")
    let hover = try XCTUnwrap(request(server, "textDocument/hover", line: 0, character: 9))
    XCTAssertEqual(
      hover["contents"]?["value"],
      "```anim\na and b\n```\ntrue when both are; `b` is not evaluated when `a` is false")
  }

  func testCompletionHoverDefinitionAndSymbols() throws {
    let server = initialized()
    _ = open(server, "view box\nm = fade(out, 2) * 3\nrun m on box\n")
    let completion = try XCTUnwrap(
      request(server, "textDocument/completion", line: 2, character: 1))
    let labels = completion["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    XCTAssertEqual(
      Set(labels),
      [
        "reset", "resume", "restart", "run", "radial", "random", "range", "resize", "reverse",
        "rgb", "rotate", "round", "rect",
      ])
    XCTAssertTrue(labels.contains("run") && labels.contains("rotate"))
    let hover = try XCTUnwrap(request(server, "textDocument/hover", line: 2, character: 4))
    XCTAssertEqual(
      hover["contents"]?["value"],
      "```anim\nm = fade(out, 2) * 3\n```\nvariable: motion, duration 6 s")
    let definition = try XCTUnwrap(
      request(server, "textDocument/definition", line: 2, character: 10))
    XCTAssertEqual(
      definition["range"],
      ["start": ["line": 0, "character": 5], "end": ["line": 0, "character": 8]])
    let symbols = server.handle([
      "jsonrpc": "2.0", "id": 3, "method": "textDocument/documentSymbol",
      "params": ["textDocument": ["uri": .string(uri)]],
    ])
    XCTAssertEqual(
      symbols.first?["result"]?.array?.compactMap { $0["name"]?.string }, ["box", "m"])
  }

  func testAfterAViewsDotItsPropertiesAndReadOnlyMembersAreOffered() throws {
    let server = initialized()
    _ = open(server, "view box\nprint box.\n")
    let completion = try XCTUnwrap(
      request(server, "textDocument/completion", line: 1, character: 10))
    let labels = Set(completion["items"]?.array?.compactMap { $0["label"]?.string } ?? [])
    XCTAssertTrue(labels.isSuperset(of: ["alpha", "x", "scale", "name", "position", "size"]))
    XCTAssertFalse(labels.contains("state"), "run-handle members after a view")
  }

  func testProtocolErrors() {
    let server = LanguageServer()
    XCTAssertEqual(
      server.handle(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover"]).first?["error"]?[
        "code"],
      .int(RPCError.serverNotInitialized))
    XCTAssertEqual(
      server.handle(body: Array("{nope".utf8)).first?["error"]?["code"], .int(RPCError.parseError))
    XCTAssertEqual(server.handle([1, 2]).first?["error"]?["code"], .int(RPCError.invalidRequest))
    XCTAssertEqual(
      server.handle(["jsonrpc": "2.0", "id": 1.5, "method": "x"]).first?["error"]?["code"],
      .int(RPCError.invalidRequest))
    _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize"])
    XCTAssertEqual(
      server.handle(["jsonrpc": "2.0", "id": 2, "method": "anim/unknown"]).first?["error"]?["code"],
      .int(RPCError.methodNotFound))
    XCTAssertEqual(server.handle(["jsonrpc": "2.0", "method": "anim/unknownNotification"]), [])
    XCTAssertEqual(
      server.handle(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": [:]])
        .first?["error"]?["code"], .int(RPCError.invalidParams))
    XCTAssertNil(server.exitCode)
    _ = server.handle(["jsonrpc": "2.0", "id": 4, "method": "shutdown"])
    _ = server.handle(["jsonrpc": "2.0", "method": "exit"])
    XCTAssertEqual(server.exitCode, 0)
  }

  func testServeLoopAnswersFramedMessagesAndStopsAtExit() {
    let input =
      String(
        decoding: MessageWriter.frame(
          Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8)), as: UTF8.self)
      + "garbage\r\n\r\n"
      + String(
        decoding: MessageWriter.frame(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8)),
        as: UTF8.self)
      + String(
        decoding: MessageWriter.frame(Array(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#.utf8)),
        as: UTF8.self)
    var written: [UInt8] = []
    let code = LanguageServer().serve(ChunkedBytes(input)) { bytes in
      written += bytes
      return true
    }
    XCTAssertEqual(code, 1)
    let text = String(decoding: written, as: UTF8.self)
    XCTAssertTrue(text.hasPrefix("Content-Length: "))
    XCTAssertTrue(text.contains(#""code":-32700"#))
    XCTAssertFalse(text.contains(#""id":2"#))
  }
}

final class FormattingEditTests: XCTestCase {
  private func edits(_ old: String, _ new: String) -> [JSON] {
    LanguageServer.lineEdits(from: SourceFile(path: "x.anim", text: old), to: Array(new.utf8))
  }

  func testOneEditOverTheChangedLinesOnly() {
    XCTAssertEqual(
      edits("a\nb  =1\nc\n", "a\nb = 1\nc\n"),
      [
        [
          "range": ["start": ["line": 1, "character": 0], "end": ["line": 2, "character": 0]],
          "newText": "b = 1\n",
        ]
      ])
  }

  func testNoEditWhenNothingChanges() {
    XCTAssertEqual(edits("a\n", "a\n"), [])
  }

  func testBlankLinesCollapsedAndTheEndTouched() {
    XCTAssertEqual(
      edits("a\n\n\n\nb", "a\n\nb\n"),
      [
        [
          "range": ["start": ["line": 2, "character": 0], "end": ["line": 4, "character": 1]],
          "newText": "b\n",
        ]
      ])
  }
}
