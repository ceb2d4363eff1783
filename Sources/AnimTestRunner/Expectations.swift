/// Everything a test file expects, read from its directive comments (see `Directive`).
struct Expectations: Equatable, Sendable {
  /// One `# expect: TEXT` line: the output line expected next.
  struct Output: Equatable, Sendable {
    /// The 1-based line holding the directive.
    var line: Int
    /// The expected text, without trailing whitespace.
    var text: String
  }

  /// A directive that could not be read, and why.
  struct Problem: Equatable, Sendable {
    /// The 1-based line holding the directive.
    var line: Int
    /// What is wrong with it.
    var message: String
  }

  /// The expected output lines, in file order.
  var outputs: [Output] = []
  /// The errors the file must stop with, in file order.
  var errors: [ExpectedError] = []
  /// The reason of the first `# skip:`, if the file has one.
  var skipReason: String?
  /// Directives that start like one but cannot be read.
  var problems: [Problem] = []

  /// Reads the directives of a test file's source.
  init(source: String) {
    for (offset, line) in SourceLine.split(source).enumerated() {
      guard let directive = Directive.parse(line.text) else { continue }
      let number = offset + 1
      switch directive.kind {
      case .output(let text):
        outputs.append(Output(line: number, text: text))
      case .error(let kind, let target, let message):
        errors.append(
          ExpectedError(
            kind: kind, directiveLine: number, line: target ?? number, message: message))
      case .skip(let reason):
        if skipReason == nil { skipReason = reason }
      case .malformed(let message):
        problems.append(Problem(line: number, message: message))
      }
    }
  }
}
