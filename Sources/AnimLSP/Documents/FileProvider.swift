import AnimFiles
import AnimLanguage

/// Reads the files a document imports: an open document's unsaved text
/// wins over the file on disk, as an editor user expects.
struct FileProvider {
  /// Open documents by canonical path.
  var openDocuments: [String: Document]

  /// The bytes of `path` (canonical): the open document's text, else the file.
  func read(_ path: String) throws -> [UInt8] {
    if let document = openDocuments[path] { return document.source.bytes }
    return try ScriptRunner.readFile(path)
  }

  /// The source of `path`, for definitions in imported files.
  func source(_ path: String) -> SourceFile? {
    if let document = openDocuments[path] { return document.source }
    guard let bytes = try? ScriptRunner.readFile(path) else { return nil }
    return SourceFile(path: path, bytes: bytes)
  }
}
