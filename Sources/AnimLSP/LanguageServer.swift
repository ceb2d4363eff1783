import AnimFiles
import AnimLanguage

/// The `anim lsp` language server: JSON-RPC messages in, messages out.
///
/// It keeps every open document in memory and nothing on disk. Each message
/// is handled completely before the next is read; the answers (responses and
/// notifications such as `textDocument/publishDiagnostics`) are returned in
/// the order they are to be sent. Nothing a client sends can stop it but
/// `exit` or the end of its input: a body that is not JSON gets a ParseError
/// response, a message that is not a request an InvalidRequest, an unknown
/// method MethodNotFound.
public final class LanguageServer {
  /// The version `initialize` reports.
  public static let version = "0.1.0"

  private var initialized = false
  private var shutdownRequested = false
  /// The process exit code, once `exit` arrived: 0 after `shutdown`, else 1.
  public private(set) var exitCode: Int32?
  var documents: [String: Document] = [:]
  /// The document whose declarations to index once the answers to the
  /// current message are written (see `prepare()`).
  private var changed: Document?

  public init() {}

  /// Handles one message body; returns the messages to send.
  public func handle(body: [UInt8]) -> [JSON] {
    let message: JSON
    do {
      message = try JSONParser.parse(body)
    } catch {
      return [Self.error(id: .null, RPCError.parseError, "parse error: \(error)")]
    }
    return handle(message)
  }

  /// Handles a header block that framing could not use.
  public func handleMalformed(_ reason: String) -> [JSON] {
    [Self.error(id: .null, RPCError.parseError, "malformed message: \(reason)")]
  }

  /// Handles one parsed message.
  public func handle(_ message: JSON) -> [JSON] {
    guard let object = message.object else {
      return [Self.error(id: .null, RPCError.invalidRequest, "a message must be a JSON object")]
    }
    let id = object["id"]
    if let id, !Self.isValidID(id) {
      return [Self.error(id: .null, RPCError.invalidRequest, "id must be a number or a string")]
    }
    guard let methodValue = object["method"] else {
      // A response to a request the server never sends; nothing to do.
      if id != nil, object["result"] != nil || object["error"] != nil { return [] }
      return [Self.error(id: id ?? .null, RPCError.invalidRequest, "a request needs a method")]
    }
    guard let method = methodValue.string else {
      return [Self.error(id: id ?? .null, RPCError.invalidRequest, "method must be a string")]
    }
    let params = object["params"] ?? .null
    if let id {
      return request(id: id, method: method, params: params)
    }
    return notification(method: method, params: params)
  }

  private static func isValidID(_ id: JSON) -> Bool {
    switch id {
    case .string: return true
    case .number(let n): return n.rounded() == n
    default: return false
    }
  }

  // MARK: Requests

  private func request(id: JSON, method: String, params: JSON) -> [JSON] {
    if method == "initialize" {
      if initialized {
        return [Self.error(id: id, RPCError.invalidRequest, "initialize was already received")]
      }
      initialized = true
      return [Self.response(id: id, Self.initializeResult)]
    }
    guard initialized else {
      return [Self.error(id: id, RPCError.serverNotInitialized, "initialize must come first")]
    }
    if shutdownRequested {
      return [Self.error(id: id, RPCError.invalidRequest, "the server is shutting down")]
    }
    do {
      let result: JSON
      switch method {
      case "shutdown":
        shutdownRequested = true
        result = .null
      case "textDocument/completion": result = try completion(params)
      case "textDocument/hover": result = try hover(params)
      case "textDocument/definition": result = try definition(params)
      case "textDocument/documentSymbol": result = try documentSymbols(params)
      case "textDocument/formatting": result = try formatting(params)
      default:
        return [Self.error(id: id, RPCError.methodNotFound, "method not found: \(method)")]
      }
      return [Self.response(id: id, result)]
    } catch let failure as RequestFailure {
      return [Self.error(id: id, failure.code, failure.message)]
    } catch {
      return [Self.error(id: id, RPCError.internalError, "\(error)")]
    }
  }

  static var initializeResult: JSON {
    [
      "capabilities": [
        "positionEncoding": "utf-16",
        "textDocumentSync": [
          "openClose": true, "change": 2, "save": ["includeText": false],
        ],
        "completionProvider": [
          "triggerCharacters": [".", "(", ":", ","], "resolveProvider": false,
        ],
        "hoverProvider": true,
        "definitionProvider": true,
        "documentSymbolProvider": true,
        "documentFormattingProvider": true,
      ],
      "serverInfo": ["name": "anim", "version": .string(version)],
    ]
  }

  // MARK: Notifications

