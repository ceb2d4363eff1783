import AnimEngine
import AnimFiles
import AnimLanguage
import Foundation

extension LanguageServer {
  /// `textDocument/completion`: what may be written at the cursor (see `CompletionRequest`).
  func completion(_ params: JSON) throws -> JSON {
    let (document, offset) = try documentAndOffset(params)
    let engine = CompletionRequest(
      analysis: analysis(of: document), source: document.source, offset: offset, files: files)
    let items = engine.items()
    // A script binding 30 000 names would otherwise send them all for an
    // empty prefix; the client asks again as the prefix grows.
    guard items.count > CompletionRequest.maximumItems else {
      return ["isIncomplete": false, "items": .array(items)]
    }
    return [
      "isIncomplete": true, "items": .array(Array(items.prefix(CompletionRequest.maximumItems))),
    ]
  }
}

/// Answers `textDocument/completion`: finds the word being typed and the
/// tokens of the statement around it (lexed afresh from its start, so a
/// statement the parser could not read still gets completion), asks the
/// language's `CompletionEngine` what fits there with the names the
/// analysis sees (`AnalysisScope`), and sends its offers as LSP items.
/// Inside `import "` it offers the `.anim` files and folders beside the
/// document (offers of kind `file` and `folder`); in a comment or another
/// string, nothing.
struct CompletionRequest {
  let analysis: Analysis
  let source: SourceFile
  let offset: Int
  let files: FileProvider

  init(analysis: Analysis, source: SourceFile, offset: Int, files: FileProvider) {
    self.analysis = analysis
    self.source = source
    self.offset = offset
    self.files = files
  }

  /// The most items one answer carries (the best ranked first); more make the
  /// list incomplete, and the client asks again as the user types.
  static let maximumItems = 500

  /// LSP `CompletionItemKind`s.
  enum Kind: Int {
    case function = 3, field = 5, variable = 6, module = 9, property = 10, value = 12
    case keyword = 14, file = 17, folder = 19, enumMember = 20, constant = 21, event = 23
    case color = 16

    init(_ kind: CompletionOffer.Kind) {
      switch kind {
      case .keyword: self = .keyword
      case .function: self = .function
      case .variable: self = .variable
      case .property: self = .property
      case .field: self = .field
      case .value: self = .enumMember
      case .constant: self = .constant
      case .event: self = .event
      case .color: self = .color
      case .file: self = .file
      case .folder: self = .folder
      }
    }
  }

  func items() -> [JSON] {
    let bytes = source.bytes
    let place = TextAtCursor(source: source, offset: offset).lexicalPlace(at: offset)
    switch place {
    case .comment: return []
    case .string(let start):
      return importPaths(stringStart: start) + fontFamilies(stringStart: start)
    case .code: break
    }
    var prefixStart = offset
    while prefixStart > 0, Self.isIdentifierByte(bytes[prefixStart - 1]) { prefixStart -= 1 }
    if prefixStart < offset, (0x30...0x39).contains(bytes[prefixStart]) { return [] }
    if prefixStart < offset, prefixStart > 0, (0x30...0x39).contains(bytes[prefixStart - 1]) {
      return []
    }
    let prefix = String(decoding: bytes[prefixStart..<offset], as: UTF8.self)
    let engine = CompletionEngine(
      scope: AnalysisScope(analysis: analysis, offset: offset), prefix: prefix,
      nameLimit: Self.maximumItems + 1)
    let offers = engine.offers(after: tokensBefore(prefixStart))
    return render(offers, prefix: prefix, from: prefixStart)
  }

