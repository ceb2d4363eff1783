import AnimLanguage

/// The exit codes of SPEC §8. They belong to the command line: the language
/// reports what happened (a `ScriptResult`, a diagnostic's kind) and the
/// executables decide how the process ends.
public enum ExitStatus {
  /// Everything went as the script said.
  public static let success: Int32 = 0
  /// A failed expectation or test.
  public static let failure: Int32 = 1
  /// A command line anim does not understand.
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
  /// A temporary failure: trying again later may work (a preview's port in use).
  public static let temporaryFailure: Int32 = 75

  /// The exit code for a diagnostic of `kind`: 65 for syntax and name errors,
  /// 70 for runtime errors, 74 for I/O errors.
  public static func code(for kind: Diagnostic.Kind) -> Int32 {
    switch kind {
    case .syntax, .name: return dataError
    case .runtime: return software
    case .io: return ioError
    }
  }

  /// The exit code for a script's result: its first error's, else 1 when an
  /// expectation failed, else 0.
  public static func code(for result: ScriptResult) -> Int32 {
    switch result.outcome {
    case .completed: return success
    case .failedExpectations: return failure
    case .rejected: return dataError
    case .runtimeError: return software
    case .ioError: return ioError
    }
  }
}

extension ScriptResult {
  /// How the process ends after this script (SPEC §8).
  public var exitCode: Int32 { ExitStatus.code(for: self) }
}

/// A command that ends the process with `code`, its messages already
/// written (a missing script, 66; an unreadable one, 74; the worst result of
/// several scripts).
public struct ScriptExit: Error, Equatable {
  /// The process's exit code (`ExitStatus`).
  public let code: Int32

  /// Ends the command with `code`.
  public init(_ code: Int32) { self.code = code }
}
