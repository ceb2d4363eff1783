import AnimLanguage

/// The exit codes of SPEC §8. They belong to the command line: the language
/// reports what happened (a `ScriptResult`, a diagnostic's kind) and the CLI
/// decides how the process ends.
enum ExitStatus {
  static let success: Int32 = 0
  /// A failed expectation or test.
  static let failure: Int32 = 1
  /// A command line anim does not understand.
  static let usage: Int32 = 64
  /// A syntax or name error.
  static let dataError: Int32 = 65
  /// A missing file.
  static let noInput: Int32 = 66
  /// A program anim needs (ffmpeg) is missing.
  static let unavailable: Int32 = 69
  /// A runtime error.
  static let software: Int32 = 70
  /// An I/O error.
  static let ioError: Int32 = 74

  /// The exit code for a diagnostic of `kind`: 65 for syntax and name errors,
  /// 70 for runtime errors, 74 for I/O errors.
  static func code(for kind: Diagnostic.Kind) -> Int32 {
    switch kind {
    case .syntax, .name: return dataError
    case .runtime: return software
    case .io: return ioError
    }
  }

  /// The exit code for a script's result: its first error's, else 1 when an
  /// expectation failed, else 0.
  static func code(for result: ScriptResult) -> Int32 {
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
  var exitCode: Int32 { ExitStatus.code(for: self) }
}
