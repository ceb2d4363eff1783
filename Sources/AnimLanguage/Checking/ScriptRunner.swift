import AnimFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What running (or checking) one script produced.
public struct ScriptResult {
  /// The errors that stopped it, each with its file.
  public var errors: [(Diagnostic, SourceFile)] = []
  /// `expect` statements that failed (the script went on).
  public var failedExpectations: [RuntimeError] = []
  /// What `anim check` warns of (nothing stopped), each with its file.
  public var warnings: [(Diagnostic, SourceFile)] = []

  /// How the script ended, in the language's words; the command line turns
  /// it into an exit code (SPEC §8).
  public enum Outcome: Equatable, Sendable {
    /// It ran to its end and every expectation held.
    case completed
    /// It ran to its end, but at least one `expect` failed.
    case failedExpectations
    /// A syntax or name error: nothing ran.
    case rejected
    /// A runtime error stopped it.
    case runtimeError
    /// A file (an import) could not be read.
    case ioError
  }

  /// The first error decides; else a failed expectation; else completed.
  public var outcome: Outcome {
    if let first = errors.first {
      switch first.0.kind {
      case .syntax, .name: return .rejected
      case .runtime: return .runtimeError
      case .io: return .ioError
      }
    }
    return failedExpectations.isEmpty ? .completed : .failedExpectations
  }

  /// A result with the given errors and failed expectations.
  public init(errors: [(Diagnostic, SourceFile)] = [], failedExpectations: [RuntimeError] = []) {
    self.errors = errors
    self.failedExpectations = failedExpectations
  }
}

/// Runs whole scripts the way `anim run`, `anim check` and `anim test` do.
public enum ScriptRunner {
  /// The largest script `readFile` reads (256 MiB); see `FileBytes`.
  public static let maximumFileSize = FileBytes.maximumSize

  /// A file longer than `maximumFileSize`.
  public typealias FileTooLarge = FileBytes.TooLarge

  /// Reads a file from disk with `FileBytes.read`: straight into an array,
  /// at most `maximumFileSize` bytes.
  public static func readFile(_ path: String) throws -> [UInt8] {
    try FileBytes.read(path)
  }

  /// Parses and checks `source` and its imports without running anything.
  public static func check(_ source: SourceFile, readFile: (String) throws -> [UInt8] = readFile)
    -> ScriptResult
  {
    var result = ScriptResult()
    let found = Program.check(source, readFile: readFile)
    // A note of a name error belongs to the error before it (a data
    // file's, SPEC §23.1); the parser's "too many errors" is left out.
    result.errors = found.filter { $0.0.severity == .error || Self.isErrorNote($0.0) }
    result.warnings = found.filter { $0.0.severity == .warning }
    return result
  }

  /// Whether a diagnostic is a note that goes with the error before it.
  private static func isErrorNote(_ diagnostic: Diagnostic) -> Bool {
    diagnostic.severity == .note && diagnostic.kind != .syntax
  }

  /// Checks, then runs `source`, printing through `output`. Stops at the first
  /// runtime error; failed expectations are collected (the script goes on).
  /// The whole script, imports and handlers included, may take `workLimit`
  /// steps of work (see `Interpreter.workLimit`). `willRun`, when given, is
  /// told each top-level statement of `source` before it runs, so a caller
  /// can tell which statement printed what (`anim test --update`).
  public static func run(
    _ source: SourceFile, output: @escaping (String) -> Void,
    readFile: @escaping (String) throws -> [UInt8] = readFile,
    workLimit: Int = Interpreter.defaultWorkLimit, willRun: ((Stmt) -> Void)? = nil
  ) -> ScriptResult {
    let program = Program(source: source, readFile: readFile)
    var result = ScriptResult()
    result.errors = program.diagnostics.filter { $0.0.severity == .error || isErrorNote($0.0) }
    if result.errors.contains(where: { $0.0.severity == .error }) { return result }
    result.errors = []
    let interpreter = Interpreter(file: source, output: output)
    interpreter.readFile = readFile
    interpreter.workLimit = workLimit
    var failures: [RuntimeError] = []
    interpreter.expectationFailed = { failures.append($0) }
    do {
      if let willRun {
        // One at a time: the same as all at once, on the same globals.
        for statement in program.statements {
          willRun(statement)
          try interpreter.execute([statement], in: source)
        }
      } else {
        try interpreter.execute(program.statements, in: source)
      }
    } catch {
      result.errors = [(error.diagnostic, error.file ?? source)] + error.notes
    }
    result.failedExpectations = failures
    return result
  }
}
