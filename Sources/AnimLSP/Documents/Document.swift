import AnimLanguage
import Foundation

/// An open document: its URI, the file path that URI names, its text and
/// version, and what the analysis of that text found (computed when first
/// needed after each change).
final class Document {
  let uri: String
  /// The file path (for `file:` URIs), else the URI itself: diagnostics and
  /// imports use it as `anim check` uses a script's path.
  let path: String
  private(set) var version: Int
  private(set) var source: SourceFile
  private var cachedAnalysis: Analysis?

  init(uri: String, text: [UInt8], version: Int) {
    self.uri = uri
    self.path = DocumentURI.path(of: uri) ?? uri
    self.version = version
    self.source = SourceFile(path: path, bytes: text)
  }

  /// Replaces the whole text.
  func replace(with text: [UInt8], version: Int) {
    self.version = version
    source = SourceFile(path: path, bytes: text)
    dropAnalysis()
  }

  /// Applies one `TextDocumentContentChangeEvent`: the text replacing
  /// `range`, or the whole document when there is no range.
  func apply(_ text: String, in range: (start: Position, end: Position)?) {
    guard let range else {
      source = SourceFile(path: path, bytes: Array(text.utf8))
      dropAnalysis()
      return
    }
    let start = source.offset(of: range.start)
    let end = max(start, source.offset(of: range.end))
    var bytes = source.bytes
    bytes.replaceSubrange(start..<end, with: text.utf8)
    source = SourceFile(path: path, bytes: bytes)
    dropAnalysis()
  }

  func setVersion(_ version: Int) { self.version = version }

  /// Analyses of earlier texts, kept until the server is idle (`releaseRetired`):
  /// freeing the syntax tree and declarations of a 1 MB script costs a third
  /// of parsing it, and the diagnostics of a change need not wait for it.
  private var retired: [Analysis] = []

  /// The most retired analyses kept; past it the oldest is freed at once.
  private static let maximumRetired = 2

  private func dropAnalysis() {
    if let cachedAnalysis { retired.append(cachedAnalysis) }
    cachedAnalysis = nil
    if retired.count > Self.maximumRetired { retired.removeFirst() }
  }

  /// Frees the analyses of earlier texts.
  func releaseRetired() { retired.removeAll() }

  /// Whether analyses of earlier texts wait to be freed.
  var hasRetired: Bool { !retired.isEmpty }

  /// The analysis of the current text; `files` supplies imported files.
  func analysis(files: FileProvider) -> Analysis {
    if let cachedAnalysis { return cachedAnalysis }
    let analysis = Analysis(source: source, files: files)
    cachedAnalysis = analysis
    return analysis
  }

  /// Forgets the analysis (an imported document changed).
  func invalidate() { dropAnalysis() }
}

/// Converts between `file:` URIs and paths.
enum DocumentURI {
  /// The path of a `file:` URI, percent-decoded; nil for other schemes.
  static func path(of uri: String) -> String? {
    guard uri.hasPrefix("file://") else { return nil }
    var rest = Substring(uri.dropFirst("file://".count))
    // `file://host/path`: only an empty host or localhost is local.
    if !rest.hasPrefix("/") {
      guard let slash = rest.firstIndex(of: "/") else { return nil }
      rest = rest[slash...]
    }
    return rest.removingPercentEncoding ?? String(rest)
  }

  /// The `file:` URI of an absolute path.
  static func uri(of path: String) -> String {
    var allowed = CharacterSet.urlPathAllowed
    allowed.remove(charactersIn: "?#[]@!$&'()*+,;=:")
    allowed.insert("/")
    let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    return "file://" + encoded
  }
}
