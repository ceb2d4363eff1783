import AnimLanguage
import Foundation

/// One input that ran without error: an entry typed at the prompt (one or
/// more lines) or a file run with `:load`. The session keeps every one in
/// order; replaying them into a fresh interpreter rebuilds its state exactly.
struct SessionEntry {
  /// The text, with the path it ran under (`<repl>`, or the loaded file's
  /// absolute path, against which its imports resolve).
  var source: SourceFile
  /// The path as the user gave it to `:load`; nil for typed input.
  var loadedAs: String?

  /// The entry as it goes into a `:save`d script: its text, with every
  /// relative `import` made absolute (the saved file may live elsewhere), and
  /// a comment naming the file for a loaded one.
  var scriptText: String {
    let statements = Parser.parse(source).statements
    var edits: [(range: SourceRange, text: String)] = []
    collectImports(statements, into: &edits)
    var bytes = source.bytes
    for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
      bytes.replaceSubrange(edit.range.start..<edit.range.end, with: Array(edit.text.utf8))
    }
    var text = String(decoding: bytes, as: UTF8.self)
    if !text.hasSuffix("\n") { text += "\n" }
    if let loadedAs { text = "# :load \(loadedAs)\n" + text }
    return text
  }

  private func collectImports(
    _ statements: [Stmt], into edits: inout [(range: SourceRange, text: String)]
  ) {
    for statement in statements {
      switch statement.kind {
      case .importFile(let path) where !path.hasPrefix("/"):
        let base = URL(fileURLWithPath: source.path).deletingLastPathComponent()
        let absolute = base.appendingPathComponent(path).standardizedFileURL.path
        edits.append((statement.range, "import \(SyntaxFormat.quoted(absolute))"))
      case .forLoop(_, _, let body), .handler(_, _, let body):
        collectImports(body, into: &edits)
      case .conditional(let branches, let otherwise):
        collectImports(branches.flatMap(\.body) + (otherwise ?? []), into: &edits)
      default:
        break
      }
    }
  }
}
