/// The JSON-RPC and LSP error codes the server answers with.
public enum RPCError {
  /// The body is not JSON.
  public static let parseError = -32700
  /// JSON, but not a request or notification.
  public static let invalidRequest = -32600
  /// No such method.
  public static let methodNotFound = -32601
  /// The method's parameters are missing or of the wrong shape.
  public static let invalidParams = -32602
  /// The server failed while handling a valid request.
  public static let internalError = -32603
  /// A request before `initialize`.
  public static let serverNotInitialized = -32002
  /// A valid request the server could not carry out (LSP 3.17 `RequestFailed`),
  /// such as formatting a script that does not parse.
  public static let requestFailed = -32803
}

/// A request the server refuses, with the code and message of its error response.
struct RequestFailure: Error {
  var code: Int
  var message: String

  static func invalidParams(_ message: String) -> RequestFailure {
    RequestFailure(code: RPCError.invalidParams, message: message)
  }
}
