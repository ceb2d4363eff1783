/// One way a test file's outcome differs from what the file expects, as the line the
/// runner prints under `FAIL path`, such as `line 7: expected "0.5", got "0.25"`.
struct Difference: Equatable, Sendable {
  /// Which differences are shown first: a file can differ in several ways, and the
  /// runner reports the one most likely to be the cause.
  enum Rank: Int, Comparable, Sendable {
    /// A directive that cannot be read: the test itself is wrong.
    case directive
    /// An expected error that did not happen, or an error nobody expected: once a
    /// script stops early, its missing output is only a consequence.
    case error
    /// A failed `expect` statement or an output line that differs or is missing,
    /// shown in file order.
    case statement
    /// Output past the last `# expect:` line.
    case extraOutput
    /// An exit code that nothing else explains.
    case exitCode

    static func < (lhs: Rank, rhs: Rank) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// How early the difference is shown.
  var rank: Rank
  /// The file line it is about, which orders differences of one rank.
  var line: Int
  /// The text the runner prints.
  var text: String
  /// Whether it is an error nobody expected (a JUnit `<error>`, not a `<failure>`).
  var isUnexpectedError = false

  /// Every difference between what `expectations` ask for and `outcome`, the one to
  /// report first at the front; empty when the file passes.
  ///
  /// - Every expected error must match a reported error (see `ExpectedError.matches`),
  ///   each reported error matching at most one expectation, and every reported error
  ///   must be expected.
  /// - Every `expect` statement must hold.
  /// - The output, split into lines with trailing whitespace dropped (a `# expect:`
  ///   comment cannot show it), must equal the `# expect:` texts in order; when the
  ///   script stopped on an error, that is the output printed before it.
  /// - The exit code must be the one all that implies: 65 or 70 for an expected
  ///   compile or runtime error, 1 for failed `expect` statements, otherwise 0.
  static func all(expecting expectations: Expectations, got outcome: ScriptOutcome)
    -> [Difference]
  {
    var differences = expectations.problems.map {
      Difference(rank: .directive, line: $0.line, text: "line \($0.line): \($0.message)")
    }
    differences += errorDifferences(expectations.errors, outcome.errors)
    differences += outcome.failedExpectations.map {
      Difference(rank: .statement, line: $0.line, text: "line \($0.line): \($0.message)")
    }
    differences += outputDifferences(expectations.outputs, outputLines(of: outcome.stdout))
    if differences.isEmpty {
      let expected: Int32 =
        if expectations.errors.isEmpty {
          outcome.failedExpectations.isEmpty ? 0 : 1
        } else {
          expectations.errors.contains { $0.kind == .compile } ? 65 : 70
        }
      if outcome.exitCode != expected {
        differences.append(
          Difference(
            rank: .exitCode, line: 0,
            text: "exited with status \(outcome.exitCode), expected \(expected)"))
      }
    }
    // A stable sort: differences of one rank and line keep the order they were found in.
    return differences.enumerated()
      .sorted { a, b in
        (a.element.rank, a.element.line, a.offset) < (b.element.rank, b.element.line, b.offset)
      }
      .map(\.element)
  }

  /// The lines of a script's output as `# expect:` compares them: split at line
  /// breaks, each without trailing whitespace.
  static func outputLines(of stdout: String) -> [String] {
    SourceLine.split(stdout).map { String($0.text.trimmingTrailingWhitespace()) }
  }

  /// Pairs expected errors with reported ones, then reports what is left on either side.
  private static func errorDifferences(
    _ expected: [ExpectedError], _ reported: [ScriptOutcome.Failure]
  ) -> [Difference] {
    var unpaired = Array(reported.indices)
    var unmatched: [ExpectedError] = []
    for error in expected {
      if let position = unpaired.firstIndex(where: { error.matches(reported[$0]) }) {
        unpaired.remove(at: position)
      } else {
        unmatched.append(error)
      }
    }
    var differences: [Difference] = []
    for error in unmatched {
      // Show what happened instead: an error of the same kind if there is one.
      let position =
        unpaired.firstIndex { isKind(reported[$0].kind, error.kind) } ?? unpaired.indices.first
      var got = "none"
      if let position {
        got = describe(reported[unpaired.remove(at: position)])
      }
      let place = error.line == error.directiveLine ? "" : " at line \(error.line)"
      let text =
        "line \(error.directiveLine): expected \(error.kind.noun) \(quoted(error.message))"
        + "\(place), got \(got)"
      differences.append(Difference(rank: .error, line: error.directiveLine, text: text))
    }
    for index in unpaired {
      let failure = reported[index]
      differences.append(
        Difference(
          rank: .error, line: failure.line, text: "unexpected \(describe(failure))",
          isUnexpectedError: true))
    }
    return differences
  }

  /// Compares output lines with `# expect:` lines, reporting every mismatch, the
  /// missing lines and the first extra line.
  private static func outputDifferences(
    _ expected: [Expectations.Output], _ actual: [String]
  ) -> [Difference] {
    var differences: [Difference] = []
    for (index, expectation) in expected.enumerated() {
      let want = quoted(expectation.text)
      if index < actual.count {
        guard actual[index] != expectation.text else { continue }
        differences.append(
          Difference(
            rank: .statement, line: expectation.line,
            text: "line \(expectation.line): expected \(want), got \(quoted(actual[index]))"))
      } else {
        differences.append(
          Difference(
            rank: .statement, line: expectation.line,
            text: "line \(expectation.line): expected output \(want), got end of output"))
      }
    }
    if actual.count > expected.count {
      differences.append(
        Difference(
          rank: .extraOutput, line: 0, text: "extra output \(quoted(actual[expected.count]))"))
    }
    return differences
  }

  private static func isKind(_ reported: ScriptOutcome.ErrorKind, _ expected: ExpectedError.Kind)
    -> Bool
  {
    switch (reported, expected) {
    case (.compile, .compile), (.runtime, .runtime): true
    default: false
    }
  }

  /// A reported error as a difference shows it: `error at 3:5: unknown name 'fdae'`.
  private static func describe(_ failure: ScriptOutcome.Failure) -> String {
    let noun =
      switch failure.kind {
      case .compile: "error"
      case .runtime: "runtime error"
      case .io: "I/O error"
      }
    guard failure.line > 0 else { return "\(noun): \(failure.message)" }
    return "\(noun) at \(failure.line):\(failure.column): \(failure.message)"
  }
}

/// `text` in double quotes, with `"`, `\` and control characters escaped as in a
/// Swift string literal, so trailing spaces and odd characters show.
func quoted(_ text: String) -> String {
  var result = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": result += "\\\""
    case "\\": result += "\\\\"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    case "\n": result += "\\n"
    case _ where scalar.value < 0x20 || scalar.value == 0x7F:
      result += "\\u{\(String(scalar.value, radix: 16))}"
    default: result.unicodeScalars.append(scalar)
    }
  }
  return result + "\""
}