  private func notification(method: String, params: JSON) -> [JSON] {
    if method == "exit" {
      exitCode = shutdownRequested ? 0 : 1
      return []
    }
    guard initialized, !shutdownRequested else { return [] }
    switch method {
    case "textDocument/didOpen": return didOpen(params)
    case "textDocument/didChange": return didChange(params)
    case "textDocument/didClose": return didClose(params)
    default:
      // `initialized`, `$/cancelRequest`, `$/setTrace`, `textDocument/didSave`,
      // configuration changes and anything unknown: a notification gets no
      // answer, and these need no action.
      return []
    }
  }

  private func didOpen(_ params: JSON) -> [JSON] {
    guard let item = params["textDocument"], let uri = item["uri"]?.string,
      let text = item["text"]?.string
    else { return [] }
    let document = Document(uri: uri, text: Array(text.utf8), version: item["version"]?.int ?? 0)
    documents[uri] = document
    return publishAfterChange(of: document)
  }

  private func didChange(_ params: JSON) -> [JSON] {
    guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri],
      let changes = params["contentChanges"]?.array
    else { return [] }
    for change in changes {
      guard let text = change["text"]?.string else { continue }
      if let range = change["range"] {
        guard let start = Position(range["start"]), let end = Position(range["end"]) else {
          continue
        }
        document.apply(text, in: (start, end))
      } else {
        document.apply(text, in: nil)
      }
    }
    if let version = params["textDocument"]?["version"]?.int { document.setVersion(version) }
    return publishAfterChange(of: document)
  }

  private func didClose(_ params: JSON) -> [JSON] {
    guard let uri = params["textDocument"]?["uri"]?.string, documents[uri] != nil else {
      return []
    }
    documents[uri] = nil
    var out = [
      Self.notification(
        "textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
    ]
    // Documents that import it read it from disk again.
    for other in documents.values.sorted(by: { $0.uri < $1.uri }) where imports(other) {
      other.invalidate()
      out.append(publish(other))
    }
    return out
  }

  /// The diagnostics of `document`, then those of every other open document
  /// that imports something (it may import this one).
  private func publishAfterChange(of document: Document) -> [JSON] {
    changed = document
    var out = [publish(document)]
    for other in documents.values.sorted(by: { $0.uri < $1.uri })
    where other !== document && imports(other) {
      other.invalidate()
      out.append(publish(other))
    }
    return out
  }

  private func imports(_ document: Document) -> Bool {
    !analysis(of: document).table.imports.isEmpty
  }

  private func publish(_ document: Document) -> JSON {
    let diagnostics = analysis(of: document).lspDiagnostics
    return Self.notification(
      "textDocument/publishDiagnostics",
      [
        "uri": .string(document.uri), "version": .int(document.version),
        "diagnostics": .array(diagnostics),
      ])
  }

  /// Work that can wait until the diagnostics of a change are sent:
  /// indexing the changed document's declarations, which completion, hover
  /// and definition need (a tenth of a second's typing is enough for a 1 MB
  /// script's, so the first request after a change rarely waits for it),
  /// then, while `stillIdle()`, freeing the analyses of earlier texts.
  public func prepare(stillIdle: () -> Bool = { true }) {
    if let document = changed {
      changed = nil
      if documents[document.uri] === document { _ = analysis(of: document).table }
    }
    for document in documents.values where document.hasRetired {
      guard stillIdle() else { return }
      document.releaseRetired()
    }
  }

  // MARK: Helpers

  /// The files imports read: open documents first.
  var files: FileProvider {
    var open: [String: Document] = [:]
    for document in documents.values where document.uri.hasPrefix("file:") {
      open[FilePaths.canonical(document.path)] = document
    }
    return FileProvider(openDocuments: open)
  }

  func analysis(of document: Document) -> Analysis {
    document.analysis(files: files)
  }

  /// The open document and byte offset a `TextDocumentPositionParams` names.
  func documentAndOffset(_ params: JSON) throws -> (Document, Int) {
    let document = try self.document(params)
    guard let position = Position(params["position"]) else {
      throw RequestFailure.invalidParams("position must be {line, character}")
    }
    return (document, document.source.offset(of: position))
  }

  /// The open document `params.textDocument.uri` names.
  func document(_ params: JSON) throws -> Document {
    guard let uri = params["textDocument"]?["uri"]?.string else {
      throw RequestFailure.invalidParams("textDocument.uri is missing")
    }
    guard let document = documents[uri] else {
      throw RequestFailure.invalidParams("\(uri) is not open")
    }
    return document
  }

  static func response(id: JSON, _ result: JSON) -> JSON {
    ["jsonrpc": "2.0", "id": id, "result": result]
  }

  static func error(id: JSON, _ code: Int, _ message: String) -> JSON {
    ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
  }

  static func notification(_ method: String, _ params: JSON) -> JSON {
    ["jsonrpc": "2.0", "method": .string(method), "params": params]
  }
}
