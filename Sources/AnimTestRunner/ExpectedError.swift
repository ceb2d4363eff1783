/// An error a test file says it must stop with: `# expect error: MESSAGE` and friends.
struct ExpectedError: Equatable, Sendable {
  /// Whether the error must come from compiling (exit 65) or running (exit 70).
  enum Kind: Equatable, Sendable {
    case compile
    case runtime

    /// How a difference names the error: `error` or `runtime error`.
    var noun: String {
      switch self {
      case .compile: "error"
      case .runtime: "runtime error"
      }
    }
  }

  /// Compile or runtime.
  var kind: Kind
  /// The line holding the directive, which is what a failure points at.
  var directiveLine: Int
  /// The line the error must be reported at: the directive's own, or N of `line N`.
  var line: Int
  /// Text the reported message must contain (case-sensitive; empty matches any).
  var message: String

  /// Whether `failure` is this error: the same kind, at the same line, with a
  /// message that contains this one. Columns are not compared.
  func matches(_ failure: ScriptOutcome.Failure) -> Bool {
    let sameKind =
      switch (kind, failure.kind) {
      case (.compile, .compile), (.runtime, .runtime): true
      default: false
      }
    return sameKind && failure.line == line
      && (message.isEmpty || failure.message.contains(message))
  }
}
