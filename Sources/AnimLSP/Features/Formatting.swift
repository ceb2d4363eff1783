extension LanguageServer {
  /// `textDocument/formatting`.
  func formatting(_ params: JSON) throws -> JSON {
    _ = try document(params)
    throw RequestFailure(code: RPCError.methodNotFound, message: "formatting is not available yet")
  }
}
