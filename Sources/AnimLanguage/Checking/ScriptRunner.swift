import AnimFiles
import Foundation

/// The exit codes of SPEC §8.
public enum ExitStatus {
  public static let success: Int32 = 0
  /// A failed expectation or test.
  public static let failure: Int32 = 1
  public static let usage: Int32 = 64
  /// A syntax or name error.
  public static let dataError: Int32 = 65
  /// A missing file.
  public static let noInput: Int32 = 66
  /// A program anim needs (ffmpeg) is missing.
  public static let unavailable: Int32 = 69
  /// A runtime error.
  public static let software: Int32 = 70
  /// An I/O error.
  public static let ioError: Int32 = 74

  /// The exit code for a diagnostic of `kind`.
  public static func code(for kind: Diagnostic.Kind) -> Int32 {
    switch kind {
    case .syntax, .name: return dataError
    case .runtime: return software
    case .io: return ioError
    }
  }
}

/// What running (or checking) one script produced.
public struct ScriptResult {
  /// The errors that stopped it, each with its file.
  public var errors: [(Diagnostic, SourceFile)] = []
  /// `expect` statements that failed (the script went on).
  public var failedExpectations: [RuntimeError] = []
  public var exitCode: Int32 = ExitStatus.success

  public init(
    errors: [(Diagnostic, SourceFile)] = [], failedExpectations: [RuntimeError] = [],
    exitCode: Int32 = ExitStatus.success
  ) {
    self.errors = errors
    self.failedExpectations = failedExpectations
    self.exitCode = exitCode
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
    result.errors = Program.check(source, readFile: readFile).filter { $0.0.severity == .error }
    if let first = result.errors.first { result.exitCode = ExitStatus.code(for: first.0.kind) }
    return result
  }

  /// Checks, then runs `source`, printing through `output`. Stops at the first
  /// runtime error; failed expectations are collected and give exit code 1.
  /// The whole script, imports and handlers included, may take `workLimit`
  /// steps of work (see `Interpreter.workLimit`).
  public static func run(
    _ source: SourceFile, output: @escaping (String) -> Void,
    readFile: @escaping (String) throws -> [UInt8] = readFile,
    workLimit: Int = Interpreter.defaultWorkLimit
  ) -> ScriptResult {
    let program = Program(source: source, readFile: readFile)
    var result = ScriptResult()
    result.errors = program.diagnostics.filter { $0.0.severity == .error }
    if let first = result.errors.first {
      result.exitCode = ExitStatus.code(for: first.0.kind)
      return result
    }
    let interpreter = Interpreter(file: source, output: output)
    interpreter.readFile = readFile
    interpreter.workLimit = workLimit
    var failures: [RuntimeError] = []
    interpreter.expectationFailed = { failures.append($0) }
    do {
      try interpreter.execute(program.statements, in: source)
    } catch {
      result.errors = [(error.diagnostic, error.file ?? source)]
      result.exitCode = ExitStatus.code(for: error.kind)
    }
    result.failedExpectations = failures
    if result.exitCode == ExitStatus.success && !failures.isEmpty {
      result.exitCode = ExitStatus.failure
    }
    return result
  }
}
