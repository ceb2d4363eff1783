import AnimEngine

extension Interpreter {
  /// `error` with a "did you mean" hint when one of `operands` is a name that
  /// is not bound, so became a symbol, where a symbol cannot be meant: in
  /// `run blnk * 3` the error is about multiplying a symbol, but the cause is
  /// the typo. The hint names the closest bound name, function or colour; an
  /// error that has a hint already, or operands that are not such names,
  /// leave it as it was.
  func withMisspeltNameHint(
    _ error: RuntimeError, operands: [Expr], in env: Environment
  ) -> RuntimeError {
    guard error.hint == nil else { return error }
    for operand in operands {
      guard case .identifier(let name) = operand.kind,
        operand.range.start >= error.range.start, operand.range.end <= error.range.end,
        case .symbol = lookup(name, in: env)
      else { continue }
      let known = env.allNames + Builtins.names
      guard let guess = Spelling.closest(to: name, among: known), guess != name else { continue }
      var hinted = error
      hinted.hint =
        "'\(name)' is not defined (so it is the symbol \(name)); did you mean '\(guess)'?"
      return hinted
    }
    return error
  }
}