  private static func isIdentifierByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
  }

  /// The tokens from the start of the top-level statement before the one at
  /// `end` up to `end`, without the end-of-input token.
  private func tokensBefore(_ end: Int) -> [Token] {
    let statements = analysis.statements
    var low = 0
    var high = statements.count
    while low < high {
      let middle = (low + high) / 2
      // Strictly before: a word being typed at a statement's start (`el` after
      // an if block's `}`) needs the statement before it as context.
      if statements[middle].range.start < end { low = middle + 1 } else { high = middle }
    }
    let start = low > 0 ? statements[low - 1].range.start : 0
    let slice = SourceFile(path: source.path, bytes: Array(source.bytes[start..<end]))
    var tokens = Lexer.tokens(of: slice)
    tokens.removeLast()
    return tokens
  }

  // MARK: Import paths

  /// Inside `import "...`: the `.anim` files and folders beside the document.
  private func importPaths(stringStart: Int) -> [JSON] {
    let lineStart = source.lineStarts[source.location(ofOffset: stringStart).line - 1]
    let before = String(decoding: source.bytes[lineStart..<stringStart], as: UTF8.self)
    guard before.trimmingSpaces() == "import \"" else { return [] }
    let typed = String(decoding: source.bytes[stringStart..<offset], as: UTF8.self)
    let directoryPart = typed.lastIndex(of: "/").map { String(typed[...$0]) } ?? ""
    let base = URL(fileURLWithPath: source.path).deletingLastPathComponent()
    let directory =
      directoryPart.hasPrefix("/")
      ? URL(fileURLWithPath: directoryPart) : base.appendingPathComponent(directoryPart)
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
      return []
    }
    var items: [CompletionOffer] = []
    for entry in entries.sorted() where !entry.hasPrefix(".") {
      var isDirectory: ObjCBool = false
      _ = FileManager.default.fileExists(
        atPath: directory.appendingPathComponent(entry).path, isDirectory: &isDirectory)
      if isDirectory.boolValue {
        items.append(CompletionOffer(label: directoryPart + entry + "/", kind: .folder, rank: 1))
      } else if entry.hasSuffix(".anim"),
        FilePaths.canonical(directory.appendingPathComponent(entry).path)
          != FilePaths.canonical(source.path)
      {
        items.append(CompletionOffer(label: directoryPart + entry, kind: .file, rank: 0))
      }
    }
    return render(items, prefix: typed, from: stringStart)
  }

  // MARK: Font families

  /// Inside `font: "...` (a text's declaration, or `t.font = "...`): the
  /// families fontconfig has (SPEC §21.5).
  private func fontFamilies(stringStart: Int) -> [JSON] {
    let lineStart = source.lineStarts[source.location(ofOffset: stringStart).line - 1]
    let before = String(decoding: source.bytes[lineStart..<stringStart], as: UTF8.self)
    let trimmed = String(before.dropLast()).trimmingSpaces()
    guard before.hasSuffix("\""), trimmed.hasSuffix("font:") || trimmed.hasSuffix(".font =")
    else { return [] }
    let typed = String(decoding: source.bytes[stringStart..<offset], as: UTF8.self)
    let items = Vocabulary.fontFamilies().map {
      CompletionOffer(label: $0, kind: .value, rank: 0, detail: "font family")
    }
    return render(items, prefix: typed, from: stringStart)
  }

  // MARK: Output

  /// The offers as LSP items, by `rank` (contextual values first), those
  /// not starting with `prefix` and repeated labels left out.
  private func render(_ items: [CompletionOffer], prefix: String, from start: Int) -> [JSON] {
    let range = source.lspRange(from: start, to: offset)
    let lowered = prefix.lowercased()
    var seen: Set<String> = []
    var out: [JSON] = []
    // By rank, and within a rank in the order the context listed them (a
    // bucket pass: the list may hold every name of a large script).
    var buckets: [[CompletionOffer]] = Array(repeating: [], count: CompletionOffer.lastRank + 1)
    for item in items { buckets[min(max(item.rank, 0), CompletionOffer.lastRank)].append(item) }
    for item in buckets.joined() {
      // One more than the limit tells the caller the list is incomplete.
      if out.count > Self.maximumItems { break }
      guard item.label.lowercased().hasPrefix(lowered), seen.insert(item.label).inserted else {
        continue
      }
      var object: [String: JSON] = [
        "label": .string(item.label), "kind": .int(Kind(item.kind).rawValue),
        "sortText": .string("\(item.rank)\(item.label)"),
        "textEdit": ["range": range, "newText": .string(item.insert ?? item.label)],
      ]
      if let insert = item.insert, insert != item.label {
        object["filterText"] = .string(insert)
      }
      if let detail = item.detail { object["detail"] = .string(detail) }
      if let documentation = item.documentation {
        object["documentation"] = ["kind": "markdown", "value": .string(documentation)]
      }
      out.append(.object(object))
    }
    return out
  }
}
